import { and, count, desc, eq, isNull, lt, lte, sql, TransactionRollbackError } from "drizzle-orm";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Db, Tx } from "../../db/open";
import {
  testGatewayHostedPayments,
  testGatewayIdempotency,
  testGatewayInstruments,
  testGatewayPayments,
  testGatewayTokens,
} from "../../db/schema";
import { hashInput } from "../../idempotency";
import type { CardOutcome } from "./card-rules";
import { purgeBatch } from "../../db/purge";

/*
 * The test gateway's state and the rules that change it: tokens, payments, hosted pages and idempotency keys, all
 * in the database so that a second process or a restart sees the same payments. Writes happen in short
 * transactions of their own; nothing here is ever called inside a caller's transaction.
 */

export type TokenRow = typeof testGatewayTokens.$inferSelect;
export type PaymentRow = typeof testGatewayPayments.$inferSelect;
export type HostedRow = typeof testGatewayHostedPayments.$inferSelect;
export type InstrumentRow = typeof testGatewayInstruments.$inferSelect;
type Conn = Db | Tx;

/** checkout.com's tokens live 15 minutes. */
export const TOKEN_LIFETIME_MS = 15 * 60_000;
/** How long a hosted card page stays usable after it is made. */
export const HOSTED_PAGE_LIFETIME_MS = 60 * 60_000;
/** checkout.com keeps an idempotency key for 24 hours. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 3600_000;

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** An id in checkout.com's style: a prefix and 26 lower-case base32 characters (pay_…, tok_…, act_…). */
export function newId(prefix: string): string {
  // 256 is a multiple of 32, so the low five bits of each byte are uniform.
  return `${prefix}_${[...randomBytes(26)].map((b) => BASE32[b & 31]).join("")}`;
}

/** Hosted page ids look like checkout.com's (hpp_ and a short mixed-case string). */
export function newHostedId(): string {
  return `hpp_${randomBytes(12).toString("base64url")}`;
}

export function requestId(): string {
  return randomUUID();
}

// ---------------------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------------------

export interface TokenInput {
  type: TokenRow["type"];
  scheme: string;
  last4: string;
  bin: string;
  expiryMonth: number;
  expiryYear: number;
  outcome: CardOutcome;
  /** cardFingerprint of the card number (wallet tokens: of the wallet's test card). */
  fingerprint: string;
}

/**
 * checkout.com's card fingerprint: the same for one card number however often it is tokenised, and no way back to
 * the number. A hash keyed with the gateway's secret key, so a fingerprint means nothing outside this gateway.
 */
export function cardFingerprint(secretKey: string, cardDigits: string): string {
  return createHmac("sha256", `fingerprint:${secretKey}`).update(cardDigits).digest("hex").toUpperCase();
}

export async function insertToken(conn: Conn, input: TokenInput, now: Date): Promise<TokenRow> {
  const [row] = await conn
    .insert(testGatewayTokens)
    .values({
      token: newId("tok"),
      ...input,
      used: false,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
    })
    .returning();
  return row!;
}

export type TokenProblem = "token_invalid" | "token_expired" | "token_used";

/** Spends a token: each pays once. */
export async function takeToken(tx: Tx, token: string, now: Date): Promise<TokenRow | TokenProblem> {
  const [row] = await tx.select().from(testGatewayTokens).where(eq(testGatewayTokens.token, token));
  if (!row) return "token_invalid";
  if (row.used) return "token_used";
  if (row.expiresAt.getTime() <= now.getTime()) return "token_expired";
  const [taken] = await tx
    .update(testGatewayTokens)
    .set({ used: true })
    .where(and(eq(testGatewayTokens.token, token), eq(testGatewayTokens.used, false)))
    .returning();
  return taken ?? "token_used";
}

// ---------------------------------------------------------------------------------------------------------
// Instruments
// ---------------------------------------------------------------------------------------------------------

export type InstrumentInput = Pick<
  InstrumentRow,
  "scheme" | "last4" | "bin" | "expiryMonth" | "expiryYear" | "outcome" | "fingerprint"
