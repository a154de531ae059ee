import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { api } from "../contract";
import { orderPayments, orders, outbox, testGatewayHostedPayments, testGatewayPayments } from "../db/schema";
import {
  orderRow,
  RETURN_URLS,
  seededPlatform,
  seededPlatformWithFaults,
  shopperApi,
  type ShopperApi,
  type TestPlatform,
} from "../testing";
import { GatewayError } from "../ports/payment-gateway";
import { checkoutComGateway, EMBEDDED_PUBLIC_KEY, EMBEDDED_SECRET_KEY } from "./index";
import { PAGE_WATCH_EVERY_MS, PAGE_WATCH_MS, SWEEP_OLDER_THAN_MS, UNANSWERED_TRY_MS } from "./reconcile";
import { answerChallenge, cancelOnCardPage, payOnCardPage, TEST_CARD } from "./testing/drive";
import { cardToken, redirectOf, returnedPaymentId, type GatewayFaults } from "./testing/gateway";
import { HOSTED_PAGE_LIFETIME_MS } from "./test-gateway/state";

/*
 * The reconciliation sweep, through the real checkout.com adapter and the embedded test gateway. The shopper pays
 * on the gateway's own pages and then never comes back: the return address the gateway redirects to is never
 * called, and only the sweep (run as the server's timer runs it) can settle the payment. Each test has a platform
 * of its own, so a sweep's summary counts that test's payments alone.
 */

const LATER = SWEEP_OLDER_THAN_MS + 60_000;
const NOTHING = { checked: 0, placed: 0, closed: 0, left: 0 };

let t: TestPlatform;
let c: ShopperApi;
beforeEach(async () => {
  ({ t, shop: c } = await seededPlatform());
});
afterEach(() => t.close());

/** A draft to pay by card for a fresh guest session on `p` (see ShopperApi.draftFor). */
function draftFor(p: TestPlatform = t) {
  return (p === t ? c : shopperApi(p)).draftFor({ paymentGateway: "checkoutcom" });
}

async function pay(token: string, draftOrderId: string, body: Record<string, unknown> = {}, p: TestPlatform = t) {
  const res = await shopperApi(p).makePayment(token, draftOrderId, {
    paymentMethod: "card",
    paymentGateway: "checkoutcom",
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.makePayment.response.parse(res.body);
}

/** A hosted card page for a new draft, paid with `card` on the gateway; the shopper then closes the browser. */
async function paidAndGone(card: string, p: TestPlatform = t) {
  const ready = await draftFor(p);
  const hosted = await pay(ready.token, ready.draft.draftOrderId, {}, p);
  const left = await payOnCardPage(p.testGateway.fetch, redirectOf(hosted.gatewayData), { number: card });
  expect(left.status).toBe(303);
  return { ...ready, hosted, left };
}

/** A hosted card page for a new draft, which the shopper opens and leaves without paying. */
async function openPage() {
  const ready = await draftFor();
  return { ...ready, hosted: await pay(ready.token, ready.draft.draftOrderId) };
}

const triesOf = async (draftOrderId: string, p: TestPlatform = t) => {
  const order = await orderRow(p, draftOrderId);
  return p.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id)).orderBy(orderPayments.attempt);
};
const chargesOf = (draftOrderId: string) =>
  t.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.reference, draftOrderId));
const mailsOf = async (draftOrderId: string) =>
  t.db
    .select()
    .from(outbox)
    .where(eq(outbox.orderId, (await orderRow(t, draftOrderId)).id));
const placedOrders = () => t.db.select().from(orders).where(eq(orders.state, "placed"));

