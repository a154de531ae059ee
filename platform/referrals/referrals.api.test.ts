import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, MEMBER_MESSAGES, type ReferralLink } from "../contract";
import { memberSeries } from "../auth/testing/accounts";
import { saveBusinessProfileOverrides, DEFAULT_BUSINESS_PROFILE } from "../business/profile";
import {
  creditLedger,
  members,
  orderPayments,
  orders,
  outbox,
  referrals,
  stores,
  testGatewayHostedPayments,
  testGatewayPayments,
} from "../db/schema";
import {
  expectError,
  resetClockAndHolds,
  seededPlatform,
  VICTORIA,
  type ShopperApi,
  type TestPlatform,
} from "../testing";
import { recordCreditSpend, settleReferral } from "./ledger";

let t: TestPlatform;
let c: ShopperApi;
beforeAll(async () => {
  ({ t, shop: c } = await seededPlatform());
});
afterAll(() => t.close());
afterEach(async () => {
  await saveBusinessProfileOverrides(t.db, t.clock, {});
  await resetClockAndHolds(t);
});

const SCHEME = DEFAULT_BUSINESS_PROFILE.referral;
const nextMember = memberSeries("referral", 500);

/** A new member: their token, id and referFriendCode (from their profile). */
async function member(referral?: Partial<ReferralLink> | Record<string, unknown>) {
  const made = await nextMember(t, referral ? { referral } : {});
  const profile = api.memberProfileGet.response.parse(
    (await t.call("POST", "/api/member/profile/get", {}, { token: made.token })).body,
  );
  return { ...made, id: profile.id, code: profile.referFriendCode };
}

const linkTo = (code: string, extra: Partial<ReferralLink> = {}): ReferralLink => ({
  partnerUniqueId: SCHEME.partnerUniqueId,
  partnerMemberId: code,
  storeId: VICTORIA,
  ...extra,
});

/** A referrer and a new member registered through their link. */
async function pair() {
  const referrer = await member();
  const friend = await member(linkTo(referrer.code));
  return { referrer, friend };
}

const referralOf = async (memberId: number) =>
  (await t.db.select().from(referrals).where(eq(referrals.referredMemberId, memberId)))[0] ?? null;
const ledgerOf = (memberIds: number[]) =>
  t.db.select().from(creditLedger).where(inArray(creditLedger.memberId, memberIds)).orderBy(asc(creditLedger.id));
