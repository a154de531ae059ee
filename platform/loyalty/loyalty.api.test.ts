import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, BASKET_MESSAGES, LOYALTY_MESSAGES, MEMBER_MESSAGES, type Basket } from "../contract";
import { memberSeries } from "../auth/testing/accounts";
import { demoStoreIds } from "../db/seed";
import { loyaltyLedger, orders } from "../db/schema";
import { expectError, resetClockAndHolds, seededPlatform, type ShopperApi, type TestPlatform } from "../testing";

let t: TestPlatform;
let c: ShopperApi;
beforeAll(async () => {
  ({ t, shop: c } = await seededPlatform());
});
afterAll(() => t.close());
afterEach(() => resetClockAndHolds(t));

const nextMember = memberSeries("points", 400);
const newMember = async (): Promise<string> => (await nextMember(t)).token;

const post = (path: string, body: Record<string, unknown>, token: string) => t.call("POST", path, body, { token });
const spend = (token: string, basket: Basket, points: number) =>
  post("/api/basket/loyalty/spend", { basketToken: basket.basketToken, points }, token);
const summary = async (token: string) =>
  api.loyaltySummary.response.parse((await t.call("GET", "/api/member/loyalty/summary", undefined, { token })).body);
const progress = async (token: string, storeId: number = demoStoreIds.openLondonVictoria) =>
  api.loyaltyProgress.response.parse(
    (await t.call("GET", `/api/member/loyalty/progress?storeId=${storeId}`, undefined, { token })).body,
  );

