import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { baskets } from "./baskets";
import { stores } from "./stores";

/** An address as checkout keeps it: the contract's CheckoutAddress, with the point it geocoded to when known. */
export type StoredAddress = {
  type: "delivery" | "billing";
  firstName: string;
  lastName: string;
  email: string;
  telephone: string;
  addressLine1: string;
  addressLine2: string;
  town: string;
  county: string;
  postcode: string;
  countryCode: string;
  lat?: number | null;
  lng?: number | null;
};
export type StoredMarketing = {
  marketingChannelId: number | null;
  options: { type: string; opted: "in" | "out"; text: string }[];
};

/** The marketing choices a member made when registering, by channel. */
export type MemberMarketing = { email: boolean; sms: boolean };

/**
 * Member accounts (the auth module's). A store with the member e-mail check also asks a guest whose e-mail belongs
 * to a member to sign in.
 */
export const members = pgTable(
  "members",
  {
    id: serial("id").primaryKey(),
    /** Kept lower-case: e-mail addresses are compared without case. */
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** A UK mobile in international form (+447…). */
    mobile: text("mobile"),
    mobileValidated: boolean("mobile_validated").notNull().default(false),
    /** scrypt with its parameters (see auth/passwords.ts); null for members who only sign in by code or socially. */
    passwordHash: text("password_hash"),
    /** True once the member has shown they read this address (a social provider vouched for it, or a reset link). */
    emailVerified: boolean("email_verified").notNull().default(false),
    marketing: jsonb("marketing").$type<MemberMarketing>().notNull().default({ email: false, sms: false }),
    /** The marketing channel (store allowedMarketingChannels id) the member's choices were last given through. */
    marketingChannelId: integer("marketing_channel_id"),
    /** The marketing tool's identity for the member (POST /api/iterable/identifier); null until one is linked. */
    marketingIdentity: text("marketing_identity"),
    /** The member's code in the referral links they share (decision 0039): 8 letters and digits, made at sign-up. */
    referFriendCode: text("refer_friend_code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("members_email_idx").on(t.email),
    uniqueIndex("members_refer_friend_code_idx").on(t.referFriendCode),
  ],
);

/** How a store takes payment, per way of paying (spec 1 §3 store paymentMethods). */
export const storePaymentMethods = pgTable(
  "store_payment_methods",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text("name", { enum: ["cash", "card", "applepay", "googlepay"] }).notNull(),
    enabledForDelivery: boolean("enabled_for_delivery").notNull().default(true),
    enabledForCollection: boolean("enabled_for_collection").notNull().default(true),
    /** HH:mm:ss store-local; for cash, the latest slot end at which a basket with alcohol may pay cash. */
    cutOffTime: text("cut_off_time"),
    /** Gateway names (checkoutcom); empty for cash. */
    gateways: jsonb("gateways").$type<string[]>().notNull().default([]),
    /**
     * HH:mm store-local, or null: slots starting at or after this time of day refuse this way of paying (their
     * denyPayments, spec 1 §3), e.g. evening slots that take no cash.
     */
    denyFromTime: text("deny_from_time"),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.name] })],
);

