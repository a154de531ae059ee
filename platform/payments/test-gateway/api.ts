import { TransactionRollbackError } from "drizzle-orm";
import { timingSafeEqual } from "node:crypto";
import type { Clock } from "../../contract";
import type { Db, Tx } from "../../db/open";
import type { Logger } from "../../logger";
import { CARD_MESSAGES, cardOutcome, checkCardNumber, type CardOutcome } from "./card-rules";
import {
  cardFingerprint,
  createPayment,
  findHosted,
  awaitsAcquirer,
  findInstrument,
  findPaymentsByReference,
  insertHosted,
  insertInstrument,
  insertToken,
  newId,
  readPayment,
  requestId,
  takeToken,
  voidPayment,
  withIdempotencyKey,
  type ApiAnswer,
  type HostedRow,
  type InstrumentRow,
  type PaidWith,
  type PaymentRow,
  type TokenRow,
} from "./state";

/*
 * The test gateway's JSON API, in checkout.com's documented request and response shapes: POST /tokens,
 * POST /instruments, POST /payments (source token or id), GET /payments?reference=, GET /payments/{id},
 * POST /payments/{id}/voids, POST /hosted-payments, GET /hosted-payments/{id}.
 * Links are paths under the gateway's base path, because the gateway is served on the storefront's own origin.
 *
 * Wallet tokens: checkout.com decrypts Apple Pay and Google Pay token data; this stand-in only checks the documented
 * shapes. A wallet token approves, unless its token data contains the word "decline" (in any field, in any case),
 * when it declines, or for Google Pay the word "challenge", when 3-D Secure is asked for (a card kept in the Google
 * account, PAN_ONLY, has no cryptogram). Apple Pay payments are never challenged: the device authenticated the shopper.
 */

export interface GatewayContext {
  db: Db;
  clock: Clock;
  log: Logger;
  basePath: string;
  publicKey: string;
  secretKey: string;
}

const MAX_BODY_BYTES = 64 * 1024;
const MAX_URL_LENGTH = 1024;

export function jsonResponse(answer: ApiAnswer): Response {
  if (answer.body === undefined || answer.body === null) return new Response(null, { status: answer.status });
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { "content-type": "application/json; charset=utf-8", "cko-request-id": requestId() },
  });
}

const invalid = (...codes: string[]): ApiAnswer => ({
  status: 422,
  body: { request_id: requestId(), error_type: "request_invalid", error_codes: codes },
});
const unauthorized: ApiAnswer = { status: 401, body: null };
const notFound: ApiAnswer = { status: 404, body: null };

/** `Authorization: Bearer <key>` or, as checkout.com also takes it, `Authorization: <key>`. */
function presentedKey(request: Request): string | null {
  const header = request.headers.get("authorization")?.trim();
  if (!header) return null;
  return (/^Bearer\s+(.+)$/i.exec(header)?.[1] ?? header).trim();
}

function sameKey(presented: string | null, expected: string): boolean {
  if (presented === null) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function idempotencyKey(request: Request): string | null {
  const key = request.headers.get("cko-idempotency-key")?.trim();
  return key ? key : null;
}

async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return null;
  if (text.trim() === "") return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const nonEmptyString = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";

function absoluteUrl(value: unknown): boolean {
  if (typeof value !== "string" || value.length > MAX_URL_LENGTH) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** Codes for the fields every payment and hosted page share. */
function checkMoney(body: Record<string, unknown>, codes: string[]): void {
  if (body.amount === undefined || body.amount === null) codes.push("amount_required");
  else if (!Number.isSafeInteger(body.amount) || (body.amount as number) < 1) codes.push("amount_invalid");
  if (body.currency === undefined || body.currency === null) codes.push("currency_required");
  else if (typeof body.currency !== "string" || !/^[A-Z]{3}$/.test(body.currency)) codes.push("currency_invalid");
  if (body.reference !== undefined && (typeof body.reference !== "string" || body.reference.length > 80))
    codes.push("reference_invalid");
}

function checkCustomer(value: unknown, codes: string[]): { email?: string; name?: string } | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) {
    codes.push("customer_invalid");
    return null;
  }
  const customer: { email?: string; name?: string } = {};
  if (value.email !== undefined) {
    if (typeof value.email !== "string" || !/^[^\s@]+@[^\s@]+$/.test(value.email) || value.email.length > 255)
      codes.push("customer_email_invalid");
    else customer.email = value.email;
  }
  if (value.name !== undefined) {
    if (typeof value.name !== "string" || value.name.length > 255) codes.push("customer_name_invalid");
    else customer.name = value.name;
  }
  return customer;
}

