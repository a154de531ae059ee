import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { api, REVIEW_COMMENT_MAX, REVIEW_MESSAGES } from "#contract";
import type { MemberOrderListItem } from "#contract/member-orders";
import { notFoundMessage } from "~/models/error-page";
import { redirectWithToast } from "~/services/flash.server";
import { PlatformError } from "~/services/platform-client.server";
import { memberCall } from "./member.server";

/*
 * The member's orders (spec 2 §2 /member/orders, /member/orders/{orderId}; decision 0022): the current and past lists,
 * one order with its review, ordering it again and reviewing it. The platform answers only the member's own orders:
 * any other is 404, and so is the page.
 */

type RequestContext = Readonly<RouterContextProvider>;
export type OrderListKind = "current" | "past";

export { REVIEW_COMMENT_MAX };

export const ORDERS_PATH = "/member/orders";
/** How many orders each list shows at a time. */
export const ORDERS_PAGE_SIZE = 5;

export interface OrderListPage {
  orders: MemberOrderListItem[];
  /** The cursor this page was read from (null: the newest), and the next page's. */
  cursor: string | null;
  nextCursor: string | null;
}

/** A cursor from the query: short and plain, or none (a bad one reads from the newest). */
export function cursorFrom(value: string | null): string | null {
  return value && value.length <= 100 && /^[\w.:=-]+$/.test(value) ? value : null;
}

async function listPage(
  context: RequestContext,
  request: Request,
  kind: OrderListKind,
  cursor: string | null,
): Promise<OrderListPage> {
  const read = (at: string | null) =>
    memberCall(context, request, (shopper) =>
      shopper.api.call(api.memberOrdersList, { kind, limit: ORDERS_PAGE_SIZE, ...(at ? { cursor: at } : {}) }),
    );
  try {
    const answer = await read(cursor);
    return { orders: answer.orders, cursor, nextCursor: answer.nextCursor };
  } catch (error) {
    // A cursor the platform does not know (edited by hand, say): the list from its newest instead.
    if (!(cursor && error instanceof PlatformError && error.status === 400)) throw error;
    const answer = await read(null);
    return { orders: answer.orders, cursor: null, nextCursor: answer.nextCursor };
  }
}

/** Both lists, each at the page its query parameter (?current=, ?past=) asks for. */
export async function orderLists(context: RequestContext, request: Request) {
  const query = new URL(request.url).searchParams;
  const [current, past] = await Promise.all([
    listPage(context, request, "current", cursorFrom(query.get("current"))),
    listPage(context, request, "past", cursorFrom(query.get("past"))),
  ]);
  return { current, past };
}

function notFound(request: Request) {
  return data(notFoundMessage(new URL(request.url).pathname), { status: 404 });
}

/** An order id from the path: its number as the platform gives it. */
function orderIdFrom(raw: string | undefined): string | null {
  return raw && /^[\w-]{1,40}$/.test(raw) ? raw : null;
}

/** One of the member's own orders; anything else (another member's, none) is the 404 page. */
export async function memberOrder(context: RequestContext, request: Request, rawId: string | undefined) {
  const businessOrderId = orderIdFrom(rawId);
  if (!businessOrderId) throw notFound(request);
  try {
    return await memberCall(context, request, (shopper) => shopper.api.call(api.memberOrderGet, { businessOrderId }));
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) throw notFound(request);
    throw error;
  }
}

/* ---------------------------------------------------------------- order again */

export interface NotAddedItem {
  name: string;
  quantity: number;
  reason: string;
}

/**
 * Order again (spec 2 §7 member/orders/reorder): the order's items into the session's basket, or into a new one at the
 * order's store, which the shopper then shops at. To the basket, the answer's message as a toast; the items that could
 * not go in are kept for the basket page to name.
 */
export async function orderAgain(
  context: RequestContext,
  request: Request,
  rawId: string | undefined,
): Promise<Response> {
  const order = await memberOrder(context, request, rawId);
  const orderPath = `${ORDERS_PATH}/${order.businessOrderId}`;
  try {
    const answer = await memberCall(context, request, async (shopper) => {
      const token = shopper.session.get("basketToken");
      const reply = await shopper.api.call(api.memberOrdersReorder, {
        businessOrderId: order.businessOrderId,
        fulfilmentMethod: order.orderType,
        ...(token ? { basketToken: token } : {}),
      });
      shopper.session.set("basketToken", reply.basket.basketToken);
      shopper.session.set("store", { id: order.store.id, slug: order.store.slug, name: order.store.storeName });
      shopper.session.set("fulfilmentMethod", order.orderType);
      if (reply.notAdded.length > 0) shopper.session.set("reorderNotAdded", reply.notAdded.slice(0, 20));
      else shopper.session.unset("reorderNotAdded");
      return reply;
    });
    return redirectWithToast(context, "/basket", {
      kind: answer.added.length > 0 ? "success" : "info",
      message: answer.message,
    });
  } catch (error) {
    if (error instanceof PlatformError && error.status < 500)
      return redirectWithToast(context, orderPath, { kind: "error", message: error.message });
    throw error;
  }
}

/* ---------------------------------------------------------------- review */

/** The review form: 1–5 stars and an optional comment. */
export const reviewSchema = z.object({
  intent: z.literal("review"),
  starRating: z.coerce
    .number({ error: REVIEW_MESSAGES.ratingRequired })
    .int(REVIEW_MESSAGES.ratingRequired)
    .min(1, REVIEW_MESSAGES.ratingRequired)
    .max(5, REVIEW_MESSAGES.ratingRequired),
  comment: z.string().trim().max(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.commentTooLong).default(""),
});

/** Posts a review of the member's order: thanked by a toast, or the refusal on the form. */
export async function reviewOrder(context: RequestContext, request: Request, rawId: string | undefined) {
  const order = await memberOrder(context, request, rawId);
  const submission = parseWithZod(await request.formData(), { schema: reviewSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await memberCall(context, request, (shopper) =>
      shopper.api.call(api.memberReviewCreate, {
        orderId: order.businessOrderId,
        starRating: submission.value.starRating,
        comment: submission.value.comment,
      }),
    );
  } catch (error) {
    if (error instanceof PlatformError && error.status < 500) {
      const field =
        error.message === REVIEW_MESSAGES.commentTooLong
          ? "comment"
          : error.message === REVIEW_MESSAGES.ratingRequired
            ? "starRating"
            : null;
      return data(
        field
          ? submission.reply({ fieldErrors: { [field]: [error.message] } })
          : submission.reply({ formErrors: [error.message] }),
        { status: error.status },
      );
    }
    throw error;
  }
  return redirectWithToast(context, `${ORDERS_PATH}/${order.businessOrderId}`, {
    kind: "success",
    message: REVIEW_MESSAGES.thanks,
  });
}