/** What checkout has gathered for a basket: one row per basket, made on the first checkout call. */
export const basketCheckouts = pgTable("basket_checkouts", {
  basketToken: text("basket_token")
    .primaryKey()
    .references(() => baskets.token, { onDelete: "cascade" }),
  firstName: text("first_name"),
  lastName: text("last_name"),
  email: text("email"),
  phone: text("phone"),
  deliveryAddress: jsonb("delivery_address").$type<StoredAddress>(),
  billingAddress: jsonb("billing_address").$type<StoredAddress>(),
  /** The billing address follows the delivery address until the shopper gives another. */
  billingSameAsDelivery: boolean("billing_same_as_delivery").notNull().default(false),
  instructions: text("instructions"),
  marketing: jsonb("marketing").$type<StoredMarketing>(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** Order numbers as shoppers and staff see them. */
export const orderNumbers = pgSequence("order_number_seq", { startWith: 100001 });

/** An order's line as bought. sizeId and optionIds (for ordering again) are absent on orders placed before they were kept. */
export type OrderLineSnapshot = {
  basketLineId: string;
  menuItemId: number;
  name: string;
  variant: string | null;
  quantity: number;
  price: number;
  sizeId?: number | null;
  optionIds?: number[];
};
export type OrderStatusValue = "sent_to_store" | "store_accepted_picking" | "picked" | "en_route";

/**
 * An order: a draft while it waits for payment, placed once paid (or at once for cash). A draft is superseded when
 * its basket changes and checkout makes a new one; a superseded draft that the gateway approves after all is still
 * placed (every approved charge has an order).
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    businessOrderId: text("business_order_id")
      .notNull()
      .default(sql`(nextval('order_number_seq'))::text`),
    /** Unguessable: travels in the gateway's return addresses. */
    draftOrderId: text("draft_order_id").notNull(),
    /** Unguessable: the address of the order's status page and of the link in its confirmation. */
    statusToken: text("status_token").notNull(),
    basketToken: text("basket_token").notNull(),
    ownerFamily: text("owner_family").notNull(),
    memberId: integer("member_id"),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    state: text("state", { enum: ["draft", "placed", "superseded"] }).notNull(),
    /** Set when placed. */
    status: text("status", {
      enum: ["sent_to_store", "store_accepted_picking", "picked", "en_route"],
    }).$type<OrderStatusValue>(),
    statusHistory: jsonb("status_history").$type<{ status: OrderStatusValue; at: string }[]>().notNull().default([]),
    fulfilmentMethod: text("fulfilment_method", { enum: ["delivery", "collection"] }).notNull(),
    timing: text("timing", { enum: ["asap", "future", "preorder"] }).notNull(),
    slotDate: date("slot_date").notNull(),
    slotStart: timestamp("slot_start", { withTimezone: true }).notNull(),
    slotEnd: timestamp("slot_end", { withTimezone: true }).notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    deliveryAddress: jsonb("delivery_address").$type<StoredAddress>(),
    billingAddress: jsonb("billing_address").$type<StoredAddress>(),
    instructions: text("instructions"),
    marketing: jsonb("marketing").$type<StoredMarketing>(),
    channel: text("channel"),
    platform: text("platform").notNull(),
    /** The gateway processOrder named (null for cash); the method is known once payment starts. */
    paymentGateway: text("payment_gateway"),
    paymentMethod: text("payment_method", { enum: ["cash", "card", "applepay", "googlepay"] }),
    lines: jsonb("lines").$type<OrderLineSnapshot[]>().notNull(),
    couponCode: text("coupon_code"),
    /** The marketing campaign and the tool's identity for the shopper, from the basket (issue 20): attribution. */
    campaign: text("campaign"),
    marketingIdentity: text("marketing_identity"),
    subtotalPence: integer("subtotal_pence").notNull(),
    savingsPence: integer("savings_pence").notNull(),
    couponPence: integer("coupon_pence").notNull(),
    feePence: integer("fee_pence").notNull(),
    tipPence: integer("tip_pence").notNull(),
    totalPence: integer("total_pence").notNull(),
    /** Loyalty points spent on the order and what they took off (pence); points it earns when placed (decision 0022). */
    loyaltyPointsSpent: integer("loyalty_points_spent").notNull().default(0),
    loyaltyPence: integer("loyalty_pence").notNull().default(0),
    loyaltyPointsEarned: integer("loyalty_points_earned").notNull().default(0),
    /** The member's credit the order spends (pence, decision 0039); totalPence is what is left after it. */
    creditPence: integer("credit_pence").notNull().default(0),
    /** A hash of everything the draft was made from: the same basket, unchanged, reuses the draft. */
    basketHash: text("basket_hash").notNull(),
    /** The storefront's origin (from the return addresses), for links in the confirmation. */
    siteOrigin: text("site_origin"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    placedAt: timestamp("placed_at", { withTimezone: true }),
    /** Set when the order board marks the order delivered or collected (decision 0022): it is then a past order. */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("orders_business_order_id_idx").on(t.businessOrderId),
    uniqueIndex("orders_draft_order_id_idx").on(t.draftOrderId),
    uniqueIndex("orders_status_token_idx").on(t.statusToken),
    index("orders_basket_idx").on(t.basketToken),
    index("orders_store_placed_idx").on(t.storeId, t.state, t.placedAt),
    index("orders_member_idx").on(t.memberId, t.state, t.placedAt),
  ],
);

/** A member's review of a completed order (spec 2 §3 review: starRating, comment, orderId): at most one per order. */
export const orderReviews = pgTable("order_reviews", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  memberId: integer("member_id").notNull(),
  starRating: integer("star_rating").notNull(),
  comment: text("comment").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/** The last position the driver's page sent for an order en route (decision 0022). */
export const driverLocations = pgTable("driver_locations", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  lat: doublePrecision("lat").notNull(),
  lng: doublePrecision("lng").notNull(),
  /** Metres, as the browser reported it; null when it did not. */
  accuracy: doublePrecision("accuracy"),
  recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
});

/**
 * One row per attempt to pay an order. The attempt's idempotency key goes to the gateway with every request about
 * it, so a retried request cannot charge twice; a new attempt is made only once the last is declined, cancelled or
 * failed. At most one attempt per order is approved (a second approval is voided at the gateway).
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    method: text("method", { enum: ["cash", "card", "applepay", "googlepay"] }).notNull(),
    gateway: text("gateway"),
    /** hosted: the gateway's card page; token: a card or wallet token; cash: no gateway; credit: nothing to pay (0039). */
    kind: text("kind", { enum: ["hosted", "token", "cash", "credit"] }).notNull(),
    /** The hosted payment page's id (hpp_…), for hosted attempts. */
    hostedId: text("hosted_id"),
    /** The gateway's payment id (pay_…), once known. */
    gatewayPaymentId: text("gateway_payment_id"),
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status", {
      enum: ["initiated", "pending", "approved", "declined", "cancelled", "failed", "voided"],
    }).notNull(),
    amountPence: integer("amount_pence").notNull(),
    responseSummary: text("response_summary"),
    redirectUrl: text("redirect_url"),
    /** A member asked to keep the card (makePayment saveCard): it is saved once the gateway approves (decision 0023). */
    saveCard: boolean("save_card").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("order_payments_attempt_idx").on(t.orderId, t.attempt),
    uniqueIndex("order_payments_gateway_payment_idx").on(t.gatewayPaymentId),
    uniqueIndex("order_payments_one_approved_idx")
      .on(t.orderId)
      .where(sql`status = 'approved'`),
  ],
);

/**
 * Messages for shoppers (order confirmations now; one-time codes and password resets later). The embedded default
 * keeps them here, readable at a development page; production sends them by SMTP.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    kind: text("kind").notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Delivery tries so far; a sender claims a message for a while (claimed_until) before each. */
    attempts: integer("attempts").notNull().default(0),
    /** Not tried again before this (backoff after a failure); null: due now. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** The last failure's error, never the body (it may hold a code or a reset link). */
    lastError: text("last_error"),
    /** Given up after the last allowed attempt. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_created_idx").on(t.createdAt),
    index("outbox_pending_idx")
      .on(t.id)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);
