import { sql } from "drizzle-orm";
import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp, index } from "drizzle-orm/pg-core";

/** Access and refresh tokens. Only a SHA-256 hash of each token is kept. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind", { enum: ["access", "refresh"] }).notNull(),
    /** staff tokens answer the order board's calls only. */
    strategy: text("strategy", { enum: ["guest", "member", "staff"] }).notNull(),
    /** Groups one access token with its refresh token; rotating a refresh token keeps the family. */
    family: text("family").notNull(),
    memberId: integer("member_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("auth_tokens_family_idx").on(t.family), index("auth_tokens_member_idx").on(t.memberId)],
);

/** One row per (scope, key): the first request's answer, replayed to every repeat. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status").notNull(),
    body: jsonb("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** Fixed-window counters for rate limits, shared by every process on the database. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);

/** Business-wide overrides of the defaults in code: key 'business_profile' and key 'white_label'. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * One row whose version changes whenever a statement writes any of the shared, shopper-independent tables (stores
 * and their methods, payment methods and holidays, settings, menus, categories, items, deals, banners). Triggers on
 * those tables set it from a sequence (migration 0010), so a rolled-back write never hands out a number that a later
 * write reuses. The platform's in-memory cache of those tables (platform/shared-reads.ts, decision record 0028) is
 * good only while this version is unchanged.
 */
export const sharedDataVersion = pgTable("shared_data_version", {
  id: integer("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});
