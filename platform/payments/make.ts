import { eq } from "drizzle-orm";
import {
  CHECKOUT_MESSAGES,
  GATEWAY_NAME,
  PAYMENT_MESSAGES,
  type GatewayData,
  type PaymentMethodName,
  type PlacedOrder,
} from "../contract";
import { requireAuth } from "../basket/basket";
import { gatewayNotSupported } from "../checkout/process-order";
import { orderPayments } from "../db/schema";
import { ApiError } from "../errors";
import { placedOrder, placeOrder, recordSiteOrigin, type OrderRow } from "../orders/place";
import type { RequestContext } from "../context";
import { holdPlaceUntil } from "../slots/holds-store";
import { holdUntil } from "../slots/service";
import { GatewayError, type GatewayPayment, type WalletType } from "../ports/payment-gateway";
import { closeOpenTry } from "./cancel";
import type { CardRow } from "./cards";
import { checkMethodAvailable, savedCardFor } from "./make-checks";
import { settlePayment } from "./settle";
import {
  CURRENCY,
  customerOf,
  gatewayBilling,
  gatewayOf,
  gatewayUnavailable,
  isOpen,
  lockOrder,
  markTry,
  ownedOrder,
  readOrder,
  triesOf,
  tryKey,
  validationError,
  type PaymentDeps,
  type PaymentTry,
} from "./tries";

/*
 * makePayment (tries.ts says how tries are kept), in three phases:
 *
 *   phase 1  lock the order: placed → answer it; a try still open → answer it again (asking the gateway again with
 *            the same key if it never answered); else record a new try, `initiated`.
 *   phase 2  the gateway call.
 *   phase 3  lock the order again and record what the gateway said; an approval places the order in the same
 *            transaction. An approval for an order another try already placed is voided at the gateway.
 */

export interface MakePaymentAnswer {
  gatewayData: GatewayData | null;
  order: PlacedOrder | null;
}

function pendingData(id: string | null, redirectUrl: string | null, summary: string | null): GatewayData {
  return {
    approved: false,
    status: "Pending",
    id,
    response_summary: summary,
    _links: redirectUrl ? { redirect: { href: redirectUrl } } : {},
  };
}

/** How an open try is answered again: the same hosted page, or the same 3-D Secure redirect. */
function openTryData(attempt: PaymentTry): GatewayData {
  return attempt.kind === "hosted"
    ? pendingData(attempt.hostedId, attempt.redirectUrl, null)
    : pendingData(attempt.gatewayPaymentId, attempt.redirectUrl, attempt.responseSummary);
}

function placedAnswer(order: OrderRow, approved: PaymentTry | undefined): MakePaymentAnswer {
  const gatewayData: GatewayData | null =
    approved && approved.kind !== "cash" && approved.kind !== "credit"
      ? {
          approved: true,
          status: "Authorized",
          id: approved.gatewayPaymentId,
          response_summary: approved.responseSummary,
          _links: {},
        }
      : null;
  return { gatewayData, order: placedOrder(order) };
}

export interface MakePaymentInput {
  draftOrderId: string;
  paymentMethod: PaymentMethodName;
  paymentGateway?: string | null;
  successUrl: string;
  failureUrl: string;
  cancelUrl: string;
  type?: string | null;
  saveCard?: boolean;
  cvv?: string | null;
  cardId?: string | null;
  token?: string | null;
  googleTokenData?: Record<string, unknown> | null;
  appleTokenData?: Record<string, unknown> | null;
}

/** With PUBLIC_URL set, the gateway may only send shoppers back to this site. */
function checkReturnUrls(ctx: RequestContext, input: MakePaymentInput): void {
  if (!ctx.config.publicUrl) return;
  const origin = new URL(ctx.config.publicUrl).origin;
  for (const field of ["successUrl", "failureUrl", "cancelUrl"] as const) {
    if (new URL(input[field]).origin !== origin) throw validationError(field, `${field} must be on ${origin}`);
  }
}

