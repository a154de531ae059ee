import { boolean, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/*
 * The embedded test gateway: a stand-in for checkout.com's sandbox that runs in this process when no checkout.com
 * key is set. Its state lives in the database like everything else that must survive a restart or a second process.
 * Card numbers are never stored: a token keeps the card's scheme, last four digits, expiry and the test outcome its
 * number stands for.
 */

/** Card and wallet tokens (tok_…), single use, short-lived. */
export const testGatewayTokens = pgTable("test_gateway_tokens", {
  token: text("token").primaryKey(),
  type: text("type", { enum: ["card", "applepay", "googlepay"] }).notNull(),
  scheme: text("scheme").notNull(),
  last4: text("last4").notNull(),
  bin: text("bin").notNull(),
  expiryMonth: integer("expiry_month").notNull(),
  expiryYear: integer("expiry_year").notNull(),
  /** What paying with this card does: approve, decline, or ask for a 3-D Secure challenge first. */
  outcome: text("outcome", { enum: ["approve", "decline", "challenge", "processing"] }).notNull(),
  /** The card's fingerprint: the same for every token of one card number (a keyed hash, never the number). */
  fingerprint: text("fingerprint"),
  used: boolean("used").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Hosted payment pages (hpp_…): the card page the shopper is sent to. */
export const testGatewayHostedPayments = pgTable("test_gateway_hosted_payments", {
  id: text("id").primaryKey(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  reference: text("reference").notNull(),
  description: text("description"),
  successUrl: text("success_url").notNull(),
  failureUrl: text("failure_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  customer: jsonb("customer").$type<{ email?: string; name?: string }>(),
  billing: jsonb("billing").$type<Record<string, unknown>>(),
  /** Payment Pending until paid (Payment Received), cancelled by the shopper, or past its expiry. */
  status: text("status", { enum: ["Payment Pending", "Payment Received", "Cancelled", "Expired"] }).notNull(),
  /** The payment made on this page, once the shopper pays (approved, declined or awaiting 3-D Secure). */
  paymentId: text("payment_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Payments (pay_…) in checkout.com's terms. */
export const testGatewayPayments = pgTable("test_gateway_payments", {
  id: text("id").primaryKey(),
  actionId: text("action_id").notNull(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  reference: text("reference").notNull(),
  /** Authorized, Declined, Pending (awaiting 3-D Secure), Canceled (challenge cancelled) or Voided. */
  status: text("status", { enum: ["Authorized", "Declined", "Pending", "Canceled", "Voided"] }).notNull(),
  approved: boolean("approved").notNull(),
  responseCode: text("response_code"),
  responseSummary: text("response_summary"),
  source: jsonb("source")
    .$type<{
      id?: string;
      type: string;
      scheme: string;
      last4: string;
      bin: string;
      expiry_month: number;
      expiry_year: number;
      fingerprint?: string;
    }>()
    .notNull(),
  successUrl: text("success_url"),
  failureUrl: text("failure_url"),
  /** Where a cancelled challenge goes: the hosted page's cancel address, else the failure address. */
  cancelUrl: text("cancel_url"),
  hostedId: text("hosted_id"),
  customer: jsonb("customer").$type<{ email?: string; name?: string }>(),
  threeDsEnrolled: boolean("three_ds_enrolled").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** Cko-Idempotency-Key: the first answer to a key, replayed to every repeat of it. */
export const testGatewayIdempotency = pgTable("test_gateway_idempotency", {
  key: text("key").primaryKey(),
  /** Which call the key was used for and a hash of its body: a key reused for another request is refused. */
  requestHash: text("request_hash").notNull(),
  status: integer("status").notNull(),
  body: jsonb("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/**
 * Instruments (src_…): a card kept for paying again, made from a token (POST /instruments) or by a card payment
 * (its source id). Paid with as source {type: "id", id, cvv}; the outcome is the card's, as for its tokens.
 */
export const testGatewayInstruments = pgTable("test_gateway_instruments", {
  id: text("id").primaryKey(),
  scheme: text("scheme").notNull(),
  last4: text("last4").notNull(),
  bin: text("bin").notNull(),
  expiryMonth: integer("expiry_month").notNull(),
  expiryYear: integer("expiry_year").notNull(),
  fingerprint: text("fingerprint").notNull(),
  outcome: text("outcome", { enum: ["approve", "decline", "challenge", "processing"] }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