describe("a payment whose shopper never came back from the gateway", () => {
  it("places the order of a hosted card payment, once however often the sweep runs", async () => {
    const { token, draft, basket, left } = await paidAndGone(TEST_CARD.approve);
    const paymentId = returnedPaymentId(left.location, RETURN_URLS.successUrl);

    t.clock.advance(LATER);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 1, closed: 0, left: 0 });
    const row = await orderRow(t, draft.draftOrderId);
    expect(row).toMatchObject({ state: "placed", status: "sent_to_store", paymentMethod: "card" });
    expect(await triesOf(draft.draftOrderId)).toMatchObject([
      { attempt: 1, kind: "hosted", status: "approved", gatewayPaymentId: paymentId },
    ]);
    expect((await c.read(token, basket)).items).toEqual([]);
    const mails = await mailsOf(draft.draftOrderId);
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([["order_confirmation", "robin.shopper@example.com"]]);
    expect(mails[0]!.body).toContain(`/orders/${row.statusToken}`);
    expect(t.logs).toContainEqual(
      expect.objectContaining({
        event: "payments.reconciled",
        fields: expect.objectContaining({ orderId: row.id, outcome: "approved" }),
      }),
    );

    t.clock.advance(LATER);
    expect(await t.reconcilePayments()).toEqual(NOTHING);
    expect(await mailsOf(draft.draftOrderId)).toHaveLength(1);
    expect(await chargesOf(draft.draftOrderId)).toHaveLength(1);
    expect(await orderRow(t, draft.draftOrderId)).toEqual(row);

    // Should the shopper turn up after all, the return page answers the same order.
    const res = await c.post(
      "/api/payment/verifyPayment",
      { draftOrderId: draft.draftOrderId, paymentId, paymentGateway: "checkoutcom" },
      token,
    );
    expect(api.verifyPayment.response.parse(res.body)).toEqual({
      status: "placed",
      order: { businessOrderId: draft.businessOrderId, statusToken: row.statusToken },
      responseSummary: null,
    });
    expect(await mailsOf(draft.draftOrderId)).toHaveLength(1);
  });

  it("places the order of a 3-D Secure payment authenticated on the gateway, and waits while it is not", async () => {
    const { draft, left } = await paidAndGone(TEST_CARD.challenge);
    expect(left.location).toMatch(new RegExp(`^${t.testGateway.basePath}/3ds/pay_`));

    // The shopper is still at the challenge: the payment is known, but pending.
    t.clock.advance(LATER);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 0, left: 1 });
    const [charge] = await chargesOf(draft.draftOrderId);
    expect(left.location).toBe(`${t.testGateway.basePath}/3ds/${charge!.id}`);
    expect(await triesOf(draft.draftOrderId)).toMatchObject([{ status: "pending", gatewayPaymentId: charge!.id }]);
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("draft");

    const passed = await answerChallenge(t.testGateway.fetch, left.location!, "authenticate");
    returnedPaymentId(passed.location, RETURN_URLS.successUrl);
    t.clock.advance(LATER);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 1, closed: 0, left: 0 });
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("placed");
    expect((await triesOf(draft.draftOrderId)).map((p) => p.status)).toEqual(["approved"]);
    expect(await mailsOf(draft.draftOrderId)).toHaveLength(1);
  });

  it("places the order of a challenged card token authenticated on the gateway", async () => {
    const { token, draft } = await draftFor();
    const pending = await pay(token, draft.draftOrderId, { token: await cardToken(t, TEST_CARD.challenge) });
    await answerChallenge(t.testGateway.fetch, redirectOf(pending.gatewayData), "authenticate");

    t.clock.advance(LATER);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 1, closed: 0, left: 0 });
    expect(await triesOf(draft.draftOrderId)).toMatchObject([
      { kind: "token", status: "approved", gatewayPaymentId: pending.gatewayData!.id },
    ]);
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("placed");
    expect(await chargesOf(draft.draftOrderId)).toHaveLength(1);
  });

  it("closes a declined payment's try and leaves the draft a draft, ready to pay again", async () => {
    const { token, draft, left } = await paidAndGone(TEST_CARD.decline);
    const paymentId = returnedPaymentId(left.location, RETURN_URLS.failureUrl);

    t.clock.advance(LATER);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 1, left: 0 });
    const [declined] = await triesOf(draft.draftOrderId);
    expect(declined).toMatchObject({ status: "declined", gatewayPaymentId: paymentId });
    expect(declined!.responseSummary).toBeTruthy();
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("draft");
    expect(await placedOrders()).toEqual([]);
    expect(await mailsOf(draft.draftOrderId)).toEqual([]);
    expect(await t.reconcilePayments()).toEqual(NOTHING);

    const again = await pay(token, draft.draftOrderId);
    expect((await triesOf(draft.draftOrderId)).map((p) => [p.attempt, p.status, p.hostedId])).toEqual([
      [1, "declined", declined!.hostedId],
      [2, "pending", again.gatewayData!.id],
    ]);
  });

  it("places an approved payment on a draft superseded since", async () => {
    const { token, draft, processBody } = await paidAndGone(TEST_CARD.approve);
    const newer = await c.processOrder(token, { ...processBody, paymentGateway: "checkoutcom", firstname: "Robyn" });
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("superseded");

    t.clock.advance(LATER);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 1, closed: 0, left: 0 });
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("placed");
    expect((await orderRow(t, newer.draftOrderId)).state).toBe("superseded");
    expect(await mailsOf(draft.draftOrderId)).toHaveLength(1);
  });
});

