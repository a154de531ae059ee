import type { Clock } from "../../contract";
import type { Db } from "../../db/open";
import type { Logger } from "../../logger";
import {
  getHostedPayment,
  getPayment,
  listPayments,
  jsonResponse,
  postHostedPayments,
  postInstruments,
  postPayments,
  postTokens,
  postVoid,
  type GatewayContext,
} from "./api";
import { cardOutcome, checkCardForm } from "./card-rules";
import { fieldPage, fieldPageResponse, fieldScript, framesScript, scriptResponse } from "./frames";
import {
  CHALLENGE_OUTCOMES,
  cardPage,
  challengePage,
  FIELD_NAMES,
  htmlResponse,
  messagePage,
  originsOf,
  type ChallengeOutcome,
} from "./pages";
import {
  awaitsAcquirer,
  cancelHosted,
  cardFingerprint,
  findHosted,
  findPayment,
  payOnHostedPage,
  settleChallenge,
  type HostedRow,
  type PaymentRow,
} from "./state";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../../contract/service-unavailable";
import { databaseUnavailable } from "../../db/unavailable";

/*
 * The embedded test gateway: a stand-in for checkout.com's sandbox, served in this process (by default under
 * /test-gateway on the storefront's own origin). It answers checkout.com's API shapes for the adapter and hosts
 * the pages a shopper sees: the card page, the card fields for the shop's own page (frames.ts, a stand-in for
 * checkout.com Frames) and the 3-D Secure challenge. See docs/decisions/0014, 0024, and 0023 for instruments,
 * the saved cards' sources.
 *
 * Redirects the shopper's browser follows:
 *   card page, approved          303 success_url?cko-payment-id=pay_…
 *   card page, declined          303 failure_url?cko-payment-id=pay_…
 *   card page, challenge card    303 {basePath}/3ds/pay_…
 *   card page, cancel button     303 cancel_url
 *   challenge, Authenticate      303 success_url?cko-payment-id=pay_…
 *   challenge, Fail              303 failure_url?cko-payment-id=pay_…
 *   challenge, Cancel            303 the hosted page's cancel_url, or failure_url?cko-payment-id=pay_… without one
 */

export interface TestGateway {
  /** Where it is mounted, e.g. /test-gateway: its links and redirects are paths under it. */
  basePath: string;
  fetch(request: Request): Promise<Response>;
}

export interface TestGatewayOptions {
  db: Db;
  clock: Clock;
  log: Logger;
  basePath?: string;
  publicKey: string;
  secretKey: string;
}

export const TEST_GATEWAY_BASE_PATH = "/test-gateway";
const MAX_FORM_BYTES = 8 * 1024;

export function createTestGateway(options: TestGatewayOptions): TestGateway {
  const basePath = (options.basePath ?? TEST_GATEWAY_BASE_PATH).replace(/\/+$/, "");
  const ctx: GatewayContext = { ...options, basePath };

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return notFoundPage();
    const path = url.pathname.slice(basePath.length) || "/";
    const method = request.method.toUpperCase();
    const segments = path
      .split("/")
      .filter((s) => s !== "")
      .map(decodeURIComponent);
    const [first, id, action] = segments;
    const allow = (...methods: string[]) => (methods.includes(method) ? null : methodNotAllowed(methods));

    switch (first) {
      case "frames.js":
        if (segments.length !== 1) break;
        return allow("GET") ?? scriptResponse(framesScript(basePath));
      case "frames": {
        if (segments.length !== 2) break;
        if (id === "field.js") return allow("GET") ?? scriptResponse(fieldScript());
        if (id !== "field") break;
        const page = fieldPage(url.searchParams, basePath, ctx.clock.now());
        if (!page) break;
        return allow("GET") ?? fieldPageResponse(page);
      }
      case "tokens":
        if (segments.length !== 1) break;
        return allow("POST") ?? jsonResponse(await postTokens(ctx, request));
      case "payments":
        if (segments.length === 1) {
          return (
            allow("GET", "POST") ??
            jsonResponse(await (method === "GET" ? listPayments(ctx, request) : postPayments(ctx, request)))
          );
        }
        if (segments.length === 2) return allow("GET") ?? jsonResponse(await getPayment(ctx, request, id!));
        if (segments.length === 3 && action === "voids")
          return allow("POST") ?? jsonResponse(await postVoid(ctx, request, id!));
        break;
      case "instruments":
        if (segments.length !== 1) break;
        return allow("POST") ?? jsonResponse(await postInstruments(ctx, request));
      case "hosted-payments":
        if (segments.length === 1) return allow("POST") ?? jsonResponse(await postHostedPayments(ctx, request));
        if (segments.length === 2) return allow("GET") ?? jsonResponse(await getHostedPayment(ctx, request, id!));
        break;
      case "hpp":
        if (segments.length === 2) {
          return allow("GET", "POST") ?? (method === "GET" ? showCardPage(ctx, id!) : payOnCardPage(ctx, id!, request));
        }
        if (segments.length === 3 && action === "cancel") return allow("POST") ?? cancelCardPage(ctx, id!);
        break;
      case "3ds":
        if (segments.length === 2) {
          return (
            allow("GET", "POST") ?? (method === "GET" ? showChallenge(ctx, id!) : answerChallenge(ctx, id!, request))
          );
        }
        break;
    }
    return notFoundPage();
  }

  return {
    basePath,
    async fetch(request) {
      try {
        return await route(request);
      } catch (error) {
        // A database that cannot be reached (a restart) is a moment's wait, as everywhere else (decision 0044): the
        // shopper's reload pays, since nothing was written.
        if (databaseUnavailable(error)) {
          options.log.warn("test_gateway.database_unavailable", { path: new URL(request.url).pathname });
          return new Response(SERVICE_UNAVAILABLE_MESSAGE, {
            status: 503,
            headers: { "content-type": "text/plain; charset=utf-8", "retry-after": "5", "cache-control": "no-store" },
          });
        }
        options.log.error("test_gateway.unhandled", {
          path: new URL(request.url).pathname,
          error: error instanceof Error ? error.stack : String(error),
        });
        return new Response("The test payment gateway failed. Please try again.", {
          status: 500,
          headers: { "content-type": "text/plain; charset=utf-8" },
        });
      }
    },
  };
}

