import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { api, type GatewayData } from "../contract";
import { RETURN_URLS, checkoutApi, orderRow } from "../checkout/test-helpers";
import { reseed } from "../db/seed";
import { orderPayments, orders, outbox, testGatewayHostedPayments, testGatewayPayments } from "../db/schema";
import { createTestPlatform, memoryLogger, type TestPlatform } from "../testing";
import { GatewayError, type PaymentGateway } from "./gateway";
import { EMBEDDED_PUBLIC_KEY, embeddedPaymentServices } from "./index";
import { SWEEP_OLDER_THAN_MS, UNANSWERED_TRY_MS } from "./reconcile";
import { answerChallenge, cancelOnCardPage, payOnCardPage, TEST_CARD } from "./test-gateway/drive";
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
let c: ReturnType<typeof checkoutApi>;
beforeEach(async () => {
  t = await createTestPlatform();
  await reseed(t.db);
  c = checkoutApi(t);
});
afterEach(() => t.close());

async function draftFor(p: TestPlatform = t) {
  const pc = p === t ? c : checkoutApi(p);
  const token = await p.guestToken();
  const ready = await pc.ready(token);
  const draft = await pc.processOrder(token, { ...ready.processBody, paymentGateway: "checkoutcom" });
  return { token, draft, ...ready };
}

async function pay(token: string, draftOrderId: string, body: Record<string, unknown> = {}, p: TestPlatform = t) {
  const res = await checkoutApi(p).makePayment(token, draftOrderId, { paymentMethod: "card", paymentGateway: "checkoutcom", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.makePayment.response.parse(res.body);
}

function redirectOf(data: GatewayData | null): string {
  const href = data?._links.redirect?.href;
  if (!href) throw new Error(`No redirect in ${JSON.stringify(data)}`);
  return href;
}

/** The payment id on the return address the gateway sent the browser to (which the shopper never opens). */
function returnedPaymentId(location: string | null, expectedBase: string): string {
  const url = new URL(location ?? "");
  expect(`${url.origin}${url.pathname}`).toBe(expectedBase);
  const id = url.searchParams.get("cko-payment-id");
  if (!id) throw new Error(`No payment id on ${location}`);
  return id;
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

async function cardToken(number: string): Promise<string> {
  const res = await t.testGateway.fetch(
    new Request(`http://gateway.test${t.testGateway.basePath}/tokens`, {
      method: "POST",
      headers: { authorization: EMBEDDED_PUBLIC_KEY, "content-type": "application/json" },
      body: JSON.stringify({ type: "card", number: number.replace(/\s/g, ""), expiry_month: 12, expiry_year: 2030, cvv: "123" }),
    }),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

const triesOf = async (draftOrderId: string, p: TestPlatform = t) => {
  const order = await orderRow(p, draftOrderId);
  return p.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id)).orderBy(orderPayments.attempt);
};
const chargesOf = (draftOrderId: string) => t.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.reference, draftOrderId));
const mailsOf = async (draftOrderId: string) => t.db.select().from(outbox).where(eq(outbox.orderId, (await orderRow(t, draftOrderId)).id));
const placedOrders = () => t.db.select().from(orders).where(eq(orders.state, "placed"));

describe("a payment whose shopper never came back from the gateway", () => {
  it("places the order of a hosted card payment, once however often the sweep runs", async () => {
    const { token, draft, basket, left } = await paidAndGone(TEST_CARD.approve);
    const paymentId = returnedPaymentId(left.location, RETURN_URLS.successUrl);

    t.clock.advance(LATER);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 1, closed: 0, left: 0 });
    const row = await orderRow(t, draft.draftOrderId);
    expect(row).toMatchObject({ state: "placed", status: "sent_to_store", paymentMethod: "card" });
    expect(await triesOf(draft.draftOrderId)).toMatchObject([{ attempt: 1, kind: "hosted", status: "approved", gatewayPaymentId: paymentId }]);
    expect((await c.read(token, basket)).items).toEqual([]);
    const mails = await mailsOf(draft.draftOrderId);
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([["order_confirmation", "robin.shopper@example.com"]]);
    expect(mails[0]!.body).toContain(`/orders/${row.statusToken}`);
    expect(t.logs).toContainEqual(expect.objectContaining({ event: "payments.reconciled", fields: expect.objectContaining({ orderId: row.id, outcome: "approved" }) }));

    t.clock.advance(LATER);
    expect(await t.reconcilePayments()).toEqual(NOTHING);
    expect(await mailsOf(draft.draftOrderId)).toHaveLength(1);
    expect(await chargesOf(draft.draftOrderId)).toHaveLength(1);
    expect(await orderRow(t, draft.draftOrderId)).toEqual(row);

    // Should the shopper turn up after all, the return page answers the same order.
    const res = await c.post("/api/payment/verifyPayment", { draftOrderId: draft.draftOrderId, paymentId, paymentGateway: "checkoutcom" }, token);
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
    const pending = await pay(token, draft.draftOrderId, { token: await cardToken(TEST_CARD.challenge) });
    await answerChallenge(t.testGateway.fetch, redirectOf(pending.gatewayData), "authenticate");

    t.clock.advance(LATER);
    expect(await t.reconcilePayments()).toEqual({ checked: 1, placed: 1, closed: 0, left: 0 });
    expect(await triesOf(draft.draftOrderId)).toMatchObject([{ kind: "token", status: "approved", gatewayPaymentId: pending.gatewayData!.id }]);
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
    const [page] = await t.db.select().from(testGatewayHostedPayments).where(eq(testGatewayHostedPayments.id, hosted.gatewayData!.id!));
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
    const res = await c.post("/api/payment/verifyPayment", { draftOrderId: draft.draftOrderId, paymentId, paymentGateway: "checkoutcom" }, token);
    expect(api.verifyPayment.response.parse(res.body).status).toBe("placed");
    const placed = await orderRow(t, draft.draftOrderId);

    t.clock.advance(LATER);
    expect(await t.reconcilePayments()).toEqual(NOTHING);
    expect(await orderRow(t, draft.draftOrderId)).toEqual(placed);
    expect((await triesOf(draft.draftOrderId)).map((p) => [p.status, p.gatewayPaymentId])).toEqual([["approved", paymentId]]);
    expect((await chargesOf(draft.draftOrderId)).map((p) => p.status)).toEqual(["Authorized"]);
    expect(await mailsOf(draft.draftOrderId)).toHaveLength(1);
  });
});

