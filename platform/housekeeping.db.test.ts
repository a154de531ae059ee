import { and, count, eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoStoreIds } from "./db/seed";
import {
  authTokens,
  baskets,
  idempotencyKeys,
  members,
  oneTimeCodes,
  orders,
  passwordResetTokens,
  rateLimits,
  slotHolds,
  slotLocks,
  testGatewayIdempotency,
  testGatewayTokens,
} from "./db/schema";
import { PURGE_KINDS, HOUSEKEEPING_LOCK, runHousekeeping, type HousekeepingRun, type PurgeKind } from "./housekeeping";
import { livePlaces } from "./slots/holds-store";
import { orderRow, resetClockAndHolds, seededPlatform, TEST_NOW, type ShopperApi, type TestPlatform } from "./testing";

/*
 * Housekeeping on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): expired and live rows of every kind
 * it purges are written side by side, a run deletes exactly the expired ones, and a run finding another instance's
 * run under way (the advisory lock held) does nothing.
 */

const NOW = new Date(TEST_NOW);
const at = (ms: number) => new Date(NOW.getTime() + ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STORE = demoStoreIds.openLondonVictoria;

let t: TestPlatform;
let shop: ShopperApi;
beforeAll(async () => {
  ({ t, shop } = await seededPlatform());
});
afterAll(() => t.close());

/** A member of the demo seed, for the codes and reset links that belong to one. */
async function memberId(): Promise<number> {
  const [row] = await t.db.select({ id: members.id }).from(members).limit(1);
  return row!.id;
}

async function newBasket(token: string): Promise<string> {
  await t.db
    .insert(baskets)
    .values({ token, storeId: STORE, ownerFamily: `family-${token}`, createdAt: NOW, updatedAt: NOW });
  return token;
}

const token = (
  family: string,
  tokenHash: string,
  kind: "access" | "refresh",
  expiresAt: Date,
  revokedAt: Date | null = null,
) => ({
  tokenHash: `hk-${tokenHash}`,
  kind,
  strategy: "guest" as const,
  family: `hk-${family}`,
  memberId: null,
  expiresAt,
  revokedAt,
  createdAt: at(-31 * DAY),
});

const hold = (slotStart: Date, slotEnd: Date, expiresAt: Date) => ({
  storeId: STORE,
  method: "delivery" as const,
  slotStart,
  slotEnd,
  slotDate: slotStart.toISOString().slice(0, 10),
  isAsap: false,
  expiresAt,
  createdAt: at(-DAY),
});

/** Writes expired and live rows of every purged kind; answers what a run should leave of each, by its own keys. */
async function seedExpiredAndLive() {
  const member = await memberId();
  // Sessions: one whose every token has expired (its rotated refresh token too) goes whole; one with a live refresh
  // token keeps its expired access token and its rotated refresh token; a revoked but unexpired one stays.
  await t.db
    .insert(authTokens)
    .values([
      token("ended", "ended-access", "access", at(-2 * DAY)),
      token("ended", "ended-rotated", "refresh", at(-DAY), at(-20 * DAY)),
      token("ended", "ended-refresh", "refresh", at(-1)),
      token("ended", "ended-now", "access", NOW),
      token("live", "live-access", "access", at(-HOUR)),
      token("live", "live-rotated", "refresh", at(-HOUR), at(-2 * HOUR)),
      token("live", "live-refresh", "refresh", at(29 * DAY)),
      token("revoked", "revoked-refresh", "refresh", at(DAY), at(-MINUTE)),
    ]);
  const codes = await t.db
    .insert(oneTimeCodes)
    .values([
      {
        memberId: member,
        channel: "email",
        recipient: "hk@example.com",
        codeHash: "expired",
        expiresAt: at(-MINUTE),
        createdAt: at(-11 * MINUTE),
      },
      {
        memberId: member,
        channel: "sms",
        recipient: "+447700900000",
        codeHash: "used-expired",
        expiresAt: NOW,
        usedAt: at(-5 * MINUTE),
        createdAt: at(-10 * MINUTE),
      },
      {
        memberId: member,
        channel: "email",
        recipient: "hk@example.com",
        codeHash: "live",
        expiresAt: at(9 * MINUTE),
        createdAt: at(-MINUTE),
      },
    ])
    .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash });
  await t.db.insert(passwordResetTokens).values([
    { tokenHash: "hk-reset-expired", memberId: member, expiresAt: at(-MINUTE), createdAt: at(-61 * MINUTE) },
    {
      tokenHash: "hk-reset-used-expired",
      memberId: member,
      expiresAt: at(-DAY),
      usedAt: at(-DAY - HOUR),
      createdAt: at(-DAY - HOUR),
    },
    { tokenHash: "hk-reset-live", memberId: member, expiresAt: at(59 * MINUTE), createdAt: at(-MINUTE) },
  ]);
  // Idempotency keys are kept seven days.
  await t.db.insert(idempotencyKeys).values([
    { scope: "hk|anonymous", key: "old", requestHash: "h", status: 200, body: {}, createdAt: at(-7 * DAY - MINUTE) },
    { scope: "hk|anonymous", key: "recent", requestHash: "h", status: 200, body: {}, createdAt: at(-6 * DAY) },
    { scope: "hk|anonymous", key: "refused", requestHash: "h", status: 409, body: {}, createdAt: at(-MINUTE) },
  ]);
  // Rate-limit windows: gone a day after they start (no window is longer).
  await t.db.insert(rateLimits).values([
    { bucket: "hk:ip", windowStart: at(-DAY - MINUTE), count: 3 },
    { bucket: "hk:quiet", windowStart: at(-3 * DAY), count: 1 },
    { bucket: "hk:ip", windowStart: at(-23 * HOUR), count: 2 },
    { bucket: "hk:ip", windowStart: at(-10 * MINUTE), count: 1 },
  ]);
  // Slot holds: a basket's lapsed hold goes; a basket's live hold and an order's hold until its slot's end stay; an
  // order's hold whose slot has ended goes.
  const tomorrow = at(DAY);
  await t.db.insert(slotHolds).values([
    { basketToken: await newBasket("hk-lapsed"), ...hold(tomorrow, at(DAY + HOUR), at(-MINUTE)) },
    { basketToken: await newBasket("hk-live"), ...hold(tomorrow, at(DAY + HOUR), at(14 * MINUTE)) },
    { basketToken: await newBasket("hk-order-kept"), ...hold(tomorrow, at(DAY + HOUR), at(DAY + HOUR)) },
    { basketToken: await newBasket("hk-order-ended"), ...hold(at(-2 * HOUR), at(-HOUR), at(-HOUR)) },
  ]);
  await t.db.insert(slotLocks).values([
    { storeId: STORE, method: "delivery", slotStart: at(-2 * DAY) },
    { storeId: STORE, method: "collection", slotStart: at(-2 * HOUR) },
    { storeId: STORE, method: "delivery", slotStart: tomorrow },
  ]);
  // The test gateway: tokens kept a day past their expiry, idempotency keys 24 hours.
  const card = {
    type: "card" as const,
    scheme: "Visa",
    last4: "4242",
    bin: "424242",
    expiryMonth: 12,
    expiryYear: 2030,
    outcome: "approve" as const,
  };
  await t.db.insert(testGatewayTokens).values([
    { token: "tok_hk_old", ...card, createdAt: at(-2 * DAY), expiresAt: at(-DAY - MINUTE) },
    { token: "tok_hk_recent", ...card, createdAt: at(-HOUR), expiresAt: at(-45 * MINUTE) },
    { token: "tok_hk_live", ...card, createdAt: NOW, expiresAt: at(15 * MINUTE) },
  ]);
  await t.db.insert(testGatewayIdempotency).values([
    { key: "hk-old", requestHash: "h", status: 201, body: {}, createdAt: at(-DAY - MINUTE) },
    { key: "hk-recent", requestHash: "h", status: 201, body: {}, createdAt: at(-23 * HOUR) },
  ]);
  return { codes };
}

