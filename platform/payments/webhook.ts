import { createHmac, timingSafeEqual } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { orderPayments, orders } from "../db/schema";
import { ApiError } from "../errors";
import type { RequestContext } from "../context";
import { GatewayError, type GatewayPayment } from "../ports/payment-gateway";
import { outcomeOf, paysFor, settledTry, settlePayment } from "./settle";
import { isOpen, type PaymentDeps } from "./tries";

/*
 * checkout.com's webhooks (decision record 0014): the quick way to hear that a payment was approved or declined when
 * the shopper never came back from the gateway. The sweep (reconcile.ts) is the slow way and stays, because webhooks
 * can be late, repeated, out of order or lost. An event is trusted for two things only — that something happened to
 * a payment, and which — and the gateway is asked what; the answer is settled exactly as the return page settles it,
 * so an event, its repeats and the shopper's own return all end in one order and one charge.
 */

/** What checkout.com's payment events carry that is read here; everything else is left alone. */
const eventSchema = z.object({
  id: z.string().max(100).optional(),
  type: z.string().min(1).max(100),
  data: z
    .object({
      id: z.string().max(100).optional(),
      reference: z.string().max(100).nullish(),
    })
    .optional(),
});

export type WebhookOutcome = "placed" | "closed" | "pending" | "ignored";

/** checkout.com's Cko-Signature: the hex HMAC-SHA256 of the raw body with the webhook's signature key. */
export function webhookSignatureValid(key: string, rawBody: string, signature: string | null): boolean {
  if (!signature) return false;
  const expected = createHmac("sha256", key).update(rawBody, "utf8").digest();
  const given = /^[0-9a-f]+$/i.test(signature.trim()) ? Buffer.from(signature.trim(), "hex") : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function receiveCheckoutComWebhook(
  ctx: RequestContext,
  deps: PaymentDeps,
  body: Record<string, unknown>,
): Promise<{ received: true; outcome: WebhookOutcome }> {
  const key = ctx.payments.webhookSignatureKey;
  const gateway = ctx.payments.gateway;
  if (!key || !gateway) throw new ApiError(404, "Payment webhooks are not set up");
  if (!webhookSignatureValid(key, ctx.rawBody ?? "", ctx.request.headers.get("cko-signature"))) {
    ctx.log.warn("payments.webhook_refused", { reason: "signature", clientIp: ctx.clientIp });
    throw new ApiError(401, "The webhook signature does not match");
  }
  const answer = (outcome: WebhookOutcome) => ({ received: true as const, outcome });
  const event = eventSchema.safeParse(body);
  const paymentId = event.success ? event.data.data?.id : undefined;
  if (!event.success || !event.data.type.startsWith("payment_") || !paymentId?.startsWith("pay_")) {
    ctx.log.info("payments.webhook_ignored", {
      eventId: event.success ? (event.data.id ?? null) : null,
      type: event.success ? event.data.type : null,
    });
    return answer("ignored");
  }
  const about = { eventId: event.data.id ?? null, type: event.data.type, paymentId };
  const reference = event.data.data?.reference ?? null;

  // Which order: the one a try of which knows the payment, else the one the payment's reference names.
  const [known] = await ctx.db
    .select({ order: orders, attempt: orderPayments })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(eq(orderPayments.gatewayPaymentId, paymentId));
  const order =
    known?.order ??
    (reference ? (await ctx.db.select().from(orders).where(eq(orders.draftOrderId, reference)))[0] : undefined);
  if (!order) {
    ctx.log.warn("payments.webhook_unknown_order", { ...about, reference });
    return answer("ignored");
  }

  let payment: GatewayPayment;
  try {
    payment = await gateway.getPayment(paymentId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.kind === "not_found") {
      ctx.log.warn("payments.webhook_unknown_payment", about);
      return answer("ignored");
    }
    ctx.log.warn("payments.webhook_gateway_error", { ...about, kind: error.kind, error: error.message });
    throw new ApiError(503, "The payment gateway could not be asked about this payment; send the event again later");
  }
  if (!paysFor(payment, order)) {
    ctx.log.warn("payments.webhook_mismatch", { ...about, orderId: order.id });
    return answer("ignored");
  }
  if (outcomeOf(payment) === "pending") return answer("pending");

  // The try the payment belongs to: the one that knows it, else the newest card try still waiting to hear of its
  // payment (a hosted page, or a token payment whose answer was lost), else a closed page paid after all.
  const tries = await ctx.db
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.orderId, order.id))
    .orderBy(desc(orderPayments.attempt));
  const attempt =
    known?.attempt ??
    tries.find((t) => t.kind !== "cash" && isOpen(t) && t.gatewayPaymentId === null) ??
    tries.find((t) => t.kind === "hosted" && t.gatewayPaymentId === null && t.redirectUrl !== null);
  const settled = await settlePayment(
    ctx,
    deps,
    { orderId: order.id, tryId: attempt?.id ?? null, method: attempt?.method ?? "card" },
    payment,
  );
  const after = await settledTry(ctx, payment.id);
  ctx.log.info("payments.webhook_settled", {
    ...about,
    orderId: order.id,
    outcome: settled.status,
    tryStatus: after.status,
  });
  return answer(after.ended === "open" ? "pending" : after.ended);
}
