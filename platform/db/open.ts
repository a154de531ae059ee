import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the platform codes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction of that database, as `db.transaction(async (tx) => …)` hands it over. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true } | { pglite: PGlite };

/**
 * Where the server and the scripts find the platform's database: PostgreSQL at databaseUrl when it is set, else PGlite
 * in dataDir's pglite folder (dataDir also holds the server's generated secrets), else PGlite in memory.
 */
export function databaseTarget(where: { databaseUrl?: string; dataDir?: string }): DatabaseTarget {
  if (where.databaseUrl) return { url: where.databaseUrl };
  if (where.dataDir) return { dataDir: path.join(where.dataDir, "pglite") };
  return { memory: true };
}

/** How long a new connection may take before the query that wanted it fails (a server that does not answer). */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The PostgreSQL pool, made to outlive the server's restarts and failovers: a connection the server ends is
 * reported, never thrown at the process, and the pool replaces it at the next query.
 */
export function createPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  const lost = (error: Error, checkedOut: boolean) =>
    console.error(
      JSON.stringify({
        time: new Date().toISOString(),
        level: "warn",
        event: "db.idle_connection_lost",
        checkedOut,
        error: error.message,
      }),
    );
  // An idle connection the server ends (restart, failover, a dropped database) is reported here; without a
  // listener it would crash the process.
  pool.on("error", (error) => lost(error, false));
  // A connection in use (inside a transaction, between its statements) that the server ends emits its error on the
  // client, where the pool listens only while it is idle: without this, a restart would end the process. The
  // statement under way fails on its own, and the pool drops the broken connection when it is released.
  pool.on("connect", (client) => {
    client.on("error", (error) => lost(error, true));
  });
  return pool;
}

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ("url" in target) {
    const pool = createPool(target.url);
    // Several processes may start together on a new database: one migrates at a time.
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock(hashtext('storefront:migrate'))");
      await migratePg(drizzlePg(lockClient, { schema }) as never, { migrationsFolder });
    } finally {
      await lockClient.query("select pg_advisory_unlock(hashtext('storefront:migrate'))").catch(() => undefined);
      lockClient.release();
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", close: () => pool.end() };
  }
  let client: PGlite;
  if ("pglite" in target) client = target.pglite;
  else if ("dataDir" in target) {
    mkdirSync(target.dataDir, { recursive: true });
    client = await PGlite.create(target.dataDir, { extensions: { pg_trgm } });
  } else client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: "pglite", close: () => client.close() };
}
