import { and, eq } from "drizzle-orm";
import { ORDER_MESSAGES, type OrderSummary } from "../contract";
import { requireAuth } from "../basket/basket";
import type { Db } from "../db/open";
import { orders, stores } from "../db/schema";
import { ApiError } from "../errors";
import type { AuthInfo, RequestContext } from "../context";
import { storeIso } from "../slots/engine";
import { storeSlug } from "../stores/service";
import { publicAddress } from "./address";
import type { OrderRow } from "./place";

type StoreRow = typeof stores.$inferSelect;

export const orderNotFound = () =>
  new ApiError(404, ORDER_MESSAGES.orderNotFound, {
    errorCode: "ORDER_NOT_FOUND",
    errorDisplay: ORDER_MESSAGES.orderNotFound,
  });

/** An order answers only to the session or member that made it; to anyone else it does not exist. */
export function ownsOrder(
  order: Pick<OrderRow, "ownerFamily" | "memberId">,
  auth: Pick<AuthInfo, "family" | "memberId">,
): boolean {
  if (order.ownerFamily === auth.family) return true;
  return auth.memberId !== null && order.memberId === auth.memberId;
}

/** A placed order as its shopper and the store's staff see it. */
export function orderSummary(
  order: OrderRow,
  store: Pick<StoreRow, "id" | "name" | "slugText" | "phone" | "timeZone">,
): OrderSummary {
  if (order.state !== "placed" || order.status === null || order.placedAt === null || order.paymentMethod === null) {
    throw new Error(`Order ${order.id} is not placed and has no summary`);
  }
  const zone = store.timeZone;
  return {
    businessOrderId: order.businessOrderId,
    status: order.status,
    history: order.statusHistory,
    orderType: order.fulfilmentMethod,
    timing: order.timing,
    slot: {
      date: order.slotDate,
      start: storeIso(order.slotStart.getTime(), zone),
      end: storeIso(order.slotEnd.getTime(), zone),
    },
    store: { id: store.id, storeName: store.name, slug: storeSlug(store), phone: store.phone, timeZone: zone },
    placedAt: order.placedAt.toISOString(),
    paymentMethod: order.paymentMethod,
    customer: { firstName: order.firstName, lastName: order.lastName, email: order.email, phoneNumber: order.phone },
    deliveryAddress: publicAddress(order.deliveryAddress),
    instructions: order.instructions,
    lines: order.lines.map((line) => ({
      name: line.name,
      variant: line.variant,
      quantity: line.quantity,
      price: line.price,
    })),
    totals: {
      subtotal: order.subtotalPence,
      savings: order.savingsPence,
      coupon: order.couponPence,
      loyalty: order.loyaltyPence,
      fee: order.feePence,
      tip: order.tipPence,
      credit: order.creditPence,
      total: order.totalPence,
    },
    couponCode: order.couponCode,
    campaign: order.campaign,
    completedAt: order.completedAt?.toISOString() ?? null,
  };
}

export async function storeOf(db: Db, storeId: number): Promise<StoreRow> {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId));
  if (!store) throw new Error(`Store ${storeId} of an order does not exist`);
  return store;
}

/**
 * Spec 2 §7 order status. By status token: anyone holding the token (it is the confirmation e-mail's link). By
 * order number: only the session or member that placed it — numbers are sequential, so anyone could guess one.
 * Drafts and anything not found answer the same 404, so a guess learns nothing.
 */
export async function getOrderStatus(
  ctx: RequestContext,
  input: { businessOrderId?: string; statusToken?: string },
): Promise<OrderSummary> {
  const auth = requireAuth(ctx);
  let order: OrderRow | undefined;
  if (input.statusToken !== undefined) {
    [order] = await ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.statusToken, input.statusToken), eq(orders.state, "placed")));
    if (order && input.businessOrderId !== undefined && order.businessOrderId !== input.businessOrderId)
      order = undefined;
  } else if (input.businessOrderId !== undefined) {
    [order] = await ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.businessOrderId, input.businessOrderId), eq(orders.state, "placed")));
    if (order && !ownsOrder(order, auth)) order = undefined;
  }
  if (!order) throw orderNotFound();
  return orderSummary(order, await storeOf(ctx.db, order.storeId));
}