describe("when the gateway does not answer", () => {
  /**
   * A platform paying through the real adapter and test gateway (on the platform's own database), with faults put
   * in on purpose: `lose` drops the answer of the next requestPayment (the gateway did the work, the platform never
   * heard), and `failPage` makes reading one hosted page throw.
   */
  async function faultyPlatform() {
    let inner: PaymentGateway | null = null;
    const faults = { lose: false, failPage: new Map<string, Error>() };
    const gateway: PaymentGateway = {
      name: "checkoutcom",
      environment: "test",
      createHostedPayment: (request, key) => inner!.createHostedPayment(request, key),
      getHostedPayment: async (id) => {
        const fault = faults.failPage.get(id);
        if (fault) throw fault;
        return inner!.getHostedPayment(id);
      },
      requestPayment: async (request, key) => {
        const answer = await inner!.requestPayment(request, key);
        if (faults.lose) {
          faults.lose = false;
          throw new GatewayError("unavailable", "connection reset");
        }
        return answer;
      },
      getPayment: (id) => inner!.getPayment(id),
      voidPayment: (id, reference, key) => inner!.voidPayment(id, reference, key),
      exchangeWalletToken: (type, data) => inner!.exchangeWalletToken(type, data),
    };
    const p = await createTestPlatform({ payments: { gateway, applePay: null } });
    inner = embeddedPaymentServices({ db: p.db, clock: p.clock, log: memoryLogger() }).services.gateway;
    await reseed(p.db);
    return { p, faults };
  }

  it("leaves a try for the next sweep when the gateway is unavailable, and goes on with the others", async () => {
    const { p, faults } = await faultyPlatform();
    try {
      const unreachable = await paidAndGone(TEST_CARD.approve, p);
      const broken = await paidAndGone(TEST_CARD.approve, p);
      const fine = await paidAndGone(TEST_CARD.approve, p);
      faults.failPage.set(unreachable.hosted.gatewayData!.id!, new GatewayError("unavailable", "checkout.com timed out"));
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

  // The charge the lost answer was about stays at the gateway: without a payment id there is nothing to ask it, so
  // the closing is logged for the business to reconcile.
  it("leaves a token try that never heard back, and closes it as failed after an hour", async () => {
    const { p, faults } = await faultyPlatform();
    try {
      const { token, draft } = await draftFor(p);
      const card = await (async () => {
        const res = await p.testGateway.fetch(
          new Request(`http://gateway.test${p.testGateway.basePath}/tokens`, {
            method: "POST",
            headers: { authorization: EMBEDDED_PUBLIC_KEY, "content-type": "application/json" },
            body: JSON.stringify({ type: "card", number: "4242424242424242", expiry_month: 12, expiry_year: 2030 }),
          }),
        );
        return ((await res.json()) as { token: string }).token;
      })();
      faults.lose = true;
      const lost = await checkoutApi(p).makePayment(token, draft.draftOrderId, { paymentMethod: "card", token: card });
      expect(lost.status).toBe(503);
      expect((await triesOf(draft.draftOrderId, p)).map((x) => [x.kind, x.status, x.gatewayPaymentId])).toEqual([["token", "initiated", null]]);

      p.clock.advance(LATER);
      expect(await p.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 0, left: 1 });
      expect(p.logs.some((l) => l.event === "payments.reconcile_unanswered")).toBe(true);
      expect((await triesOf(draft.draftOrderId, p)).map((x) => x.status)).toEqual(["initiated"]);

      p.clock.advance(UNANSWERED_TRY_MS - LATER - 60_000);
      expect(await p.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 0, left: 1 });
      p.clock.advance(2 * 60_000);
      expect(await p.reconcilePayments()).toEqual({ checked: 1, placed: 0, closed: 1, left: 0 });
      expect((await triesOf(draft.draftOrderId, p)).map((x) => x.status)).toEqual(["failed"]);
      expect(p.logs).toContainEqual(expect.objectContaining({ level: "warn", event: "payments.unanswered_try_closed" }));
      expect((await orderRow(p, draft.draftOrderId)).state).toBe("draft");
    } finally {
      await p.close();
    }
  });
});
