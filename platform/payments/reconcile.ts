import { and, asc, eq, inArray, lte, ne } from "drizzle-orm";
import { orderPayments, orders } from "../db/schema";
import type { OrderRow } from "../orders/place";
import type { RequestContext } from "../router";
import { GatewayError, type GatewayPayment, type PaymentGateway } from "./gateway";
import { CURRENCY, isOpen, markTry, OPEN_STATUSES, settlePayment, type PaymentDeps, type PaymentTry } from "./service";

/*
 * The reconciliation sweep (decision record 0014): every charge the gateway approves must end in a placed order,
 * including one whose shopper paid on the card page or passed 3-D Secure and then closed the browser before being
 * sent back. Such a try is otherwise settled only when the shopper comes back (verifyPayment, cancelPayment,
 * makePayment). The sweep asks the gateway about each try left open and settles it through the same settlePayment,
 * so it can race a returning shopper or another instance's sweep safely: settling locks the order and is
 * idempotent, and a final status is never overwritten.
 */

export interface ReconcileOptions {
  /** Tries touched more recently than this are left to the shopper still paying; 2 minutes when not set. */
  olderThanMs?: number;
  /** Most tries asked about in one sweep, oldest first; 100 when not set. */
  limit?: number;
}

export interface ReconcileSummary {
  /** Open tries the sweep looked at (a try another caller settled in the meantime is counted here only). */
  checked: number;
  /** Tries whose approval placed their order. */
  placed: number;
  /** Tries closed without an order: declined, cancelled, expired, voided, or never answered. */
  closed: number;
  /** Tries still open: waiting at the gateway, or the gateway could not be asked; the next sweep asks again. */
  left: number;
}

export const SWEEP_OLDER_THAN_MS = 2 * 60_000;
const SWEEP_LIMIT = 100;
/**
 * A try that never heard back from the gateway (the request was lost in flight) has no id to ask about. The
 * shopper's own retry asks again with the same key, so it is closed only long after any retry — card tokens live
 * 15 minutes — and logged for the business to reconcile with the gateway's records.
 */
export const UNANSWERED_TRY_MS = 60 * 60_000;

/** Hosted page statuses after which nothing can be paid on the page (checkout.com's, and the test gateway's). */
const CLOSED_PAGE_STATUSES = new Set(["expired", "cancelled", "canceled"]);

type Result = "placed" | "closed" | "left" | "gone";

/**
 * Settles the payment tries still open on orders not yet placed (drafts, and superseded drafts: an approved charge
 * on one still places it), oldest first. One try failing does not stop the others; a gateway that cannot be
 * reached leaves its try for the next sweep.
 */
export async function reconcileOpenPayments(ctx: RequestContext, deps: PaymentDeps, options: ReconcileOptions = {}): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { checked: 0, placed: 0, closed: 0, left: 0 };
  const gateway = ctx.payments.gateway;
  if (!gateway) return summary;
  const cutoff = new Date(ctx.clock.now().getTime() - (options.olderThanMs ?? SWEEP_OLDER_THAN_MS));
  const found = await ctx.db
    .select({ attempt: orderPayments, order: orders })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(
      and(
        inArray(orderPayments.status, [...OPEN_STATUSES]),
        ne(orderPayments.kind, "cash"),
        inArray(orders.state, ["draft", "superseded"]),
        lte(orderPayments.updatedAt, cutoff),
      ),
    )
    .orderBy(asc(orderPayments.updatedAt), asc(orderPayments.id))
    .limit(options.limit ?? SWEEP_LIMIT);

  for (const { attempt, order } of found) {
    summary.checked++;
    let result: Result;
    try {
      result = await reconcileTry(ctx, deps, gateway, order, attempt);
    } catch (error) {
      ctx.log.error("payments.reconcile_failed", {
        orderId: order.id,
        attempt: attempt.attempt,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      result = "left";
    }
    if (result !== "gone") summary[result]++;
  }
  return summary;
}

async function reconcileTry(ctx: RequestContext, deps: PaymentDeps, gateway: PaymentGateway, order: OrderRow, found: PaymentTry): Promise<Result> {
  // Read again: the shopper may have come back since the sweep listed it.
  const [attempt] = await ctx.db.select().from(orderPayments).where(eq(orderPayments.id, found.id));
  if (!attempt || !isOpen(attempt)) return "gone";
  const about = { orderId: order.id, attempt: attempt.attempt, kind: attempt.kind };

  let payment: GatewayPayment | null = null;
  try {
    if (attempt.kind === "hosted" && attempt.hostedId) {
      const page = await gateway.getHostedPayment(attempt.hostedId);
      if (page.paymentId) payment = await gateway.getPayment(page.paymentId);
      else if (CLOSED_PAGE_STATUSES.has(page.status.toLowerCase())) return cancel(ctx, attempt, { ...about, page: page.status });
      else return "left";
    } else if (attempt.gatewayPaymentId) {
      payment = await gateway.getPayment(attempt.gatewayPaymentId);
    }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // As cancelPayment does: a page or payment the gateway does not know cannot have been paid.
    if (error.kind === "not_found") return cancel(ctx, attempt, { ...about, gateway: "not found" });
    ctx.log.warn("payments.reconcile_gateway_error", { ...about, kind: error.kind, status: error.status, error: error.message });
    return "left";
  }

  if (!payment) {
    if (ctx.clock.now().getTime() - attempt.updatedAt.getTime() < UNANSWERED_TRY_MS) {
      ctx.log.info("payments.reconcile_unanswered", about);
      return "left";
    }
    await markTry(ctx, attempt, "failed", null);
    ctx.log.warn("payments.unanswered_try_closed", about);
    return "closed";
  }

  // The same checks verifyPayment makes on a payment id from the shopper's return address.
  if (payment.reference !== order.draftOrderId || payment.amount !== order.totalPence || payment.currency !== CURRENCY) {
    ctx.log.warn("payments.reconcile_mismatch", { ...about, paymentId: payment.id });
    return "left";
  }
  const settled = await settlePayment(ctx, deps, { orderId: order.id, tryId: attempt.id, method: attempt.method }, payment);
  if (settled.status === "pending") return "left";
  if (settled.status !== "placed") {
    ctx.log.info("payments.reconciled", { ...about, paymentId: payment.id, outcome: settled.status });
    return "closed";
  }
  // Placed answers both an approval that placed the order and one voided because another try placed it first.
  const [after] = await ctx.db.select({ status: orderPayments.status }).from(orderPayments).where(eq(orderPayments.gatewayPaymentId, payment.id));
  ctx.log.info("payments.reconciled", { ...about, paymentId: payment.id, outcome: after?.status ?? null });
  if (after?.status === "approved") return "placed";
  // Pending: a second approval whose void did not go through yet.
  return after?.status === "pending" || after?.status === "initiated" ? "left" : "closed";
}

async function cancel(ctx: RequestContext, attempt: PaymentTry, fields: Record<string, unknown>): Promise<Result> {
  await markTry(ctx, attempt, "cancelled", null);
  ctx.log.info("payments.reconciled", { ...fields, outcome: "cancelled" });
  return "closed";
}
