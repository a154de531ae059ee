import { and, desc, eq } from "drizzle-orm";
import { createHash, timingSafeEqual } from "node:crypto";
import { BASKET_MESSAGES, nextOrderStatus, ORDER_MESSAGES, type OrderStatus, type StaffOrder } from "../contract";
import { issueTokens } from "../auth/tokens";
import { orders, stores } from "../db/schema";
import { ApiError } from "../errors";
import { hit, recentHits } from "../rate-limit";
import type { RequestContext } from "../context";
import type { Db } from "../db/open";
import type { OrderRow } from "./place";
import { publishOrderStatus } from "./live-status";
import { orderNotFound, orderSummary, storeOf } from "./service";

/** Wrong sign-ins allowed per client address in each window; after that even the right password waits. */
export const STAFF_FAILED_SIGN_INS = 10;
export const STAFF_SIGN_IN_WINDOW_SECONDS = 900;

const bucketFor = (clientIp: string) => `staff-login:ip:${clientIp}`;

/**
 * Compares secrets in time that does not depend on where they differ (or on their lengths: both sides are hashed
 * to the same length first), so timing cannot be used to guess them a character at a time.
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Wrong sign-ins from this address within the window, read without counting one. */
const failedSignIns = (ctx: RequestContext, now: Date) =>
  recentHits(ctx.db, bucketFor(ctx.clientIp), STAFF_SIGN_IN_WINDOW_SECONDS, now);

const tooManyAttempts = () =>
  new ApiError(429, BASKET_MESSAGES.tooManyAttempts, {
    errorCode: "TOO_MANY_ATTEMPTS",
    errorDisplay: BASKET_MESSAGES.tooManyAttempts,
  });

/**
 * The order board's sign-in, with the credentials the platform was started with. Only wrong attempts count towards
 * the limit, so staff signing in all day are never locked out; an address past the limit is refused even with the
 * right password until the window ends.
 */
export async function staffLogin(ctx: RequestContext, input: { username: string; password: string }) {
  const staff = ctx.config.staff;
  if (!staff)
    throw new ApiError(503, ORDER_MESSAGES.staffNotConfigured, {
      errorCode: "STAFF_NOT_CONFIGURED",
      errorDisplay: ORDER_MESSAGES.staffNotConfigured,
    });
  const now = ctx.clock.now();
  if ((await failedSignIns(ctx, now)) >= STAFF_FAILED_SIGN_INS) throw tooManyAttempts();
  // Both compared every time: which of the two was wrong is not told, not even by timing.
  const userOk = sameSecret(input.username, staff.username);
  const passwordOk = sameSecret(input.password, staff.password);
  if (!userOk || !passwordOk) {
    const counted = await hit(
      ctx.db,
      bucketFor(ctx.clientIp),
      STAFF_FAILED_SIGN_INS,
      STAFF_SIGN_IN_WINDOW_SECONDS,
      now,
    );
    ctx.log.warn("staff.sign_in_failed", { clientIp: ctx.clientIp, remaining: counted.remaining });
    throw new ApiError(401, ORDER_MESSAGES.staffSignInFailed, {
      errorCode: "STAFF_SIGN_IN_FAILED",
      errorDisplay: ORDER_MESSAGES.staffSignInFailed,
    });
  }
  const tokens = await issueTokens(ctx.db, ctx.clock, ctx.config, { strategy: "staff", memberId: null });
  return { access_token: tokens.access_token, expires_in: tokens.expires_in, token_type: "Bearer" as const };
}

function staffOrder(order: OrderRow, store: Parameters<typeof orderSummary>[1]): StaffOrder {
  const summary = orderSummary(order, store);
  const nextStatus = nextOrderStatus(summary.status, summary.orderType);
  return { ...summary, nextStatus, canComplete: nextStatus === null && order.completedAt === null };
}

/** A store's placed orders, newest first. */
export async function staffListOrders(
  ctx: RequestContext,
  input: { storeId: number; limit: number },
): Promise<{ orders: StaffOrder[] }> {
  const [store] = await ctx.db.select().from(stores).where(eq(stores.id, input.storeId));
  if (!store) throw new ApiError(404, "Store not found.");
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, store.id), eq(orders.state, "placed")))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(input.limit);
  return { orders: rows.map((row) => staffOrder(row, store)) };
}

/** A placed order, locked for the rest of the transaction so that two screens cannot both change it. */
async function lockPlacedOrder(tx: Db, businessOrderId: string): Promise<OrderRow & { status: OrderStatus }> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.businessOrderId, businessOrderId), eq(orders.state, "placed")))
    .for("update");
  if (!order || order.status === null) throw orderNotFound();
  return { ...order, status: order.status };
}

const moveRefused = (currentStatus: OrderStatus) =>
  new ApiError(409, ORDER_MESSAGES.statusMoveRefused, {
    errorCode: "STATUS_MOVE_REFUSED",
    errorDisplay: ORDER_MESSAGES.statusMoveRefused,
    details: { currentStatus },
  });

/**
 * One step forward at a time, in a transaction that locks the order so two clicks from two screens cannot both
 * move it. The status it already has answers the order as it is (a double click changes nothing).
 */
export async function staffUpdateOrderStatus(
  ctx: RequestContext,
  input: { businessOrderId: string; status: OrderStatus },
): Promise<StaffOrder> {
  const { order: updated, changed } = await ctx.db.transaction(async (tx) => {
    const order = await lockPlacedOrder(tx, input.businessOrderId);
    if (order.status === input.status) return { order, changed: false };
    if (nextOrderStatus(order.status, order.fulfilmentMethod) !== input.status) {
      throw moveRefused(order.status);
    }
    const now = ctx.clock.now();
    const [moved] = await tx
      .update(orders)
      .set({
        status: input.status,
        statusHistory: [...order.statusHistory, { status: input.status, at: now.toISOString() }],
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .returning();
    return { order: moved ?? order, changed: true };
  });
  // Once committed, so a listener asking for the order sees the new status.
  if (changed) await publishOrderStatus(ctx, { ...updated, status: input.status });
  return staffOrder(updated, await storeOf(ctx.db, updated.storeId));
}

/**
 * Marks an order delivered or collected (decision 0022) from its last status, under the same row lock as a status
 * move; asked again it answers the order as it is.
 */
export async function staffCompleteOrder(ctx: RequestContext, input: { businessOrderId: string }): Promise<StaffOrder> {
  const { order: updated, changed } = await ctx.db.transaction(async (tx) => {
    const order = await lockPlacedOrder(tx, input.businessOrderId);
    if (order.completedAt !== null) return { order, changed: false };
    if (nextOrderStatus(order.status, order.fulfilmentMethod) !== null) {
      throw moveRefused(order.status);
    }
    const now = ctx.clock.now();
    const [done] = await tx
      .update(orders)
      .set({ completedAt: now, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    return { order: { ...(done ?? order), status: order.status }, changed: true };
  });
  ctx.log.info("staff.order_completed", { businessOrderId: updated.businessOrderId });
  if (changed) await publishOrderStatus(ctx, updated);
  return staffOrder(updated, await storeOf(ctx.db, updated.storeId));
}