function checkUrl(body: Record<string, unknown>, field: string, required: boolean, codes: string[]): string | null {
  const value = body[field];
  if (value === undefined || value === null) {
    if (required) codes.push(`${field}_required`);
    return null;
  }
  if (!absoluteUrl(value)) codes.push(`${field}_invalid`);
  return typeof value === "string" ? value : null;
}

// ---------------------------------------------------------------------------------------------------------
// Response bodies
// ---------------------------------------------------------------------------------------------------------

function paymentLinks(ctx: GatewayContext, payment: PaymentRow): Record<string, { href: string }> {
  const self = `${ctx.basePath}/payments/${payment.id}`;
  const links: Record<string, { href: string }> = { self: { href: self }, actions: { href: `${self}/actions` } };
  if (payment.status === "Authorized") {
    links.void = { href: `${self}/voids` };
    links.capture = { href: `${self}/captures` };
  }
  if (payment.status === "Pending" && !awaitsAcquirer(payment))
    links.redirect = { href: `${ctx.basePath}/3ds/${payment.id}` };
  return links;
}

function threeDsSection(payment: PaymentRow): Record<string, unknown> | undefined {
  if (!payment.threeDsEnrolled) return undefined;
  const section: Record<string, unknown> = { downgraded: false, enrolled: "Y" };
  if (payment.status === "Authorized" || payment.status === "Voided") section.authentication_response = "Y";
  if (payment.status === "Declined") section.authentication_response = payment.responseCode === "20151" ? "N" : "Y";
  return section;
}

function customerBody(payment: PaymentRow): Record<string, unknown> | undefined {
  return payment.customer && Object.keys(payment.customer).length > 0 ? { ...payment.customer } : undefined;
}

/** POST /payments: 201 with the outcome, or 202 while the shopper still has a 3-D Secure challenge to answer. */
export function paymentCreated(ctx: GatewayContext, payment: PaymentRow): ApiAnswer {
  if (payment.status === "Pending") {
    return {
      status: 202,
      body: {
        id: payment.id,
        status: payment.status,
        reference: payment.reference,
        customer: customerBody(payment),
        "3ds": threeDsSection(payment),
        _links: paymentLinks(ctx, payment),
      },
    };
  }
  return {
    status: 201,
    body: {
      id: payment.id,
      action_id: payment.actionId,
      amount: payment.amount,
      currency: payment.currency,
      approved: payment.approved,
      status: payment.status,
      auth_code: payment.approved ? payment.actionId.slice(-6).toUpperCase() : undefined,
      response_code: payment.responseCode,
      response_summary: payment.responseSummary,
      "3ds": threeDsSection(payment),
      risk: { flagged: false },
      source: { ...payment.source, card_type: "Credit", card_category: "Consumer", issuer_country: "GB" },
      customer: customerBody(payment),
      processed_on: payment.createdAt.toISOString(),
      reference: payment.reference,
      _links: paymentLinks(ctx, payment),
    },
  };
}

/** GET /payments/{id}: checkout.com's payment details. */
export function paymentDetails(ctx: GatewayContext, payment: PaymentRow): Record<string, unknown> {
  return {
    id: payment.id,
    requested_on: payment.createdAt.toISOString(),
    source: { ...payment.source },
    amount: payment.amount,
    currency: payment.currency,
    payment_type: "Regular",
    reference: payment.reference,
    status: payment.status,
    approved: payment.approved,
    "3ds": threeDsSection(payment),
    risk: { flagged: false },
    customer: customerBody(payment),
    response_code: payment.responseCode ?? undefined,
    response_summary: payment.responseSummary ?? undefined,
    _links: paymentLinks(ctx, payment),
  };
}

