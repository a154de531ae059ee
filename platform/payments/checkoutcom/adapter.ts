import { z } from "zod";
import {
  GatewayError,
  type GatewayAddress,
  type GatewayCard,
  type GatewayCustomer,
  type GatewayPayment,
  type HostedPayment,
  type HostedPaymentStatus,
  type PaymentGateway,
  type WalletType,
} from "../../ports/payment-gateway";

/*
 * The checkout.com adapter (https://api-reference.checkout.com): the platform's one PaymentGateway. It talks to
 * checkout.com's sandbox or live API, or to the embedded test gateway, which answers the same shapes.
 *
 * Answers are parsed with schemas that name only the fields used and let any others through, so a field
 * checkout.com adds never breaks a payment. Keys never appear in errors.
 */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export const CHECKOUT_BASE_URLS = {
  sandbox: "https://api.sandbox.checkout.com",
  live: "https://api.checkout.com",
} as const;

/** A payment call waits on card schemes and issuers; allow more than a lookup would get. */
export const DEFAULT_TIMEOUT_MS = 15_000;

export interface CheckoutComOptions {
  secretKey: string;
  publicKey: string;
  /** sandbox and live are checkout.com's; test is the embedded test gateway (baseUrl required). */
  environment: "sandbox" | "live" | "test";
  /** Overrides the environment's API address (CHECKOUT_API_URL; the test gateway's address). */
  baseUrl?: string;
  /** Injected in tests and for the in-process test gateway; the global fetch otherwise. */
  fetch?: FetchLike;
  timeoutMs?: number;
  /** checkout.com's processing channel (CHECKOUT_PROCESSING_CHANNEL_ID), sent with every payment when set. */
  processingChannelId?: string;
}

export interface CheckoutComGateway extends PaymentGateway {
  /** The public key (pk_…) browsers and wallets tokenise with, for the business profile. */
  readonly publicKey: string;
}

const link = z.object({ href: z.string() });

/** A card as checkout.com describes it: a payment's source, or an instrument (POST /instruments). */
const cardSchema = z.object({
  id: z.string().min(1),
  fingerprint: z.string().min(1),
  scheme: z.string().nullish(),
  last4: z.string().regex(/^\d{4}$/),
  expiry_month: z.number().int().min(1).max(12),
  expiry_year: z.number().int(),
});

/** The reusable card behind an answer, or null when the answer does not describe one whole (wallets, 202s). */
function cardOf(value: unknown): GatewayCard | null {
  const parsed = cardSchema.safeParse(value);
  if (!parsed.success) return null;
  const card = parsed.data;
  return {
    sourceId: card.id,
    fingerprint: card.fingerprint,
    scheme: card.scheme ?? "Card",
    last4: card.last4,
    expiryMonth: card.expiry_month,
    expiryYear: card.expiry_year,
  };
}

const paymentSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  // A 202 (Pending) answer has no approved flag, amount or currency.
  approved: z.boolean().optional(),
  amount: z.number().int().optional(),
  currency: z.string().optional(),
  reference: z.string().nullish(),
  response_summary: z.string().nullish(),
  source: z.unknown().optional(),
  _links: z.object({ redirect: link.optional() }).optional(),
});

const paymentListSchema = z.object({
  total_count: z.number().int().optional(),
  data: z.array(paymentSchema).default([]),
});

/** Most payments one GET /payments answers (checkout.com's maximum); one draft order never has nearly so many. */
const PAYMENT_LIST_LIMIT = 100;

const hostedCreatedSchema = z.object({
  id: z.string().min(1),
  _links: z.object({ redirect: link }),
});

const hostedSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  payment_id: z.string().nullish(),
  _links: z.object({ payment: link.optional() }).optional(),
});

const tokenSchema = z.object({ token: z.string().min(1) });

const errorSchema = z.object({
  request_id: z.string().optional(),
  error_type: z.string().optional(),
  error_codes: z.array(z.string()).optional(),
});

interface Answer {
  status: number;
  body: unknown;
}

/** 422 codes that are about the card or token the shopper gave, not about our request. */
function shopperCodes(codes: readonly string[]): boolean {
  return codes.length > 0 && codes.every((c) => /^(token_|card_|cvv_)/.test(c));
}

