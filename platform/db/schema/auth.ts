import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { members } from "./orders";

/** A Google or Facebook account linked to a member: the provider's stable subject id, never the e-mail. */
export const memberIdentities = pgTable(
  "member_identities",
  {
    provider: text("provider", { enum: ["google", "facebook"] }).notNull(),
    subject: text("subject").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index("member_identities_member_idx").on(t.memberId)],
);

/**
 * One-time sign-in codes. Only a salted hash of the code is kept; attempts count every try, so a code stops
 * working after its fifth wrong one whatever is typed next.
 */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** sign_in: the otp grant's codes; verify_mobile: member/verificationCode's. One never passes for the other. */
    purpose: text("purpose", { enum: ["sign_in", "verify_mobile"] })
      .notNull()
      .default("sign_in"),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("one_time_codes_member_idx").on(t.memberId, t.createdAt)],
);

/** Password reset links: the SHA-256 hash of the token only, single use. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("password_reset_tokens_member_idx").on(t.memberId)],
);

/**
 * A member's saved addresses (spec 2 §3 saved addresses): delivery or billing, at most one default of each type per
 * member (the partial unique index holds it whatever races). An address belongs to one member only.
 */
export const memberAddresses = pgTable(
  "member_addresses",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["delivery", "billing"] }).notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    telephone: text("telephone").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2").notNull(),
    town: text("town").notNull(),
    county: text("county").notNull(),
    postcode: text("postcode").notNull(),
    countryCode: text("country_code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("member_addresses_member_idx").on(t.memberId, t.type),
    uniqueIndex("member_addresses_one_default_idx")
      .on(t.memberId, t.type)
      .where(sql`${t.isDefault}`),
  ],
);