export function hostedDetails(ctx: GatewayContext, hosted: HostedRow): Record<string, unknown> {
  const links: Record<string, { href: string }> = {
    self: { href: `${ctx.basePath}/hosted-payments/${hosted.id}` },
    redirect: { href: `${ctx.basePath}/hpp/${hosted.id}` },
  };
  if (hosted.paymentId) links.payment = { href: `${ctx.basePath}/payments/${hosted.paymentId}` };
  return {
    id: hosted.id,
    status: hosted.status,
    payment_id: hosted.paymentId ?? undefined,
    amount: hosted.amount,
    currency: hosted.currency,
    reference: hosted.reference,
    description: hosted.description ?? undefined,
    customer: hosted.customer ?? undefined,
    billing: hosted.billing ?? undefined,
    success_url: hosted.successUrl,
    failure_url: hosted.failureUrl,
    cancel_url: hosted.cancelUrl,
    expires_on: hosted.expiresAt.toISOString(),
    _links: links,
  };
}

// ---------------------------------------------------------------------------------------------------------
// POST /tokens
// ---------------------------------------------------------------------------------------------------------

/** The card behind each wallet's test tokens. */
const WALLET_CARDS = {
  applepay: { scheme: "Visa", bin: "424242", last4: "4242" },
  googlepay: { scheme: "Mastercard", bin: "555555", last4: "4444" },
} as const;

function walletOutcome(type: "applepay" | "googlepay", text: string): CardOutcome {
  if (/decline/i.test(text)) return "decline";
  if (type === "googlepay" && /challenge/i.test(text)) return "challenge";
  if (type === "googlepay" && /processing/i.test(text)) return "processing";
  return "approve";
}

function walletTokenDataValid(type: "applepay" | "googlepay", data: Record<string, unknown>): boolean {
  if (type === "applepay") {
    const header = data.header;
    return (
      nonEmptyString(data.version) &&
      nonEmptyString(data.data) &&
      nonEmptyString(data.signature) &&
      isObject(header) &&
      nonEmptyString(header.ephemeralPublicKey) &&
      nonEmptyString(header.publicKeyHash) &&
      nonEmptyString(header.transactionId)
    );
  }
  return nonEmptyString(data.signature) && nonEmptyString(data.protocolVersion) && nonEmptyString(data.signedMessage);
}

function cardTokenProblems(
  body: Record<string, unknown>,
  now: Date,
): { codes: string[]; digits: string | null; scheme: string | null } {
  const codes: string[] = [];
  let digits: string | null = null;
  let scheme: string | null = null;
  if (body.number === undefined || body.number === null || body.number === "") codes.push("card_number_required");
  else {
    const checked = checkCardNumber(typeof body.number === "string" ? body.number : String(body.number));
    if (checked.ok) ({ digits, scheme } = checked.value);
    else
      codes.push(
        checked.message === CARD_MESSAGES.brandNotAccepted ? "card_scheme_not_supported" : "card_number_invalid",
      );
  }
  const month = body.expiry_month;
  const year = body.expiry_year;
  if (month === undefined || month === null) codes.push("card_expiry_month_required");
  else if (!Number.isInteger(month) || (month as number) < 1 || (month as number) > 12)
    codes.push("card_expiry_month_invalid");
  if (year === undefined || year === null) codes.push("card_expiry_year_required");
  else if (!Number.isInteger(year) || (year as number) < 1000 || (year as number) > 9999)
    codes.push("card_expiry_year_invalid");
  if (!codes.some((c) => c.startsWith("card_expiry"))) {
    const expiry = (year as number) * 12 + (month as number);
    if (expiry < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) codes.push("card_expired");
  }
  // checkout.com takes a card without its security code; when one is given it must fit the accepted brands.
  if (body.cvv !== undefined && body.cvv !== null && (typeof body.cvv !== "string" || !/^\d{3}$/.test(body.cvv)))
    codes.push("cvv_invalid");
  return { codes, digits, scheme };
}

/** What checkout.com says of a card, in a token's answer and an instrument's alike. */
function cardDetails(
  card: Pick<TokenRow, "expiryMonth" | "expiryYear" | "scheme" | "last4" | "bin">,
): Record<string, unknown> {
  return {
    expiry_month: card.expiryMonth,
    expiry_year: card.expiryYear,
    scheme: card.scheme,
    last4: card.last4,
    bin: card.bin,
    card_type: "Credit",
    card_category: "Consumer",
    issuer: "Test Gateway Bank",
    issuer_country: "GB",
  };
}