/** Why checkout.com refused a call, as a GatewayError a caller can act on. */
export function failureFor(label: string, answer: Answer): GatewayError {
  const { status, body } = answer;
  const parsed = errorSchema.safeParse(body);
  const codes = parsed.success ? (parsed.data.error_codes ?? []) : [];
  const detail =
    codes.length > 0
      ? ` (${codes.join(", ")})`
      : parsed.success && parsed.data.error_type
        ? ` (${parsed.data.error_type})`
        : "";
  const message = `checkout.com ${label} answered ${status}${detail}`;
  if (status === 401)
    return new GatewayError("invalid", `checkout.com ${label} answered 401: the API key was refused`, status, body);
  if (status === 403) return new GatewayError("invalid", `${message}: the action is not allowed`, status, body);
  if (status === 404) return new GatewayError("not_found", `${message}: not found`, status, body);
  if (status === 409)
    return new GatewayError(
      "invalid",
      `${message}: the idempotency key was used for a different request`,
      status,
      body,
    );
  if (status === 422)
    return new GatewayError(
      shopperCodes(codes) ? "declined" : "invalid",
      `${message}: the request was refused`,
      status,
      body,
    );
  if (status === 429) return new GatewayError("unavailable", `${message}: too many requests`, status, body);
  if (status >= 500) return new GatewayError("unavailable", message, status, body);
  return new GatewayError("invalid", message, status, body);
}

function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== "")) as T;
}

function customerBody(customer: GatewayCustomer): Record<string, unknown> {
  return compact({ email: customer.email, name: customer.name.trim() });
}

function addressBody(address: GatewayAddress): Record<string, unknown> {
  return compact({ ...address });
}

