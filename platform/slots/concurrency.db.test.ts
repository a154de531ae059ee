import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import { admin } from "../testing/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controllableClock } from "../contract";
import { openDatabase, type Db } from "../db/open";
import { slotHolds, storeOrderMethods } from "../db/schema";
import { demoStoreIds, reseed } from "../db/seed";
import { createTestPlatform, TEST_NOW, type TestPlatform } from "../testing";
import { livePlaces } from "./holds-store";
import { runHoldStorm, type HoldStormResult, type HoldTarget, type Shopper } from "../testing/hold-storm";
import { seedShoppers } from "../testing/seed-shoppers";

/*
 * 200 shoppers, one basket each, ask for the same slot of capacity 10 at the same moment: exactly 10 get it,
 * the other 190 are told it is full, and the database holds 10 live places for it. Once inside one process
 * (PGlite, or PostgreSQL when TEST_DATABASE_URL is set), and, with TEST_DATABASE_URL, from three processes
 * sharing one PostgreSQL database.
 */

const SHOPPERS = 200;
const CAPACITY = 10;
const STORE = demoStoreIds.openLondonVictoria;
// Tuesday 3 June 2025, 12:00 BST: a future delivery slot of store 1 the day after TEST_NOW.
const SLOT = "2025-06-03T12:00:00.000+01:00";
const target: HoldTarget = { storeId: STORE, fulfilmentMethod: "delivery", timeSlotDate: SLOT, postcode: "SW1A 1AA" };

async function setUpStore(db: Db) {
  await reseed(db);
  await db
    .update(storeOrderMethods)
    .set({ slotCapacity: CAPACITY })
    .where(and(eq(storeOrderMethods.storeId, STORE), eq(storeOrderMethods.method, "delivery")));
}

function expectExactlyCapacity(result: HoldStormResult) {
  expect(result.failures).toEqual([]);
  expect({ succeeded: result.succeeded, full: result.full, failed: result.failed }).toEqual({
    succeeded: CAPACITY,
    full: SHOPPERS - CAPACITY,
    failed: 0,
  });
}

describe("200 simultaneous holds on a slot of capacity 10, one process", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
    await setUpStore(t.db);
  });
  afterAll(() => t.close());

  it("grants exactly 10 and refuses the rest as full", async () => {
    const shoppers = await seedShoppers(t.db, {
      count: SHOPPERS,
      storeId: STORE,
      fulfilmentMethod: "delivery",
      now: t.clock.now(),
    });
    const result = await runHoldStorm({ fetch: t.fetch, shoppers, target });
    expectExactlyCapacity(result);
    expect(await livePlaces(t.db, STORE, "delivery", new Date(SLOT), t.clock.now())).toBe(CAPACITY);
    expect(await t.db.select().from(slotHolds)).toHaveLength(CAPACITY);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  "200 simultaneous holds on a slot of capacity 10, three processes on one PostgreSQL",
  () => {
    const name = `test_slots_${randomUUID().replace(/-/g, "")}`;
    let databaseUrl = "";
    let close: (() => Promise<void>) | undefined;
    let db: Db;
    let workers: Worker[] = [];

    beforeAll(async () => {
      // Started first: loading the platform's modules takes each process a few seconds, time the database
      // set-up can use.
      workers = [0, 1, 2].map(() => spawnWorker());
      await admin(serverUrl!, `CREATE DATABASE ${name}`);
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      const database = await openDatabase({ url: databaseUrl });
      db = database.db;
      close = () => database.close();
      await setUpStore(db);
    });
    afterAll(async () => {
      for (const w of workers) w.kill();
      await close?.();
      await admin(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    // Three Node processes start and connect before the storm: seconds on a quiet machine, more on a busy one.
    it("grants exactly 10 across the processes and refuses the rest as full", { timeout: 90_000 }, async () => {
      const clock = controllableClock(TEST_NOW);
      const shoppers = await seedShoppers(db, {
        count: SHOPPERS,
        storeId: STORE,
        fulfilmentMethod: "delivery",
        now: clock.now(),
      });
      const shares = [0, 1, 2].map((i) => shoppers.filter((_, n) => n % 3 === i));

      shares.forEach((share, i) => workers[i]!.start({ databaseUrl, now: TEST_NOW, shoppers: share, target }));
      try {
        await Promise.all(workers.map((w) => w.ready));
        for (const w of workers) w.go();
        const results = await Promise.all(workers.map((w) => w.result));
        // Each process had every one of its requests answered, as granted or full.
        results.forEach((r, i) => expect(r.succeeded + r.full).toBe(shares[i]!.length));
        const total = results.reduce(
          (sum, r) => ({
            ...sum,
            succeeded: sum.succeeded + r.succeeded,
            full: sum.full + r.full,
            failed: sum.failed + r.failed,
            failures: [...sum.failures, ...r.failures],
          }),
          { succeeded: 0, full: 0, failed: 0, ms: 0, failures: [] as string[] },
        );
        expectExactlyCapacity(total);
        expect(await livePlaces(db, STORE, "delivery", new Date(SLOT), clock.now())).toBe(CAPACITY);
      } finally {
        for (const w of workers) w.kill();
      }
    });
  },
);

interface Worker {
  /** Hands the process its work; it answers `ready` once connected to the database. */
  start(input: { databaseUrl: string; now: string; shoppers: Shopper[]; target: HoldTarget }): void;
  ready: Promise<void>;
  result: Promise<HoldStormResult>;
  go(): void;
  kill(): void;
}

const workerScript = fileURLToPath(new URL("../testing/hold-worker.ts", import.meta.url));

function spawnWorker(): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", workerScript], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines = createInterface({ input: child.stdout });
  let onReady!: () => void;
  let onResult!: (r: HoldStormResult) => void;
  let onFailure!: (e: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    onReady = resolve;
    onFailure = reject;
  });
  const result = new Promise<HoldStormResult>((resolve, reject) => {
    onResult = resolve;
    const previous = onFailure;
    onFailure = (e) => {
      previous(e);
      reject(e);
    };
  });
  // Whichever of the two is not awaited yet must not surface as an unhandled rejection.
  ready.catch(() => undefined);
  result.catch(() => undefined);
  lines.on("line", (line) => {
    if (line === "ready") onReady();
    else if (line.startsWith("{")) onResult(JSON.parse(line) as HoldStormResult);
  });
  child.on("exit", (code) => onFailure(new Error(`hold worker exited with ${code}: ${stderr.slice(-2000)}`)));
  return {
    start: (input) => child.stdin.write(JSON.stringify(input) + "\n"),
    ready,
    result,
    go: () => child.stdin.write("go\n"),
    kill: () => {
      if (child.exitCode === null) child.kill();
    },
  };
}
