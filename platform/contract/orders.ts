import { z } from "zod";
import { checkoutAddressSchema } from "./checkout";
import { endpoint } from "./endpoint";
import { ORDER_STATUSES } from "./order-rules";

export {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  nextOrderStatus,
  orderStatusesFor,
  type OrderStatus,
} from "./order-rules";

const pence = z.number().int().nonnegative();
const orderStatus = z.enum(ORDER_STATUSES);

export const orderLineSchema = z.object({
  name: z.string(),
  variant: z.string().nullable(),
  quantity: z.number().int().positive(),
  /** Pence for the whole line. */
  price: pence,
});

/** A placed order as its shopper (or the store's staff) sees it. */
export const orderSummarySchema = z.object({
  businessOrderId: z.string(),
  status: orderStatus,
  /** Each status the order has reached, with when (ISO-8601), oldest first. */
  history: z.array(z.object({ status: orderStatus, at: z.string() })),
  orderType: z.enum(["delivery", "collection"]),
  timing: z.enum(["asap", "future", "preorder"]),
  /** The slot: YYYY-MM-DD and ISO-8601 instants in the store's time zone. */
  slot: z.object({ date: z.string(), start: z.string(), end: z.string() }),
  store: z.object({
    id: z.number().int().positive(),
    storeName: z.string(),
    slug: z.string(),
    phone: z.string().nullable(),
    timeZone: z.string(),
  }),
  placedAt: z.string(),
  paymentMethod: z.enum(["cash", "card", "applepay", "googlepay"]),
  customer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phoneNumber: z.string() }),
  deliveryAddress: checkoutAddressSchema.nullable(),
  instructions: z.string().nullable(),
  lines: z.array(orderLineSchema),
  /** loyalty: what points spent on the order took off. */
  totals: z.object({
    subtotal: pence,
    savings: pence,
    coupon: pence,
    loyalty: pence,
    fee: pence,
    tip: pence,
    credit: pence,
    total: pence,
  }),
  couponCode: z.string().nullable(),
  /** The marketing campaign whose deep link filled the basket (issue 20); null when none. */
  campaign: z.string().nullable(),
  /** When the board marked it delivered or collected (decision 0022); null while it is a current order. */
  completedAt: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/**
 * Spec 2 §7 order status. By businessOrderId only for the session (or member) that placed the order; by
 * statusToken (ours: the unguessable token of the order's status page and confirmation e-mail) for anyone holding
 * it. Anything else answers 404 'Order not found.'.
 */
export const getOrderStatus = endpoint({
  method: "POST",
  path: "/api/stores/orderStatus",
  auth: "token",
  request: z
    .object({
      businessOrderId: z.string().min(1).max(40).optional(),
      statusToken: z.string().min(1).max(128).optional(),
    })
    .refine((v) => v.businessOrderId !== undefined || v.statusToken !== undefined, {
      message: "businessOrderId or statusToken is required",
      path: ["businessOrderId"],
    }),
  response: orderSummarySchema,
});

// ---------------------------------------------------------------------------------------------------------
// Staff (ours: the spec leaves status changes out, stores need them)
// ---------------------------------------------------------------------------------------------------------

/** Staff sign in with the credentials the platform was started with; the token answers staff calls only. */
export const staffLogin = endpoint({
  method: "POST",
  path: "/api/staff/login",
  auth: "none",
  request: z.object({ username: z.string().min(1).max(200), password: z.string().min(1).max(200) }),
  response: z.object({
    access_token: z.string(),
    expires_in: z.number().int().positive(),
    token_type: z.literal("Bearer"),
  }),
  maxBodyBytes: 4096,
});

export const staffOrderSchema = orderSummarySchema.extend({
  /** The status the board can move the order to next; null once it has reached its last. */
  nextStatus: orderStatus.nullable(),
  /** At its last status and not yet marked delivered or collected. */
  canComplete: z.boolean(),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

/** A store's placed orders, newest first (at most `limit`). */
export const staffListOrders = endpoint({
  method: "POST",
  path: "/api/staff/orders/list",
  auth: "staff",
  request: z.object({
    storeId: z.number().int().positive().max(2_147_483_647),
    limit: z.number().int().min(1).max(200).default(50),
  }),
  response: z.object({ orders: z.array(staffOrderSchema) }),
});

/**
 * Moves an order to its next status (one step forward; Driver en Route is for delivery only). Asking for the status
 * it already has answers the order as it is, so a double click changes nothing; any other move is 409.
 */
export const staffUpdateOrderStatus = endpoint({
  method: "POST",
  path: "/api/staff/orders/updateStatus",
  auth: "staff",
  request: z.object({ businessOrderId: z.string().min(1).max(40), status: orderStatus }),
  response: staffOrderSchema,
});

/**
 * Ours (decision 0022): marks an order delivered or collected, from its last status (Picked for a collection, Driver
 * en Route for a delivery). Asked again, it answers the order as it is; earlier, 409 'This order cannot move to that
 * status.'.
 */
export const staffCompleteOrder = endpoint({
  method: "POST",
  path: "/api/staff/orders/complete",
  auth: "staff",
  request: z.object({ businessOrderId: z.string().min(1).max(40) }),
  response: staffOrderSchema,
});

/**
 * Ours (decision 0022): the driver's page for an order en route sends the driver's position (every 30 s with script,
 * or posted by hand). Only a delivery at Driver en Route and not yet delivered: 409 NOT_EN_ROUTE otherwise. Only the
 * last position is kept.
 */
export const staffDriverLocation = endpoint({
  method: "POST",
  path: "/api/staff/orders/driverLocation",
  auth: "staff",
  request: z.object({
    businessOrderId: z.string().min(1).max(40),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    accuracy: z.number().nonnegative().max(100_000).nullish(),
  }),
  response: z.object({ recordedAt: z.string() }),
});

/**
 * Spec 2 §7 POST order/getDriverLocation (businessOrderId): the driver's last position for an order en route, for the
 * session or member that placed it (or whoever holds its status token, as the status page does); anyone else 404.
 * `location` is null until the driver's page has sent one, and once the order is no longer en route.
 */
export const getDriverLocation = endpoint({
  method: "POST",
  path: "/api/order/getDriverLocation",
  auth: "token",
  request: z.object({ businessOrderId: z.string().min(1).max(40), statusToken: z.string().min(1).max(128).optional() }),
  response: z.object({
    trackable: z.boolean(),
    location: z
      .object({ lat: z.number(), lng: z.number(), accuracy: z.number().nullable(), recordedAt: z.string() })
      .nullable(),
    /** Where the order goes, when its address was placed on the map. */
    destination: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  }),
});

export const ORDER_MESSAGES = {
  orderNotFound: "Order not found.",
  staffSignInFailed: "The username or password is not right.",
  staffNotConfigured: "The staff order board is not set up on this server.",
  statusMoveRefused: "This order cannot move to that status.",
  notEnRoute: "This order is not out for delivery.",
} as const;