describe("a card page closed on our side while it could still be paid", () => {
  /** The shopper's cancel return address is opened (the back button, a second tab) while the page stays open. */
  async function cancelledHere() {
    const { token, draft, basket } = await openPage();
    const res = await c.post("/api/payment/cancelPayment", { draftOrderId: draft.draftOrderId }, token);
    expect(api.cancelPayment.response.parse(res.body).status).toBe("cancelled");
    const [closed] = await triesOf(draft.draftOrderId);
    expect(closed).toMatchObject({ status: "cancelled", redirectUrl: expect.stringContaining("/hpp/") });
    return { token, draft, basket, closed: closed! };
  }

  it("places the draft order when the page is paid after all, found by the watch within PAGE_WATCH_EVERY_MS", async () => {
    const { token, draft, basket, closed } = await cancelledHere();
    const paid = await payOnCardPage(t.testGateway.fetch, closed.redirectUrl!, { number: TEST_CARD.approve });
    const paymentId = returnedPaymentId(paid.location, RETURN_URLS.successUrl);

    t.clock.advance(LATER);
    expect(await t.reconcilePayments()).toEqual(NOTHING);
    t.clock.advance(PAGE_WATCH_EVERY_MS);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 1, closed: 0, left: 0 });
    expect(await triesOf(draft.draftOrderId)).toMatchObject([{ status: "approved", gatewayPaymentId: paymentId }]);
    expect(await orderRow(t, draft.draftOrderId)).toMatchObject({ state: "placed", paymentMethod: "card" });
    expect(await mailsOf(draft.draftOrderId)).toHaveLength(1);
    expect((await c.read(token, basket)).items).toEqual([]);

    t.clock.advance(PAGE_WATCH_EVERY_MS);
    expect(await t.reconcilePayments()).toEqual(NOTHING);
    expect(await chargesOf(draft.draftOrderId)).toHaveLength(1);
  });

  it("asks about an unpaid page every PAGE_WATCH_EVERY_MS, and stops once it has expired", async () => {
    const { draft } = await cancelledHere();
    t.clock.advance(PAGE_WATCH_EVERY_MS + 1000);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 0, left: 1 });
    t.clock.advance(PAGE_WATCH_EVERY_MS / 2);
    expect(await t.reconcilePayments()).toEqual(NOTHING);

    t.clock.advance(HOSTED_PAGE_LIFETIME_MS);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 1, left: 0 });
    expect(await triesOf(draft.draftOrderId)).toMatchObject([
      { status: "cancelled", redirectUrl: null, gatewayPaymentId: null },
    ]);
    t.clock.advance(PAGE_WATCH_EVERY_MS + 1000);
    expect(await t.reconcilePayments()).toEqual(NOTHING);
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("draft");
  });

  it("records a declined payment on the page and stops watching; a page older than PAGE_WATCH_MS is left alone", async () => {
    const first = await cancelledHere();
    const declined = await payOnCardPage(t.testGateway.fetch, first.closed.redirectUrl!, { number: TEST_CARD.decline });
    const declinedId = returnedPaymentId(declined.location, RETURN_URLS.failureUrl);
    t.clock.advance(PAGE_WATCH_EVERY_MS + 1000);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 1, left: 0 });
    expect(await triesOf(first.draft.draftOrderId)).toMatchObject([
      { status: "cancelled", gatewayPaymentId: declinedId, redirectUrl: null },
    ]);

    await cancelledHere();
    t.clock.advance(PAGE_WATCH_MS);
    expect(await t.reconcilePayments()).toEqual(NOTHING);
  });
});

