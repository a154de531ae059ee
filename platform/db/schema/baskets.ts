import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { stores } from "./stores";

/** A shopper's basket, addressed by an unguessable token kept in the shopper's session. */
export const baskets = pgTable(
  "baskets",
  {
    token: text("token").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    fulfilmentMethod: text("fulfilment_method", { enum: ["delivery", "collection"] }).notNull().default("delivery"),
    /** The auth token family that created it: a basket answers only to its own session (or member). */
    ownerFamily: text("owner_family").notNull(),
    memberId: integer("member_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("baskets_owner_idx").on(t.ownerFamily)],
);
