import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { withIdempotency, type IdempotencyContext, type Tx } from "./idempotency";
import { createTestPlatform, type TestPlatform } from "./testing";

// Runs on PGlite, or on PostgreSQL (a pool of several connections) when TEST_DATABASE_URL is set.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
  await t.db.execute(sql`CREATE TABLE effects (id serial PRIMARY KEY, label text NOT NULL)`);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`DELETE FROM effects`);
  await t.db.execute(sql`DELETE FROM idempotency_keys`);
});

const shopper = { strategy: "guest" as const, memberId: null, family: "family-a" };

function ctx(idempotencyKey: string | null, auth: IdempotencyContext["auth"] = shopper): IdempotencyContext {
  return { db: t.db, clock: t.clock, auth, idempotencyKey };
}

async function addEffect(tx: Tx, label: string): Promise<{ id: number; label: string }> {
  const result = await tx.execute(sql`INSERT INTO effects (label) VALUES (${label}) RETURNING id`);
  const rows = (result as unknown as { rows: { id: number }[] }).rows;
  return { id: Number(rows[0]!.id), label };
}

async function effectCount(): Promise<number> {
  const result = await t.db.execute(sql`SELECT count(*)::int AS n FROM effects`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

describe("withIdempotency", () => {
  it("runs every time without a key", async () => {
    const a = await withIdempotency(ctx(null), "basket.add", { x: 1 }, (tx) => addEffect(tx, "a"));
    const b = await withIdempotency(ctx(null), "basket.add", { x: 1 }, (tx) => addEffect(tx, "a"));
    expect(a.id).not.toBe(b.id);
    expect(await effectCount()).toBe(2);
  });

  it("replays the first answer to a sequential repeat", async () => {
    let runs = 0;
    const run = () =>
      withIdempotency(ctx("key-1"), "basket.add", { item: 7, quantity: 2 }, async (tx) => {
        runs++;
        return addEffect(tx, "add");
      });
    const first = await run();
    const second = await run();
    expect(second).toEqual(first);
    expect(runs).toBe(1);
    expect(await effectCount()).toBe(1);
  });

  it("treats the same body in another key order as the same request", async () => {
    await withIdempotency(ctx("key-order"), "s", { a: 1, b: { c: 2, d: 3 } }, (tx) => addEffect(tx, "x"));
    const again = await withIdempotency(ctx("key-order"), "s", { b: { d: 3, c: 2 }, a: 1 }, (tx) => addEffect(tx, "y"));
    expect(again.label).toBe("x");
    expect(await effectCount()).toBe(1);
  });

  it("has the effect once when 20 requests with one key arrive together", async () => {
    let runs = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        withIdempotency(ctx("key-concurrent"), "basket.add", { item: 1 }, async (tx) => {
          runs++;
          const effect = await addEffect(tx, "concurrent");
          // Hold the transaction open a moment so the others really arrive while it runs.
          await new Promise((resolve) => setTimeout(resolve, 20));
          return effect;
        }),
      ),
    );
    expect(runs).toBe(1);
    expect(await effectCount()).toBe(1);
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
  });

  it("answers 422 when a key is reused with a different body", async () => {
    await withIdempotency(ctx("key-422"), "basket.add", { item: 1 }, (tx) => addEffect(tx, "one"));
    const error = await withIdempotency(ctx("key-422"), "basket.add", { item: 2 }, (tx) => addEffect(tx, "two")).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(await effectCount()).toBe(1);
  });

  it("keeps keys of different scopes and different shoppers apart", async () => {
    await withIdempotency(ctx("shared"), "basket.add", { item: 1 }, (tx) => addEffect(tx, "a"));
    await withIdempotency(ctx("shared"), "basket.remove", { item: 1 }, (tx) => addEffect(tx, "b"));
    await withIdempotency(ctx("shared", { ...shopper, family: "family-b" }), "basket.add", { item: 1 }, (tx) =>
      addEffect(tx, "c"),
    );
    expect(await effectCount()).toBe(3);
  });

  it("replays an expected error, with its partial work rolled back", async () => {
    let runs = 0;
    const run = () =>
      withIdempotency(ctx("key-error"), "slot.reserve", { slot: 3 }, async (tx) => {
        runs++;
        await addEffect(tx, "partial");
        throw new ApiError(409, "This slot is full", {
          errorCode: "SLOT_FULL",
          errorDisplay: "Please choose another time",
        });
      });
    const first = await run().catch((e) => e);
    const second = await run().catch((e) => e);
    expect(runs).toBe(1);
    expect(await effectCount()).toBe(0);
    for (const error of [first, second]) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error.toBody()).toEqual({
        status: 409,
        errorCode: "SLOT_FULL",
        errorDisplay: "Please choose another time",
        message: "This slot is full",
      });
    }
  });

  it("forgets a key whose first attempt failed unexpectedly, so a retry runs", async () => {
    let runs = 0;
    const run = (fail: boolean) =>
      withIdempotency(ctx("key-crash"), "checkout.pay", { order: 9 }, async (tx) => {
        runs++;
        await addEffect(tx, "charge");
        if (fail) throw new Error("gateway timed out");
        return { paid: true };
      });
    await expect(run(true)).rejects.toThrow("gateway timed out");
    expect(await effectCount()).toBe(0);
    expect(await run(false)).toEqual({ paid: true });
    expect(await run(false)).toEqual({ paid: true });
    expect(runs).toBe(2);
    expect(await effectCount()).toBe(1);
  });

  it("replays an empty answer", async () => {
    let runs = 0;
    const run = () =>
      withIdempotency(ctx("key-void"), "basket.clear", {}, async () => {
        runs++;
        return null;
      });
    expect(await run()).toBeNull();
    expect(await run()).toBeNull();
    expect(runs).toBe(1);
  });

  it("refuses a key that is too long", async () => {
    const error = await withIdempotency(ctx("k".repeat(201)), "s", {}, async () => 1).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
  });
});