describe("what the sweep leaves alone", () => {
  it("leaves an open card page nobody paid on while it lives, and closes it as cancelled once it expired", async () => {
    const { draft, hosted } = await openPage();

    t.clock.advance(LATER);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 0, left: 1 });
    expect((await triesOf(draft.draftOrderId)).map((p) => p.status)).toEqual(["pending"]);
    t.clock.advance(HOSTED_PAGE_LIFETIME_MS - LATER - 60_000);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 0, left: 1 });

    t.clock.advance(2 * 60_000);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 1, left: 0 });
    expect((await triesOf(draft.draftOrderId)).map((p) => p.status)).toEqual(["cancelled"]);
    const [page] = await t.db
      .select()
      .from(testGatewayHostedPayments)
      .where(eq(testGatewayHostedPayments.id, hosted.gatewayData!.id!));
    expect(page!.status).toBe("Expired");
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("draft");
    expect(await t.reconcilePayments()).toEqual(NOTHING);
  });

  it("closes a page the shopper cancelled on the gateway without coming back", async () => {
    const { draft, hosted } = await openPage();
    await cancelOnCardPage(t.testGateway.fetch, redirectOf(hosted.gatewayData));
    t.clock.advance(LATER);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 1, left: 0 });
    expect((await triesOf(draft.draftOrderId)).map((p) => p.status)).toEqual(["cancelled"]);
  });

  it("does not touch a try younger than olderThanMs", async () => {
    const { draft } = await paidAndGone(TEST_CARD.approve);
    t.clock.advance(SWEEP_OLDER_THAN_MS - 1000);
    expect(await t.reconcilePayments()).toEqual(NOTHING);
    expect((await triesOf(draft.draftOrderId)).map((p) => [p.status, p.gatewayPaymentId])).toEqual([["pending", null]]);
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("draft");

    // A shorter olderThanMs reaches it.
    expect(await t.reconcilePayments({ olderThanMs: 30_000 })).toEqual({ checked: 1, placed: 1, closed: 0, left: 0 });
  });

  it("asks about the oldest tries first, at most limit of them", async () => {
    const first = await paidAndGone(TEST_CARD.approve);
    t.clock.advance(60_000);
    const second = await paidAndGone(TEST_CARD.approve);
    t.clock.advance(LATER);
    expect(await t.reconcilePayments({ limit: 1 })).toEqual({ checked: 1, placed: 1, closed: 0, left: 0 });
    expect((await orderRow(t, first.draft.draftOrderId)).state).toBe("placed");
    expect((await orderRow(t, second.draft.draftOrderId)).state).toBe("draft");
    expect(await t.reconcilePayments({ limit: 1 })).toEqual({ checked: 1, placed: 1, closed: 0, left: 0 });
    expect((await orderRow(t, second.draft.draftOrderId)).state).toBe("placed");
  });

  it("does nothing more for an order the shopper's return placed: one approved try, one charge", async () => {
    const { token, draft, left } = await paidAndGone(TEST_CARD.approve);
    const paymentId = returnedPaymentId(left.location, RETURN_URLS.successUrl);
    const res = await c.post(
      "/api/payment/verifyPayment",
      { draftOrderId: draft.draftOrderId, paymentId, paymentGateway: "checkoutcom" },
      token,
    );
    expect(api.verifyPayment.response.parse(res.body).status).toBe("placed");
    const placed = await orderRow(t, draft.draftOrderId);

    t.clock.advance(LATER);
    expect(await t.reconcilePayments()).toEqual(NOTHING);
    expect(await orderRow(t, draft.draftOrderId)).toEqual(placed);
    expect((await triesOf(draft.draftOrderId)).map((p) => [p.status, p.gatewayPaymentId])).toEqual([
      ["approved", paymentId],
    ]);
    expect((await chargesOf(draft.draftOrderId)).map((p) => p.status)).toEqual(["Authorized"]);
    expect(await mailsOf(draft.draftOrderId)).toHaveLength(1);
  });
});

