import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "./db/open";
import { rateLimits } from "./db/schema";

export interface RateLimitResult {
  allowed: boolean;
  /** Hits still allowed in the current window. */
  remaining: number;
  /** When the current window ends and the count starts again. */
  resetAt: Date;
}

/**
 * Counts one hit on a fixed-window limit. The counter lives in the database and is bumped with one atomic
 * upsert, so the limit holds across every process sharing the database.
 */
export async function hit(db: Db, bucket: string, limit: number, windowSeconds: number, now: Date): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.bucket, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  if (count === 1) {
    // The first hit of a window clears the bucket's past windows, so the table stays as small as the live buckets.
    await db.delete(rateLimits).where(and(eq(rateLimits.bucket, bucket), lt(rateLimits.windowStart, windowStart)));
  }
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    resetAt: new Date(windowStart.getTime() + windowMs),
  };
}