/** What is left of the rows the test wrote, table by table. */
async function leftOver(codeIds: number[]) {
  const sorted = (values: string[]) => [...values].sort();
  return {
    authTokens: sorted(
      (await t.db.select({ k: authTokens.tokenHash }).from(authTokens).where(like(authTokens.tokenHash, "hk-%"))).map(
        (r) => r.k,
      ),
    ),
    codes: sorted(
      (await t.db.select({ k: oneTimeCodes.codeHash }).from(oneTimeCodes).where(inArray(oneTimeCodes.id, codeIds))).map(
        (r) => r.k,
      ),
    ),
    resets: sorted(
      (
        await t.db
          .select({ k: passwordResetTokens.tokenHash })
          .from(passwordResetTokens)
          .where(like(passwordResetTokens.tokenHash, "hk-%"))
      ).map((r) => r.k),
    ),
    idempotency: sorted(
      (
        await t.db
          .select({ k: idempotencyKeys.key })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.scope, "hk|anonymous"))
      ).map((r) => r.k),
    ),
    rateLimits: sorted(
      (await t.db.select().from(rateLimits).where(like(rateLimits.bucket, "hk:%"))).map(
        (r) => `${r.bucket}@${(r.windowStart.getTime() - NOW.getTime()) / MINUTE}m`,
      ),
    ),
    holds: sorted(
      (await t.db.select({ k: slotHolds.basketToken }).from(slotHolds).where(like(slotHolds.basketToken, "hk-%"))).map(
        (r) => r.k,
      ),
    ),
    locks: sorted(
      (await t.db.select().from(slotLocks).where(eq(slotLocks.storeId, STORE))).map(
        (r) => `${r.method}@${(r.slotStart.getTime() - NOW.getTime()) / HOUR}h`,
      ),
    ),
    gatewayTokens: sorted(
      (
        await t.db
          .select({ k: testGatewayTokens.token })
          .from(testGatewayTokens)
          .where(like(testGatewayTokens.token, "tok_hk_%"))
      ).map((r) => r.k),
    ),
    gatewayKeys: sorted(
      (
        await t.db
          .select({ k: testGatewayIdempotency.key })
          .from(testGatewayIdempotency)
          .where(like(testGatewayIdempotency.key, "hk-%"))
      ).map((r) => r.k),
    ),
  };
}

