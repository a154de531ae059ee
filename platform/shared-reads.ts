import { eq, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "./db/open";
import { sharedDataVersion } from "./db/schema";

/*
 * An in-memory cache of the shared, shopper-independent tables (decision record 0028): stores and their methods,
 * payment methods and holidays, settings, menus, categories, items, deals and banners. Nothing that belongs to one
 * shopper (baskets, holds, members, orders) is ever put here.
 *
 * Every use first reads shared_data_version (one primary-key read); an entry is served only when it was loaded at
 * that same version. Triggers on every shared table set a new version from a sequence in the same transaction as the
 * write, so any instance on the same database sees a change at its next call, whoever made it (the platform, the seed,
 * a test, an operator in psql) — there is no time window in which stale data is served. Reads of the version that
 * are under way are shared by the calls that start meanwhile (a page's parallel calls cost one read).
 *
 * A call that reads several entries one after another takes a view first (sharedView): the version is read once and
 * every entry read through the view is of that version.
 *
 * One cache per database handle (a WeakMap), so test platforms on different databases never share entries; inside a
 * transaction nothing is cached (it may see its own uncommitted writes).
 */

/** Entries kept at most; past that the oldest go. A new version empties the cache, as every entry is then stale. */
const MAX_ENTRIES = 2000;

interface Cache {
  version: number | null;
  pending: Promise<number | null> | null;
  entries: Map<string, Promise<unknown>>;
}

const caches = new WeakMap<Db, Cache>();

function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { version: null, pending: null, entries: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

async function readVersion(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ version: sharedDataVersion.version })
    .from(sharedDataVersion)
    .where(eq(sharedDataVersion.id, 1));
  return row?.version ?? null;
}

/** The current version, sharing a read that is already under way. */
function currentVersion(db: Db, cache: Cache): Promise<number | null> {
  if (cache.pending) return cache.pending;
  const pending = readVersion(db).finally(() => {
    if (cache.pending === pending) cache.pending = null;
  });
  cache.pending = pending;
  return pending;
}

/** The shared data at one version, for one call's reads. */
export class SharedView {
  constructor(
    readonly db: Db,
    readonly version: number | null,
  ) {}
}

/** The database, or a view of its shared data taken by the call. */
export type SharedSource = Db | SharedView;

export function dbOf(source: SharedSource): Db {
  return source instanceof SharedView ? source.db : source;
}

/** Whether reads through `source` can be shared: not inside a transaction, which may see its own uncommitted writes. */
export function sharesReads(source: SharedSource): boolean {
  return source instanceof SharedView || !(source instanceof PgTransaction);
}

/**
 * The version row's value as a statement selects it beside what it reads (a basket read takes it in the same
 * statement, so a shopper's page pays one round trip for both): hand the value to sharedViewAt.
 */
export const sharedVersionColumn = sql<
  number | null
>`(select ${sharedDataVersion.version} from ${sharedDataVersion} where ${sharedDataVersion.id} = 1)`.mapWith(
  // As the column itself is read: PostgreSQL's driver answers a bigint as text.
  sharedDataVersion.version,
);

/** A view of the shared data at a version just read (sharedVersionColumn); in a transaction, the transaction. */
export function sharedViewAt(db: Db, version: number | null): SharedSource {
  return sharesReads(db) ? new SharedView(db, version) : db;
}

/** A view of the shared data at the current version (one read of the version row); in a transaction, the transaction. */
export async function sharedView(db: Db): Promise<SharedSource> {
  if (!sharesReads(db)) return db;
  return new SharedView(db, await currentVersion(db, cacheOf(db)));
}

/**
 * The value of `load` for `key`, from memory when it was loaded at the database's current shared-data version.
 * `load` must read only shared tables and must return a value its callers never change.
 */
export async function sharedRead<T>(source: SharedSource, key: string, load: () => Promise<T>): Promise<T> {
  if (!sharesReads(source)) return load();
  const db = dbOf(source);
  const cache = cacheOf(db);
  const version = source instanceof SharedView ? source.version : await currentVersion(db, cache);
  // No version row (a database emptied by hand): nothing can be trusted, so nothing is kept.
  if (version === null) return load();
  // A view taken before the last change: its answer is loaded afresh and not kept (versions only grow).
  if (cache.version !== null && version < cache.version) return load();
  if (cache.version !== version) {
    cache.entries.clear();
    cache.version = version;
  }
  const found = cache.entries.get(key);
  if (found) return found as Promise<T>;
  const loading = load();
  cache.entries.set(key, loading);
  if (cache.entries.size > MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
  loading.catch(() => {
    if (cache.entries.get(key) === loading) cache.entries.delete(key);
  });
  return loading;
}
