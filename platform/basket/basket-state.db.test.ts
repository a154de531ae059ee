import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basketLines, baskets, sharedDataVersion, slotHolds, stores } from "../db/schema";
import { liveHoldOf } from "../slots/holds-store";
import { seededPlatform, VICTORIA, type SeededPlatform } from "../testing";
import { linesOf, loadBasket, loadBasketState } from "./basket";

// The one statement a shopper's page reads its basket with (issue 40) must answer exactly what the three reads it
// replaced answer: the basket row, its lines in the order they were added, its live hold, and the shared version.
// Runs on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
let s: SeededPlatform;
beforeAll(async () => {
  s = await seededPlatform();
});
afterAll(() => s.t.close());

const NOW = new Date("2026-06-01T10:00:00Z");
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

async function basketWith(token: string, lineCount: number, method: "delivery" | "collection" = "delivery") {
  await s.t.db.insert(baskets).values({
    token,
    storeId: VICTORIA,
    fulfilmentMethod: method,
    ownerFamily: `family-${token}`,
    createdAt: NOW,
    updatedAt: NOW,
  });
  // Positions out of order on insert: the read must put them back in the order they were added.
  const positions = Array.from({ length: lineCount }, (_, i) => lineCount - i);
  for (const position of positions) {
    await s.t.db.insert(basketLines).values({
      basketToken: token,
      lineId: `${token}-line-${position}`,
      position,
      menuItemId: 40 + position,
      quantity: position,
      createdAt: NOW,
    });
  }
}

async function holdFor(token: string, method: "delivery" | "collection", expiresAt: Date) {
  await s.t.db.insert(slotHolds).values({
    basketToken: token,
    storeId: VICTORIA,
    method,
    slotStart: minutes(24 * 60),
    slotEnd: minutes(24 * 60 + 30),
    slotDate: "2026-06-02",
    isAsap: false,
    expiresAt,
    createdAt: NOW,
  });
}

async function separateReads(token: string) {
  const basket = (await loadBasket(s.t.db, token))!;
  const [version] = await s.t.db.select().from(sharedDataVersion).where(eq(sharedDataVersion.id, 1));
  return {
    basket,
    lines: await linesOf(s.t.db, token),
    live: await liveHoldOf(s.t.db, basket, NOW),
    sharedVersion: version?.version ?? null,
  };
}

describe("a basket read in one statement", () => {
  it("answers the basket, its lines in order, its live hold with the store's time zone and the shared version", async () => {
    await basketWith("state-held", 10);
    await holdFor("state-held", "delivery", minutes(15));
    const state = await loadBasketState(s.t.db, "state-held", NOW);
    expect(state).toEqual(await separateReads("state-held"));
    expect(state!.lines.map((l) => l.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const [store] = await s.t.db.select().from(stores).where(eq(stores.id, VICTORIA));
    expect(state!.live?.timeZone).toBe(store!.timeZone);
    expect(state!.sharedVersion).toEqual(expect.any(Number));
  });

  it("gives no hold when it has expired or is for the other method, and no lines for an empty basket", async () => {
    await basketWith("state-expired", 2);
    await holdFor("state-expired", "delivery", minutes(-1));
    await basketWith("state-other-method", 1, "collection");
    await holdFor("state-other-method", "delivery", minutes(15));
    await basketWith("state-empty", 0);
    for (const token of ["state-expired", "state-other-method", "state-empty"]) {
      const state = await loadBasketState(s.t.db, token, NOW);
      expect(state, token).toEqual(await separateReads(token));
      expect(state!.live, token).toBeNull();
    }
    expect((await loadBasketState(s.t.db, "state-empty", NOW))!.lines).toEqual([]);
  });

  it("answers nothing for an unknown basket", async () => {
    expect(await loadBasketState(s.t.db, "no-such-basket", NOW)).toBeUndefined();
  });
});