function purged(run: HousekeepingRun): Record<PurgeKind, number> {
  if (!run.ran) throw new Error("the run was skipped");
  return run.purged;
}

const EXPECTED_PURGE: Record<PurgeKind, number> = {
  sessions: 4,
  codes: 2,
  resetLinks: 2,
  idempotencyKeys: 1,
  rateLimits: 2,
  slotHolds: 2,
  slotLocks: 1,
  gatewayCards: 1,
  gatewayIdempotencyKeys: 1,
};

/** Removes what a test wrote, so the next starts from the seed alone. */
async function clearTestRows() {
  await t.db.delete(authTokens).where(like(authTokens.tokenHash, "hk-%"));
  await t.db.delete(oneTimeCodes).where(eq(oneTimeCodes.recipient, "hk@example.com"));
  await t.db.delete(oneTimeCodes).where(eq(oneTimeCodes.recipient, "+447700900000"));
  await t.db.delete(passwordResetTokens).where(like(passwordResetTokens.tokenHash, "hk-%"));
  await t.db.delete(idempotencyKeys).where(eq(idempotencyKeys.scope, "hk|anonymous"));
  await t.db.delete(rateLimits).where(like(rateLimits.bucket, "hk:%"));
  await t.db.delete(baskets).where(like(baskets.token, "hk-%"));
  await t.db.delete(slotLocks);
  await t.db.delete(testGatewayTokens).where(like(testGatewayTokens.token, "tok_hk_%"));
  await t.db.delete(testGatewayIdempotency).where(like(testGatewayIdempotency.key, "hk-%"));
  await resetClockAndHolds(t);
}