>;

export async function insertInstrument(conn: Conn, input: InstrumentInput, now: Date): Promise<InstrumentRow> {
  const [row] = await conn
    .insert(testGatewayInstruments)
    .values({
      id: newId("src"),
      scheme: input.scheme,
      last4: input.last4,
      bin: input.bin,
      expiryMonth: input.expiryMonth,
      expiryYear: input.expiryYear,
      outcome: input.outcome,
      fingerprint: input.fingerprint,
      createdAt: now,
    })
    .returning();
  return row!;
}

export async function findInstrument(conn: Conn, id: string): Promise<InstrumentRow | null> {
  const [row] = await conn.select().from(testGatewayInstruments).where(eq(testGatewayInstruments.id, id));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------------------

export interface PaymentInput {
  amount: number;
  currency: string;
  reference: string;
  customer: { email?: string; name?: string } | null;
  successUrl: string | null;
  failureUrl: string | null;
  /** The hosted page's cancel address, for a payment made on one. */
  cancelUrl: string | null;
  hostedId: string | null;
  threeDs: boolean;
}

export const RESPONSES = {
  approved: { code: "10000", summary: "Approved" },
  declined: { code: "20005", summary: "Declined - Do Not Honour" },
  authenticationFailed: { code: "20151", summary: "Cardholder failed 3DS authentication" },
  authenticationRequired: { code: "20154", summary: "3DS authentication required" },
} as const;

type Decision = Pick<PaymentRow, "status" | "approved" | "responseCode" | "responseSummary" | "threeDsEnrolled">;

/**
 * What a card's outcome makes of a payment. A card that asks for a challenge is declined when 3-D Secure was not
 * requested, as UK issuers decline unauthenticated card payments that need strong authentication.
 */
function decide(outcome: CardOutcome, threeDs: boolean): Decision {
  if (outcome === "challenge") {
    return threeDs
      ? { status: "Pending", approved: false, responseCode: null, responseSummary: null, threeDsEnrolled: true }
      : {
          status: "Declined",
          approved: false,
          responseCode: RESPONSES.authenticationRequired.code,
          responseSummary: RESPONSES.authenticationRequired.summary,
          threeDsEnrolled: false,
        };
  }
  if (outcome === "processing") {
    return { status: "Pending", approved: false, responseCode: null, responseSummary: null, threeDsEnrolled: false };
  }
  if (outcome === "decline") {
    return {
      status: "Declined",
      approved: false,
      responseCode: RESPONSES.declined.code,
      responseSummary: RESPONSES.declined.summary,
      threeDsEnrolled: threeDs,
    };
  }
  return {
    status: "Authorized",
    approved: true,
    responseCode: RESPONSES.approved.code,
    responseSummary: RESPONSES.approved.summary,
    threeDsEnrolled: threeDs,
  };
}

/** What a payment is made with: a spent token, or a kept instrument (its id is then the payment's source id). */
export type PaidWith = Pick<
  TokenRow,
  "type" | "scheme" | "last4" | "bin" | "expiryMonth" | "expiryYear" | "outcome" | "fingerprint"
> & { instrumentId?: string };

/**
 * The payment's source in checkout.com's terms. A card payment's source has an id (src_…) the card can be paid with
 * again, and the card's fingerprint; a token paid with for the first time makes that instrument.
 */
async function sourceOf(tx: Tx, card: PaidWith, now: Date): Promise<PaymentRow["source"]> {
  const base = {
    type: "card",
    scheme: card.scheme,
    last4: card.last4,
    bin: card.bin,
    expiry_month: card.expiryMonth,
    expiry_year: card.expiryYear,
  };
  if (card.type !== "card" || !card.fingerprint) return base;
  const id = card.instrumentId ?? (await insertInstrument(tx, { ...card, fingerprint: card.fingerprint }, now)).id;
  return { id, ...base, fingerprint: card.fingerprint };
}

export async function createPayment(tx: Tx, token: PaidWith, input: PaymentInput, now: Date): Promise<PaymentRow> {
  const source = await sourceOf(tx, token, now);
  const [row] = await tx
    .insert(testGatewayPayments)
    .values({
      id: newId("pay"),
      actionId: newId("act"),
      amount: input.amount,
      currency: input.currency,
      reference: input.reference,
      ...decide(token.outcome, input.threeDs),
      source,
      successUrl: input.successUrl,
      failureUrl: input.failureUrl,
      cancelUrl: input.cancelUrl,
      hostedId: input.hostedId,
      customer: input.customer,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

export async function findPayment(conn: Conn, id: string): Promise<PaymentRow | null> {
  const [row] = await conn.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, id));
  return row ?? null;
}

/** A page of the payments made with a reference, newest first, and how many there are in all. */
export async function findPaymentsByReference(
  conn: Conn,
  reference: string,
  limit: number,
  skip: number,
): Promise<{ total: number; rows: PaymentRow[] }> {
  const where = eq(testGatewayPayments.reference, reference);
  const [counted] = await conn.select({ total: count() }).from(testGatewayPayments).where(where);
  const rows = await conn
    .select()
    .from(testGatewayPayments)
    .where(where)
    .orderBy(desc(testGatewayPayments.createdAt), desc(testGatewayPayments.id))
    .limit(limit)
    .offset(skip);
  return { total: counted?.total ?? 0, rows };
}

/**
 * Whether a payment is Pending at the acquirer rather than waiting for the shopper's 3-D Secure challenge: such a
 * payment has no challenge page, and settles (Authorized) the next time anyone reads it.
 */
export function awaitsAcquirer(payment: PaymentRow): boolean {
  return payment.status === "Pending" && !payment.threeDsEnrolled && payment.hostedId === null;
}

/** Reads a payment, first settling it when it was waiting only for the acquirer (see awaitsAcquirer). */
export async function readPayment(
  db: Db,
  id: string,
  now: Date,
): Promise<{ payment: PaymentRow | null; settled: boolean }> {
  const found = await findPayment(db, id);
  if (!found || !awaitsAcquirer(found)) return { payment: found, settled: false };
  const [updated] = await db
    .update(testGatewayPayments)
    .set({
      status: "Authorized",
      approved: true,
      responseCode: RESPONSES.approved.code,
      responseSummary: RESPONSES.approved.summary,
      updatedAt: now,
    })
    .where(and(eq(testGatewayPayments.id, id), eq(testGatewayPayments.status, "Pending")))
    .returning();
  return updated ? { payment: updated, settled: true } : { payment: await findPayment(db, id), settled: false };
}

export type ChallengeDecision = "authenticate" | "fail" | "cancel";

/**
 * Settles a payment waiting for 3-D Secure. Only the first decision counts: the payment row is changed only while
 * it is still Pending, and the answer is the payment as it then stands.
 */
export async function settleChallenge(
  db: Db,
  id: string,
  decision: ChallengeDecision,
  now: Date,
): Promise<PaymentRow | null> {
  return db.transaction(async (tx) => {
    const change: Partial<PaymentRow> =
      decision === "authenticate"
        ? {
            status: "Authorized",
            approved: true,
            responseCode: RESPONSES.approved.code,
            responseSummary: RESPONSES.approved.summary,
          }
        : decision === "fail"
          ? {
              status: "Declined",
              approved: false,
              responseCode: RESPONSES.authenticationFailed.code,
              responseSummary: RESPONSES.authenticationFailed.summary,
            }
          : { status: "Canceled", approved: false, responseCode: null, responseSummary: null };
    const [updated] = await tx
      .update(testGatewayPayments)
      .set({ ...change, updatedAt: now })
      .where(and(eq(testGatewayPayments.id, id), eq(testGatewayPayments.status, "Pending")))
      .returning();
    if (!updated) return findPayment(tx, id);
    if (updated.hostedId) {
      const status = decision === "authenticate" ? "Payment Received" : decision === "cancel" ? "Cancelled" : null;
      if (status)
        await tx
          .update(testGatewayHostedPayments)
          .set({ status })
          .where(eq(testGatewayHostedPayments.id, updated.hostedId));
    }
    return updated;
  });
}

/** Voids an authorisation; null when the payment is unknown, false when it is not Authorized. */
export async function voidPayment(tx: Tx, id: string, now: Date): Promise<PaymentRow | false | null> {
  const [updated] = await tx
    .update(testGatewayPayments)
    .set({ status: "Voided", updatedAt: now })
    .where(and(eq(testGatewayPayments.id, id), eq(testGatewayPayments.status, "Authorized")))
    .returning();
  if (updated) return updated;
  return (await findPayment(tx, id)) ? false : null;
}

// ---------------------------------------------------------------------------------------------------------
// Hosted payment pages
// ---------------------------------------------------------------------------------------------------------

export type HostedInput = Omit<HostedRow, "id" | "status" | "paymentId" | "createdAt" | "expiresAt">;

export async function insertHosted(tx: Tx, input: HostedInput, now: Date): Promise<HostedRow> {
  const [row] = await tx
    .insert(testGatewayHostedPayments)
    .values({
      ...input,
      id: newHostedId(),
      status: "Payment Pending",
      paymentId: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + HOSTED_PAGE_LIFETIME_MS),
    })
    .returning();
  return row!;
}

/** A hosted page as it stands now: one nobody paid on is marked Expired once its time is up. */
export async function findHosted(db: Db, id: string, now: Date): Promise<HostedRow | null> {
  const [row] = await db.select().from(testGatewayHostedPayments).where(eq(testGatewayHostedPayments.id, id));
  if (!row) return null;
  if (row.status === "Payment Pending" && row.paymentId === null && row.expiresAt.getTime() <= now.getTime()) {
    const [expired] = await db
      .update(testGatewayHostedPayments)
      .set({ status: "Expired" })
      .where(
        and(
          eq(testGatewayHostedPayments.id, id),
          eq(testGatewayHostedPayments.status, "Payment Pending"),
          isNull(testGatewayHostedPayments.paymentId),
        ),
      )
      .returning();
    return (
      expired ??
      (await db.select().from(testGatewayHostedPayments).where(eq(testGatewayHostedPayments.id, id)))[0] ??
      null
    );
  }
  return row;
}

/**
 * Pays on a hosted page with a fresh card token. The page takes one payment: when another request got there first
 * (a double-clicked Pay button) nothing is written and the page's payment is answered instead.
 */
export async function payOnHostedPage(
  db: Db,
  hosted: HostedRow,
  token: Omit<TokenInput, "type">,
  now: Date,
): Promise<PaymentRow | null> {
  return db
    .transaction(async (tx) => {
      const tokenRow = await insertToken(tx, { ...token, type: "card" }, now);
      const taken = await takeToken(tx, tokenRow.token, now);
      if (typeof taken === "string") throw new Error(`A fresh token could not be spent: ${taken}`);
      const payment = await createPayment(
        tx,
        taken,
        {
          amount: hosted.amount,
          currency: hosted.currency,
          reference: hosted.reference,
          customer: hosted.customer ?? null,
          successUrl: hosted.successUrl,
          failureUrl: hosted.failureUrl,
          cancelUrl: hosted.cancelUrl,
          hostedId: hosted.id,
          threeDs: true,
        },
        now,
      );
      const [claimed] = await tx
        .update(testGatewayHostedPayments)
        .set({
          paymentId: payment.id,
          ...(payment.status === "Authorized" ? { status: "Payment Received" as const } : {}),
        })
        .where(
          and(
            eq(testGatewayHostedPayments.id, hosted.id),
            eq(testGatewayHostedPayments.status, "Payment Pending"),
            isNull(testGatewayHostedPayments.paymentId),
          ),
        )
        .returning();
      if (!claimed) {
        // Undo this request's token and payment; the page already has its payment (or was cancelled meanwhile).
        tx.rollback();
      }
      return payment;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
}

/** Marks a page cancelled unless it was paid on meanwhile; answers the page as it then stands. */
export async function cancelHosted(db: Db, id: string): Promise<HostedRow | null> {
  const [cancelled] = await db
    .update(testGatewayHostedPayments)
    .set({ status: "Cancelled" })
    .where(
      and(
        eq(testGatewayHostedPayments.id, id),
        eq(testGatewayHostedPayments.status, "Payment Pending"),
        isNull(testGatewayHostedPayments.paymentId),
      ),
    )
    .returning();
  if (cancelled) return cancelled;
  const [row] = await db.select().from(testGatewayHostedPayments).where(eq(testGatewayHostedPayments.id, id));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Cko-Idempotency-Key
// ---------------------------------------------------------------------------------------------------------

export interface ApiAnswer {
  status: number;
  body: unknown;
}

const PENDING = 0;

/**
 * Runs an API call at most once per idempotency key, as checkout.com does: a repeat with the same key and body
 * gets the first answer again; the same key with a different call or body is refused with 409. The key row is
 * written in the same transaction as the work, so a concurrent repeat waits for the first and then replays it.
 */
export async function withIdempotencyKey(
  db: Db,
  now: Date,
  key: string | null,
  call: string,
  body: unknown,
  work: (tx: Tx) => Promise<ApiAnswer>,
): Promise<ApiAnswer> {
  if (key === null) return db.transaction(work);
  const requestHash = hashInput({ call, body });
  return db.transaction(async (tx) => {
    // An expired key is free again.
    await tx
      .delete(testGatewayIdempotency)
      .where(
        and(
          eq(testGatewayIdempotency.key, key),
          lt(testGatewayIdempotency.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS)),
        ),
      );
    const inserted = await tx
      .insert(testGatewayIdempotency)
      .values({ key, requestHash, status: PENDING, body: sql`'{}'::jsonb`, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: testGatewayIdempotency.key });
    if (inserted.length === 0) {
      const [row] = await tx.select().from(testGatewayIdempotency).where(eq(testGatewayIdempotency.key, key));
      if (!row) throw new Error(`Idempotency key ${key} conflicted but cannot be read`);
      if (row.requestHash !== requestHash) {
        return {
          status: 409,
          body: { request_id: requestId(), error_type: "request_invalid", error_codes: ["idempotency_key_reused"] },
        };
      }
      return { status: row.status, body: row.body };
    }
    const answer = await work(tx);
    const stored = JSON.parse(JSON.stringify(answer.body ?? null)) as unknown;
    await tx
      .update(testGatewayIdempotency)
      .set({ status: answer.status, body: stored === null ? sql`'null'::jsonb` : stored })
      .where(eq(testGatewayIdempotency.key, key));
    return answer;
  });
}

/** An expired token is kept this long, so paying with it is refused as expired (token_expired) rather than unknown. */
export const EXPIRED_TOKEN_KEPT_MS = 24 * 3600_000;

/**
 * Housekeeping (platform/housekeeping.ts): deletes up to `limit` tokens that expired EXPIRED_TOKEN_KEPT_MS or more
 * ago. Payments, hosted pages and instruments stay: they are the gateway's record of what was paid.
 */
export function purgeExpiredGatewayTokens(db: Db, now: Date, limit: number): Promise<number> {
  const over = lte(testGatewayTokens.expiresAt, new Date(now.getTime() - EXPIRED_TOKEN_KEPT_MS));
  return purgeBatch(db, testGatewayTokens, [testGatewayTokens.token], over, limit);
}

/**
 * Housekeeping: deletes up to `limit` idempotency keys past IDEMPOTENCY_KEY_LIFETIME_MS, which withIdempotencyKey
 * already treats as free.
 */
export function purgeExpiredGatewayKeys(db: Db, now: Date, limit: number): Promise<number> {
  const over = lt(testGatewayIdempotency.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS));
  return purgeBatch(db, testGatewayIdempotency, [testGatewayIdempotency.key], over, limit);
}
