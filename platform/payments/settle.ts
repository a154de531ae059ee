import { and, eq, inArray } from "drizzle-orm";
import { GATEWAY_NAME, type PaymentMethodName, type PlacedOrder } from "../contract";
import { orderPayments } from "../db/schema";
import { placedOrder, placeOrder, type OrderRow } from "../orders/place";
import type { RequestContext } from "../context";
import type { GatewayPayment, PaymentGateway } from "../ports/payment-gateway";
import { keepCard } from "./cards";
import {
  CURRENCY,
  gatewayOf,
  isOpen,
  lockOrder,
  OPEN_STATUSES,
  triesOf,
  tryKey,
  type PaymentDeps,
  type PaymentTry,
} from "./tries";

/*
 * Settling what the gateway says about a payment: the one way a gateway's approval places an order, shared by the
 * shopper's calls (make.ts, verify.ts, cancel.ts), the gateway's webhook (webhook.ts) and the sweep (reconcile.ts).
 */

export type Settled =
  | { status: "placed"; order: PlacedOrder; payment: GatewayPayment | null }
  | { status: "pending" | "declined" | "cancelled"; order: null; payment: GatewayPayment };

/** Whether a payment the gateway reports is one for this order: its reference, the order's total, our currency. */
export function paysFor(payment: GatewayPayment, order: Pick<OrderRow, "draftOrderId" | "totalPence">): boolean {
  return (
    payment.reference === order.draftOrderId && payment.amount === order.totalPence && payment.currency === CURRENCY
  );
}

/**
 * Where the try a payment was settled on stands now: `placed` (its approval paid the order), `open` (a second
 * approval whose void has not gone through yet; settling it again voids it again) or `closed`. For callers settling
 * without the shopper, who must tell an approval that placed the order from one voided because another try had.
 */
export async function settledTry(
  ctx: RequestContext,
  paymentId: string,
): Promise<{ status: PaymentTry["status"] | null; ended: "placed" | "open" | "closed" }> {
  const [after] = await ctx.db
    .select({ status: orderPayments.status })
    .from(orderPayments)
    .where(eq(orderPayments.gatewayPaymentId, paymentId));
  const status = after?.status ?? null;
  return {
    status,
    ended: status === "approved" ? "placed" : status !== null && OPEN_STATUSES.includes(status) ? "open" : "closed",
  };
}

/** What a payment's state means for its order. A voided authorisation keeps `approved`, but pays for nothing. */
export function outcomeOf(payment: GatewayPayment): "approved" | "pending" | "declined" | "cancelled" {
  if (payment.status === "Canceled" || payment.status === "Cancelled" || payment.status === "Voided")
    return "cancelled";
  if (payment.approved) return "approved";
  if (payment.status === "Pending") return "pending";
  return "declined";
}

interface SettleTarget {
  orderId: number;
  /** The try the payment belongs to, when the caller knows it. */
  tryId: number | null;
  /** For a payment the caller found by id alone: the method a new try for it is recorded with. */
  method: PaymentMethodName;
}

/**
 * Records what the gateway says about a payment of an order and answers the outcome. Approved: the try is approved
 * and the order placed, in one transaction — unless another try placed the order first, when this payment is voided
 * at the gateway (every approved charge has an order, and no order is charged twice). Safe to repeat: a try already
 * approved answers the placed order, and a final status is never overwritten by a later, lesser one.
 */