export async function makePayment(
  ctx: RequestContext,
  deps: PaymentDeps,
  input: MakePaymentInput,
): Promise<MakePaymentAnswer> {
  const auth = requireAuth(ctx);
  const card = await savedCardFor(ctx, auth, input);
  const order = await ownedOrder(ctx.db, input.draftOrderId, auth);
  checkReturnUrls(ctx, input);
  if (order.state === "placed")
    return placedAnswer(
      order,
      (await triesOf(ctx.db, order.id)).find((t) => t.status === "approved"),
    );
  // Credit covers it all (decision 0039): nothing is left for any way of paying to take, nor for the gateway.
  if (order.totalPence === 0 && order.creditPence > 0)
    return { gatewayData: null, order: await placeUnpaid(ctx, deps, order, input, input.paymentMethod, "credit") };

  const method = input.paymentMethod;
  if (method !== "cash" && ((input.paymentGateway ?? GATEWAY_NAME) !== GATEWAY_NAME || !ctx.payments.gateway))
    throw gatewayNotSupported();
  await checkMethodAvailable(ctx.db, order, method);
  if (method === "cash") return payCash(ctx, deps, order, input);

  const walletData =
    method === "applepay" ? input.appleTokenData : method === "googlepay" ? input.googleTokenData : null;
  // A saved card pays as a token does: at once, approved, declined or sent to 3-D Secure.
  const hasToken = Boolean(input.token) || Boolean(walletData) || card !== null;
  if (method !== "card" && !hasToken)
    throw validationError(
      method === "applepay" ? "appleTokenData" : "googleTokenData",
      `${method} needs its token data`,
    );

  // Phase 1.
  const now = ctx.clock.now();
  const siteOrigin = new URL(input.successUrl).origin;
  const started = await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    const all = await triesOf(tx, locked.id);
    if (locked.state === "placed")
      return { kind: "placed" as const, order: locked, approved: all.find((t) => t.status === "approved") };
    const slot = { storeId: locked.storeId, method: locked.fulfilmentMethod, slotStart: locked.slotStart };
    await holdPlaceUntil(tx, locked.basketToken, slot, holdUntil(ctx, now), now);
    const open = [...all].reverse().find(isOpen);
    if (open) return { kind: "open" as const, order: locked, attempt: open };
    if (locked.state === "superseded") {
      throw new ApiError(409, CHECKOUT_MESSAGES.draftNotFound, {
        errorCode: "ORDER_SUPERSEDED",
        errorDisplay: CHECKOUT_MESSAGES.draftNotFound,
      });
    }
    const next = all.reduce((max, t) => Math.max(max, t.attempt), 0) + 1;
    await recordSiteOrigin(tx, locked.id, siteOrigin, now);
    const [made] = await tx
      .insert(orderPayments)
      .values({
        orderId: locked.id,
        attempt: next,
        method,
        gateway: GATEWAY_NAME,
        kind: hasToken ? "token" : "hosted",
        idempotencyKey: tryKey(locked, next),
        status: "initiated",
        // A card already saved is not saved again; wallets' cards are the wallet's.
        saveCard: Boolean(input.saveCard) && method === "card" && card === null,
        amountPence: locked.totalPence,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { kind: "new" as const, order: { ...locked, siteOrigin }, attempt: made! };
  });
  if (started.kind === "placed") return placedAnswer(started.order, started.approved);
  if (started.kind === "open" && started.attempt.status === "pending")
    return { gatewayData: openTryData(started.attempt), order: null };

  // Phase 2 (and 3): a new try, or one that never heard back from the gateway, asked with its own key.
  const attempt = started.attempt;
  if (attempt.kind === "token" && !hasToken) {
    throw new ApiError(409, PAYMENT_MESSAGES.paymentPending, {
      errorCode: "PAYMENT_IN_PROGRESS",
      errorDisplay: PAYMENT_MESSAGES.paymentPending,
    });
  }
  return attempt.kind === "hosted"
    ? openHostedPage(ctx, started.order, attempt, input)
    : payWithToken(ctx, deps, started.order, attempt, input, walletData ?? null, card);
}

