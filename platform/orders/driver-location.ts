import { and, eq } from "drizzle-orm";
import { ORDER_MESSAGES } from "../contract";
import { requireAuth } from "../basket/basket";
import type { RequestContext } from "../context";
import { driverLocations, orders } from "../db/schema";
import { ApiError } from "../errors";
import type { OrderRow } from "./place";
import { orderNotFound, ownsOrder } from "./service";

/*
 * Driver positions (decision 0022): the board's driver page sends one for an order en route; the order's shopper
 * reads the last. Nothing else is kept: an order has one row, replaced each time.
 */

const enRoute = (order: OrderRow) =>
  order.fulfilmentMethod === "delivery" && order.status === "en_route" && order.completedAt === null;

export async function recordDriverLocation(
  ctx: RequestContext,
  input: { businessOrderId: string; lat: number; lng: number; accuracy?: number | null },
) {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.businessOrderId, input.businessOrderId), eq(orders.state, "placed")));
  if (!order) throw orderNotFound();
  if (!enRoute(order))
    throw new ApiError(409, ORDER_MESSAGES.notEnRoute, {
      errorCode: "NOT_EN_ROUTE",
      errorDisplay: ORDER_MESSAGES.notEnRoute,
    });
  const now = ctx.clock.now();
  const row = { orderId: order.id, lat: input.lat, lng: input.lng, accuracy: input.accuracy ?? null, recordedAt: now };
  await ctx.db
    .insert(driverLocations)
    .values(row)
    .onConflictDoUpdate({
      target: driverLocations.orderId,
      set: { lat: row.lat, lng: row.lng, accuracy: row.accuracy, recordedAt: now },
    });
  return { recordedAt: now.toISOString() };
}

export async function getDriverLocation(ctx: RequestContext, input: { businessOrderId: string; statusToken?: string }) {
  const auth = requireAuth(ctx);
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.businessOrderId, input.businessOrderId), eq(orders.state, "placed")));
  const allowed =
    order && (input.statusToken !== undefined ? order.statusToken === input.statusToken : ownsOrder(order, auth));
  if (!order || !allowed) throw orderNotFound();
  const trackable = enRoute(order);
  const [last] = trackable
    ? await ctx.db.select().from(driverLocations).where(eq(driverLocations.orderId, order.id))
    : [];
  const to = order.deliveryAddress;
  return {
    trackable,
    location: last
      ? { lat: last.lat, lng: last.lng, accuracy: last.accuracy, recordedAt: last.recordedAt.toISOString() }
      : null,
    destination: to && typeof to.lat === "number" && typeof to.lng === "number" ? { lat: to.lat, lng: to.lng } : null,
  };
}
