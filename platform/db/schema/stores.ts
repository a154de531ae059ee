import { menuGroups } from "./catalogue";
import { boolean, date, doublePrecision, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";

/** Weekly opening hours: ISO weekday (1 = Monday) → list of HH:mm ranges; "24:00" closes at midnight. */
export type WeeklyHours = Record<"1" | "2" | "3" | "4" | "5" | "6" | "7", { open: string; close: string }[]>;
export type DeliveryTier = { upToKm: number; costPence: number };
export type LatLng = { lat: number; lng: number };

/**
 * A store's loyalty scheme (spec 2 §3 basket loyaltyPoints; decision 0022). Points are earned per whole pound of the
 * order's subtotal after discounts and spent in the basket as money off.
 */
export type StoreLoyalty = {
  pointsName: string;
  /** Points earned per £1 (currencyToPointsRatio). */
  pointsPerPound: number;
  /** What one point takes off, in pence (pointsToCurrencyRatio is this / 100). */
  pointValuePence: number;
  minimumPointsSpend: number;
  maximumPointsSpend: number;
  /** Points can be spent only on a basket worth at least this (pence, subtotal after discounts). */
  minimumBasketValuePence: number;
  /** Tiers reached by what the member has spent at the store, lowest first; the first starts at 0. */
  tiers: { name: string; fromSpendPence: number }[];
};

export const stores = pgTable("stores", {
  id: serial("id").primaryKey(),
  /** The text part of the slug; the public slug is `${slugText}-${id}`. */
  slugText: text("slug_text").notNull(),
  name: text("name").notNull(),
  phone: text("phone"),
  addressLine1: text("address_line1").notNull(),
  addressLine2: text("address_line2"),
  town: text("town").notNull(),
  county: text("county"),
  postcode: text("postcode").notNull(),
  lat: doublePrecision("lat").notNull(),
  lng: doublePrecision("lng").notNull(),
  timeZone: text("time_zone").notNull().default("Europe/London"),
  productTypes: jsonb("product_types").$type<string[]>().notNull(),
  /** Delivery area: a radius round the store, or a polygon when set. */
  deliveryRadiusKm: doublePrecision("delivery_radius_km"),
  deliveryZone: jsonb("delivery_zone").$type<LatLng[]>(),
  ordersPaused: boolean("orders_paused").notNull().default(false),
  pausedMessage: text("paused_message"),
  /** Temporarily closed by the business, whatever the hour. */
  temporarilyClosed: boolean("temporarily_closed").notNull().default(false),
  storeClosedMessage: text("store_closed_message"),
  orderSuccessMessage: text("order_success_message"),
  customerOrderNotePlaceholder: text("customer_order_note_placeholder"),
  guestCheckoutAllowed: boolean("guest_checkout_allowed").notNull().default(true),
  memberEmailCheck: boolean("member_email_check").notNull().default(false),
  hasMembership: boolean("has_membership").notNull().default(false),
  tipsEnabled: boolean("tips_enabled").notNull().default(true),
  /** The driver tip choices carry an emoji each (spec 1 §3 isDriverTipEmojiEnabled). */
  driverTipEmojiEnabled: boolean("driver_tip_emoji_enabled").notNull().default(false),
  /** The shopper chooses the time in the basket only, not from the store pages (spec 1 §3 basketOnlyTimeSelection). */
  basketOnlyTimeSelection: boolean("basket_only_time_selection").notNull().default(false),
  menuGroupId: integer("menu_group_id").references(() => menuGroups.id, { onDelete: "set null" }),
  /** The store's loyalty scheme; null when it has none. */
  loyalty: jsonb("loyalty").$type<StoreLoyalty>(),
});

export const storeOrderMethods = pgTable(
  "store_order_methods",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    method: text("method", { enum: ["delivery", "collection"] }).notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Takes only future orders: pre-order whatever the hour. */
    preorderOnly: boolean("preorder_only").notNull().default(false),
    hours: jsonb("hours").$type<WeeklyHours>().notNull(),
    leadTimeSeconds: integer("lead_time_seconds").notNull().default(1800),
    /** Last time of day (HH:mm, store time) at which same-day orders are taken; null = until closing less lead time. */
    cutOffTime: text("cut_off_time"),
    orderDaysInAdvance: integer("order_days_in_advance").notNull().default(7),
    hasOnlyAsapSlotType: boolean("has_only_asap_slot_type").notNull().default(false),
    hasFutureSlotType: boolean("has_future_slot_type").notNull().default(true),
    slotMinutes: integer("slot_minutes").notNull().default(60),
    slotCapacity: integer("slot_capacity").notNull().default(10),
    maxBasketItems: integer("max_basket_items").notNull().default(0),
    costPence: integer("cost_pence").notNull().default(0),
    freeFromPence: integer("free_from_pence"),
    minSpendPence: integer("min_spend_pence").notNull().default(0),
    deliveryTiers: jsonb("delivery_tiers").$type<DeliveryTier[]>(),
    freeFulfilmentMessage: text("free_fulfilment_message"),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.method] })],
);

export const storeHolidays = pgTable(
  "store_holidays",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    holidayMessage: text("holiday_message").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.date] })],
);

/** The postcode table: the embedded location service's source. Postcodes kept upper-case without spaces. */
export const postcodes = pgTable("postcodes", {
  postcode: text("postcode").primaryKey(),
  display: text("display").notNull(),
  lat: doublePrecision("lat").notNull(),
  lng: doublePrecision("lng").notNull(),
  town: text("town"),
  district: text("district"),
  country: text("country").notNull().default("England"),
});