async function openHostedPage(
  ctx: RequestContext,
  order: OrderRow,
  attempt: PaymentTry,
  input: MakePaymentInput,
): Promise<MakePaymentAnswer> {
  let hosted;
  try {
    hosted = await gatewayOf(ctx).createHostedPayment(
      {
        reference: order.draftOrderId,
        amount: order.totalPence,
        currency: CURRENCY,
        description: `Order ${order.businessOrderId}`,
        customer: customerOf(order),
        billing: gatewayBilling(order.billingAddress),
        successUrl: input.successUrl,
        failureUrl: input.failureUrl,
        cancelUrl: input.cancelUrl,
      },
      attempt.idempotencyKey,
    );
  } catch (error) {
    throw await gatewayFailure(ctx, attempt, error);
  }

  // Phase 3. A concurrent call for the same try may have recorded the page first: its record is the answer.
  const recorded = await ctx.db.transaction(async (tx) => {
    await lockOrder(tx, order.id);
    const [current] = await tx.select().from(orderPayments).where(eq(orderPayments.id, attempt.id));
    if (!current || current.status !== "initiated") return current ?? attempt;
    const [updated] = await tx
      .update(orderPayments)
      .set({ status: "pending", hostedId: hosted.id, redirectUrl: hosted.redirectUrl, updatedAt: ctx.clock.now() })
      .where(eq(orderPayments.id, attempt.id))
      .returning();
    return updated ?? current;
  });
  if (recorded.status === "approved") return placedAnswer(await readOrder(ctx.db, order.id), recorded);
  return {
    gatewayData: pendingData(recorded.hostedId ?? hosted.id, recorded.redirectUrl ?? hosted.redirectUrl, null),
    order: null,
  };
}

async function payWithToken(
  ctx: RequestContext,
  deps: PaymentDeps,
  order: OrderRow,
  attempt: PaymentTry,
  input: MakePaymentInput,
  walletData: Record<string, unknown> | null,
  card: CardRow | null,
): Promise<MakePaymentAnswer> {
  const gateway = gatewayOf(ctx);
  let payment: GatewayPayment;
  try {
    const source =
      card && input.cvv
        ? { savedCard: { sourceId: card.sourceId, cvv: input.cvv } }
        : {
            token: input.token
              ? input.token
              : await gateway.exchangeWalletToken(attempt.method as WalletType, walletData ?? {}),
          };
    payment = await gateway.requestPayment(
      {
        ...source,
        reference: order.draftOrderId,
        amount: order.totalPence,
        currency: CURRENCY,
        customer: customerOf(order),
        billing: gatewayBilling(order.billingAddress),
        successUrl: input.successUrl,
        failureUrl: input.failureUrl,
        // Apple Pay authenticates the shopper on the device (its token carries a cryptogram). Cards, and Google Pay's
        // cards kept in the Google account (PAN_ONLY, no cryptogram), go through 3-D Secure: spec 2 §4's Google Pay
        // answer "Pending with a redirect link".
        threeDs: attempt.method !== "applepay",
      },
      attempt.idempotencyKey,
    );
  } catch (error) {
    if (error instanceof GatewayError && error.kind === "declined") {
      await markTry(ctx, attempt, "declined", error.message);
      return {
        gatewayData: { approved: false, status: "Declined", id: null, response_summary: error.message, _links: {} },
        order: null,
      };
    }
    throw await gatewayFailure(ctx, attempt, error);
  }

  const settled = await settlePayment(
    ctx,
    deps,
    { orderId: order.id, tryId: attempt.id, method: attempt.method },
    payment,
  );
  const links = payment.redirectUrl && settled.status === "pending" ? { redirect: { href: payment.redirectUrl } } : {};
  return {
    gatewayData: {
      approved: payment.approved,
      status: payment.status,
      id: payment.id,
      response_summary: payment.responseSummary,
      _links: links,
    },
    order: settled.order,
  };
}

