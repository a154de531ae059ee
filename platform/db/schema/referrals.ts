import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./orders";
import { stores } from "./stores";

/**
 * Referrals (decision 0039): a member who registered through another member's link. A member is referred at most
 * once (the unique index); the referral is settled by their first placed order, once.
 */
export const referrals = pgTable(
  "referrals",
  {
    id: serial("id").primaryKey(),
    referrerMemberId: integer("referrer_member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    referredMemberId: integer("referred_member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** The store the link named. */
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    /** The scheme the link named (business profile referral.partnerUniqueId at the time). */
    partnerUniqueId: text("partner_unique_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** The referred member's first placed order (orders.id), and when it settled the referral. */
    settledOrderId: integer("settled_order_id"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("referrals_referred_member_idx").on(t.referredMemberId),
    index("referrals_referrer_member_idx").on(t.referrerMemberId),
  ],
);

/**
 * A member's credit, one row per reward or spending (pence, positive or negative): the balance is a sum. Each kind is
 * written once per member and order (the unique index): rewards name the new member's first order, spends the order
 * that spent them.
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    amountPence: integer("amount_pence").notNull(),
    kind: text("kind", { enum: ["referrer_reward", "new_member_reward", "spend"] }).notNull(),
    orderId: integer("order_id").notNull(),
    referralId: integer("referral_id").references(() => referrals.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("credit_ledger_member_order_kind_idx").on(t.memberId, t.orderId, t.kind)],
);
