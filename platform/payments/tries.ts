import { and, asc, eq, inArray } from "drizzle-orm";
import { CHECKOUT_MESSAGES, PAYMENT_MESSAGES, type PaymentMethodName } from "../contract";
import { gatewayNotSupported } from "../checkout/process-order";
import type { Db } from "../db/open";
import { orderPayments, orders, type StoredAddress } from "../db/schema";
import { ApiError } from "../errors";
import type { OrderRow } from "../orders/place";
import { ownsOrder } from "../orders/service";
import type { AuthInfo, RequestContext } from "../context";
import type { GatewayAddress, PaymentGateway } from "../ports/payment-gateway";

/*
 * Paying for a draft order, at most once (decision record 0014): the tries every payment file reads and writes.
 *
 * Every try at paying is an order_payments row with its own idempotency key, which goes to the gateway with every
 * request about that try. The rows are written in short transactions that lock the order row, and the gateway is
 * called between them, never inside one: the embedded database has one connection (and the embedded gateway keeps
 * its state in it), and in production the gateway is a network call no lock should wait on. Making a payment
 * (make.ts), settling what the gateway says (settle.ts), verifying the shopper's return (verify.ts) and closing a try
 * the shopper walked away from (cancel.ts) all work this way.
 */

export type PaymentTry = typeof orderPayments.$inferSelect;

export interface PaymentDeps {
  /** The business's name as the site shows it: the confirmation's subject, Apple Pay's display name. */
  companyName(): Promise<string>;
}

export const CURRENCY = "GBP";
export const OPEN_STATUSES: readonly PaymentTry["status"][] = ["initiated", "pending"];
export const isOpen = (attempt: PaymentTry) => OPEN_STATUSES.includes(attempt.status);

/** A try's idempotency key (Cko-Idempotency-Key): unique per order and attempt, the same on every request about it. */
export const tryKey = (order: Pick<OrderRow, "draftOrderId">, attempt: number) => `${order.draftOrderId}:${attempt}`;

const draftNotFound = () =>
  new ApiError(404, CHECKOUT_MESSAGES.draftNotFound, {
    errorCode: "ORDER_NOT_FOUND",
    errorDisplay: CHECKOUT_MESSAGES.draftNotFound,
  });

function methodError(method: PaymentMethodName): string {
  switch (method) {
    case "card":
      return PAYMENT_MESSAGES.cardPaymentError;
    case "applepay":
      return PAYMENT_MESSAGES.applePayError;
    case "googlepay":
      return PAYMENT_MESSAGES.googlePayError;
    case "cash":
      return PAYMENT_MESSAGES.paymentError;
  }
}

/** The gateway could not be reached: nothing is known to be charged, and the same call may be made again. */
export const gatewayUnavailable = (method: PaymentMethodName) =>
  new ApiError(503, methodError(method), { errorCode: "GATEWAY_UNAVAILABLE", errorDisplay: methodError(method) });

export const validationError = (field: string, problem: string) =>
  new ApiError(400, problem, {
    errorCode: "VALIDATION_ERROR",
    errorDisplay: PAYMENT_MESSAGES.validationError,
    details: { field },
  });

export async function ownedOrder(db: Db, draftOrderId: string, auth: AuthInfo): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.draftOrderId, draftOrderId));
  if (!order || !ownsOrder(order, auth)) throw draftNotFound();
  return order;
}

export async function lockOrder(db: Db, orderId: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw draftNotFound();
  return order;
}

export async function triesOf(db: Db, orderId: number): Promise<PaymentTry[]> {
  return db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(asc(orderPayments.attempt));
}

export function gatewayOf(ctx: RequestContext): PaymentGateway {
  if (!ctx.payments.gateway) throw gatewayNotSupported();
  return ctx.payments.gateway;
}

export function customerOf(order: OrderRow) {
  return { email: order.email, name: `${order.firstName} ${order.lastName}`.trim() };
}

/** The order's billing address in checkout.com's shape (spec 2 §3: postcode → zip, town → city, county → state). */
export function gatewayBilling(address: StoredAddress | null): GatewayAddress | null {
  if (!address) return null;
  return {
    address_line1: address.addressLine1,
    ...(address.addressLine2 ? { address_line2: address.addressLine2 } : {}),
    city: address.town,
    ...(address.county ? { state: address.county } : {}),
    zip: address.postcode,
    country: address.countryCode,
  };
}

export async function readOrder(db: Db, orderId: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw draftNotFound();
  return order;
}

/**
 * Ends an open try. A hosted try keeps its page's address (`redirectUrl`) while the page may still take a payment —
 * the shopper may yet pay in another tab — and the sweep watches such pages (reconcile.ts); `pageClosed` says the
 * gateway confirmed that nothing more can be paid there.
 */
export async function markTry(
  ctx: RequestContext,
  attempt: PaymentTry,
  status: "declined" | "cancelled" | "failed",
  summary: string | null,
  options: { pageClosed?: boolean } = {},
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockOrder(tx, attempt.orderId);
    await tx
      .update(orderPayments)
      .set({
        status,
        responseSummary: summary,
        updatedAt: ctx.clock.now(),
        ...(options.pageClosed ? { redirectUrl: null } : {}),
      })
      .where(and(eq(orderPayments.id, attempt.id), inArray(orderPayments.status, ["initiated", "pending"])));
  });
}
