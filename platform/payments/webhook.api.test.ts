import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { api } from "../contract";
import { orderPayments, outbox, testGatewayPayments } from "../db/schema";
import { orderRow, RETURN_URLS, seededPlatformWithFaults, type ShopperApi, type TestPlatform } from "../testing";
import { cancelOnCardPage, payOnCardPage, TEST_CARD } from "./testing/drive";
import { redirectOf, returnedPaymentId, type GatewayFaults } from "./testing/gateway";
import { webhookSignatureValid } from "./webhook";

/*
 * checkout.com's webhook, played by the test: the shopper pays on the gateway's card page and never comes back, and
 * the event checkout.com would send is posted, signed as it signs them, to the platform. The platform pays through
 * the real adapter and the embedded test gateway, so what the webhook asks the gateway is answered truly.
 */

const KEY = "whsk_test_0123456789abcdef";
const WEBHOOK = "/api/payment/webhooks/checkoutcom";
const sign = (body: string, key = KEY) => createHmac("sha256", key).update(body, "utf8").digest("hex");

let t: TestPlatform;
let faults: GatewayFaults;
let c: ShopperApi;

beforeEach(async () => {
  ({ t, shop: c, faults } = await seededPlatformWithFaults({ webhookSignatureKey: KEY }));
});
afterEach(() => t.close());

/** A draft paid (or not) on the hosted card page by a shopper who then closes the browser. */
async function paidAndGone(card: string) {
  const { token, draft, basket } = await c.draftFor({ paymentGateway: "checkoutcom" });
  const res = await c.makePayment(token, draft.draftOrderId, { paymentMethod: "card", paymentGateway: "checkoutcom" });
  const hosted = api.makePayment.response.parse(res.body);
  const left = await payOnCardPage(t.testGateway.fetch, redirectOf(hosted.gatewayData), { number: card });
  // Sent back to the shop with the payment id, or on to the 3-D Secure page at /3ds/{payment id}.
  const to = new URL(left.location ?? "", "http://shop.example");
  const paymentId = to.searchParams.get("cko-payment-id") ?? to.pathname.split("/").pop()!;
  expect(paymentId).toMatch(/^pay_/);
  return { token, draft, hosted, paymentId, basket };
}

function event(type: string, paymentId: string, reference: string | null, extra: Record<string, unknown> = {}) {
  return {
    id: `evt_${Math.random().toString(36).slice(2, 12)}`,
    type,
    version: "1.0.33",
    created_on: "2025-06-02T09:01:00Z",
    data: { id: paymentId, action_id: "act_x", reference, amount: 1650, currency: "GBP", ...extra },
    _links: { self: { href: "https://api.sandbox.checkout.com/workflows/events/evt_x" } },
  };
}