/** The payment id behind a hosted page: payment_id, else the last part of its payment link. */
function hostedPaymentId(parsed: z.infer<typeof hostedSchema>): string | null {
  if (parsed.payment_id) return parsed.payment_id;
  const href = parsed._links?.payment?.href;
  const last = href
    ? decodeURIComponent(
        href
          .replace(/[?#].*$/, "")
          .replace(/\/+$/, "")
          .split("/")
          .pop() ?? "",
      )
    : "";
  return last.startsWith("pay_") ? last : null;
}

export function checkoutComGateway(options: CheckoutComOptions): CheckoutComGateway {
  const base = (
    options.baseUrl ?? (options.environment === "test" ? null : CHECKOUT_BASE_URLS[options.environment])
  )?.replace(/\/+$/, "");
  if (!base) throw new Error("The checkout.com adapter needs a base URL for the test environment");
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(
    label: string,
    method: "GET" | "POST",
    path: string,
    opts: { body?: unknown; key?: string; idempotencyKey?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      accept: "application/json",
      authorization: `Bearer ${opts.key ?? options.secretKey}`,
    };
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    if (opts.idempotencyKey) headers["cko-idempotency-key"] = opts.idempotencyKey;
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal,
        redirect: "manual",
      });
      text = await response.text();
    } catch (error) {
      if (signal.aborted)
        throw new GatewayError("unavailable", `checkout.com ${label} timed out after ${timeoutMs} ms`);
      const reason =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw new GatewayError("unavailable", `checkout.com ${label} failed: ${reason}`);
    }
    let body: unknown = null;
    if (text.trim() !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        body = text.slice(0, 500);
      }
    }
    return { status: response.status, body };
  }

  function parse<S extends z.ZodType>(schema: S, label: string, answer: Answer): z.infer<S> {
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) {
      // A success status with a body we cannot read: whatever happened is unknown, so the caller asks again later.
      throw new GatewayError(
        "unavailable",
        `checkout.com ${label} answered ${answer.status} in an unexpected shape`,
        answer.status,
        answer.body,
      );
    }
    return parsed.data;
  }

  function toPayment(
    parsed: z.infer<typeof paymentSchema>,
    fallback: { amount: number; currency: string; reference: string | null },
  ): GatewayPayment {
    const card = cardOf(parsed.source);
    return {
      id: parsed.id,
      status: parsed.status,
      approved: parsed.approved ?? false,
      responseSummary: parsed.response_summary ?? null,
      redirectUrl: parsed.status === "Pending" ? (parsed._links?.redirect?.href ?? null) : null,
      reference: parsed.reference ?? fallback.reference,
      amount: parsed.amount ?? fallback.amount,
      currency: parsed.currency ?? fallback.currency,
      // The card paid with, when the answer describes one whole (not a 202, not every wallet payment).
      ...(card ? { card } : {}),
    };
  }

  const channel = options.processingChannelId ? { processing_channel_id: options.processingChannelId } : {};

  return {
    name: "checkoutcom",
    environment: options.environment,
    publicKey: options.publicKey,

    async createHostedPayment(request, idempotencyKey) {
      const label = "POST /hosted-payments";
      const answer = await call(label, "POST", "/hosted-payments", {
        idempotencyKey,
        body: compact({
          amount: request.amount,
          currency: request.currency,
          reference: request.reference,
          description: request.description,
          customer: customerBody(request.customer),
          // checkout.com's hosted page needs a billing country even when there is no billing address yet.
          billing: { address: request.billing ? addressBody(request.billing) : { country: "GB" } },
          success_url: request.successUrl,
          failure_url: request.failureUrl,
          cancel_url: request.cancelUrl,
          "3ds": { enabled: true },
          locale: "en-GB",
          ...channel,
        }),
      });
      if (answer.status !== 201 && answer.status !== 200) throw failureFor(label, answer);
      const parsed = parse(hostedCreatedSchema, label, answer);
      const hosted: HostedPayment = { id: parsed.id, redirectUrl: parsed._links.redirect.href };
      return hosted;
    },

    async getHostedPayment(id) {
      const label = "GET /hosted-payments/{id}";
      const answer = await call(label, "GET", `/hosted-payments/${encodeURIComponent(id)}`);
      if (answer.status !== 200) throw failureFor(label, answer);
      const parsed = parse(hostedSchema, label, answer);
      const status: HostedPaymentStatus = { id: parsed.id, status: parsed.status, paymentId: hostedPaymentId(parsed) };
      return status;
    },

    async requestPayment(request, idempotencyKey) {
      const label = "POST /payments";
      const answer = await call(label, "POST", "/payments", {
        idempotencyKey,
        body: compact({
          // A saved card is paid with its instrument and the security code typed for this payment.
          source: request.savedCard
            ? { type: "id", id: request.savedCard.sourceId, cvv: request.savedCard.cvv }
            : compact({
                type: "token",
                token: request.token,
                billing_address: request.billing ? addressBody(request.billing) : undefined,
              }),
          amount: request.amount,
          currency: request.currency,
          reference: request.reference,
          payment_type: "Regular",
          customer: customerBody(request.customer),
          "3ds": { enabled: request.threeDs },
          success_url: request.successUrl,
          failure_url: request.failureUrl,
          ...channel,
        }),
      });
      if (answer.status !== 201 && answer.status !== 202) throw failureFor(label, answer);
      return toPayment(parse(paymentSchema, label, answer), request);
    },

    async getPayment(id) {
      const label = "GET /payments/{id}";
      const answer = await call(label, "GET", `/payments/${encodeURIComponent(id)}`);
      if (answer.status !== 200) throw failureFor(label, answer);
      const parsed = parse(paymentSchema, label, answer);
      if (parsed.amount === undefined || parsed.currency === undefined) {
        throw new GatewayError(
          "unavailable",
          `checkout.com ${label} answered without the amount`,
          answer.status,
          answer.body,
        );
      }
      return toPayment(parsed, { amount: parsed.amount, currency: parsed.currency, reference: null });
    },

    async findPayments(reference) {
      const label = "GET /payments?reference";
      const query = new URLSearchParams({ reference, limit: String(PAYMENT_LIST_LIMIT), skip: "0" });
      const answer = await call(label, "GET", `/payments?${query}`);
      if (answer.status !== 200) throw failureFor(label, answer);
      const parsed = parse(paymentListSchema, label, answer);
      return parsed.data
        .filter((p) => p.amount !== undefined && p.currency !== undefined)
        .map((p) => toPayment(p, { amount: p.amount!, currency: p.currency!, reference: null }));
    },

    async voidPayment(id, reference, idempotencyKey) {
      const label = "POST /payments/{id}/voids";
      const answer = await call(label, "POST", `/payments/${encodeURIComponent(id)}/voids`, {
        idempotencyKey,
        body: { reference },
      });
      if (answer.status !== 202 && answer.status !== 200) throw failureFor(label, answer);
    },

    async exchangeWalletToken(type: WalletType, tokenData) {
      const label = "POST /tokens";
      const answer = await call(label, "POST", "/tokens", {
        key: options.publicKey,
        body: { type, token_data: tokenData },
      });
      if (answer.status !== 201 && answer.status !== 200) throw failureFor(label, answer);
      return parse(tokenSchema, label, answer).token;
    },

    async createInstrument(token) {
      const label = "POST /instruments";
      const answer = await call(label, "POST", "/instruments", { body: { type: "token", token } });
      if (answer.status !== 201 && answer.status !== 200) throw failureFor(label, answer);
      const card = cardOf(answer.body);
      if (!card)
        throw new GatewayError(
          "unavailable",
          `checkout.com ${label} answered ${answer.status} in an unexpected shape`,
          answer.status,
          answer.body,
        );
      return card;
    },
  };
}
