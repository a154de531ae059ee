import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { baskets } from "./baskets";
import { stores } from "./stores";

/**
 * A basket's place in a time slot. One row per basket (a basket holds one slot), replaced when the shopper
 * chooses another. A hold counts against the slot's capacity only while expires_at is in the future, so an
 * abandoned hold frees its place without any clean-up job; housekeeping deletes the row later (decision 0043).
 */
export const slotHolds = pgTable(
  "slot_holds",
  {
    basketToken: text("basket_token")
      .primaryKey()
      .references(() => baskets.token, { onDelete: "cascade" }),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    method: text("method", { enum: ["delivery", "collection"] }).notNull(),
    slotStart: timestamp("slot_start", { withTimezone: true }).notNull(),
    slotEnd: timestamp("slot_end", { withTimezone: true }).notNull(),
    /** Store-local date of the slot's start, as listed. */
    slotDate: date("slot_date").notNull(),
    /** ASAP holds are recorded for the basket but do not count against any capacity. */
    isAsap: boolean("is_asap").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("slot_holds_slot_idx").on(t.storeId, t.method, t.slotStart, t.expiresAt)],
);

/**
 * One row per slot that has ever been held: the row every hold of that slot locks (SELECT … FOR UPDATE)
 * before counting the live holds, so two processes cannot both take the last place. Rows are tiny and never
 * change after insertion; housekeeping deletes them a day after their slot starts (decision 0043).
 */
export const slotLocks = pgTable(
  "slot_locks",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    method: text("method", { enum: ["delivery", "collection"] }).notNull(),
    slotStart: timestamp("slot_start", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.method, t.slotStart] })],
);