/**
 * What a failed gateway call leaves behind. Unavailable: the request may have reached the gateway, so the try stays
 * initiated and the next call asks again with the same key. Refused (invalid, not found): nothing was charged and
 * the try is failed, so the next call starts a new one.
 */
async function gatewayFailure(ctx: RequestContext, attempt: PaymentTry, error: unknown): Promise<unknown> {
  if (!(error instanceof GatewayError)) return error;
  ctx.log.warn("payments.gateway_error", {
    orderId: attempt.orderId,
    attempt: attempt.attempt,
    kind: error.kind,
    status: error.status,
    error: error.message,
  });
  if (error.kind === "unavailable") return gatewayUnavailable(attempt.method);
  await markTry(ctx, attempt, error.kind === "declined" ? "declined" : "failed", error.message);
  return new ApiError(502, PAYMENT_MESSAGES.paymentIssue, {
    errorCode: "PAYMENT_FAILED",
    errorDisplay: PAYMENT_MESSAGES.paymentIssue,
  });
}

/**
 * Cash places the order at once. A card try still open is settled first: if the gateway has approved it, that is
 * the order's payment; otherwise it is closed, and should it be paid after all the order is already placed and the
 * charge is voided.
 */
async function payCash(
  ctx: RequestContext,
  deps: PaymentDeps,
  order: OrderRow,
  input: MakePaymentInput,
): Promise<MakePaymentAnswer> {
  for (const attempt of (await triesOf(ctx.db, order.id)).filter(isOpen)) {
    const settled = await closeOpenTry(ctx, deps, order, attempt);
    if (settled.status === "placed") return { gatewayData: null, order: settled.order };
  }
  return { gatewayData: null, order: await placeUnpaid(ctx, deps, order, input, "cash", "cash") };
}

/**
 * Places the order with a try that no gateway sees, approved at once: cash (paid to the store later), or credit
 * covering the whole order (its amount is the order's total, 0). Refused while a gateway try is still open.
 */
async function placeUnpaid(
  ctx: RequestContext,
  deps: PaymentDeps,
  order: OrderRow,
  input: MakePaymentInput,
  method: PaymentMethodName,
  kind: "cash" | "credit",
): Promise<PlacedOrder> {
  const companyName = await deps.companyName();
  const siteOrigin = new URL(input.successUrl).origin;
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const locked = await lockOrder(tx, order.id);
    const all = await triesOf(tx, locked.id);
    if (locked.state === "placed") return placedOrder(locked);
    if (all.some(isOpen)) {
      throw new ApiError(409, PAYMENT_MESSAGES.paymentPending, {
        errorCode: "PAYMENT_IN_PROGRESS",
        errorDisplay: PAYMENT_MESSAGES.paymentPending,
      });
    }
    if (locked.state === "superseded") {
      throw new ApiError(409, CHECKOUT_MESSAGES.draftNotFound, {
        errorCode: "ORDER_SUPERSEDED",
        errorDisplay: CHECKOUT_MESSAGES.draftNotFound,
      });
    }
    const next = all.reduce((max, t) => Math.max(max, t.attempt), 0) + 1;
    await tx.insert(orderPayments).values({
      orderId: locked.id,
      attempt: next,
      method,
      gateway: null,
      kind,
      idempotencyKey: tryKey(locked, next),
      status: "approved",
      amountPence: locked.totalPence,
      createdAt: now,
      updatedAt: now,
    });
    await recordSiteOrigin(tx, locked.id, siteOrigin);
    return placeOrder(
      tx,
      { ...locked, siteOrigin },
      { paymentMethod: method, companyName, publicUrl: ctx.config.publicUrl, now },
    );
  });
}
