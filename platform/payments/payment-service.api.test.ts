import { eq } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, CHECKOUT_MESSAGES, PAYMENT_MESSAGES } from "../contract";
import { orderPayments, orders, outbox, slotHolds, testGatewayHostedPayments, testGatewayPayments } from "../db/schema";
import {
  expectError,
  orderRow,
  resetClockAndHolds,
  RETURN_URLS,
  seededPlatform,
  seededPlatformWithFaults,
  TEST_NOW,
  type SeededPlatform,
  type ShopperApi,
  type TestPlatform,
} from "../testing";
import { applePayMerchantValidator } from "./apple-pay";
import { answerChallenge, cancelOnCardPage, payOnCardPage, TEST_CARD } from "./testing/drive";
import { cardToken, redirectOf, returnedPaymentId, type GatewayFaults } from "./testing/gateway";

/*
 * Card and wallet payments through the checkout.com adapter and the embedded test gateway, playing the shopper on
 * the gateway's own pages. The gateway keeps its state in the same database, so "one charge" is counted there.
 */

let t: TestPlatform;
let c: ShopperApi;
beforeAll(async () => {
  ({ t, shop: c } = await seededPlatform());
});
afterAll(() => t.close());
afterEach(() => resetClockAndHolds(t));

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8")) as Record<string, unknown>;

/** A draft to pay by card for a fresh guest session (see ShopperApi.draftFor). */
const draftFor = (options: { billing?: boolean } = {}) => c.draftFor({ ...options, paymentGateway: "checkoutcom" });

async function pay(token: string, draftOrderId: string, body: Record<string, unknown> = {}) {
  const res = await c.makePayment(token, draftOrderId, {
    paymentMethod: "card",
    paymentGateway: "checkoutcom",
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.makePayment.response.parse(res.body);
}

async function verify(token: string, draftOrderId: string, paymentId: string) {
  const res = await c.post(
    "/api/payment/verifyPayment",
    { draftOrderId, paymentId, paymentGateway: "checkoutcom" },
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.verifyPayment.response.parse(res.body);
}

async function cancel(token: string, draftOrderId: string) {
  const res = await c.post("/api/payment/cancelPayment", { draftOrderId }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.cancelPayment.response.parse(res.body);
}

const triesOf = async (draftOrderId: string) => {
  const order = await orderRow(t, draftOrderId);
  return t.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id)).orderBy(orderPayments.attempt);
};
const gatewayPaymentsOf = (draftOrderId: string) =>
  t.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.reference, draftOrderId));
const hostedPagesOf = (draftOrderId: string) =>
  t.db.select().from(testGatewayHostedPayments).where(eq(testGatewayHostedPayments.reference, draftOrderId));
const mailsOf = async (draftOrderId: string) =>
  t.db
    .select()
    .from(outbox)
    .where(eq(outbox.orderId, (await orderRow(t, draftOrderId)).id));

