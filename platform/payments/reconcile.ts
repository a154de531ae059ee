import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne } from "drizzle-orm";
import { orderPayments, orders } from "../db/schema";
import type { OrderRow } from "../orders/place";
import type { RequestContext } from "../context";
import { GatewayError, type GatewayPayment, type PaymentGateway } from "../ports/payment-gateway";
import { CLOSED_PAGE_STATUSES } from "./cancel";
import { outcomeOf, paysFor, settledTry, settlePayment, unclaimedPayment } from "./settle";
import { isOpen, markTry, OPEN_STATUSES, type PaymentDeps, type PaymentTry } from "./tries";

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
/** How long a card page closed on our side is watched for a payment made on it after all, and how often. */
export const PAGE_WATCH_MS = 24 * 60 * 60_000;
export const PAGE_WATCH_EVERY_MS = 10 * 60_000;
const SWEEP_LIMIT = 100;
/**
 * A try that never heard back from the gateway (the request was lost in flight) has no id to ask about: the sweep
 * looks for a payment with the order's reference that no try knows. When there is none, the shopper's own retry may
 * still ask again with the same key, so the try is closed only long after any retry — card tokens live 15 minutes —
 * and logged.
 */
export const UNANSWERED_TRY_MS = 60 * 60_000;

type Result = "placed" | "closed" | "left" | "gone";

/**
 * Settles the payment tries still open, oldest first: on drafts and superseded drafts (an approved charge on one
 * still places it), and on placed orders (a second approval is voided); then watches closed card pages. One try
 * failing does not stop the others; a gateway that cannot be reached leaves its try for the next sweep.
 */
