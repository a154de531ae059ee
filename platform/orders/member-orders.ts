import { and, desc, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { REVIEW_COMMENT_MAX, REVIEW_MESSAGES, type MemberOrderListItem } from "../contract";
import type { RequestContext } from "../context";
import { requireMember, fieldRefusal } from "../auth/member-guard";
import { orderReviews, orders, stores } from "../db/schema";
import type { Db } from "../db/open";
import { ApiError } from "../errors";
import { storeIso } from "../slots/engine";
import { storeSlug } from "../stores/service";
import type { OrderRow } from "./place";
import { orderNotFound, orderSummary, storeOf } from "./service";

/*
 * The member area's orders (decision 0022): lists, one order, reviews. Every statement is scoped by the caller's
 * member id, so another member's order cannot be told from one that does not exist.
 */

/** The keyset of the last order on a page: when it was placed and its id, so a new order never shifts a page. */
function encodeCursor(order: { placedAt: Date | null; id: number }): string {
  return Buffer.from(`${order.placedAt?.toISOString() ?? ""}|${order.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { placedAt: Date; id: number } | null {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const placedAt = new Date(at ?? "");
  const orderId = Number(id);
  return Number.isNaN(placedAt.getTime()) || !Number.isInteger(orderId) ? null : { placedAt, id: orderId };
}

export async function listMemberOrders(
  ctx: RequestContext,
  input: { kind: "current" | "past"; cursor?: string; limit: number },
): Promise<{ orders: MemberOrderListItem[]; nextCursor: string | null }> {
  const auth = requireMember(ctx);
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  if (input.cursor && !after) throw fieldRefusal("cursor", "That page of orders could not be found.");
  const rows = await ctx.db
    .select({ order: orders, store: stores, reviewed: orderReviews.orderId })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .leftJoin(orderReviews, eq(orderReviews.orderId, orders.id))
    .where(
      and(
        eq(orders.memberId, auth.memberId),
        eq(orders.state, "placed"),
        input.kind === "current" ? isNull(orders.completedAt) : isNotNull(orders.completedAt),
        after
          ? or(lt(orders.placedAt, after.placedAt), and(eq(orders.placedAt, after.placedAt), lt(orders.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    orders: page.map(({ order, store, reviewed }) => listItem(order, store, reviewed !== null)),
    nextCursor: rows.length > input.limit && last ? encodeCursor(last.order) : null,
  };
}

function listItem(order: OrderRow, store: typeof stores.$inferSelect, reviewed: boolean): MemberOrderListItem {
  const zone = store.timeZone;
  return {
    businessOrderId: order.businessOrderId,
    status: order.status ?? "sent_to_store",
    orderType: order.fulfilmentMethod,
    placedAt: (order.placedAt ?? order.createdAt).toISOString(),
    completedAt: order.completedAt?.toISOString() ?? null,
    slot: {
      date: order.slotDate,
      start: storeIso(order.slotStart.getTime(), zone),
      end: storeIso(order.slotEnd.getTime(), zone),
    },
    store: { id: store.id, storeName: store.name, slug: storeSlug(store), timeZone: zone },
    itemCount: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    total: order.totalPence,
    reviewed,
  };
}

/** One of the caller's placed orders, or 404 as if it did not exist. */
export async function memberOrderRow(db: Db, memberId: number, businessOrderId: string): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.businessOrderId, businessOrderId), eq(orders.memberId, memberId), eq(orders.state, "placed")));
  if (!order) throw orderNotFound();
  return order;
}

export async function getMemberOrder(ctx: RequestContext, input: { businessOrderId: string }) {
  const auth = requireMember(ctx);
  const order = await memberOrderRow(ctx.db, auth.memberId, input.businessOrderId);
  const [review] = await ctx.db.select().from(orderReviews).where(eq(orderReviews.orderId, order.id));
  return {
    ...orderSummary(order, await storeOf(ctx.db, order.storeId)),
    review: review
      ? { starRating: review.starRating, comment: review.comment, createdAt: review.createdAt.toISOString() }
      : null,
    canReview: order.completedAt !== null && !review,
    trackable: order.fulfilmentMethod === "delivery" && order.status === "en_route" && order.completedAt === null,
  };
}

/**
 * Spec 2 §7 review/create: 1–5 whole stars and a comment (may be empty), once per order, once it was delivered or
 * collected. The primary key on the order decides between two racing reviews.
 */
export async function createReview(
  ctx: RequestContext,
  input: { starRating: number; comment: string; orderId: string },
) {
  const auth = requireMember(ctx);
  if (!Number.isInteger(input.starRating) || input.starRating < 1 || input.starRating > 5) {
    throw fieldRefusal("starRating", REVIEW_MESSAGES.ratingRequired);
  }
  const comment = input.comment.trim();
  if (comment.length > REVIEW_COMMENT_MAX) throw fieldRefusal("comment", REVIEW_MESSAGES.commentTooLong);
  const order = await memberOrderRow(ctx.db, auth.memberId, input.orderId);
  if (order.completedAt === null) {
    throw new ApiError(409, REVIEW_MESSAGES.notYet, {
      errorCode: "NOT_COMPLETED",
      errorDisplay: REVIEW_MESSAGES.notYet,
    });
  }
  const now = ctx.clock.now();
  const [saved] = await ctx.db
    .insert(orderReviews)
    .values({ orderId: order.id, memberId: auth.memberId, starRating: input.starRating, comment, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (!saved)
    throw new ApiError(409, REVIEW_MESSAGES.alreadyReviewed, {
      errorCode: "ALREADY_REVIEWED",
      errorDisplay: REVIEW_MESSAGES.alreadyReviewed,
    });
  ctx.log.info("member.order_reviewed", { businessOrderId: order.businessOrderId, starRating: saved.starRating });
  return {
    success: true as const,
    message: REVIEW_MESSAGES.thanks,
    review: { starRating: saved.starRating, comment: saved.comment, createdAt: saved.createdAt.toISOString() },
  };
}