export async function settlePayment(
  ctx: RequestContext,
  deps: PaymentDeps,
  target: SettleTarget,
  payment: GatewayPayment,
): Promise<Settled> {
  const outcome = outcomeOf(payment);
  const companyName = outcome === "approved" ? await deps.companyName() : "";
  const recorded = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const order = await lockOrder(tx, target.orderId);
    const all = await triesOf(tx, order.id);
    let attempt =
      all.find((t) => t.gatewayPaymentId === payment.id) ??
      (target.tryId !== null ? all.find((t) => t.id === target.tryId) : undefined) ??
      // A payment made on a hosted page is known by its page, not by its id, until it is first seen here.
      [...all].reverse().find((t) => t.kind === "hosted" && isOpen(t) && t.gatewayPaymentId === null);
    if (attempt && attempt.gatewayPaymentId !== null && attempt.gatewayPaymentId !== payment.id) attempt = undefined;
    if (!attempt) {
      const next = all.reduce((max, t) => Math.max(max, t.attempt), 0) + 1;
      const [made] = await tx
        .insert(orderPayments)
        .values({
          orderId: order.id,
          attempt: next,
          method: target.method,
          gateway: GATEWAY_NAME,
          kind: "hosted",
          gatewayPaymentId: payment.id,
          idempotencyKey: tryKey(order, next),
          status: "initiated",
          amountPence: payment.amount,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      attempt = made!;
    }
    const where = eq(orderPayments.id, attempt.id);
    const summary = payment.responseSummary;

    if (outcome === "approved") {
      if (attempt.status === "approved") return { kind: "placed" as const, order };
      const placedBy = all.find((t) => t.status === "approved");
      if (order.state === "placed" || placedBy) {
        // Known, not yet voided: stays open until the void is confirmed, so a replay voids it again.
        await tx
          .update(orderPayments)
          .set({ gatewayPaymentId: payment.id, status: "pending", responseSummary: summary, updatedAt: now })
          .where(where);
        return { kind: "void" as const, order, attempt };
      }
      await tx
        .update(orderPayments)
        .set({ gatewayPaymentId: payment.id, status: "approved", responseSummary: summary, updatedAt: now })
        .where(where);
      const placed = await placeOrder(tx, order, {
        paymentMethod: attempt.method,
        companyName,
        publicUrl: ctx.config.publicUrl,
        now,
      });
      return { kind: "placed" as const, order: { ...order, ...placed }, saveCard: attempt.saveCard };
    }

    // Never downgrade: a try that ended stays ended, whatever a stale answer says.
    if (isOpen(attempt)) {
      const status = payment.status === "Voided" ? "voided" : outcome === "pending" ? "pending" : outcome;
      await tx
        .update(orderPayments)
        .set({
          gatewayPaymentId: payment.id,
          status,
          responseSummary: summary,
          redirectUrl: outcome === "pending" ? (payment.redirectUrl ?? attempt.redirectUrl) : attempt.redirectUrl,
          updatedAt: now,
        })
        .where(where);
    }
    if (order.state === "placed") return { kind: "placed" as const, order };
    return { kind: "outcome" as const, order };
  });

  if (recorded.kind === "placed") {
    if ("saveCard" in recorded && recorded.saveCard) await keepPaidCard(ctx, recorded.order, payment);
    return { status: "placed", order: placedOrder(recorded.order), payment };
  }
  if (recorded.kind === "void") {
    await voidSecondCharge(ctx, recorded.order, recorded.attempt, payment);
    return { status: "placed", order: placedOrder(recorded.order), payment };
  }
  const status = outcome === "approved" ? "declined" : outcome;
  return { status, order: null, payment };
}

/**
 * The member asked to keep the card they paid with (makePayment saveCard): once the payment is approved, the card
 * the gateway describes is kept, unless they have it already. The order is placed whatever happens here.
 */
async function keepPaidCard(ctx: RequestContext, order: OrderRow, payment: GatewayPayment): Promise<void> {
  if (order.memberId === null) return;
  if (!payment.card) {
    ctx.log.warn("cards.not_kept", { orderId: order.id, paymentId: payment.id, reason: "no_card_in_payment" });
    return;
  }
  try {
    const made = await keepCard(ctx.db, order.memberId, payment.card, ctx.clock.now());
    ctx.log.info(made ? "cards.added" : "cards.already_kept", {
      memberId: order.memberId,
      orderId: order.id,
      ...(made ? { cardId: made.id } : {}),
    });
  } catch (error) {
    ctx.log.error("cards.keep_failed", {
      orderId: order.id,
      paymentId: payment.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Releases a second approval for an order already paid. When the gateway cannot be reached the try stays open. */
async function voidSecondCharge(
  ctx: RequestContext,
  order: OrderRow,
  attempt: PaymentTry,
  payment: GatewayPayment,
): Promise<void> {
  try {
    await gatewayOf(ctx).voidPayment(payment.id, order.draftOrderId, `${attempt.idempotencyKey}:void`);
  } catch (error) {
    ctx.log.error("payments.void_failed", {
      orderId: order.id,
      paymentId: payment.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return;
  }
  await ctx.db
    .update(orderPayments)
    .set({ status: "voided", updatedAt: ctx.clock.now() })
    .where(and(eq(orderPayments.id, attempt.id), inArray(orderPayments.status, ["initiated", "pending"])));
  ctx.log.warn("payments.second_charge_voided", { orderId: order.id, paymentId: payment.id });
}

/**
 * A payment the gateway holds under the order's reference that none of the order's tries knows: the one a lost
 * answer was about. An approved one first (it must end in an order, or be voided), then one still pending.
 */
export async function unclaimedPayment(
  ctx: RequestContext,
  gateway: PaymentGateway,
  order: OrderRow,
): Promise<GatewayPayment | null> {
  const found = await gateway.findPayments(order.draftOrderId);
  if (found.length === 0) return null;
  const known = await ctx.db
    .select({ id: orderPayments.gatewayPaymentId })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, order.id));
  const knownIds = new Set(known.map((k) => k.id));
  // Checked here, once, for every caller: closing an open try settles what it finds without asking again.
  const unclaimed = found.filter((p) => !knownIds.has(p.id) && paysFor(p, order));
  return (
    unclaimed.find((p) => outcomeOf(p) === "approved") ??
    unclaimed.find((p) => outcomeOf(p) === "pending") ??
    unclaimed[0] ??
    null
  );
}