export async function reconcileOpenPayments(
  ctx: RequestContext,
  deps: PaymentDeps,
  options: ReconcileOptions = {},
): Promise<ReconcileSummary> {
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
        // Placed orders too: a second approval whose void failed is still open, and is voided again.
        inArray(orders.state, ["draft", "superseded", "placed"]),
        lte(orderPayments.updatedAt, cutoff),
      ),
    )
    .orderBy(asc(orderPayments.updatedAt), asc(orderPayments.id))
    .limit(options.limit ?? SWEEP_LIMIT);

  const now = ctx.clock.now().getTime();
  const watched = await ctx.db
    .select({ attempt: orderPayments, order: orders })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(
      and(
        eq(orderPayments.kind, "hosted"),
        eq(orderPayments.status, "cancelled"),
        isNotNull(orderPayments.hostedId),
        isNotNull(orderPayments.redirectUrl),
        isNull(orderPayments.gatewayPaymentId),
        gt(orderPayments.createdAt, new Date(now - PAGE_WATCH_MS)),
        lte(orderPayments.updatedAt, new Date(now - PAGE_WATCH_EVERY_MS)),
      ),
    )
    .orderBy(asc(orderPayments.updatedAt), asc(orderPayments.id))
    .limit(options.limit ?? SWEEP_LIMIT);

  const run = async (attempt: PaymentTry, order: OrderRow, settle: () => Promise<Result>) => {
    summary.checked++;
    let result: Result;
    try {
      result = await settle();
    } catch (error) {
      ctx.log.error("payments.reconcile_failed", {
        orderId: order.id,
        attempt: attempt.attempt,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      result = "left";
    }
    if (result !== "gone") summary[result]++;
  };
  for (const { attempt, order } of found)
    await run(attempt, order, () => reconcileTry(ctx, deps, gateway, order, attempt));
  for (const { attempt, order } of watched)
    await run(attempt, order, () => watchClosedPage(ctx, deps, gateway, order, attempt));
  return summary;
}

/**
 * A card page whose try we closed (the shopper cancelled, switched to cash, or started again) can still be paid at
 * the gateway until the page itself expires: a second tab left open. Such a page is asked about every
 * PAGE_WATCH_EVERY_MS for PAGE_WATCH_MS. A payment made on it after all places the order if it is still a draft, or
 * is voided if the order was placed another way; the watch ends when the page is paid, expires or is cancelled.
 */
async function watchClosedPage(
  ctx: RequestContext,
  deps: PaymentDeps,
  gateway: PaymentGateway,
  order: OrderRow,
  found: PaymentTry,
): Promise<Result> {
  const [attempt] = await ctx.db.select().from(orderPayments).where(eq(orderPayments.id, found.id));
  if (!attempt || attempt.status !== "cancelled" || attempt.gatewayPaymentId !== null || attempt.redirectUrl === null)
    return "gone";
  const about = { orderId: order.id, attempt: attempt.attempt, kind: attempt.kind };
  const where = and(
    eq(orderPayments.id, attempt.id),
    eq(orderPayments.status, "cancelled"),
    isNull(orderPayments.gatewayPaymentId),
  );
  const stopWatching = async (paymentId: string | null, outcome: string): Promise<Result> => {
    await ctx.db
      .update(orderPayments)
      .set({ redirectUrl: null, updatedAt: ctx.clock.now(), ...(paymentId ? { gatewayPaymentId: paymentId } : {}) })
      .where(where);
    ctx.log.info("payments.closed_page_settled", { ...about, paymentId, outcome });
    return "closed";
  };
  const askLater = async (): Promise<Result> => {
    await ctx.db.update(orderPayments).set({ updatedAt: ctx.clock.now() }).where(where);
    return "left";
  };

  let payment: GatewayPayment;
  try {
    const page = await gateway.getHostedPayment(attempt.hostedId!);
    if (!page.paymentId)
      return CLOSED_PAGE_STATUSES.has(page.status.toLowerCase()) ? stopWatching(null, page.status) : askLater();
    payment = await gateway.getPayment(page.paymentId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.kind === "not_found") return stopWatching(null, "not found");
    ctx.log.warn("payments.reconcile_gateway_error", {
      ...about,
      kind: error.kind,
      status: error.status,
      error: error.message,
    });
    return askLater();
  }
  if (!paysFor(payment, order)) {
    ctx.log.warn("payments.reconcile_mismatch", { ...about, paymentId: payment.id });
    return askLater();
  }
  const outcome = outcomeOf(payment);
  if (outcome === "pending") return askLater();
  if (outcome !== "approved") return stopWatching(payment.id, outcome);

  ctx.log.warn("payments.closed_page_paid", { ...about, paymentId: payment.id, orderState: order.state });
  await settlePayment(ctx, deps, { orderId: order.id, tryId: attempt.id, method: attempt.method }, payment);
  // Open: a second approval whose void did not go through yet; the open-try sweep voids it again.
  return resultOf((await settledTry(ctx, payment.id)).ended);
}

const resultOf = (ended: "placed" | "open" | "closed"): Result => (ended === "open" ? "left" : ended);

async function reconcileTry(
  ctx: RequestContext,
  deps: PaymentDeps,
  gateway: PaymentGateway,
  order: OrderRow,
  found: PaymentTry,
): Promise<Result> {
  // Read again: the shopper may have come back since the sweep listed it.
  const [attempt] = await ctx.db.select().from(orderPayments).where(eq(orderPayments.id, found.id));
  if (!attempt || !isOpen(attempt)) return "gone";
  const about = { orderId: order.id, attempt: attempt.attempt, kind: attempt.kind };

  let payment: GatewayPayment | null = null;
  try {
    if (attempt.kind === "hosted" && attempt.hostedId) {
      const page = await gateway.getHostedPayment(attempt.hostedId);
      if (page.paymentId) payment = await gateway.getPayment(page.paymentId);
      else if (CLOSED_PAGE_STATUSES.has(page.status.toLowerCase()))
        return cancel(ctx, attempt, { ...about, page: page.status });
      else return "left";
    } else if (attempt.gatewayPaymentId) {
      payment = await gateway.getPayment(attempt.gatewayPaymentId);
    } else {
      payment = await unclaimedPayment(ctx, gateway, order);
      if (payment)
        ctx.log.warn("payments.lost_answer_found", { ...about, paymentId: payment.id, status: payment.status });
    }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // As cancelPayment does: a page or payment the gateway does not know cannot have been paid.
    if (error.kind === "not_found") return cancel(ctx, attempt, { ...about, gateway: "not found" });
    ctx.log.warn("payments.reconcile_gateway_error", {
      ...about,
      kind: error.kind,
      status: error.status,
      error: error.message,
    });
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
  if (!paysFor(payment, order)) {
    ctx.log.warn("payments.reconcile_mismatch", { ...about, paymentId: payment.id });
    return "left";
  }
  const settled = await settlePayment(
    ctx,
    deps,
    { orderId: order.id, tryId: attempt.id, method: attempt.method },
    payment,
  );
  if (settled.status === "pending") return "left";
  if (settled.status !== "placed") {
    ctx.log.info("payments.reconciled", { ...about, paymentId: payment.id, outcome: settled.status });
    return "closed";
  }
  // Placed answers both an approval that placed the order and one voided because another try placed it first.
  const after = await settledTry(ctx, payment.id);
  ctx.log.info("payments.reconciled", { ...about, paymentId: payment.id, outcome: after.status });
  return resultOf(after.ended);
}

async function cancel(ctx: RequestContext, attempt: PaymentTry, fields: Record<string, unknown>): Promise<Result> {
  // Only ever called when the gateway says the page (or payment) can take nothing more.
  await markTry(ctx, attempt, "cancelled", null, { pageClosed: true });
  ctx.log.info("payments.reconciled", { ...fields, outcome: "cancelled" });
  return "closed";
}
