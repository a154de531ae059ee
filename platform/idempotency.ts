import { and, eq, lte, sql } from "drizzle-orm";
import { createHash } from "node:crypto";
import type { Clock } from "./contract";
import type { Db, Tx } from "./db/open";
import { idempotencyKeys } from "./db/schema";
import { ApiError } from "./errors";
import type { AuthInfo } from "./context";
import { purgeBatch } from "./db/purge";

/** A transaction handle: what `fn` must do its writes through. */
export type { Tx } from "./db/open";

export interface IdempotencyContext {
  db: Db;
  clock: Clock;
  auth: AuthInfo | null;
  idempotencyKey: string | null;
}

const MAX_KEY_LENGTH = 200;
/**
 * How long a key's answer is kept for repeats: far longer than any retry (a client's, or a shopper resubmitting a form
 * from a tab left open for days); after it the key is purged (platform/housekeeping.ts) and would run afresh.
 */
export const IDEMPOTENCY_KEY_RETENTION_MS = 7 * 24 * 3600_000;
/** Marks a key row whose first request is still running; never visible outside its own transaction. */
const PENDING = 0;

/**
 * Runs a mutation at most once per idempotency key. Without a key, `fn` simply runs in a transaction.
 *
 * With a key, the key row is inserted first in the same transaction as the work: a concurrent request with
 * the same key blocks on that insert until the first commits, then replays its stored answer. Expected
 * failures (ApiError) are stored and replayed too, with the work they did rolled back; unexpected errors
 * roll everything back, key included, so a retry runs afresh.
 *
 * `fn` must write through the `tx` it is given, never through `ctx.db`: on PGlite the transaction holds the
 * only connection, so a write through `ctx.db` would wait for itself.
 */
export async function withIdempotency<T>(
  ctx: IdempotencyContext,
  scope: string,
  input: unknown,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const key = ctx.idempotencyKey;
  if (key === null) return ctx.db.transaction((tx) => fn(tx));
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiError(400, `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters`);
  }

  // Keys are chosen by the caller, so two shoppers could pick the same one: the token family keeps them apart.
  const fullScope = `${scope}|${ctx.auth?.family ?? "anonymous"}`;
  const requestHash = hashInput(input);

  const outcome = await ctx.db.transaction(
    async (tx): Promise<{ ok: true; value: T } | { ok: false; error: ApiError }> => {
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({ scope: fullScope, key, requestHash, status: PENDING, body: {}, createdAt: ctx.clock.now() })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });

      if (inserted.length === 0) return replay(tx, fullScope, key, requestHash);

      const where = and(eq(idempotencyKeys.scope, fullScope), eq(idempotencyKeys.key, key));
      try {
        // A savepoint, so an expected failure can undo its partial work yet keep the key row and its answer.
        const value = await tx.transaction((inner) => fn(inner));
        await tx
          .update(idempotencyKeys)
          .set({ status: 200, body: toJson(value) })
          .where(where);
        return { ok: true, value };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        await tx.update(idempotencyKeys).set({ status: error.status, body: error.toBody() }).where(where);
        return { ok: false, error };
      }
    },
  );

  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

async function replay<T>(
  tx: Tx,
  scope: string,
  key: string,
  requestHash: string,
): Promise<{ ok: true; value: T } | { ok: false; error: ApiError }> {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!row) throw new Error(`Idempotency key ${scope}/${key} conflicted but cannot be read`);
  if (row.requestHash !== requestHash) {
    throw new ApiError(422, "This Idempotency-Key was already used for a different request", {
      errorCode: "IDEMPOTENCY_KEY_REUSED",
    });
  }
  if (row.status === 200) return { ok: true, value: row.body as T };
  const { status, errorCode, message, errorDisplay, errorText, ...details } = row.body as {
    status: number;
    errorCode: number | string;
    message: string;
    errorDisplay?: string;
    errorText?: string;
  };
  return {
    ok: false,
    error: new ApiError(status, message, {
      errorCode,
      errorDisplay,
      errorText,
      details: Object.keys(details).length > 0 ? details : undefined,
    }),
  };
}

/** The answer as it will be replayed: what JSON keeps of it (no undefined, dates as strings). */
function toJson(value: unknown): unknown {
  // A bare null would be SQL NULL to the driver; the column wants the JSON value null.
  if (value === undefined || value === null) return sql`'null'::jsonb`;
  return JSON.parse(JSON.stringify(value));
}

/** A hash of the request that ignores key order, so a re-serialised retry still counts as the same request. */
export function hashInput(input: unknown): string {
  return createHash("sha256").update(stableStringify(input)).digest("hex");
}

function stableStringify(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
}

/**
 * Housekeeping (platform/housekeeping.ts): deletes up to `limit` keys older than IDEMPOTENCY_KEY_RETENTION_MS. A key
 * another transaction holds (a repeat being replayed) is left to a later pass.
 */
export function purgeExpiredKeys(db: Db, now: Date, limit: number): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS);
  return purgeBatch(
    db,
    idempotencyKeys,
    [idempotencyKeys.scope, idempotencyKeys.key],
    lte(idempotencyKeys.createdAt, cutoff),
    limit,
  );
}