const credit = async (token: string) => {
  const res = await t.call("POST", "/api/member/credit/get", {}, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.memberCreditGet.response.parse(res.body);
};
const basketOf = async (token: string, basketToken: string) =>
  api.retrieveBasket.response.parse(
    (await c.post("/api/basket/retrieve", { storeId: VICTORIA, fulfilmentMethod: "delivery", basketToken }, token))
      .body,
  );

/** Places the member's ready basket, paid in cash; answers the order row. */
async function place(token: string, made: Awaited<ReturnType<ShopperApi["ready"]>>) {
  const draft = await c.processOrder(token, made.processBody);
  const paid = await c.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const [row] = await t.db.select().from(orders).where(eq(orders.businessOrderId, draft.businessOrderId));
  return row!;
}

describe("registering through a referral link", () => {
  it("links the new member to the member whose code it names, in any case; the profile shows each member's code", async () => {
    const referrer = await member();
    expect(referrer.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const friend = await member(linkTo(referrer.code.toLowerCase()));
    expect(friend.code).not.toBe(referrer.code);
    expect(await referralOf(friend.id)).toMatchObject({
      referrerMemberId: referrer.id,
      storeId: VICTORIA,
      partnerUniqueId: SCHEME.partnerUniqueId,
      settledOrderId: null,
      settledAt: null,
    });
    expect((await credit(referrer.token)).referrals).toEqual({ joined: 1, ordered: 0 });
  });

  it("registers without a link for another scheme, an unknown code or store, or while the scheme is hidden", async () => {
    const referrer = await member();
    const others = [
      await member(linkTo(referrer.code, { partnerUniqueId: "another-shop" })),
      await member(linkTo("ZZZZZZZZ")),
      await member(linkTo(referrer.code, { storeId: 999_999 })),
    ];
    await saveBusinessProfileOverrides(t.db, t.clock, { hideReferralUI: true });
    others.push(await member(linkTo(referrer.code)));
    for (const other of others) expect(await referralOf(other.id)).toBeNull();
    expect((await credit(referrer.token)).referrals).toEqual({ joined: 0, ordered: 0 });
  });
});

describe("credit", () => {
  const givenOnce =
    "is given to both once the new member's first order is placed, once; " +
    "the next basket spends it and placement writes the spend";
  it(givenOnce, async () => {
    const { referrer, friend } = await pair();
    const first = await c.ready(friend.token);
    expect(first.basket.credit).toBeNull();
    const order1 = await place(friend.token, first);
    expect(order1.creditPence).toBe(0);

    const rewards = await ledgerOf([referrer.id, friend.id]);
    const referral = await referralOf(friend.id);
    expect(referral).toMatchObject({ settledOrderId: order1.id });
    expect(rewards.map((r) => [r.memberId, r.kind, r.amountPence, r.orderId, r.referralId])).toEqual([
      [referrer.id, "referrer_reward", SCHEME.referrerCreditPence, order1.id, referral!.id],
      [friend.id, "new_member_reward", SCHEME.newMemberCreditPence, order1.id, referral!.id],
    ]);

    // Paying again, or the placement's credit steps run again, write nothing more.
    expect((await c.makePayment(friend.token, order1.draftOrderId, { paymentMethod: "cash" })).status).toBe(200);
    await t.db.transaction(async (tx) => {
      expect(await settleReferral(tx, { id: order1.id, memberId: friend.id }, SCHEME, t.clock.now())).toBe(false);
      await recordCreditSpend(tx, { id: order1.id, memberId: friend.id, creditPence: 0 }, t.clock.now());
    });
    expect(await ledgerOf([referrer.id, friend.id])).toEqual(rewards);

    // The next basket spends the new member's credit, after everything else.
    const second = await c.ready(friend.token);
    const before =
      second.basket.orderSubtotalAfterDiscounts -
      second.basket.loyaltyPoints.deductCost +
      second.basket.fulfilmentMethod.cost +
      second.basket.tips.amount;
    expect(second.basket.credit).toEqual({
      balance: SCHEME.newMemberCreditPence,
      applied: SCHEME.newMemberCreditPence,
    });
    expect(second.basket.orderTotal).toBe(before - SCHEME.newMemberCreditPence);
    const order2 = await place(friend.token, second);
    expect(order2).toMatchObject({
      creditPence: SCHEME.newMemberCreditPence,
      totalPence: before - SCHEME.newMemberCreditPence,
    });

    // A second order settles nothing more: only the spend is new.
    const after = await ledgerOf([referrer.id, friend.id]);
    expect(after.slice(0, 2)).toEqual(rewards);
    expect(after.slice(2).map((r) => [r.memberId, r.kind, r.amountPence, r.orderId])).toEqual([
      [friend.id, "spend", -SCHEME.newMemberCreditPence, order2.id],
    ]);
    expect((await basketOf(friend.token, second.basket.basketToken)).credit).toBeNull();

    // The order shows the credit it spent, and so does its confirmation.
    const status = api.getOrderStatus.response.parse(
      (await c.post("/api/stores/orderStatus", { businessOrderId: order2.businessOrderId }, friend.token)).body,
    );
    expect(status.totals).toMatchObject({ credit: SCHEME.newMemberCreditPence, total: order2.totalPence });
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order2.id), eq(outbox.kind, "order_confirmation")));
    expect(mail?.body).toContain("Credit: -£5.00");
    expect(mail?.body).toContain("You pay cash on delivery.");

    const [firstStore] = await t.db.select({ id: stores.id }).from(stores).orderBy(asc(stores.id)).limit(1);
    expect(await credit(referrer.token)).toMatchObject({
      balance: SCHEME.referrerCreditPence,
      referFriendCode: referrer.code,
      scheme: SCHEME,
      // No orders of their own: the first store.
      shareStoreId: firstStore!.id,
      referrals: { joined: 1, ordered: 1 },
      // The friend's order is theirs: its number is not shown to the referrer.
      history: [{ kind: "referrer_reward", amount: SCHEME.referrerCreditPence, businessOrderId: null }],
    });
    const mine = await credit(friend.token);
    expect(mine).toMatchObject({
      balance: 0,
      referFriendCode: friend.code,
      shareStoreId: VICTORIA,
      referrals: { joined: 0, ordered: 0 },
    });
    expect(mine.history.map((h) => [h.kind, h.amount, h.businessOrderId])).toEqual([
      ["spend", -SCHEME.newMemberCreditPence, order2.businessOrderId],
      ["new_member_reward", SCHEME.newMemberCreditPence, order1.businessOrderId],
    ]);
  });

  it("spent by two orders at once is written up to the balance: it never goes below zero, and each order keeps its discount", async () => {
    const { friend } = await pair();
    await place(friend.token, await c.ready(friend.token));
    const one = await c.ready(friend.token);
    const two = await c.ready(friend.token);
    expect(one.basket.basketToken).not.toBe(two.basket.basketToken);
    expect(one.basket.credit?.applied).toBe(SCHEME.newMemberCreditPence);
    expect(two.basket.credit?.applied).toBe(SCHEME.newMemberCreditPence);
    const drafts = [
      await c.processOrder(friend.token, one.processBody),
      await c.processOrder(friend.token, two.processBody),
    ];
    const paid = await Promise.all(
      drafts.map((d) => c.makePayment(friend.token, d.draftOrderId, { paymentMethod: "cash" })),
    );
    for (const res of paid) expect(res.status, JSON.stringify(res.body)).toBe(200);

    const placed = await t.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.draftOrderId,
          drafts.map((d) => d.draftOrderId),
        ),
      );
    expect(placed.map((o) => [o.state, o.creditPence])).toEqual([
      ["placed", SCHEME.newMemberCreditPence],
      ["placed", SCHEME.newMemberCreditPence],
    ]);
    const spends = (await ledgerOf([friend.id])).filter((r) => r.kind === "spend");
    expect(spends.map((r) => r.amountPence)).toEqual([-SCHEME.newMemberCreditPence]);
    expect((await credit(friend.token)).balance).toBe(0);
  });

  it("covering the whole order leaves 0 to pay: paying by card places it at once, without the gateway", async () => {
    await saveBusinessProfileOverrides(t.db, t.clock, { referral: { ...SCHEME, newMemberCreditPence: 5000 } });
    const { friend } = await pair();
    await place(friend.token, await c.ready(friend.token));
    const made = await c.ready(friend.token);
    const before =
      made.basket.orderSubtotalAfterDiscounts + made.basket.fulfilmentMethod.cost + made.basket.tips.amount;
    expect(before).toBeLessThan(5000);
    expect(made.basket.credit).toEqual({ balance: 5000, applied: before });
    expect(made.basket.orderTotal).toBe(0);

    const draft = await c.processOrder(friend.token, { ...made.processBody, paymentGateway: "checkoutcom" });
    expect(draft.total).toBe(0);
    const paid = await c.makePayment(friend.token, draft.draftOrderId, {
      paymentMethod: "card",
      paymentGateway: "checkoutcom",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const answer = api.makePayment.response.parse(paid.body);
    expect(answer.gatewayData).toBeNull();
    expect(answer.order?.businessOrderId).toBe(draft.businessOrderId);

    const [order] = await t.db.select().from(orders).where(eq(orders.draftOrderId, draft.draftOrderId));
    expect(order).toMatchObject({ state: "placed", paymentMethod: "card", totalPence: 0, creditPence: before });
    const tries = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, order!.id));
    expect(tries.map((p) => [p.method, p.kind, p.gateway, p.status, p.amountPence, p.gatewayPaymentId])).toEqual([
      ["card", "credit", null, "approved", 0, null],
    ]);
    expect(
      await t.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.reference, draft.draftOrderId)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(testGatewayHostedPayments)
        .where(eq(testGatewayHostedPayments.reference, draft.draftOrderId)),
    ).toEqual([]);
    expect((await credit(friend.token)).balance).toBe(5000 - before);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order!.id), eq(outbox.kind, "order_confirmation")));
    expect(mail?.body).toContain("Total: £0.00");
    expect(mail?.body).toContain("Paid with credit.");

    // Paying again answers the same order; the sweep has nothing open to look at; a payment id from nowhere is refused.
    const again = api.makePayment.response.parse(
      (await c.makePayment(friend.token, draft.draftOrderId, { paymentMethod: "card", paymentGateway: "checkoutcom" }))
        .body,
    );
    expect(again).toEqual(answer);
    expect((await t.reconcilePayments()).checked).toBe(0);
    const verify = await c.post(
      "/api/payment/verifyPayment",
      { draftOrderId: draft.draftOrderId, paymentId: "pay_notreal0000000000000000" },
      friend.token,
    );
    expect(verify.status).toBe(409);
    expect(await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, order!.id))).toEqual(tries);
  });

  const hiddenScheme =
    "is neither offered nor given while the scheme is hidden: " +
    "baskets show none, a first order settles the referral with no rewards";
  it(hiddenScheme, async () => {
    const earlier = await pair();
    await place(earlier.friend.token, await c.ready(earlier.friend.token));
    const { referrer, friend } = await pair();
    await saveBusinessProfileOverrides(t.db, t.clock, { hideReferralUI: true });

    const made = await c.ready(earlier.friend.token);
    expect(made.basket.credit).toBeNull();
    expect(made.basket.orderTotal).toBe(
      made.basket.orderSubtotalAfterDiscounts + made.basket.fulfilmentMethod.cost + made.basket.tips.amount,
    );
    const spentNothing = await place(earlier.friend.token, made);
    expect(spentNothing.creditPence).toBe(0);
    expect((await credit(earlier.friend.token)).balance).toBe(SCHEME.newMemberCreditPence);

    const order = await place(friend.token, await c.ready(friend.token));
    expect(await referralOf(friend.id)).toMatchObject({ settledOrderId: order.id });
    expect(await ledgerOf([referrer.id, friend.id])).toEqual([]);

    // Shown again later, the settled referral gives nothing more.
    await saveBusinessProfileOverrides(t.db, t.clock, {});
    await place(friend.token, await c.ready(friend.token));
    expect(await ledgerOf([referrer.id, friend.id])).toEqual([]);
  });

  it("is a member's own: a guest is refused", async () => {
    const guest = await t.guestToken();
    expectError(await t.call("POST", "/api/member/credit/get", {}, { token: guest }), 403, {
      errorCode: "MEMBERS_ONLY",
      message: MEMBER_MESSAGES.membersOnly,
    });
    expect((await c.ready(guest)).basket.credit).toBeNull();
    const [row] = await t.db.select({ code: members.referFriendCode }).from(members).limit(1);
    expect(row?.code).toBeTruthy();
  });
});