function tokenBody(row: TokenRow): Record<string, unknown> {
  return { type: row.type, token: row.token, expires_on: row.expiresAt.toISOString(), ...cardDetails(row) };
}

export async function postTokens(ctx: GatewayContext, request: Request): Promise<ApiAnswer> {
  if (!sameKey(presentedKey(request), ctx.publicKey)) return unauthorized;
  const body = await readJson(request);
  if (!body) return invalid("request_body_invalid");
  const now = ctx.clock.now();
  if (body.type === undefined || body.type === null) return invalid("token_type_required");
  if (body.type === "card") {
    const { codes, digits, scheme } = cardTokenProblems(body, now);
    if (codes.length > 0 || digits === null || scheme === null) return invalid(...codes);
    const row = await insertToken(
      ctx.db,
      {
        type: "card",
        scheme,
        bin: digits.slice(0, 6),
        last4: digits.slice(-4),
        expiryMonth: body.expiry_month as number,
        expiryYear: body.expiry_year as number,
        outcome: cardOutcome(digits),
        fingerprint: cardFingerprint(ctx.secretKey, digits),
      },
      now,
    );
    return { status: 201, body: tokenBody(row) };
  }
  if (body.type === "applepay" || body.type === "googlepay") {
    const data = body.token_data;
    if (data === undefined || data === null) return invalid("token_data_required");
    if (!isObject(data) || !walletTokenDataValid(body.type, data)) return invalid("token_data_invalid");
    // Test token data chooses its outcome as test card numbers do: "decline", or for Google Pay "challenge" (a card
    // kept in the Google account, PAN_ONLY, which 3-D Secure must authenticate) or "processing" (answered later).
    const outcome = walletOutcome(body.type, JSON.stringify(data));
    const card = WALLET_CARDS[body.type];
    const row = await insertToken(
      ctx.db,
      {
        type: body.type,
        ...card,
        expiryMonth: 12,
        expiryYear: now.getUTCFullYear() + 3,
        outcome,
        fingerprint: cardFingerprint(ctx.secretKey, `${body.type}:${card.bin}${card.last4}`),
      },
      now,
    );
    return { status: 201, body: tokenBody(row) };
  }
  return invalid("token_type_invalid");
}

// ---------------------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------------------

export async function postPayments(ctx: GatewayContext, request: Request): Promise<ApiAnswer> {
  if (!sameKey(presentedKey(request), ctx.secretKey)) return unauthorized;
  const body = await readJson(request);
  if (!body) return invalid("request_body_invalid");
  const codes: string[] = [];
  const source = body.source;
  let token: string | null = null;
  let instrumentId: string | null = null;
  if (!isObject(source)) codes.push("payment_source_required");
  else if (source.type === "token") {
    if (!nonEmptyString(source.token)) codes.push("token_required");
    else token = source.token;
  } else if (source.type === "id") {
    if (!nonEmptyString(source.id)) codes.push("source_id_required");
    else instrumentId = source.id;
    // A saved card's security code is optional at checkout.com; when given it must be the accepted brands' 3 digits.
    if (
      source.cvv !== undefined &&
      source.cvv !== null &&
      (typeof source.cvv !== "string" || !/^\d{3}$/.test(source.cvv))
    )
      codes.push("cvv_invalid");
  } else codes.push(source.type === undefined ? "source_type_required" : "payment_source_type_invalid");
  checkMoney(body, codes);
  const customer = checkCustomer(body.customer, codes);
  const successUrl = checkUrl(body, "success_url", false, codes);
  const failureUrl = checkUrl(body, "failure_url", false, codes);
  const threeDsSetting = body["3ds"];
  if (
    threeDsSetting !== undefined &&
    threeDsSetting !== null &&
    (!isObject(threeDsSetting) || (threeDsSetting.enabled !== undefined && typeof threeDsSetting.enabled !== "boolean"))
  ) {
    codes.push("3ds_invalid");
  }
  const now = ctx.clock.now();
  // The security code is never kept, not even in the hash that tells a repeated request from a different one.
  const hashed = isObject(source) && "cvv" in source ? { ...body, source: { ...source, cvv: undefined } } : body;
  return withIdempotencyKey(ctx.db, now, idempotencyKey(request), "POST /payments", hashed, async (tx) => {
    if (codes.length > 0 || (token === null && instrumentId === null)) return invalid(...codes);
    let taken: PaidWith;
    if (token !== null) {
      const spent = await takeToken(tx, token, now);
      if (typeof spent === "string") return invalid(spent);
      taken = spent;
    } else {
      const instrument = await findInstrument(tx, instrumentId!);
      if (!instrument) return invalid("source_id_invalid");
      taken = { ...instrument, type: "card", instrumentId: instrument.id };
    }
    // Apple Pay authenticates the shopper on the device; card and Google Pay tokens go through 3-D Secure when asked.
    const threeDs = taken.type !== "applepay" && isObject(threeDsSetting) && threeDsSetting.enabled === true;
    const payment = await createPayment(
      tx,
      taken,
      {
        amount: body.amount as number,
        currency: body.currency as string,
        reference: typeof body.reference === "string" ? body.reference : "",
        customer,
        successUrl,
        failureUrl,
        cancelUrl: null,
        hostedId: null,
        threeDs,
      },
      now,
    );
    ctx.log.info("test_gateway.payment", {
      id: payment.id,
      status: payment.status,
      amount: payment.amount,
      reference: payment.reference,
    });
    return paymentCreated(ctx, payment);
  });
}

