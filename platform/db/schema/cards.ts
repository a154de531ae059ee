import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./orders";

/*
 * A member's saved cards (decision 0023). Only what the gateway hands back about a card it keeps for us: its
 * instrument id (checkout.com's src_…), the brand, the last four digits, the expiry and the gateway's fingerprint of
 * the card number (the same card twice has the same fingerprint). Never a card number or a security code.
 */
export const memberCards = pgTable(
  "member_cards",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** The gateway's reusable source for the card (checkout.com: src_…), paid with as {type: "id", id, cvv}. */
    sourceId: text("source_id").notNull(),
    /** The card's brand as the gateway names it: Visa, Mastercard … */
    scheme: text("scheme").notNull(),
    last4: text("last4").notNull(),
    expiryMonth: integer("expiry_month").notNull(),
    expiryYear: integer("expiry_year").notNull(),
    fingerprint: text("fingerprint").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("member_cards_fingerprint_idx").on(t.memberId, t.fingerprint),
    uniqueIndex("member_cards_default_idx")
      .on(t.memberId)
      .where(sql`${t.isDefault}`),
    index("member_cards_member_idx").on(t.memberId, t.createdAt),
  ],
);