function methodNotAllowed(methods: string[]): Response {
  return new Response(null, { status: 405, headers: { allow: methods.join(", ") } });
}

function notFoundPage(): Response {
  return htmlResponse(
    messagePage({
      heading: "Page not found",
      paragraphs: ["There is no test payment here. Check the address, or go back to the shop and try again."],
    }),
    { status: 404 },
  );
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
}

function withPaymentId(url: string, paymentId: string): string {
  const target = new URL(url);
  target.searchParams.set("cko-payment-id", paymentId);
  return target.toString();
}

/** Where a payment's shopper belongs once it is decided (or where they answer its challenge while it is not). */
function outcomeLocation(ctx: GatewayContext, payment: PaymentRow): string | null {
  switch (payment.status) {
    case "Pending":
      return `${ctx.basePath}/3ds/${payment.id}`;
    case "Authorized":
    case "Voided":
      return payment.successUrl ? withPaymentId(payment.successUrl, payment.id) : null;
    case "Declined":
      return payment.failureUrl ? withPaymentId(payment.failureUrl, payment.id) : null;
    case "Canceled":
      return payment.cancelUrl ?? (payment.failureUrl ? withPaymentId(payment.failureUrl, payment.id) : null);
  }
}

/** A payment made through the API without return addresses has nowhere to send the shopper: say how it ended. */
function outcomePage(payment: PaymentRow): Response {
  const words: Record<PaymentRow["status"], string> = {
    Authorized: "The payment was approved.",
    Voided: "The payment was approved, then released.",
    Declined: "The payment was declined.",
    Canceled: "The payment was cancelled.",
    Pending: "The payment is waiting for 3-D Secure.",
  };
  return htmlResponse(
    messagePage({
      heading: "Payment finished",
      paragraphs: [words[payment.status], "You can close this page and return to the shop."],
      payment,
    }),
  );
}

function goToOutcome(ctx: GatewayContext, payment: PaymentRow): Response {
  const location = outcomeLocation(ctx, payment);
  return location ? redirect(location) : outcomePage(payment);
}

/** The page a cancelled or expired hosted page shows instead of the card form. */
function closedPage(hosted: HostedRow): Response {
  const cancelled = hosted.status === "Cancelled";
  return htmlResponse(
    messagePage({
      heading: cancelled ? "This payment was cancelled" : "This payment page has expired",
      paragraphs: [
        cancelled ? "Nothing was charged." : "The time to pay on this page ran out. Nothing was charged.",
        "Go back to the shop to try paying again.",
      ],
      link: { href: hosted.cancelUrl, text: "Return to the shop" },
      payment: hosted,
    }),
    { status: 410 },
  );
}

/** What a hosted page shows when it can no longer take a card, or null when it still can. */
async function settledHostedPage(ctx: GatewayContext, hosted: HostedRow): Promise<Response | null> {
  if (hosted.paymentId) {
    const payment = await findPayment(ctx.db, hosted.paymentId);
    if (payment) return goToOutcome(ctx, payment);
  }
  if (hosted.status === "Cancelled" || hosted.status === "Expired") return closedPage(hosted);
  return null;
}

function formTargets(hosted: HostedRow): string[] {
  return originsOf([hosted.successUrl, hosted.failureUrl, hosted.cancelUrl]);
}

function renderCardPage(
  ctx: GatewayContext,
  hosted: HostedRow,
  state: { errors?: Parameters<typeof cardPage>[0]["errors"]; expiry?: string; status?: number } = {},
): Response {
  return htmlResponse(
    cardPage({
      id: hosted.id,
      amount: hosted.amount,
      currency: hosted.currency,
      reference: hosted.reference,
      description: hosted.description,
      actionPath: `${ctx.basePath}/hpp/${hosted.id}`,
      cancelPath: `${ctx.basePath}/hpp/${hosted.id}/cancel`,
      errors: state.errors,
      expiry: state.expiry,
    }),
    { status: state.status ?? 200, formTargets: formTargets(hosted) },
  );
}

