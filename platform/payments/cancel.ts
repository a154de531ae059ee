import { type PaymentOutcome } from "../contract";
import { requireAuth } from "../basket/basket";
import { placedOrder, type OrderRow } from "../orders/place";
import type { RequestContext } from "../context";
import { GatewayError } from "../ports/payment-gateway";
import { outcomeOf, settlePayment, unclaimedPayment, type Settled } from "./settle";
import {
  gatewayOf,
  gatewayUnavailable,
  isOpen,
  markTry,
  ownedOrder,
  triesOf,
  type PaymentDeps,
  type PaymentTry,
} from "./tries";

/**
 * Closes a try the shopper walked away from, after asking the gateway whether it was paid after all (then the
 * order is placed with it). A try that never heard back from the gateway has nothing to ask about: a hosted page
 * no one was sent to cannot be paid; a token payment lost in flight is logged for the business to reconcile.
 */
export async function closeOpenTry(
  ctx: RequestContext,
  deps: PaymentDeps,
  order: OrderRow,
  attempt: PaymentTry,
): Promise<Settled | { status: "cancelled"; order: null; payment: null }> {
  const gateway = gatewayOf(ctx);
  const cancelled = async (pageClosed = false) => {
    await markTry(ctx, attempt, "cancelled", null, { pageClosed });
    return { status: "cancelled" as const, order: null, payment: null };
  };
  const target = { orderId: order.id, tryId: attempt.id, method: attempt.method };
  try {
    if (attempt.kind === "hosted" && attempt.hostedId) {
      const page = await gateway.getHostedPayment(attempt.hostedId);
      if (page.paymentId) {
        const payment = await gateway.getPayment(page.paymentId);
        if (outcomeOf(payment) === "approved") return settlePayment(ctx, deps, target, payment);
      }
      return cancelled(CLOSED_PAGE_STATUSES.has(page.status.toLowerCase()));
    }
    if (attempt.gatewayPaymentId) {
      const payment = await gateway.getPayment(attempt.gatewayPaymentId);
      if (outcomeOf(payment) !== "pending") return settlePayment(ctx, deps, target, payment);
      return cancelled();
    }
    if (attempt.kind === "token") {
      // The answer was lost in flight: the gateway may hold the payment under the order's reference.
      const found = await unclaimedPayment(ctx, gateway, order);
      if (found && outcomeOf(found) !== "pending") return settlePayment(ctx, deps, target, found);
    }
  } catch (error) {
    if (error instanceof GatewayError && error.kind !== "not_found") throw gatewayUnavailable(attempt.method);
    if (!(error instanceof GatewayError)) throw error;
    return cancelled(true);
  }
  if (attempt.kind === "token")
    ctx.log.warn("payments.unanswered_try_closed", { orderId: order.id, attempt: attempt.attempt });
  return cancelled();
}

/** Hosted page statuses after which nothing can be paid on the page (checkout.com's, and the test gateway's). */
export const CLOSED_PAGE_STATUSES = new Set(["expired", "cancelled", "canceled"]);

/** The shopper came back by the gateway's cancel link: the open try is closed, unless it was paid after all. */
export async function cancelPayment(
  ctx: RequestContext,
  deps: PaymentDeps,
  input: { draftOrderId: string },
): Promise<PaymentOutcome> {
  const auth = requireAuth(ctx);
  const order = await ownedOrder(ctx.db, input.draftOrderId, auth);
  if (order.state === "placed") return { status: "placed", order: placedOrder(order), responseSummary: null };
  const all = await triesOf(ctx.db, order.id);
  const open = [...all].reverse().find(isOpen);
  if (open) {
    const closed = await closeOpenTry(ctx, deps, order, open);
    if (closed.status === "placed") return { status: "placed", order: closed.order, responseSummary: null };
    return { status: closed.status, order: null, responseSummary: closed.payment?.responseSummary ?? null };
  }
  const last = all[all.length - 1];
  if (last?.status === "declined") return { status: "declined", order: null, responseSummary: last.responseSummary };
  return { status: "cancelled", order: null, responseSummary: null };
}
