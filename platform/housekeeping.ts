import { sql } from "drizzle-orm";
import { purgeExpiredCodes } from "./auth/otp";
import { purgeExpiredResetTokens } from "./auth/reset";
import { purgeEndedSessions } from "./auth/tokens";
import type { Db } from "./db/open";
import { purgeExpiredKeys } from "./idempotency";
import type { Logger } from "./logger";
import { purgeExpiredGatewayKeys, purgeExpiredGatewayTokens } from "./payments/test-gateway/state";
import { purgeEndedWindows } from "./rate-limit";
import { purgeExpiredHolds } from "./slots/holds-store";
import { purgePastSlotLocks } from "./slots/service";

/*
 * Housekeeping (decision 0043): rows that can never be read as live again are deleted on a schedule, so the tables that
 * every request touches stay the size of what is live. Each table's owning module says what "over" means for it and
 * deletes (decision 0016); this file only runs them. Orders, payments, ledgers, members and the outbox are never
 * purged: they are the record of what happened.
 *
 * Any number of instances run this on one database. A run is one short transaction that first takes a transaction-level
 * advisory lock with pg_try_advisory_xact_lock: an instance that finds it taken skips its run (another is purging), and
 * the lock goes with the commit. Within the run each table gives up at most `batch` rows, chosen FOR UPDATE SKIP
 * LOCKED, so a purge never waits on a row a request holds and never holds many rows for long; a run that filled a
 * batch asks for another at once.
 */

/** The advisory lock every instance's run tries for. */
export const HOUSEKEEPING_LOCK = "storefront:housekeeping";

/** Rows deleted from each table in one run. */
export const DEFAULT_HOUSEKEEPING_BATCH = 500;

/**
 * What each purge deletes, by what it is (the log line's field names: none may look like a secret's, such as "token",
 * or the logger would redact the count); each deletes at most `limit` rows over at `now`, answering how many it did.
 */
const PURGES = {
  /** auth_tokens of sessions whose every token has expired. */
  sessions: purgeEndedSessions,
  /** one_time_codes past their expiry. */
  codes: purgeExpiredCodes,
  /** password_reset_tokens past their expiry. */
  resetLinks: purgeExpiredResetTokens,
  /** idempotency_keys past their retention. */
  idempotencyKeys: purgeExpiredKeys,
  /** rate_limits counters whose window has ended. */
  rateLimits: purgeEndedWindows,
  /** slot_holds past their expiry (an order's: past its slot's end). */
  slotHolds: purgeExpiredHolds,
  /** slot_locks of slots long started. */
  slotLocks: purgePastSlotLocks,
  /** The test gateway's test_gateway_tokens, a day past their expiry. */
  gatewayCards: purgeExpiredGatewayTokens,
  /** The test gateway's test_gateway_idempotency keys, past their 24 hours. */
  gatewayIdempotencyKeys: purgeExpiredGatewayKeys,
} satisfies Record<string, (db: Db, now: Date, limit: number) => Promise<number>>;

export type PurgeKind = keyof typeof PURGES;
export const PURGE_KINDS = Object.keys(PURGES) as PurgeKind[];

export type HousekeepingRun =
  /** Another instance held the lock: nothing was done. */
  | { ran: false }
  /** Rows deleted of each kind; `more` when some kind filled its batch and may have more. */
  | { ran: true; purged: Record<PurgeKind, number>; more: boolean };

/** One run at `now`: skipped if another instance's run holds the lock. */
export async function runHousekeeping(db: Db, now: Date, options: { batch?: number } = {}): Promise<HousekeepingRun> {
  const batch = options.batch ?? DEFAULT_HOUSEKEEPING_BATCH;
  return db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext(${HOUSEKEEPING_LOCK})) as locked`,
    )) as unknown as {
      rows: { locked: boolean }[];
    };
    if (result.rows[0]?.locked !== true) return { ran: false } as const;
    const purged = {} as Record<PurgeKind, number>;
    for (const kind of PURGE_KINDS) purged[kind] = await PURGES[kind](tx, now, batch);
    return { ran: true, purged, more: Object.values(purged).some((count) => count >= batch) } as const;
  });
}

export interface Housekeeping {
  /** Stops the timer and waits for a run under way, so the database is not closed beneath it. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `everyMs`; a run that filled a batch is followed at once by another, until the backlog is gone. Runs
 * never overlap in one process, and the timer alone does not keep the process alive. Runs that deleted nothing, or were
 * skipped for another instance's, are not logged.
 */
export function startHousekeeping(run: () => Promise<HousekeepingRun>, everyMs: number, log: Logger): Housekeeping {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    let again = false;
    running = run()
      .then((outcome) => {
        if (!outcome.ran) return;
        const total = Object.values(outcome.purged).reduce((sum, count) => sum + count, 0);
        if (total > 0) log.info("housekeeping.purged", { total, ...outcome.purged });
        again = outcome.more;
      })
      .catch((error: unknown) =>
        log.error("housekeeping.failed", { error: error instanceof Error ? error.stack : String(error) }),
      )
      .finally(() => {
        running = null;
        if (again) setImmediate(tick);
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
