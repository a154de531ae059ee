import { boolean, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

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
  },
  (t) => [index("menu_items_category_idx").on(t.categoryId, t.sortOrder), index("menu_items_menu_group_idx").on(t.menuGroupId)],
);
