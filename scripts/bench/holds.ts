// The slot-hold benchmark: 200 shoppers, one basket each, ask for the same slot of capacity 10 at the same
// moment. It measures how fast the platform answers a rush (holds per second, granted or refused as full)
// and checks the one figure that must never move: places held beyond the slot's capacity.
//
// It runs in this process on an in-memory PGlite (the embedded default) and, when BENCH_DATABASE_URL names a
// PostgreSQL server, also on a scratch database there. The platform is called through its own fetch, as the
// storefront calls the embedded platform: no HTTP, so the figure is the platform's and the database's alone.
import { join } from "node:path";
import { measureOnEachDatabase } from "./databases";
import { and, eq } from "drizzle-orm";
import { controllableClock } from "#contract";
import { type Database } from "../../platform/db/open";
import { storeOrderMethods } from "../../platform/db/schema";
import { demoStoreIds, reseed } from "../../platform/db/seed";
import { createPlatform } from "../../platform/http";
import { jsonLogger } from "../../platform/logger";
import { livePlaces } from "../../platform/slots/holds-store";
import { runHoldStorm, type HoldTarget } from "../../platform/testing/hold-storm";
import { seedShoppers } from "../../platform/testing/seed-shoppers";

export const HOLD_SHOPPERS = 200;
export const HOLD_CAPACITY = 10;
const ROUNDS = 3;
const STORE = demoStoreIds.openLondonVictoria;
// Monday 2 June 2025, 10:00 BST; each round rushes a different hour of the next day, so no round finds
// another's places.
const NOW = "2025-06-02T09:00:00.000Z";
const slotOfRound = (round: number) =>
  new Date(Date.parse("2025-06-03T11:00:00.000Z") + round * 3_600_000).toISOString();

export interface HoldRow {
  database: string;
  shoppers: number;
  capacity: number;
  rounds: number;
  /** Requests answered as granted or full, per second of wall time over all rounds. */
  holdsPerSecond: number;
  /** The slowest round's wall time, from the first request sent to the last answer. */
  slowestRoundMs: number;
  /** Holds granted in each round: exactly the capacity when capacity is enforced. */
  granted: number[];
  /** Answers that were neither a grant nor "full", over all rounds. */
  failed: number;
  /** The most places held beyond the capacity in any round, floored at 0. */
  overbooked: number;
  failures: string[];
}

async function measureOn(database: Database, name: string): Promise<HoldRow> {
  const { db } = database;
  await reseed(db);
  await db
    .update(storeOrderMethods)
    .set({ slotCapacity: HOLD_CAPACITY })
    .where(and(eq(storeOrderMethods.storeId, STORE), eq(storeOrderMethods.method, "delivery")));
  const clock = controllableClock(NOW);
  const platform = createPlatform({
    db,
    clock,
    // Refused holds are expected answers; anything the platform logs would only slow the rush down.
    log: jsonLogger({}, () => {}),
    config: {
      contentDir: join(import.meta.dirname, "..", "..", "content"),
      accessTokenSeconds: 3600,
      refreshTokenSeconds: 3600,
    },
  });

  const row: HoldRow = {
    database: name,
    shoppers: HOLD_SHOPPERS,
    capacity: HOLD_CAPACITY,
    rounds: ROUNDS,
    holdsPerSecond: 0,
    slowestRoundMs: 0,
    granted: [],
    failed: 0,
    overbooked: 0,
    failures: [],
  };
  let answered = 0;
  let totalMs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const target: HoldTarget = {
      storeId: STORE,
      fulfilmentMethod: "delivery",
      timeSlotDate: slotOfRound(round),
      postcode: "SW1A 1AA",
    };
    const shoppers = await seedShoppers(db, {
      count: HOLD_SHOPPERS,
      storeId: STORE,
      fulfilmentMethod: "delivery",
      now: clock.now(),
    });
    const result = await runHoldStorm({ fetch: platform.fetch, shoppers, target });
    const live = await livePlaces(db, STORE, "delivery", new Date(target.timeSlotDate), clock.now());
    answered += result.succeeded + result.full;
    totalMs += result.ms;
    row.slowestRoundMs = Math.max(row.slowestRoundMs, result.ms);
    row.granted.push(result.succeeded);
    row.failed += result.failed;
    row.overbooked = Math.max(row.overbooked, live - HOLD_CAPACITY, 0);
    row.failures.push(...result.failures.slice(0, Math.max(0, 5 - row.failures.length)));
  }
  row.holdsPerSecond = totalMs > 0 ? (answered * 1000) / totalMs : 0;
  return row;
}

/** The rush on every database there is to measure: PGlite always, PostgreSQL when BENCH_DATABASE_URL is set. */
export function measureHolds(serverUrl = process.env.BENCH_DATABASE_URL, pglite = true): Promise<HoldRow[]> {
  return measureOnEachDatabase("holds", measureOn, serverUrl, pglite);
}