async function showCardPage(ctx: GatewayContext, id: string): Promise<Response> {
  const hosted = await findHosted(ctx.db, id, ctx.clock.now());
  if (!hosted) return notFoundPage();
  return (await settledHostedPage(ctx, hosted)) ?? renderCardPage(ctx, hosted);
}

async function readForm(request: Request): Promise<URLSearchParams | null> {
  const text = await request.text();
  return text.length > MAX_FORM_BYTES ? null : new URLSearchParams(text);
}

/**
 * The tokenise step: checks the three fields, makes a card token and pays with it, 3-D Secure on. The card number
 * and security code go no further than this function: only the scheme, BIN, last four digits and expiry are kept,
 * and nothing about the card is logged.
 */
async function payOnCardPage(ctx: GatewayContext, id: string, request: Request): Promise<Response> {
  const now = ctx.clock.now();
  const hosted = await findHosted(ctx.db, id, now);
  if (!hosted) return notFoundPage();
  const settled = await settledHostedPage(ctx, hosted);
  if (settled) return settled;
  const form = await readForm(request);
  if (!form) return new Response("Request body too large", { status: 413 });
  const expiry = form.get(FIELD_NAMES.expiryDate) ?? "";
  const checked = checkCardForm(
    {
      cardNumber: form.get(FIELD_NAMES.cardNumber),
      expiryDate: expiry,
      securityCode: form.get(FIELD_NAMES.securityCode),
    },
    now,
  );
  if (!checked.ok) return renderCardPage(ctx, hosted, { errors: checked.errors, expiry, status: 400 });
  const { card } = checked;
  const payment = await payOnHostedPage(
    ctx.db,
    hosted,
    {
      scheme: card.scheme,
      bin: card.digits.slice(0, 6),
      last4: card.digits.slice(-4),
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      outcome: cardOutcome(card.digits),
      fingerprint: cardFingerprint(ctx.secretKey, card.digits),
    },
    now,
  );
  if (!payment) {
    // Another request paid on (or cancelled) the page first: show where that left it.
    const current = await findHosted(ctx.db, id, now);
    return (current && (await settledHostedPage(ctx, current))) ?? renderCardPage(ctx, hosted);
  }
  ctx.log.info("test_gateway.payment", {
    id: payment.id,
    hostedId: hosted.id,
    status: payment.status,
    amount: payment.amount,
    reference: payment.reference,
  });
  return goToOutcome(ctx, payment);
}

async function cancelCardPage(ctx: GatewayContext, id: string): Promise<Response> {
  const existing = await findHosted(ctx.db, id, ctx.clock.now());
  if (!existing) return notFoundPage();
  if (existing.status === "Expired") return closedPage(existing);
  const hosted = await cancelHosted(ctx.db, id);
  if (!hosted) return notFoundPage();
  if (hosted.paymentId) {
    const payment = await findPayment(ctx.db, hosted.paymentId);
    if (payment) return goToOutcome(ctx, payment);
  }
  return redirect(hosted.cancelUrl);
}

function challengeTargets(payment: PaymentRow): string[] {
  return originsOf([payment.successUrl, payment.failureUrl, payment.cancelUrl]);
}

async function showChallenge(ctx: GatewayContext, paymentId: string): Promise<Response> {
  const payment = await findPayment(ctx.db, paymentId);
  // A payment waiting for its acquirer has no challenge to answer.
  if (!payment || awaitsAcquirer(payment)) return notFoundPage();
  if (payment.status !== "Pending") return goToOutcome(ctx, payment);
  return htmlResponse(
    challengePage({
      amount: payment.amount,
      currency: payment.currency,
      reference: payment.reference,
      actionPath: `${ctx.basePath}/3ds/${payment.id}`,
    }),
    { formTargets: challengeTargets(payment) },
  );
}

async function answerChallenge(ctx: GatewayContext, paymentId: string, request: Request): Promise<Response> {
  const existing = await findPayment(ctx.db, paymentId);
  if (!existing || awaitsAcquirer(existing)) return notFoundPage();
  if (existing.status !== "Pending") return goToOutcome(ctx, existing);
  const form = await readForm(request);
  const outcome = form?.get("outcome");
  if (!outcome || !(outcome in CHALLENGE_OUTCOMES)) {
    return htmlResponse(
      challengePage({
        amount: existing.amount,
        currency: existing.currency,
        reference: existing.reference,
        actionPath: `${ctx.basePath}/3ds/${existing.id}`,
      }),
      { status: 400, formTargets: challengeTargets(existing) },
    );
  }
  const payment = await settleChallenge(ctx.db, paymentId, outcome as ChallengeOutcome, ctx.clock.now());
  if (!payment) return notFoundPage();
  ctx.log.info("test_gateway.challenge", { id: payment.id, outcome, status: payment.status });
  return goToOutcome(ctx, payment);
}