describe("card on the gateway's hosted page", () => {
  it("opens one hosted page for the order, and answers the same page to a repeat", async () => {
    const { token, draft, basket } = await draftFor({ billing: true });
    const first = await pay(token, draft.draftOrderId);
    expect(first.order).toBeNull();
    expect(first.gatewayData).toMatchObject({ approved: false, status: "Pending", response_summary: null });
    expect(first.gatewayData!.id).toMatch(/^hpp_/);
    expect(redirectOf(first.gatewayData)).toBe(`${t.testGateway.basePath}/hpp/${first.gatewayData!.id}`);

    // Ten minutes on the card page: the place in the slot is kept while the shopper pays.
    t.clock.advance(10 * 60_000);
    const again = await pay(token, draft.draftOrderId);
    expect(again).toEqual(first);
    const [hold] = await t.db.select().from(slotHolds).where(eq(slotHolds.basketToken, basket.basketToken));
    expect(hold!.expiresAt.getTime()).toBe(Date.parse(TEST_NOW) + 10 * 60_000 + 900_000);
    expect(await hostedPagesOf(draft.draftOrderId)).toHaveLength(1);
    expect(await triesOf(draft.draftOrderId)).toMatchObject([
      {
        attempt: 1,
        kind: "hosted",
        method: "card",
        status: "pending",
        hostedId: first.gatewayData!.id,
        idempotencyKey: `${draft.draftOrderId}:1`,
        amountPence: draft.total,
      },
    ]);
    const [page] = await hostedPagesOf(draft.draftOrderId);
    expect(page).toMatchObject({
      amount: draft.total,
      currency: "GBP",
      successUrl: RETURN_URLS.successUrl,
      cancelUrl: RETURN_URLS.cancelUrl,
    });
    expect(page!.customer).toEqual({ email: "robin.shopper@example.com", name: "Robin Shopper" });
    // The order's billing address, in checkout.com's shape.
    expect(page!.billing).toEqual({
      address: { address_line1: "Flat 3, 12 Example Mews", city: "London", zip: "SW1A 1AA", country: "GB" },
    });
  });

  it("opens one hosted page for two calls at once", async () => {
    const { token, draft } = await draftFor();
    const [a, b] = await Promise.all([pay(token, draft.draftOrderId), pay(token, draft.draftOrderId)]);
    expect(a).toEqual(b);
    expect(await hostedPagesOf(draft.draftOrderId)).toHaveLength(1);
    expect(await triesOf(draft.draftOrderId)).toHaveLength(1);
  });

  it("places the order when the shopper pays and comes back, once however often the return is replayed", async () => {
    const { token, draft, basket } = await draftFor();
    const hosted = await pay(token, draft.draftOrderId);
    const back = await payOnCardPage(t.testGateway.fetch, redirectOf(hosted.gatewayData), {
      number: TEST_CARD.approve,
    });
    expect(back.status).toBe(303);
    const paymentId = returnedPaymentId(back.location, RETURN_URLS.successUrl);

    const outcome = await verify(token, draft.draftOrderId, paymentId);
    const row = await orderRow(t, draft.draftOrderId);
    expect(outcome).toEqual({
      status: "placed",
      order: { businessOrderId: draft.businessOrderId, statusToken: row.statusToken },
      responseSummary: null,
    });
    expect(row).toMatchObject({ state: "placed", status: "sent_to_store", paymentMethod: "card" });
    expect((await c.read(token, basket)).items).toEqual([]);

    expect(await verify(token, draft.draftOrderId, paymentId)).toEqual(outcome);
    expect(await verify(token, draft.draftOrderId, paymentId)).toEqual(outcome);
    expect(await triesOf(draft.draftOrderId)).toMatchObject([
      { attempt: 1, status: "approved", gatewayPaymentId: paymentId },
    ]);
    expect(await gatewayPaymentsOf(draft.draftOrderId)).toHaveLength(1);
    expect(await mailsOf(draft.draftOrderId)).toHaveLength(1);

    // Paying again for a placed order answers the order, and charges nothing.
    const after = await pay(token, draft.draftOrderId);
    expect(after.order).toEqual(outcome.order);
    expect(after.gatewayData).toMatchObject({ approved: true, id: paymentId });
    expect(await gatewayPaymentsOf(draft.draftOrderId)).toHaveLength(1);
    expect(await cancel(token, draft.draftOrderId)).toEqual(outcome);
  });

  it("records a declined card, then places the order with the next card: two tries, one charge", async () => {
    const { token, draft } = await draftFor();
    const first = await pay(token, draft.draftOrderId);
    const declined = await payOnCardPage(t.testGateway.fetch, redirectOf(first.gatewayData), {
      number: TEST_CARD.decline,
    });
    const declinedId = returnedPaymentId(declined.location, RETURN_URLS.failureUrl);
    const outcome = await verify(token, draft.draftOrderId, declinedId);
    expect(outcome.status).toBe("declined");
    expect(outcome.order).toBeNull();
    expect(outcome.responseSummary).toBeTruthy();
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("draft");

    const second = await pay(token, draft.draftOrderId);
    expect(second.gatewayData!.id).not.toBe(first.gatewayData!.id);
    const approved = await payOnCardPage(t.testGateway.fetch, redirectOf(second.gatewayData), {
      number: TEST_CARD.approve,
    });
    const placed = await verify(
      token,
      draft.draftOrderId,
      returnedPaymentId(approved.location, RETURN_URLS.successUrl),
    );
    expect(placed.status).toBe("placed");
    expect((await triesOf(draft.draftOrderId)).map((p) => [p.attempt, p.status])).toEqual([
      [1, "declined"],
      [2, "approved"],
    ]);
    const charges = (await gatewayPaymentsOf(draft.draftOrderId)).filter((p) => p.approved);
    expect(charges).toHaveLength(1);
  });

  it("closes the page when the shopper cancels, and pays on a new page afterwards", async () => {
    const { token, draft } = await draftFor();
    const first = await pay(token, draft.draftOrderId);
    const left = await cancelOnCardPage(t.testGateway.fetch, redirectOf(first.gatewayData));
    expect(left.location).toBe(RETURN_URLS.cancelUrl);
    expect(await cancel(token, draft.draftOrderId)).toEqual({
      status: "cancelled",
      order: null,
      responseSummary: null,
    });
    expect(await cancel(token, draft.draftOrderId)).toEqual({
      status: "cancelled",
      order: null,
      responseSummary: null,
    });

    const second = await pay(token, draft.draftOrderId);
    expect(second.gatewayData!.id).not.toBe(first.gatewayData!.id);
    expect((await triesOf(draft.draftOrderId)).map((p) => [p.attempt, p.status, p.idempotencyKey])).toEqual([
      [1, "cancelled", `${draft.draftOrderId}:1`],
      [2, "pending", `${draft.draftOrderId}:2`],
    ]);
    const paid = await payOnCardPage(t.testGateway.fetch, redirectOf(second.gatewayData), {
      number: TEST_CARD.approve,
    });
    expect(
      (await verify(token, draft.draftOrderId, returnedPaymentId(paid.location, RETURN_URLS.successUrl))).status,
    ).toBe("placed");
  });

  it("places the order on the cancel page when the gateway says it was paid after all", async () => {
    const { token, draft } = await draftFor();
    const hosted = await pay(token, draft.draftOrderId);
    await payOnCardPage(t.testGateway.fetch, redirectOf(hosted.gatewayData), { number: TEST_CARD.approve });
    const outcome = await cancel(token, draft.draftOrderId);
    expect(outcome.status).toBe("placed");
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("placed");
  });

  it("takes a 3-D Secure challenge: authenticated places the order, failed is declined", async () => {
    const { token, draft } = await draftFor();
    const hosted = await pay(token, draft.draftOrderId);
    const challenge = await payOnCardPage(t.testGateway.fetch, redirectOf(hosted.gatewayData), {
      number: TEST_CARD.challenge,
    });
    expect(challenge.location).toMatch(new RegExp(`^${t.testGateway.basePath}/3ds/pay_`));
    const failed = await answerChallenge(t.testGateway.fetch, challenge.location!, "fail");
    expect(
      (await verify(token, draft.draftOrderId, returnedPaymentId(failed.location, RETURN_URLS.failureUrl))).status,
    ).toBe("declined");

    const retry = await pay(token, draft.draftOrderId);
    const again = await payOnCardPage(t.testGateway.fetch, redirectOf(retry.gatewayData), {
      number: TEST_CARD.challenge,
    });
    const passed = await answerChallenge(t.testGateway.fetch, again.location!, "authenticate");
    expect(
      (await verify(token, draft.draftOrderId, returnedPaymentId(passed.location, RETURN_URLS.successUrl))).status,
    ).toBe("placed");
  });

  it("voids a second approval for an order already placed, and keeps the order", async () => {
    const { token, draft } = await draftFor();
    const hosted = await pay(token, draft.draftOrderId);
    // The shopper turns to cash while the card page is still open in another tab...
    const cash = api.makePayment.response.parse(
      (await c.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" })).body,
    );
    expect(cash.order).not.toBeNull();
    // ... and then pays on that page too.
    const paid = await payOnCardPage(t.testGateway.fetch, redirectOf(hosted.gatewayData), {
      number: TEST_CARD.approve,
    });
    const paymentId = returnedPaymentId(paid.location, RETURN_URLS.successUrl);
    const outcome = await verify(token, draft.draftOrderId, paymentId);
    expect(outcome).toEqual({ status: "placed", order: cash.order, responseSummary: null });
    expect((await orderRow(t, draft.draftOrderId)).paymentMethod).toBe("cash");
    expect((await triesOf(draft.draftOrderId)).map((p) => [p.kind, p.status])).toEqual([
      ["hosted", "voided"],
      ["cash", "approved"],
    ]);
    const [charge] = await gatewayPaymentsOf(draft.draftOrderId);
    expect(charge!.status).toBe("Voided");
    expect(await mailsOf(draft.draftOrderId)).toHaveLength(1);
  });
});

describe("card and wallet tokens", () => {
  it("places the order at once for an approved token", async () => {
    const { token, draft } = await draftFor();
    const answer = await pay(token, draft.draftOrderId, { token: await cardToken(t, TEST_CARD.approve), cvv: "123" });
    expect(answer.gatewayData).toMatchObject({ approved: true, _links: {} });
    expect(answer.gatewayData!.id).toMatch(/^pay_/);
    const row = await orderRow(t, draft.draftOrderId);
    expect(answer.order).toEqual({ businessOrderId: draft.businessOrderId, statusToken: row.statusToken });
    expect(row.paymentMethod).toBe("card");
    expect(await triesOf(draft.draftOrderId)).toMatchObject([
      { kind: "token", status: "approved", gatewayPaymentId: answer.gatewayData!.id },
    ]);
  });

  it("answers a declined token as declined, and takes the next one", async () => {
    const { token, draft } = await draftFor();
    const declined = await pay(token, draft.draftOrderId, { token: await cardToken(t, TEST_CARD.decline) });
    expect(declined.order).toBeNull();
    expect(declined.gatewayData).toMatchObject({ approved: false, status: "Declined" });
    expect(declined.gatewayData!.response_summary).toBeTruthy();
    const approved = await pay(token, draft.draftOrderId, { token: await cardToken(t, TEST_CARD.approve) });
    expect(approved.order).not.toBeNull();
    expect((await triesOf(draft.draftOrderId)).map((p) => p.status)).toEqual(["declined", "approved"]);
    expect((await gatewayPaymentsOf(draft.draftOrderId)).filter((p) => p.approved)).toHaveLength(1);
  });

  it("charges a token once for two calls at once", async () => {
    const { token, draft } = await draftFor();
    const card = await cardToken(t, TEST_CARD.approve);
    const [a, b] = await Promise.all([
      pay(token, draft.draftOrderId, { token: card }),
      pay(token, draft.draftOrderId, { token: card }),
    ]);
    expect(a.order).toEqual(b.order);
    expect(a.order).not.toBeNull();
    const charges = await gatewayPaymentsOf(draft.draftOrderId);
    expect(charges.map((p) => p.status)).toEqual(["Authorized"]);
    expect((await triesOf(draft.draftOrderId)).map((p) => p.status)).toEqual(["approved"]);
  });

  it("sends a challenged token to 3-D Secure and answers the same redirect to a repeat", async () => {
    const { token, draft } = await draftFor();
    const card = await cardToken(t, TEST_CARD.challenge);
    const pending = await pay(token, draft.draftOrderId, { token: card });
    expect(pending.gatewayData).toMatchObject({ approved: false, status: "Pending" });
    const href = redirectOf(pending.gatewayData);
    expect(href).toMatch(new RegExp(`^${t.testGateway.basePath}/3ds/pay_`));
    const repeat = await pay(token, draft.draftOrderId, { token: card });
    expect(redirectOf(repeat.gatewayData)).toBe(href);
    const passed = await answerChallenge(t.testGateway.fetch, href, "authenticate");
    expect(
      (await verify(token, draft.draftOrderId, returnedPaymentId(passed.location, RETURN_URLS.successUrl))).status,
    ).toBe("placed");
    expect(await gatewayPaymentsOf(draft.draftOrderId)).toHaveLength(1);
  });

  it("pays with Google Pay and Apple Pay token data", async () => {
    for (const [method, field, data] of [
      ["googlepay", "googleTokenData", fixture("googlepay-token-data.json")],
      ["applepay", "appleTokenData", fixture("applepay-token-data.json")],
    ] as const) {
      const { token, draft } = await draftFor();
      expectError(await c.makePayment(token, draft.draftOrderId, { paymentMethod: method }), 400, {
        errorDisplay: PAYMENT_MESSAGES.validationError,
      });
      const answer = await pay(token, draft.draftOrderId, {
        paymentMethod: method,
        [field]: data,
        type: method === "googlepay" ? "GooglePayExpress" : null,
      });
      expect(answer.gatewayData!.approved).toBe(true);
      expect(answer.order).not.toBeNull();
      expect((await orderRow(t, draft.draftOrderId)).paymentMethod).toBe(method);
    }
  });

  it("sends a Google Pay card kept in the Google account (PAN_ONLY) through 3-D Secure, and places the order once it passes", async () => {
    const { token, draft } = await draftFor();
    const data = {
      ...fixture("googlepay-token-data.json"),
      signedMessage: '{"encryptedMessage":"CHALLENGE","ephemeralPublicKey":"x","tag":"y"}',
    };
    const pending = await pay(token, draft.draftOrderId, { paymentMethod: "googlepay", googleTokenData: data });
    expect(pending.order).toBeNull();
    expect(pending.gatewayData).toMatchObject({ approved: false, status: "Pending" });
    const href = redirectOf(pending.gatewayData);
    expect(href).toMatch(new RegExp(`^${t.testGateway.basePath}/3ds/pay_`));
    const passed = await answerChallenge(t.testGateway.fetch, href, "authenticate");
    expect(
      (await verify(token, draft.draftOrderId, returnedPaymentId(passed.location, RETURN_URLS.successUrl))).status,
    ).toBe("placed");
    expect((await orderRow(t, draft.draftOrderId)).paymentMethod).toBe("googlepay");
  });

  const googlePayUnsettled =
    "answers a Google Pay payment its acquirer has not yet settled with the payment's id and no order, " +
    "and verifying it places the order";
  it(googlePayUnsettled, async () => {
    const { token, draft } = await draftFor();
    const data = {
      ...fixture("googlepay-token-data.json"),
      signedMessage: '{"encryptedMessage":"PROCESSING","ephemeralPublicKey":"x","tag":"y"}',
    };
    const pending = await pay(token, draft.draftOrderId, { paymentMethod: "googlepay", googleTokenData: data });
    expect(pending.order).toBeNull();
    expect(pending.gatewayData).toMatchObject({ approved: false, status: "Pending", _links: {} });
    const paymentId = pending.gatewayData!.id!;
    expect(paymentId).toMatch(/^pay_/);
    const verified = await verify(token, draft.draftOrderId, paymentId);
    expect(verified.status).toBe("placed");
    expect(verified.order).not.toBeNull();
    expect((await orderRow(t, draft.draftOrderId)).paymentMethod).toBe("googlepay");
    expect(await gatewayPaymentsOf(draft.draftOrderId)).toHaveLength(1);
  });
});

describe("when the gateway cannot be reached", () => {
  // Each platform pays through the real adapter and test gateway, with an answer lost on its way back on purpose:
  // the gateway did the work, the platform never heard.
  it("keeps the try open and asks again with the same key: one hosted page, one charge", async () => {
    const { t: p, shop: pc, faults } = await seededPlatformWithFaults();
    try {
      const { token, draft } = await pc.draftFor();
      faults.loseHosted = true;
      expectError(await pc.makePayment(token, draft.draftOrderId, { paymentMethod: "card" }), 503, {
        message: PAYMENT_MESSAGES.cardPaymentError,
        errorCode: "GATEWAY_UNAVAILABLE",
      });
      const order = (await p.db.select().from(orders).where(eq(orders.draftOrderId, draft.draftOrderId)))[0]!;
      const tries = () => p.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
      expect((await tries()).map((x) => x.status)).toEqual(["initiated"]);

      const again = api.makePayment.response.parse(
        (await pc.makePayment(token, draft.draftOrderId, { paymentMethod: "card" })).body,
      );
      expect(again.gatewayData).toMatchObject({ status: "Pending" });
      expect(
        await p.db
          .select()
          .from(testGatewayHostedPayments)
          .where(eq(testGatewayHostedPayments.reference, draft.draftOrderId)),
      ).toHaveLength(1);
      expect((await tries()).map((x) => [x.attempt, x.status, x.hostedId])).toEqual([
        [1, "pending", again.gatewayData!.id],
      ]);
    } finally {
      await p.close();
    }
  });

  /** A draft paid with an approved card token whose answer never reached the platform: the shopper was told 503. */
  async function payWithLostAnswer({ t: p, shop: pc, faults }: SeededPlatform & { faults: GatewayFaults }) {
    const drafted = await pc.draftFor();
    const { token, draft } = drafted;
    const card = await cardToken(p, TEST_CARD.approve);
    faults.losePayment = true;
    expectError(await pc.makePayment(token, draft.draftOrderId, { paymentMethod: "card", token: card }), 503, {
      errorCode: "GATEWAY_UNAVAILABLE",
    });
    return { ...drafted, card };
  }

  it("charges a token once when its first answer was lost", async () => {
    const faulty = await seededPlatformWithFaults();
    const { t: p, shop: pc } = faulty;
    try {
      const { token, draft, card } = await payWithLostAnswer(faulty);
      // A payment step that lost its token cannot ask again, and is told to wait rather than pay twice.
      expectError(await pc.makePayment(token, draft.draftOrderId, { paymentMethod: "card" }), 409, {
        message: PAYMENT_MESSAGES.paymentPending,
      });
      const again = api.makePayment.response.parse(
        (await pc.makePayment(token, draft.draftOrderId, { paymentMethod: "card", token: card })).body,
      );
      expect(again.order).not.toBeNull();
      expect(
        await p.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.reference, draft.draftOrderId)),
      ).toHaveLength(1);
    } finally {
      await p.close();
    }
  });

  it("finds the card payment a lost answer was about when the shopper turns to cash: the order is paid once, by card", async () => {
    const faulty = await seededPlatformWithFaults();
    const { t: p, shop: pc } = faulty;
    try {
      const { token, draft } = await payWithLostAnswer(faulty);
      const [charge] = await p.db
        .select()
        .from(testGatewayPayments)
        .where(eq(testGatewayPayments.reference, draft.draftOrderId));

      const cash = api.makePayment.response.parse(
        (await pc.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" })).body,
      );
      expect(cash.order).not.toBeNull();
      const order = (await p.db.select().from(orders).where(eq(orders.draftOrderId, draft.draftOrderId)))[0]!;
      expect(order).toMatchObject({ state: "placed", paymentMethod: "card" });
      const tries = await p.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
      expect(tries.map((x) => [x.kind, x.status, x.gatewayPaymentId])).toEqual([["token", "approved", charge!.id]]);
    } finally {
      await p.close();
    }
  });
});