// ---------------------------------------------------------------------------------------------------------
// POST /instruments
// ---------------------------------------------------------------------------------------------------------

/** checkout.com's instrument answer: the card kept for paying again, with its id and fingerprint. */
function instrumentBody(row: InstrumentRow): Record<string, unknown> {
  return { id: row.id, type: "card", fingerprint: row.fingerprint, ...cardDetails(row) };
}

/** Keeps the card behind a card token (which it spends) as an instrument: {type: "token", token} → 201 src_…. */
export async function postInstruments(ctx: GatewayContext, request: Request): Promise<ApiAnswer> {
  if (!sameKey(presentedKey(request), ctx.secretKey)) return unauthorized;
  const body = await readJson(request);
  if (!body) return invalid("request_body_invalid");
  if (body.type === undefined || body.type === null) return invalid("instrument_type_required");
  if (body.type !== "token") return invalid("instrument_type_invalid");
  if (!nonEmptyString(body.token)) return invalid("token_required");
  const token = body.token;
  const now = ctx.clock.now();
  return ctx.db
    .transaction(async (tx) => {
      const taken = await takeToken(tx, token, now);
      if (typeof taken === "string") return invalid(taken);
      if (taken.type !== "card" || !taken.fingerprint) {
        // Spending the token is undone: a wallet token can still pay.
        tx.rollback();
      }
      const row = await insertInstrument(tx, { ...taken, fingerprint: taken.fingerprint! }, now);
      ctx.log.info("test_gateway.instrument", { id: row.id, scheme: row.scheme });
      return { status: 201, body: instrumentBody(row) };
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return invalid("token_type_invalid");
      throw error;
    });
}

export async function getPayment(ctx: GatewayContext, request: Request, id: string): Promise<ApiAnswer> {
  if (!sameKey(presentedKey(request), ctx.secretKey)) return unauthorized;
  const { payment, settled } = await readPayment(ctx.db, id, ctx.clock.now());
  if (settled) ctx.log.info("test_gateway.processing_settled", { id, status: payment!.status });
  return payment ? { status: 200, body: paymentDetails(ctx, payment) } : notFound;
}

/** GET /payments?reference=…&limit=…&skip=…: checkout.com's payment list, newest first. */
export async function listPayments(ctx: GatewayContext, request: Request): Promise<ApiAnswer> {
  if (!sameKey(presentedKey(request), ctx.secretKey)) return unauthorized;
  const query = new URL(request.url).searchParams;
  const reference = query.get("reference") ?? "";
  if (reference === "" || reference.length > 80) return invalid("reference_invalid");
  const whole = (name: string, fallback: number, min: number, max: number): number | null => {
    const raw = query.get(name);
    if (raw === null || raw === "") return fallback;
    if (!/^\d+$/.test(raw)) return null;
    const n = Number(raw);
    return n >= min && n <= max ? n : null;
  };
  const limit = whole("limit", 10, 1, 100);
  const skip = whole("skip", 0, 0, 1_000_000);
  if (limit === null) return invalid("limit_invalid");
  if (skip === null) return invalid("skip_invalid");
  const { total, rows } = await findPaymentsByReference(ctx.db, reference, limit, skip);
  const read = await Promise.all(
    rows.map(async (row) =>
      awaitsAcquirer(row) ? ((await readPayment(ctx.db, row.id, ctx.clock.now())).payment ?? row) : row,
    ),
  );
  return { status: 200, body: { limit, skip, total_count: total, data: read.map((row) => paymentDetails(ctx, row)) } };
}