/** Posts an event as checkout.com does: the raw body as it was signed, the signature in Cko-Signature. */
async function deliver(body: unknown, options: { signature?: string | null; raw?: string } = {}) {
  const raw = options.raw ?? JSON.stringify(body, null, 2);
  const headers: Record<string, string> = { "content-type": "application/json" };
  const signature = options.signature === undefined ? sign(raw) : options.signature;
  if (signature !== null) headers["cko-signature"] = signature;
  const response = await t.fetch(new Request(`http://platform.test${WEBHOOK}`, { method: "POST", headers, body: raw }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const triesOf = async (draftOrderId: string) => {
  const order = await orderRow(t, draftOrderId);
  return t.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id)).orderBy(orderPayments.attempt);
};
const mailsOf = async (draftOrderId: string) =>
  t.db
    .select()
    .from(outbox)
    .where(eq(outbox.orderId, (await orderRow(t, draftOrderId)).id));

describe("checkout.com's payment webhook", () => {
  it("places the order of a payment approved on the card page at once, and once however often the event comes", async () => {
    const { token, draft, paymentId, basket } = await paidAndGone(TEST_CARD.approve);
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("draft");

    const first = await deliver(event("payment_approved", paymentId, draft.draftOrderId));
    expect(first).toEqual({ status: 200, body: { received: true, outcome: "placed" } });
    const row = await orderRow(t, draft.draftOrderId);
    expect(row).toMatchObject({ state: "placed", status: "sent_to_store", paymentMethod: "card" });
    expect(await triesOf(draft.draftOrderId)).toMatchObject([
      { kind: "hosted", status: "approved", gatewayPaymentId: paymentId },
    ]);
    expect((await c.read(token, basket)).items).toEqual([]);

    // checkout.com sends at least once, and other events about the same payment follow.
    expect((await deliver(event("payment_approved", paymentId, draft.draftOrderId))).body).toEqual({
      received: true,
      outcome: "placed",
    });
    expect((await deliver(event("payment_captured", paymentId, draft.draftOrderId))).body).toEqual({
      received: true,
      outcome: "placed",
    });
    expect(await mailsOf(draft.draftOrderId)).toHaveLength(1);
    expect(await orderRow(t, draft.draftOrderId)).toEqual(row);
    // The sweep finds nothing left, and the shopper's late return answers the same order.
    expect(await t.reconcilePayments({ olderThanMs: 0 })).toEqual({ checked: 0, placed: 0, closed: 0, left: 0 });
    const back = await c.post(
      "/api/payment/verifyPayment",
      { draftOrderId: draft.draftOrderId, paymentId, paymentGateway: "checkoutcom" },
      token,
    );
    expect(api.verifyPayment.response.parse(back.body)).toMatchObject({
      status: "placed",
      order: { businessOrderId: draft.businessOrderId },
    });
  });

  it("finds the order by the payment's reference, not the event's word: a declined payment closes the try", async () => {
    const { draft, paymentId } = await paidAndGone(TEST_CARD.decline);
    // The event says approved; the gateway says declined, and the gateway is believed.
    expect((await deliver(event("payment_approved", paymentId, draft.draftOrderId))).body).toEqual({
      received: true,
      outcome: "closed",
    });
    expect(await triesOf(draft.draftOrderId)).toMatchObject([{ status: "declined", gatewayPaymentId: paymentId }]);
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("draft");
  });

  it("refuses an event that is not signed with the key, and changes nothing", async () => {
    const { draft, paymentId } = await paidAndGone(TEST_CARD.approve);
    const body = event("payment_approved", paymentId, draft.draftOrderId);
    const raw = JSON.stringify(body, null, 2);
    for (const signature of [null, "", "not-hex", sign(raw, "whsk_someone_elses_key"), sign(JSON.stringify(body))]) {
      const refused = await deliver(body, { raw, signature });
      expect(refused.status, String(signature)).toBe(401);
      expect(refused.body).toMatchObject({ message: "The webhook signature does not match" });
    }
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("draft");
    expect(t.logs).toContainEqual(expect.objectContaining({ level: "warn", event: "payments.webhook_refused" }));
    // The signature is over the raw body exactly as sent, spacing and all.
    expect(webhookSignatureValid(KEY, raw, sign(raw).toUpperCase())).toBe(true);
    expect(webhookSignatureValid(KEY, `${raw} `, sign(raw))).toBe(false);
  });

  it("acknowledges what it has nothing to do with: other events, unknown orders and payments, a payment of another order", async () => {
    const { draft, paymentId } = await paidAndGone(TEST_CARD.approve);
    const other = await paidAndGone(TEST_CARD.approve);
    const ignored = { status: 200, body: { received: true, outcome: "ignored" } };
    expect(await deliver({ id: "evt_a", type: "dispute_received", data: { id: "dsp_x" } })).toEqual(ignored);
    expect(await deliver({ type: 42 })).toEqual(ignored);
    expect(await deliver(event("payment_approved", paymentId, "draft_unknown"))).toEqual(ignored);
    expect(await deliver(event("payment_approved", "pay_nosuchpaymentatthegateway", draft.draftOrderId))).toEqual(
      ignored,
    );
    // A payment of one order named with another order's reference.
    expect(await deliver(event("payment_approved", other.paymentId, draft.draftOrderId))).toEqual(ignored);
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("draft");
    expect((await orderRow(t, other.draft.draftOrderId)).state).toBe("draft");
  });

  it("says pending for a payment still at 3-D Secure, and asks to be sent again when the gateway cannot be asked", async () => {
    const { draft, paymentId } = await paidAndGone(TEST_CARD.challenge);
    expect((await deliver(event("payment_pending", paymentId, draft.draftOrderId))).body).toEqual({
      received: true,
      outcome: "pending",
    });

    const approved = await paidAndGone(TEST_CARD.approve);
    faults.paymentsDown = true;
    const later = await deliver(event("payment_approved", approved.paymentId, approved.draft.draftOrderId));
    expect(later.status).toBe(503);
    expect((await orderRow(t, approved.draft.draftOrderId)).state).toBe("draft");
    faults.paymentsDown = false;
    expect((await deliver(event("payment_approved", approved.paymentId, approved.draft.draftOrderId))).body).toEqual({
      received: true,
      outcome: "placed",
    });
  });

  it("voids a payment made on a page after the order was placed another way", async () => {
    const { token, draft } = await c.draftFor({ paymentGateway: "checkoutcom" });
    const hosted = api.makePayment.response.parse(
      (await c.makePayment(token, draft.draftOrderId, { paymentMethod: "card" })).body,
    );
    expect(
      api.makePayment.response.parse((await c.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" })).body)
        .order,
    ).not.toBeNull();
    const paid = await payOnCardPage(t.testGateway.fetch, redirectOf(hosted.gatewayData), {
      number: TEST_CARD.approve,
    });
    const paymentId = returnedPaymentId(paid.location, RETURN_URLS.successUrl);

    expect((await deliver(event("payment_approved", paymentId, draft.draftOrderId))).body).toEqual({
      received: true,
      outcome: "closed",
    });
    expect((await triesOf(draft.draftOrderId)).map((x) => [x.kind, x.status])).toEqual([
      ["hosted", "voided"],
      ["cash", "approved"],
    ]);
    const [charge] = await t.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, paymentId));
    expect(charge!.status).toBe("Voided");
    expect(await orderRow(t, draft.draftOrderId)).toMatchObject({ state: "placed", paymentMethod: "cash" });
  });

  it("is not there without a signature key: 404", async () => {
    const { t: plain } = await seededPlatformWithFaults();
    try {
      const raw = JSON.stringify(event("payment_approved", "pay_x", "draft_x"));
      const response = await plain.fetch(
        new Request(`http://platform.test${WEBHOOK}`, {
          method: "POST",
          headers: { "cko-signature": sign(raw) },
          body: raw,
        }),
      );
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("leaves a cancelled page's try alone when the event is about nothing paid", async () => {
    const { token, draft } = await c.draftFor({ paymentGateway: "checkoutcom" });
    const hosted = api.makePayment.response.parse(
      (await c.makePayment(token, draft.draftOrderId, { paymentMethod: "card" })).body,
    );
    await cancelOnCardPage(t.testGateway.fetch, redirectOf(hosted.gatewayData));
    expect(
      (await deliver(event("payment_approved", "pay_neverhappened000000000000", draft.draftOrderId))).body,
    ).toEqual({ received: true, outcome: "ignored" });
    expect((await triesOf(draft.draftOrderId)).map((x) => x.status)).toEqual(["pending"]);
  });
});