/** Places the member's ready basket (see ShopperApi.ready), paid in cash; answers the order row. */
async function place(token: string, made: Awaited<ReturnType<ShopperApi["ready"]>>) {
  const draft = await c.processOrder(token, made.processBody);
  expect((await c.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" })).status).toBe(200);
  const [row] = await t.db.select().from(orders).where(eq(orders.businessOrderId, draft.businessOrderId));
  return row!;
}

describe("loyalty points", () => {
  it("are earned when a member's order is placed, spent on the next basket within the limits, and counted once", async () => {
    const token = await newMember();
    const first = await c.ready(token, { goods: 15000 });
    const earning = first.basket.loyaltyPoints.pointsToBeEarned;
    expect(first.basket.loyaltyPoints).toMatchObject({
      loyaltySystem: "points",
      loyaltyPointsName: "Larder points",
      accumulatedPoints: 0,
      minimumPointsSpend: 100,
    });
    expect(earning).toBeGreaterThanOrEqual(150);
    // Over £100: this basket reaches Silver.
    expect(first.basket.loyalty).toEqual({ reachingTier: "Silver", nextTierIn: 0 });
    // No points yet: nothing to spend.
    expectError(await spend(token, first.basket, 100), 400, {
      errorCode: "LOYALTY_SPEND_REFUSED",
      message: LOYALTY_MESSAGES.notEnoughPoints,
    });
    const order1 = await place(token, first);
    expect(order1.loyaltyPointsEarned).toBe(earning);

    const p = await progress(token);
    expect(p.progress).toMatchObject({
      balance: earning,
      balanceValue: earning,
      tier: "Silver",
      next: { name: "Gold" },
    });
    expect(p.store.scheme).toMatchObject({
      pointsName: "Larder points",
      minimumPointsSpend: 100,
      maximumPointsSpend: 2000,
      minimumBasketValue: 1000,
    });

    const second = await c.ready(token, { goods: 2000 });
    expect(second.basket.loyaltyPoints.accumulatedPoints).toBe(earning);
    expectError(await spend(token, second.basket, 99), 400, {
      message: "You can spend 100 Larder points or more at a time.",
    });
    expectError(await spend(token, second.basket, earning + 1), 400, { message: LOYALTY_MESSAGES.notEnoughPoints });
    const spent = await spend(token, second.basket, 50 + 50);
    expect(spent.status, JSON.stringify(spent.body)).toBe(200);
    const answer = api.basketLoyaltySpend.response.parse(spent.body);
    expect(answer.message).toBe("100 Larder points will be taken off this order.");
    expect(answer.basket.loyaltyPoints).toMatchObject({ pointsToSpend: 100, deductCost: 100 });
    expect(answer.basket.orderTotal).toBe(second.basket.orderTotal - 100);

    const order2 = await place(token, { ...second, basket: answer.basket });
    expect(order2).toMatchObject({
      loyaltyPointsSpent: 100,
      loyaltyPence: 100,
      totalPence: second.basket.orderTotal - 100,
    });
    const s = await summary(token);
    expect(s.balance).toBe(earning - 100 + order2.loyaltyPointsEarned);
    expect(s.history.map((h) => [h.kind, h.points, h.businessOrderId])).toEqual(
      expect.arrayContaining([
        ["earn", earning, order1.businessOrderId],
        ["spend", -100, order2.businessOrderId],
        ["earn", order2.loyaltyPointsEarned, order2.businessOrderId],
      ]),
    );
    // The order shows what the points took off; the basket afterwards spends none.
    const status = api.getOrderStatus.response.parse(
      (await post("/api/stores/orderStatus", { businessOrderId: order2.businessOrderId }, token)).body,
    );
    expect(status.totals.loyalty).toBe(100);
    const after = api.retrieveBasket.response.parse(
      (
        await post(
          "/api/basket/retrieve",
          {
            storeId: demoStoreIds.openLondonVictoria,
            fulfilmentMethod: "delivery",
            basketToken: second.basket.basketToken,
          },
          token,
        )
      ).body,
    );
    expect(after.loyaltyPoints).toMatchObject({ pointsToSpend: 0, deductCost: 0 });
    // Placing again records nothing more.
    expect(await t.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, order2.id))).toHaveLength(2);
  });

  const spentAtOnce =
    "spent by two orders at once are written up to the balance: " +
    "both orders are placed and the balance never goes below zero";
  it(spentAtOnce, async () => {
    const token = await newMember();
    const first = await c.ready(token, { goods: 15000 });
    const earning = first.basket.loyaltyPoints.pointsToBeEarned;
    await place(token, first);
    // Two baskets each spending every point: both allowed, as each reads the same balance.
    const baskets = [await c.ready(token, { goods: 2000 }), await c.ready(token, { goods: 2000 })];
    const spending = [];
    for (const made of baskets) {
      const res = await spend(token, made.basket, earning);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      spending.push({ ...made, basket: api.basketLoyaltySpend.response.parse(res.body).basket });
    }
    const drafts = [
      await c.processOrder(token, spending[0]!.processBody),
      await c.processOrder(token, spending[1]!.processBody),
    ];
    const paid = await Promise.all(drafts.map((d) => c.makePayment(token, d.draftOrderId, { paymentMethod: "cash" })));
    for (const res of paid) expect(res.status, JSON.stringify(res.body)).toBe(200);

    const [placed] = await t.db
      .select({ memberId: orders.memberId })
      .from(orders)
      .where(eq(orders.draftOrderId, drafts[0]!.draftOrderId));
    const rows = await t.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.memberId, placed!.memberId!));
    // Each spend was cut to what was left when its placement ran (the first one's earnings included).
    const ledgerBalance = rows.reduce((sum, r) => sum + r.points, 0);
    expect(ledgerBalance).toBeGreaterThanOrEqual(0);
    expect(rows.filter((r) => r.kind === "spend").length).toBeGreaterThanOrEqual(1);
    expect((await summary(token)).balance).toBe(ledgerBalance);
  });

  it("cannot be spent on a small basket, at a store without the scheme, or by a guest", async () => {
    const token = await newMember();
    const made = await c.ready(token, { goods: 15000 });
    await place(token, made);
    const small = await c.ready(token, { goods: 0, storeId: demoStoreIds.openLondonVictoria });
    expect(small.basket.orderSubtotalAfterDiscounts).toBeLessThan(1000);
    expectError(await spend(token, small.basket, 100), 400, {
      message: "Points can be spent on orders of £10.00 or more.",
    });
    const guest = await t.guestToken();
    const guestBasket = await c.ready(guest);
    expectError(await spend(guest, guestBasket.basket, 100), 403, {
      errorCode: "MEMBERS_ONLY",
      message: MEMBER_MESSAGES.membersOnly,
    });
    expect((await t.call("GET", "/api/member/loyalty/summary", undefined, { token: guest })).status).toBe(403);
    const bakery = await progress(token, demoStoreIds.preorderOnly);
    expect(bakery.store.scheme).toBeNull();
    expect(bakery.progress).toMatchObject({ balanceValue: 0, tier: null, next: null });
  });

  const pointsTheirOwn =
    "keeps each member's points their own: B is refused spending on (or stopping) A's basket, " +
    "changes nothing, and sees none of A's history";
  it(pointsTheirOwn, async () => {
    const a = await newMember();
    const b = await newMember();
    const made = await c.ready(a, { goods: 15000 });
    await place(a, made);
    const next = await c.ready(a, { goods: 2000 });
    const readA = async () =>
      api.retrieveBasket.response.parse(
        (
          await post(
            "/api/basket/retrieve",
            {
              storeId: demoStoreIds.openLondonVictoria,
              fulfilmentMethod: "delivery",
              basketToken: next.basket.basketToken,
            },
            a,
          )
        ).body,
      );
    const ledger = await t.db.select().from(loyaltyLedger);
    const balance = (await summary(a)).balance;

    // A's basket is not B's to change: refused as every basket call from another session is (403), whatever it holds.
    expectError(await spend(b, next.basket, 100), 403, { message: BASKET_MESSAGES.otherSession });
    expect((await readA()).loyaltyPoints.pointsToSpend).toBe(0);
    // A spends 100; B cannot stop it either.
    expect((await spend(a, next.basket, 100)).status).toBe(200);
    expectError(await spend(b, next.basket, 0), 403, { message: BASKET_MESSAGES.otherSession });
    expect((await readA()).loyaltyPoints.pointsToSpend).toBe(100);

    expect(await t.db.select().from(loyaltyLedger)).toEqual(ledger);
    expect((await summary(a)).balance).toBe(balance);
    expect(await summary(b)).toEqual({ balance: 0, earned: 0, spent: 0, history: [] });
    expect(await progress(b)).toMatchObject({ progress: { balance: 0 } });
  });
});