describe("a housekeeping run", () => {
  it("deletes exactly the expired rows of every kind and keeps the live ones", async () => {
    const { codes } = await seedExpiredAndLive();
    const ordersBefore = await t.db.select({ n: count() }).from(orders);

    const run = await t.housekeep();
    expect(purged(run)).toEqual(EXPECTED_PURGE);
    expect(run).toMatchObject({ more: false });

    expect(await leftOver(codes.map((c) => c.id))).toEqual({
      authTokens: ["hk-live-access", "hk-live-refresh", "hk-live-rotated", "hk-revoked-refresh"],
      codes: ["live"],
      resets: ["hk-reset-live"],
      idempotency: ["recent", "refused"],
      rateLimits: ["hk:ip@-10m", "hk:ip@-1380m"],
      holds: ["hk-live", "hk-order-kept"],
      locks: ["collection@-2h", "delivery@24h"],
      gatewayTokens: ["tok_hk_live", "tok_hk_recent"],
      gatewayKeys: ["hk-recent"],
    });
    // Nothing that records what happened is touched, and a second run finds nothing left.
    expect(await t.db.select({ n: count() }).from(orders)).toEqual(ordersBefore);
    expect(Object.values(purged(await t.housekeep())).every((n) => n === 0)).toBe(true);
    await clearTestRows();
  });

  it("deletes at most a batch from each table per run and says when there may be more", async () => {
    const member = await memberId();
    await t.db.insert(oneTimeCodes).values(
      Array.from({ length: 7 }, (_, i) => ({
        memberId: member,
        channel: "email" as const,
        recipient: "hk@example.com",
        codeHash: `c${i}`,
        expiresAt: at(-MINUTE),
        createdAt: at(-HOUR),
      })),
    );
    const runs: HousekeepingRun[] = [];
    for (let i = 0; i < 3; i++) runs.push(await t.housekeep({ batch: 3 }));
    expect(runs.map((r) => [purged(r).codes, r.ran && r.more])).toEqual([
      [3, true],
      [3, true],
      [1, false],
    ]);
    await clearTestRows();
  });

  it("keeps a placed order's place in its slot until the slot ends, long after the basket's hold would have lapsed", async () => {
    const { token, draft, slot } = await shop.draftFor();
    expect((await shop.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" })).status).toBe(200);
    const order = await orderRow(t, draft.draftOrderId);
    const slotStart = new Date(slot);
    expect(order.slotEnd.getTime()).toBeGreaterThan(NOW.getTime() + HOUR);

    // The basket's hold (900 s) would have lapsed by now; the order's lasts until the slot's end.
    t.clock.set(new Date(order.slotEnd.getTime() - MINUTE).toISOString());
    expect(purged(await t.housekeep()).slotHolds).toBe(0);
    expect(await livePlaces(t.db, STORE, "delivery", slotStart, t.clock.now())).toBe(1);

    t.clock.set(order.slotEnd.toISOString());
    expect(purged(await t.housekeep()).slotHolds).toBe(1);
    const [left] = await t.db
      .select({ n: count() })
      .from(slotHolds)
      .where(and(eq(slotHolds.storeId, STORE), eq(slotHolds.slotStart, slotStart)));
    expect(left!.n).toBe(0);
    await clearTestRows();
  });

  it("leaves an order paid for after its basket's lapsed hold was purged its place all the same", async () => {
    const { token, draft, slot } = await shop.draftFor();
    t.clock.set(at(20 * MINUTE).toISOString());
    expect(purged(await t.housekeep()).slotHolds).toBe(1);
    const paid = await shop.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await livePlaces(t.db, STORE, "delivery", new Date(slot), t.clock.now())).toBe(1);
    await clearTestRows();
  });
});

describe("housekeeping with several instances", () => {
  it("deletes each expired row once when two runs are started together", async () => {
    const { codes } = await seedExpiredAndLive();
    const [a, b] = await Promise.all([runHousekeeping(t.db, NOW), runHousekeeping(t.db, NOW)]);
    // On PostgreSQL the later run may find the lock taken and skip; on PGlite (one connection) the runs take turns and
    // the second finds nothing. Either way the expired rows are gone, each counted once.
    const totals = Object.fromEntries(
      PURGE_KINDS.map((table) => [table, (a.ran ? a.purged[table] : 0) + (b.ran ? b.purged[table] : 0)]),
    );
    expect(totals).toEqual(EXPECTED_PURGE);
    expect((await leftOver(codes.map((c) => c.id))).holds).toEqual(["hk-live", "hk-order-kept"]);
    await clearTestRows();
  });

  // Another instance's run, under way: a transaction holding the housekeeping lock. PGlite has one connection, so a
  // transaction there holds up every other query; only PostgreSQL can have a second run meet the lock.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "skips a run while another instance's run holds the lock, and purges once it is done",
    async () => {
      const { codes } = await seedExpiredAndLive();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const other = t.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${HOUSEKEEPING_LOCK}))`);
        locked();
        await released;
      });
      await isLocked;
      try {
        expect(await t.housekeep()).toEqual({ ran: false });
        expect((await leftOver(codes.map((c) => c.id))).holds).toEqual([
          "hk-lapsed",
          "hk-live",
          "hk-order-ended",
          "hk-order-kept",
        ]);
      } finally {
        release();
        await other;
      }
      expect(purged(await t.housekeep())).toEqual(EXPECTED_PURGE);
      await clearTestRows();
    },
  );

  it("never waits on a row a request holds: it skips it and takes it on a later run", async () => {
    const member = await memberId();
    const [locked] = await t.db
      .insert(oneTimeCodes)
      .values({
        memberId: member,
        channel: "email",
        recipient: "hk@example.com",
        codeHash: "busy",
        expiresAt: at(-MINUTE),
        createdAt: at(-HOUR),
      })
      .returning({ id: oneTimeCodes.id });
    if (!process.env.TEST_DATABASE_URL) {
      // PGlite: one connection, no second transaction to hold the row; the run simply takes it.
      expect(purged(await t.housekeep()).codes).toBe(1);
      return;
    }
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const isHolding = new Promise<void>((resolve) => (holding = resolve));
    const request = t.db.transaction(async (tx) => {
      await tx.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, locked!.id)).for("update");
      holding();
      await released;
    });
    await isHolding;
    try {
      expect(purged(await t.housekeep()).codes).toBe(0);
    } finally {
      release();
      await request;
    }
    expect(purged(await t.housekeep()).codes).toBe(1);
  });
});