describe("when the gateway does not answer", () => {
  // Each platform pays through the real adapter and test gateway, with faults put in on purpose (seededPlatformWithFaults).
  it("leaves a try for the next sweep when the gateway is unavailable, and goes on with the others", async () => {
    const { t: p, faults } = await seededPlatformWithFaults();
    try {
      const unreachable = await paidAndGone(TEST_CARD.approve, p);
      const broken = await paidAndGone(TEST_CARD.approve, p);
      const fine = await paidAndGone(TEST_CARD.approve, p);
      faults.failPage.set(
        unreachable.hosted.gatewayData!.id!,
        new GatewayError("unavailable", "checkout.com timed out"),
      );
      faults.failPage.set(broken.hosted.gatewayData!.id!, new Error("a bug in reading the page"));

      p.clock.advance(LATER);
      expect(await p.reconcilePayments()).toEqual({ checked: 3, placed: 1, closed: 0, left: 2 });
      expect((await orderRow(p, fine.draft.draftOrderId)).state).toBe("placed");
      for (const { draft } of [unreachable, broken]) {
        expect((await orderRow(p, draft.draftOrderId)).state).toBe("draft");
        expect((await triesOf(draft.draftOrderId, p)).map((x) => x.status)).toEqual(["pending"]);
      }
      expect(p.logs.map((l) => [l.level, l.event])).toEqual(
        expect.arrayContaining([
          ["warn", "payments.reconcile_gateway_error"],
          ["error", "payments.reconcile_failed"],
        ]),
      );

      faults.failPage.clear();
      expect(await p.reconcilePayments()).toEqual({ checked: 2, placed: 2, closed: 0, left: 0 });
      expect((await orderRow(p, unreachable.draft.draftOrderId)).state).toBe("placed");
      expect((await orderRow(p, broken.draft.draftOrderId)).state).toBe("placed");
    } finally {
      await p.close();
    }
  });

  /** A token payment on a new draft whose request fails as `fault` says: answer lost, or never sent. */
  async function lostTokenPayment(p: TestPlatform, faults: GatewayFaults, fault: "losePayment" | "drop") {
    const { token, draft } = await draftFor(p);
    const card = await cardToken(p, TEST_CARD.approve);
    faults[fault] = true;
    const lost = await shopperApi(p).makePayment(token, draft.draftOrderId, { paymentMethod: "card", token: card });
    expect(lost.status).toBe(503);
    expect((await triesOf(draft.draftOrderId, p)).map((x) => [x.kind, x.status, x.gatewayPaymentId])).toEqual([
      ["token", "initiated", null],
    ]);
    return { token, draft };
  }

  it("finds a token payment whose answer was lost by the order's reference, and places the order", async () => {
    const { t: p, faults } = await seededPlatformWithFaults();
    try {
      const { token, draft } = await lostTokenPayment(p, faults, "losePayment");
      const [charge] = await p.db
        .select()
        .from(testGatewayPayments)
        .where(eq(testGatewayPayments.reference, draft.draftOrderId));
      expect(charge!.status).toBe("Authorized");

      p.clock.advance(LATER);
      expect(await p.reconcilePayments()).toEqual({ checked: 1, placed: 1, closed: 0, left: 0 });
      expect((await triesOf(draft.draftOrderId, p)).map((x) => [x.kind, x.status, x.gatewayPaymentId])).toEqual([
        ["token", "approved", charge!.id],
      ]);
      const row = await orderRow(p, draft.draftOrderId);
      expect(row).toMatchObject({ state: "placed", status: "sent_to_store", paymentMethod: "card" });
      expect(p.logs).toContainEqual(
        expect.objectContaining({
          level: "warn",
          event: "payments.lost_answer_found",
          fields: expect.objectContaining({ paymentId: charge!.id }),
        }),
      );

      // The shopper, back on the payment page, finds the order placed rather than a second charge.
      const again = await shopperApi(p).makePayment(token, draft.draftOrderId, {
        paymentMethod: "card",
        token: "tok_never_used",
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(api.makePayment.response.parse(again.body).order).toEqual({
        businessOrderId: draft.businessOrderId,
        statusToken: row.statusToken,
      });
      expect(
        await p.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.reference, draft.draftOrderId)),
      ).toHaveLength(1);
      expect(await p.reconcilePayments()).toEqual(NOTHING);
    } finally {
      await p.close();
    }
  });

  it("leaves a token try whose request never reached the gateway, and closes it as failed after an hour", async () => {
    const { t: p, faults } = await seededPlatformWithFaults();
    try {
      const { draft } = await lostTokenPayment(p, faults, "drop");
      expect(
        await p.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.reference, draft.draftOrderId)),
      ).toEqual([]);
      // A charge that only shares the order's reference (another amount) is not the lost answer.
      const direct = checkoutComGateway({
        secretKey: EMBEDDED_SECRET_KEY,
        publicKey: EMBEDDED_PUBLIC_KEY,
        environment: "test",
        baseUrl: `http://gateway.test${p.testGateway.basePath}`,
        fetch: (input, init) => p.testGateway.fetch(new Request(input, init)),
      });
      const stray = await direct.requestPayment(
        {
          ...RETURN_URLS,
          token: await cardToken(p, TEST_CARD.approve),
          reference: draft.draftOrderId,
          amount: 1,
          currency: "GBP",
          customer: { email: "a@b.example", name: "A B" },
          billing: null,
          threeDs: false,
        },
        "stray-1",
      );
      expect(stray).toMatchObject({ approved: true, reference: draft.draftOrderId });

      p.clock.advance(LATER);
      expect(await p.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 0, left: 1 });
      expect(p.logs.some((l) => l.event === "payments.reconcile_unanswered")).toBe(true);
      expect((await triesOf(draft.draftOrderId, p)).map((x) => x.status)).toEqual(["initiated"]);

      p.clock.advance(UNANSWERED_TRY_MS - LATER - 60_000);
      expect(await p.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 0, left: 1 });
      p.clock.advance(2 * 60_000);
      expect(await p.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 1, left: 0 });
      expect((await triesOf(draft.draftOrderId, p)).map((x) => x.status)).toEqual(["failed"]);
      expect(p.logs).toContainEqual(
        expect.objectContaining({ level: "warn", event: "payments.unanswered_try_closed" }),
      );
      expect((await orderRow(p, draft.draftOrderId)).state).toBe("draft");
      expect(p.logs.some((l) => l.event === "payments.lost_answer_found")).toBe(false);
    } finally {
      await p.close();
    }
  });

  it("voids a second approval on an order placed by another way of paying, again until the void goes through", async () => {
    const { t: p, faults } = await seededPlatformWithFaults();
    try {
      const pc = shopperApi(p);
      const { token, draft } = await draftFor(p);
      const hosted = await pay(token, draft.draftOrderId, {}, p);
      // Cash places the order while the card page is open in another tab; the card is then paid there, and the
      // shopper never comes back from it.
      const cash = api.makePayment.response.parse(
        (await pc.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" })).body,
      );
      expect(cash.order).not.toBeNull();
      const paid = await payOnCardPage(p.testGateway.fetch, redirectOf(hosted.gatewayData), {
        number: TEST_CARD.approve,
      });
      const paymentId = returnedPaymentId(paid.location, RETURN_URLS.successUrl);
      const charge = async () =>
        (await p.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, paymentId)))[0]!;
      expect((await charge()).status).toBe("Authorized");

      // The card try was closed when cash placed the order, but its page is watched for a late payment.
      expect((await triesOf(draft.draftOrderId, p)).map((x) => [x.kind, x.status])).toEqual([
        ["hosted", "cancelled"],
        ["cash", "approved"],
      ]);
      faults.failVoids = 1;
      p.clock.advance(LATER);
      expect(await p.reconcilePayments()).toEqual(NOTHING);
      p.clock.advance(PAGE_WATCH_EVERY_MS);
      expect(await p.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 0, left: 1 });
      expect(p.logs).toContainEqual(expect.objectContaining({ level: "warn", event: "payments.closed_page_paid" }));
      expect(p.logs).toContainEqual(expect.objectContaining({ level: "error", event: "payments.void_failed" }));
      expect((await triesOf(draft.draftOrderId, p)).map((x) => [x.kind, x.status])).toEqual([
        ["hosted", "pending"],
        ["cash", "approved"],
      ]);
      expect((await charge()).status).toBe("Authorized");

      p.clock.advance(LATER);
      expect(await p.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 1, left: 0 });
      expect((await triesOf(draft.draftOrderId, p)).map((x) => [x.kind, x.status])).toEqual([
        ["hosted", "voided"],
        ["cash", "approved"],
      ]);
      expect((await charge()).status).toBe("Voided");
      expect(await orderRow(p, draft.draftOrderId)).toMatchObject({ state: "placed", paymentMethod: "cash" });
      expect(await p.reconcilePayments()).toEqual(NOTHING);
    } finally {
      await p.close();
    }
  });
});
