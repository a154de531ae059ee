import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { stores } from "./stores";

/** A shopper's basket, addressed by an unguessable token kept in the shopper's session. */
export const baskets = pgTable(
  "baskets",
  {
    token: text("token").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    fulfilmentMethod: text("fulfilment_method", { enum: ["delivery", "collection"] })
      .notNull()
      .default("delivery"),
    /** The auth token family that created it: a basket answers only to its own session (or member). */
    ownerFamily: text("owner_family").notNull(),
    memberId: integer("member_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    /** The applied coupon's code (coupons.code); null when none. */
    couponCode: text("coupon_code"),
    /** Driver tip, pence; delivery only. */
    tipPence: integer("tip_pence").notNull().default(0),
    /** The age the shopper has confirmed being at least (age-restricted items); null until asked. */
    acceptedAge: integer("accepted_age"),
    /** Where the order goes (delivery tiers are priced by distance); set by adds and slot reservations. */
    postcode: text("postcode"),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    /** Loyalty points the member chose to spend on this basket (0: none). */
    loyaltyPointsSpend: integer("loyalty_points_spend").notNull().default(0),
    /** The campaign of the marketing deep link that filled it, and the tool's identity for the shopper (issue 20). */
    campaign: text("campaign"),
    marketingIdentity: text("marketing_identity"),
  },
  (t) => [index("baskets_owner_idx").on(t.ownerFamily)],
);

/**
 * One line of a basket: an item in one size with one set of options. Ids are chosen by the client
 * (spec 2 §3: the add payload carries basketLineId), so a retried add names the line it meant.
 */
export const basketLines = pgTable(
  "basket_lines",
  {
    basketToken: text("basket_token")
      .notNull()
      .references(() => baskets.token, { onDelete: "cascade" }),
    lineId: text("line_id").notNull(),
    /** Insertion order, for a stable display order. */
    position: serial("position").notNull(),
    menuItemId: integer("menu_item_id").notNull(),
    sizeId: integer("size_id"),
    /** Chosen option ids, sorted (so equal choices compare equal). */
    optionIds: jsonb("option_ids").$type<number[]>().notNull().default([]),
    quantity: integer("quantity").notNull(),
    /** The banner the item was added from, for attribution. */
    bannerAdvertId: integer("banner_advert_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("basket_lines_basket_idx").on(t.basketToken, t.position),
    primaryKey({ columns: [t.basketToken, t.lineId] }),
  ],
);

/** Coupons. `kind` percent: value is a percentage of the subtotal after deals; fixed: value is pence. */
export const coupons = pgTable("coupons", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  kind: text("kind", { enum: ["percent", "fixed"] }).notNull(),
  value: integer("value").notNull(),
  /** none, registered (signed-in members) or registered_with_verification (members with a verified mobile). */
  requirement: text("requirement", { enum: ["none", "registered", "registered_with_verification"] })
    .notNull()
    .default("none"),
  minSpendPence: integer("min_spend_pence").notNull().default(0),
  validFrom: timestamp("valid_from", { withTimezone: true }),
  validUntil: timestamp("valid_until", { withTimezone: true }),
  active: boolean("active").notNull().default(true),
  /** Null: every store. */
  storeIds: jsonb("store_ids").$type<number[]>(),
  /** Offered to members as a voucher (decision 0022), with its terms; applied like any coupon. */
  memberVoucher: boolean("member_voucher").notNull().default(false),
  terms: text("terms"),
  createdAt: timestamp("created_at", { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
