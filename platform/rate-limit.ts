import { and, eq, lt, lte, sql } from "drizzle-orm";
import type { Db } from "./db/open";
import { rateLimits } from "./db/schema";
import { purgeBatch } from "./db/purge";

export interface RateLimitResult {
  allowed: boolean;
  /** Whole hits still allowed now. */
  remaining: number;
}

/**
 * The longest window a limit may count in. Rows do not say their window's length, so housekeeping (purgeEndedWindows)
 * deletes a row once this long has passed since its window started: by then any window has ended.
 */
export const LONGEST_WINDOW_SECONDS = 24 * 3600;

/**
 * A limit's counters, one a fixed window, and where `now` falls. A limit weighs the current window's count with the
 * previous window's, scaled by how much of that window still lies within the last `windowSeconds` (a sliding-window
 * counter): a burst either side of a window's edge counts together, where fixed windows alone would allow twice the
 * limit in a moment.
 */
function windowsAt(windowSeconds: number, now: Date) {
  if (windowSeconds > LONGEST_WINDOW_SECONDS)
    throw new Error(`A rate-limit window may be at most ${LONGEST_WINDOW_SECONDS} s`);
  const windowMs = windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const previousStart = new Date(start.getTime() - windowMs);
  const previousWeight = 1 - (now.getTime() - start.getTime()) / windowMs;
  return { start, previousStart, previousWeight };
}

async function countIn(db: Db, bucket: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.windowStart, windowStart)));
  return row?.count ?? 0;
}

/**
 * Counts one hit on a limit of `limit` hits in any `windowSeconds`. The counter lives in the database and is bumped
 * with one atomic upsert, so the limit holds across every process sharing the database.
 */
export async function hit(
  db: Db,
  bucket: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<RateLimitResult> {
  const { start, previousStart, previousWeight } = windowsAt(windowSeconds, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  if (count === 1) {
    // The first hit of a window clears the bucket's windows before the previous one, so the table stays as small as
    // the live buckets.
    await db.delete(rateLimits).where(and(eq(rateLimits.bucket, bucket), lt(rateLimits.windowStart, previousStart)));
  }
  // Over the limit within this window alone: refused without reading the previous one.
  const weighed = count > limit ? count : count + (await countIn(db, bucket, previousStart)) * previousWeight;
  return { allowed: weighed <= limit, remaining: Math.max(0, Math.floor(limit - weighed)) };
}

/** The hits a limit weighs at `now`, read without counting one. */
export async function recentHits(db: Db, bucket: string, windowSeconds: number, now: Date): Promise<number> {
  const { start, previousStart, previousWeight } = windowsAt(windowSeconds, now);
  const [current, previous] = await Promise.all([countIn(db, bucket, start), countIn(db, bucket, previousStart)]);
  return current + previous * previousWeight;
}

/**
 * Housekeeping (platform/housekeeping.ts): deletes up to `limit` counters whose window has ended, those that started
 * LONGEST_WINDOW_SECONDS or more ago. The first hit of a window already clears its own bucket's past windows; this
 * takes the buckets never hit again (an address seen once). A counter being bumped right now is left to a later pass.
 */
export function purgeEndedWindows(db: Db, now: Date, limit: number): Promise<number> {
  const cutoff = new Date(now.getTime() - LONGEST_WINDOW_SECONDS * 1000);
  return purgeBatch(
    db,
    rateLimits,
    [rateLimits.bucket, rateLimits.windowStart],
    lte(rateLimits.windowStart, cutoff),
    limit,
  );
}
