import { z } from "zod";
import { basketSchema } from "./basket";
import { endpoint } from "./endpoint";
import { orderSummarySchema } from "./orders";
import { ORDER_STATUSES } from "./order-rules";

/*
 * Spec 2 §2 and §7, the member area's orders (decision 0022): the member's current and past orders, one order, and
 * reviews. Members only (a guest token is 403 MEMBERS_ONLY), and only their own: any other order is 404
 * 'Order not found.', as if it did not exist.
 */

/** Our words for reviews (the spec shows the review's fields, not its messages). */
export const REVIEW_MESSAGES = {
  thanks: "Thank you for your review.",
  alreadyReviewed: "You have already reviewed this order.",
  notYet: "You can review an order once it has been delivered or collected.",
  ratingRequired: "Choose from 1 to 5 stars",
  commentTooLong: "Your comment must be 1000 characters or fewer",
} as const;

export const REVIEW_COMMENT_MAX = 1000;

/** One order in the member's list. */
export const memberOrderListItemSchema = z.object({
  businessOrderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  orderType: z.enum(["delivery", "collection"]),
  placedAt: z.string(),
  completedAt: z.string().nullable(),
  slot: z.object({ date: z.string(), start: z.string(), end: z.string() }),
  store: z.object({ id: z.number().int().positive(), storeName: z.string(), slug: z.string(), timeZone: z.string() }),
  itemCount: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  reviewed: z.boolean(),
});
export type MemberOrderListItem = z.infer<typeof memberOrderListItemSchema>;

/**
 * Ours: the member's orders, newest first. current: placed and not yet delivered or collected; past: the rest. Paged
 * by `cursor` (the previous answer's nextCursor); nextCursor is null on the last page ('view more' hides).
 */
export const memberOrdersList = endpoint({
  method: "POST",
  path: "/api/member/orders/list",
  auth: "token",
  request: z.object({
    kind: z.enum(["current", "past"]),
    cursor: z.string().max(100).optional(),
    limit: z.number().int().min(1).max(50).default(5),
  }),
  response: z.object({ orders: z.array(memberOrderListItemSchema), nextCursor: z.string().nullable() }),
});

export const orderReviewSchema = z.object({
  starRating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: z.string(),
});

/** Ours: one of the member's orders, with its review and whether it can be reviewed or tracked now. */
export const memberOrderGet = endpoint({
  method: "POST",
  path: "/api/member/orders/get",
  auth: "token",
  request: z.object({ businessOrderId: z.string().min(1).max(40) }),
  response: orderSummarySchema.extend({
    review: orderReviewSchema.nullable(),
    /** Delivered or collected, and not reviewed yet. */
    canReview: z.boolean(),
    /** A delivery en route and not yet delivered: its driver's position can be asked for. */
    trackable: z.boolean(),
  }),
});

/**
 * Spec 2 §7 member/review/create (starRating, comment, orderId — the order's businessOrderId). Once per order, only
 * after it was delivered or collected: 409 ALREADY_REVIEWED, 409 NOT_COMPLETED; a rating outside 1–5 or a comment
 * over 1000 characters is 400 VALIDATION_ERROR with the field.
 */
export const memberReviewCreate = endpoint({
  method: "POST",
  path: "/api/member/review/create",
  auth: "token",
  request: z.object({
    starRating: z.number(),
    comment: z.string().max(10_000).default(""),
    orderId: z.string().min(1).max(40),
  }),
  response: z.object({ success: z.literal(true), message: z.string(), review: orderReviewSchema }),
});

/** Our words for ordering again. */
export const REORDER_MESSAGES = {
  allAdded: "Your items have been added to your basket.",
  someAdded: "Some of your items have been added to your basket.",
  noneAdded: "None of the items from this order can be added to your basket now.",
  chooseAgain: "Choose its size and options again.",
} as const;

/**
 * Spec 2 §7 member/orders/reorder (businessOrderId, fulfilmentMethod, basketToken): the order's items that still exist
 * and are sold for the method go into the basket at today's prices, each with its size and options. The basket is
 * the one given when it is the caller's and at the order's store; otherwise a new basket at the order's store (the
 * storefront then shops there). A basket with items for the other method is 409 FULFILMENT_METHOD_MISMATCH.
 * `notAdded` names each item that could not go in, and why.
 */
export const memberOrdersReorder = endpoint({
  method: "POST",
  path: "/api/member/orders/reorder",
  auth: "token",
  request: z.object({
    businessOrderId: z.string().min(1).max(40),
    fulfilmentMethod: z.enum(["delivery", "collection"]),
    basketToken: z.string().min(1).max(128).optional(),
  }),
  response: z.object({
    message: z.string(),
    basket: basketSchema,
    added: z.array(z.object({ name: z.string(), quantity: z.number().int().positive() })),
    notAdded: z.array(z.object({ name: z.string(), quantity: z.number().int().positive(), reason: z.string() })),
  }),
});

/** A voucher the business offers members (decision 0022): a coupon with its terms, applied as any coupon is. */
export const voucherSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** percent: value is the percentage; fixed: pence. */
  kind: z.enum(["percent", "fixed"]),
  value: z.number().int().nonnegative(),
  minSpend: z.number().int().nonnegative(),
  validUntil: z.string().nullable(),
  requirement: z.enum(["none", "registered", "registered_with_verification"]),
  terms: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;

/** Ours: the vouchers on offer to members now, at the store when one is given. */
export const memberVouchersList = endpoint({
  method: "POST",
  path: "/api/member/vouchers/list",
  auth: "token",
  request: z.object({ storeId: z.number().int().positive().max(2_147_483_647).optional() }),
  response: z.object({ vouchers: z.array(voucherSchema) }),
});
