import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./orders";
import { stores } from "./stores";

/**
 * Loyalty points (decision 0022): one row per earning or spending, so a member's balance is a sum and their history
 * is the rows. An order earns once and spends once (the unique index), however often its placement is retried.
 */
export const loyaltyLedger = pgTable(
  "loyalty_ledger",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    /** The order (orders.id) that earned or spent them. */
    orderId: integer("order_id").notNull(),
    kind: text("kind", { enum: ["earn", "spend"] }).notNull(),
    /** Positive for earnings, negative for spendings. */
    points: integer("points").notNull(),
    /** What the order was worth to the tiers (pence, subtotal after discounts); 0 for spendings. */
    spendPence: integer("spend_pence").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("loyalty_ledger_order_kind_idx").on(t.orderId, t.kind),
    index("loyalty_ledger_member_idx").on(t.memberId, t.storeId),
  ],
);