export async function postVoid(ctx: GatewayContext, request: Request, id: string): Promise<ApiAnswer> {
  if (!sameKey(presentedKey(request), ctx.secretKey)) return unauthorized;
  const body = await readJson(request);
  if (!body) return invalid("request_body_invalid");
  if (body.reference !== undefined && (typeof body.reference !== "string" || body.reference.length > 80))
    return invalid("reference_invalid");
  const now = ctx.clock.now();
  return withIdempotencyKey(
    ctx.db,
    now,
    idempotencyKey(request),
    `POST /payments/${id}/voids`,
    body,
    async (tx: Tx) => {
      const voided = await voidPayment(tx, id, now);
      if (voided === null) return notFound;
      // checkout.com refuses to void anything but an authorisation: 403 Void not allowed.
      if (voided === false)
        return {
          status: 403,
          body: { request_id: requestId(), error_type: "action_not_allowed", error_codes: ["void_not_allowed"] },
        };
      ctx.log.info("test_gateway.void", { id, reference: voided.reference });
      return {
        status: 202,
        body: {
          action_id: newId("act"),
          reference: typeof body.reference === "string" ? body.reference : voided.reference,
          _links: { payment: { href: `${ctx.basePath}/payments/${id}` } },
        },
      };
    },
  );
}

// ---------------------------------------------------------------------------------------------------------
// Hosted payments
// ---------------------------------------------------------------------------------------------------------

export async function postHostedPayments(ctx: GatewayContext, request: Request): Promise<ApiAnswer> {
  if (!sameKey(presentedKey(request), ctx.secretKey)) return unauthorized;
  const body = await readJson(request);
  if (!body) return invalid("request_body_invalid");
  const codes: string[] = [];
  checkMoney(body, codes);
  if (body.description !== undefined && (typeof body.description !== "string" || body.description.length > 100))
    codes.push("description_invalid");
  const customer = checkCustomer(body.customer, codes);
  // checkout.com's hosted page needs a billing address with at least its country.
  const billing = body.billing;
  if (!isObject(billing)) codes.push("billing_required");
  else if (!isObject(billing.address)) codes.push("billing_address_required");
  else if (!nonEmptyString(billing.address.country) || !/^[A-Z]{2}$/.test(billing.address.country))
    codes.push("billing_address_country_invalid");
  const successUrl = checkUrl(body, "success_url", true, codes);
  const failureUrl = checkUrl(body, "failure_url", true, codes);
  const cancelUrl = checkUrl(body, "cancel_url", true, codes);
  const now = ctx.clock.now();
  return withIdempotencyKey(ctx.db, now, idempotencyKey(request), "POST /hosted-payments", body, async (tx) => {
    if (codes.length > 0) return invalid(...codes);
    const hosted = await insertHosted(
      tx,
      {
        amount: body.amount as number,
        currency: body.currency as string,
        reference: typeof body.reference === "string" ? body.reference : "",
        description: typeof body.description === "string" ? body.description : null,
        successUrl: successUrl!,
        failureUrl: failureUrl!,
        cancelUrl: cancelUrl!,
        customer,
        billing: billing as Record<string, unknown>,
      },
      now,
    );
    return {
      status: 201,
      body: {
        id: hosted.id,
        reference: hosted.reference,
        _links: {
          self: { href: `${ctx.basePath}/hosted-payments/${hosted.id}` },
          redirect: { href: `${ctx.basePath}/hpp/${hosted.id}` },
        },
      },
    };
  });
}

export async function getHostedPayment(ctx: GatewayContext, request: Request, id: string): Promise<ApiAnswer> {
  if (!sameKey(presentedKey(request), ctx.secretKey)) return unauthorized;
  const hosted = await findHosted(ctx.db, id, ctx.clock.now());
  return hosted ? { status: 200, body: hostedDetails(ctx, hosted) } : notFound;
}