describe("refusals", () => {
  it("answers 404 to another session for every payment call", async () => {
    const { token, draft } = await draftFor();
    const hosted = await pay(token, draft.draftOrderId);
    const stranger = await t.guestToken();
    expectError(await c.makePayment(stranger, draft.draftOrderId, { paymentMethod: "card" }), 404, {
      message: CHECKOUT_MESSAGES.draftNotFound,
    });
    expectError(await c.post("/api/payment/cancelPayment", { draftOrderId: draft.draftOrderId }, stranger), 404, {
      message: CHECKOUT_MESSAGES.draftNotFound,
    });
    const paid = await payOnCardPage(t.testGateway.fetch, redirectOf(hosted.gatewayData), {
      number: TEST_CARD.approve,
    });
    const paymentId = returnedPaymentId(paid.location, RETURN_URLS.successUrl);
    expectError(
      await c.post("/api/payment/verifyPayment", { draftOrderId: draft.draftOrderId, paymentId }, stranger),
      404,
      { message: CHECKOUT_MESSAGES.draftNotFound },
    );
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("draft");
  });

  it("refuses a payment that is not this order's", async () => {
    const a = await draftFor();
    const b = await draftFor();
    const hosted = await pay(a.token, a.draft.draftOrderId);
    const paid = await payOnCardPage(t.testGateway.fetch, redirectOf(hosted.gatewayData), {
      number: TEST_CARD.approve,
    });
    const paymentId = returnedPaymentId(paid.location, RETURN_URLS.successUrl);
    expectError(
      await c.post("/api/payment/verifyPayment", { draftOrderId: b.draft.draftOrderId, paymentId }, b.token),
      409,
      {
        message: PAYMENT_MESSAGES.paymentIssue,
        errorCode: "PAYMENT_MISMATCH",
      },
    );
    expectError(
      await c.post(
        "/api/payment/verifyPayment",
        { draftOrderId: b.draft.draftOrderId, paymentId: "pay_unknown" },
        b.token,
      ),
      409,
      { errorCode: "PAYMENT_MISMATCH" },
    );
    expect((await orderRow(t, b.draft.draftOrderId)).state).toBe("draft");
    expectError(
      await c.post(
        "/api/payment/verifyPayment",
        { draftOrderId: a.draft.draftOrderId, paymentId, paymentGateway: "stripe" },
        a.token,
      ),
      400,
      {
        message: PAYMENT_MESSAGES.gatewayNotSupported,
      },
    );
  });

  it("refuses card and wallets when no gateway is set up", async () => {
    const { t: bare, shop: bc } = await seededPlatform({ payments: { gateway: null, applePay: null } });
    try {
      const { token, draft } = await bc.draftFor();
      expectError(await bc.makePayment(token, draft.draftOrderId, { paymentMethod: "card" }), 400, {
        message: "Payment gateway is not supported",
      });
      expectError(
        await bc.post("/api/payment/verifyPayment", { draftOrderId: draft.draftOrderId, paymentId: "pay_x" }, token),
        400,
        { message: "Payment gateway is not supported" },
      );
      expect(
        api.makePayment.response.parse(
          (await bc.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" })).body,
        ).order,
      ).not.toBeNull();
    } finally {
      await bare.close();
    }
  });
});

describe("POST /api/payment/validateApplePayMerchant", () => {
  const body = {
    storeId: 1,
    domain: "shop.example",
    validationURL: "https://apple-pay-gateway.apple.com/paymentservices/startSession",
  };

  it("answers 422 when Apple Pay is not set up", async () => {
    expectError(await c.post("/api/payment/validateApplePayMerchant", body, await t.guestToken()), 422, {
      message: PAYMENT_MESSAGES.applePayUnavailable,
      errorCode: "APPLE_PAY_UNAVAILABLE",
    });
  });

  it("asks Apple for a merchant session with the company's name, and only Apple", async () => {
    const asked: { url: string; body: Record<string, unknown> }[] = [];
    const session = fixture("apple-pay-merchant-session.json");
    const applePay = applePayMerchantValidator({
      merchantId: "merchant.example.shop",
      certificate: "test certificate",
      key: "test key",
      requester: async (request) => {
        asked.push({ url: request.url.toString(), body: JSON.parse(request.body) as Record<string, unknown> });
        return { status: 200, body: JSON.stringify(session) };
      },
    });
    for (const [config, name] of [
      [{}, "Larder & Co"],
      [{ applePayDisplayName: "Larder" }, "Larder"],
    ] as const) {
      const { t: apple, token } = await seededPlatform({ payments: { gateway: null, applePay }, config });
      try {
        const res = await apple.call("POST", "/api/payment/validateApplePayMerchant", body, { token });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(api.validateApplePayMerchant.response.parse(res.body)).toEqual(session);
        expect(asked.at(-1)).toEqual({
          url: body.validationURL,
          body: {
            merchantIdentifier: "merchant.example.shop",
            displayName: name,
            initiative: "web",
            initiativeContext: "shop.example",
          },
        });
        const count = asked.length;
        for (const validationURL of [
          "http://apple-pay-gateway.apple.com/x",
          "https://apple.com.evil.example/x",
          "https://example.com/apple.com",
        ]) {
          expectError(
            await apple.call("POST", "/api/payment/validateApplePayMerchant", { ...body, validationURL }, { token }),
            400,
            { errorDisplay: PAYMENT_MESSAGES.validationError },
          );
        }
        expect(asked).toHaveLength(count);
      } finally {
        await apple.close();
      }
    }
  });

  it("answers 422 when Apple refuses the merchant for the site, and 502 when Apple cannot be reached", async () => {
    const answers = [
      {
        status: 400,
        body: '{"statusMessage":"Payment Services Exception merchantId=merchant.example.shop not registered for domain=shop.example"}',
      },
      { status: 503, body: "" },
    ];
    const applePay = applePayMerchantValidator({
      merchantId: "merchant.example.shop",
      certificate: "test certificate",
      key: "test key",
      requester: async () => answers.shift()!,
    });
    const { t: apple, token } = await seededPlatform({ payments: { gateway: null, applePay } });
    try {
      expectError(await apple.call("POST", "/api/payment/validateApplePayMerchant", body, { token }), 422, {
        message: PAYMENT_MESSAGES.applePayUnavailable,
        errorCode: "APPLE_PAY_UNAVAILABLE",
      });
      expectError(await apple.call("POST", "/api/payment/validateApplePayMerchant", body, { token }), 502, {
        message: PAYMENT_MESSAGES.applePayError,
        errorCode: "APPLE_PAY_VALIDATION_FAILED",
      });
    } finally {
      await apple.close();
    }
  });
});
