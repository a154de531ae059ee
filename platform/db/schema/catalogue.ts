import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/** A size an item comes in, with its own price; ids are unique across the catalogue (they reach baskets). */
export type ItemSize = { id: number; name: string; pricePence: number; memberPricePence: number | null };
/** One choice of an option group, priced on top of the item (0 when free). */
export type ItemOption = { id: number; name: string; pricePence: number };
/** A group of options: the shopper picks between minChoices and maxChoices of them (1 and 1: a radio group). */
export type ItemOptionGroup = {
  id: number;
  name: string;
  minChoices: number;
  maxChoices: number;
  options: ItemOption[];
};
/** One part of a deal: pick `quantity` items from `itemIds`. */
export type DealSection = { id: number; name: string; quantity: number; itemIds: number[] };

/** A menu shared by the stores that sell the same range (stores.menu_group_id). */
export const menuGroups = pgTable("menu_groups", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
});

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    menuGroupId: integer("menu_group_id")
      .notNull()
      .references(() => menuGroups.id, { onDelete: "cascade" }),
    /** The text part of the slug; the public slug is `${slugText}-${id}`. */
    slugText: text("slug_text").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    image: text("image"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("categories_menu_group_idx").on(t.menuGroupId, t.sortOrder)],
);

export const menuItems = pgTable(
  "menu_items",
  {
    id: serial("id").primaryKey(),
    menuGroupId: integer("menu_group_id")
      .notNull()
      .references(() => menuGroups.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    slugText: text("slug_text").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    pricePence: integer("price_pence").notNull(),
    /** Price for members of the store's membership scheme, when lower. */
    memberPricePence: integer("member_price_pence"),
    image: text("image"),
    availableForDelivery: boolean("available_for_delivery").notNull().default(true),
    availableForCollection: boolean("available_for_collection").notNull().default(true),
    isAlcohol: boolean("is_alcohol").notNull().default(false),
    /** Minimum age to buy (18 for alcohol, 16 for some cold remedies …); null when none. */
    ageRestriction: integer("age_restriction"),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Empty when the item comes in one size at pricePence; otherwise one size must be chosen. */
    sizes: jsonb("sizes").$type<ItemSize[]>().notNull().default([]),
    optionGroups: jsonb("option_groups").$type<ItemOptionGroup[]>().notNull().default([]),
    /** Units sold in the recent past: the order of "top sellers" (recommended items). */
    popularity: integer("popularity").notNull().default(0),
  },
  (t) => [
    index("menu_items_category_idx").on(t.categoryId, t.sortOrder),
    index("menu_items_menu_group_idx").on(t.menuGroupId),
    // Item search: full-text on name and description, trigram similarity on the name for misspellings.
    index("menu_items_search_idx").using(
      "gin",
      sql`to_tsvector('english', ${t.name} || ' ' || coalesce(${t.description}, ''))`,
    ),
    index("menu_items_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * A deal: one item from each section (or `quantity` of them) for a fixed price — the multi-section discount.
 * Lines in the basket that could complete a deal but do not yet are reported as missed promotions.
 */
export const deals = pgTable(
  "deals",
  {
    id: serial("id").primaryKey(),
    menuGroupId: integer("menu_group_id")
      .notNull()
      .references(() => menuGroups.id, { onDelete: "cascade" }),
    slugText: text("slug_text").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    image: text("image"),
    /** The price of one complete deal, pence. */
    pricePence: integer("price_pence").notNull(),
    sections: jsonb("sections").$type<DealSection[]>().notNull(),
    availableForDelivery: boolean("available_for_delivery").notNull().default(true),
    availableForCollection: boolean("available_for_collection").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    index("deals_menu_group_idx").on(t.menuGroupId, t.sortOrder),
    index("deals_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * Hero banners on the store and category pages. A banner belongs to a menu (every store selling it shows it)
 * or to one store; `categoryId` narrows it to one category page.
 */
export const banners = pgTable(
  "banners",
  {
    id: serial("id").primaryKey(),
    menuGroupId: integer("menu_group_id").references(() => menuGroups.id, { onDelete: "cascade" }),
    storeId: integer("store_id"),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["primary", "secondary"] }).notNull(),
    slugText: text("slug_text").notNull(),
    title: text("title").notNull(),
    body: text("body"),
    image: text("image"),
    /** How long the banner shows before the carousel moves on; impressions flush after this × 1000 + 500 ms. */
    displaySeconds: integer("display_seconds"),
    associatedItemIds: jsonb("associated_item_ids").$type<number[]>().notNull().default([]),
    availableForDelivery: boolean("available_for_delivery").notNull().default(true),
    availableForCollection: boolean("available_for_collection").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("banners_menu_group_idx").on(t.menuGroupId, t.kind, t.sortOrder)],
);

/** Banner impressions and clicks, one row per banner, platform, kind and UTC day. */
export const bannerEvents = pgTable(
  "banner_events",
  {
    bannerId: integer("banner_id")
      .notNull()
      .references(() => banners.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["display", "click"] }).notNull(),
    platform: text("platform").notNull(),
    day: text("day").notNull(),
    count: integer("count").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bannerId, t.kind, t.platform, t.day] })],
);
