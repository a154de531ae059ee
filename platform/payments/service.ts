import { and, asc, eq, inArray } from "drizzle-orm";
import {
  CHECKOUT_MESSAGES,
  GATEWAY_NAME,
  PAYMENT_MESSAGES,
  type GatewayData,
  type PaymentMethodName,
  type PaymentOutcome,
  type PlacedOrder,
} from "../contract";
import { CARD_SECURITY_CODE_LENGTH, paymentOptionAvailable } from "../contract/payment-rules";
import { requireAuth } from "../basket/basket";
import { getBusinessProfile } from "../business/profile";
import { gatewayNotSupported } from "../checkout/process-order";
import type { Db } from "../db/open";
import { menuItems, orderPayments, orders, stores, type StoredAddress } from "../db/schema";
import { ApiError } from "../errors";
import { placedOrder, placeOrder, recordSiteOrigin, type OrderRow } from "../orders/place";
import { ownsOrder } from "../orders/service";
import type { AuthInfo, RequestContext } from "../context";
import { deniedPaymentsAt, storeIso } from "../slots/engine";
import { holdPlaceUntil, slotPaymentRulesOf } from "../slots/holds-store";
import { holdUntil } from "../slots/service";
import { paymentMethodsOf } from "../stores/service";
import { appleValidationUrl } from "./apple-pay";
import { cardNotFound, keepCard, memberCard, type CardRow } from "./cards";
import {
  GatewayError,
  type GatewayAddress,
  type GatewayPayment,
  type PaymentGateway,
  type WalletType,
} from "../ports/payment-gateway";

/*
 * Paying for a draft order, at most once (decision record 0014).
 *
 * Every try at paying is an order_payments row with its own idempotency key, which goes to the gateway with every
 * request about that try. The rows are written in short transactions that lock the order row, and the gateway is
 * called between them, never inside one: the embedded database has one connection (and the embedded gateway keeps
 * its state in it), and in production the gateway is a network call no lock should wait on.
 *
 *   phase 1  lock the order: placed → answer it; a try still open → answer it again (asking the gateway again with
 *            the same key if it never answered); else record a new try, `initiated`.
 *   phase 2  the gateway call.
 *   phase 3  lock the order again and record what the gateway said; an approval places the order in the same
 *            transaction. An approval for an order another try already placed is voided at the gateway.
 */

export type PaymentTry = typeof orderPayments.$inferSelect;

export interface PaymentDeps {
  /** The business's name as the site shows it: the confirmation's subject, Apple Pay's display name. */
  companyName(): Promise<string>;
}

export const CURRENCY = "GBP";
export const OPEN_STATUSES: readonly PaymentTry["status"][] = ["initiated", "pending"];
export const isOpen = (attempt: PaymentTry) => OPEN_STATUSES.includes(attempt.status);

/** A try's idempotency key (Cko-Idempotency-Key): unique per order and attempt, the same on every request about it. */
const tryKey = (order: Pick<OrderRow, "draftOrderId">, attempt: number) => `${order.draftOrderId}:${attempt}`;

const draftNotFound = () =>
  new ApiError(404, CHECKOUT_MESSAGES.draftNotFound, {
    errorCode: "ORDER_NOT_FOUND",
    errorDisplay: CHECKOUT_MESSAGES.draftNotFound,
  });

function methodError(method: PaymentMethodName): string {
  switch (method) {
    case "card":
      return PAYMENT_MESSAGES.cardPaymentError;
    case "applepay":
      return PAYMENT_MESSAGES.applePayError;
    case "googlepay":
      return PAYMENT_MESSAGES.googlePayError;
    case "cash":
      return PAYMENT_MESSAGES.paymentError;
  }
}

/** The gateway could not be reached: nothing is known to be charged, and the same call may be made again. */
const gatewayUnavailable = (method: PaymentMethodName) =>
  new ApiError(503, methodError(method), { errorCode: "GATEWAY_UNAVAILABLE", errorDisplay: methodError(method) });

const validationError = (field: string, problem: string) =>
  new ApiError(400, problem, {
    errorCode: "VALIDATION_ERROR",
    errorDisplay: PAYMENT_MESSAGES.validationError,
    details: { field },
  });

async function ownedOrder(db: Db, draftOrderId: string, auth: AuthInfo): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.draftOrderId, draftOrderId));
  if (!order || !ownsOrder(order, auth)) throw draftNotFound();
  return order;
}

async function lockOrder(db: Db, orderId: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw draftNotFound();
  return order;
}

async function triesOf(db: Db, orderId: number): Promise<PaymentTry[]> {
  return db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(asc(orderPayments.attempt));
}

function gatewayOf(ctx: RequestContext): PaymentGateway {
  if (!ctx.payments.gateway) throw gatewayNotSupported();
  return ctx.payments.gateway;
}

function customerOf(order: OrderRow) {
  return { email: order.email, name: `${order.firstName} ${order.lastName}`.trim() };
}

/** The order's billing address in checkout.com's shape (spec 2 §3: postcode → zip, town → city, county → state). */
export function gatewayBilling(address: StoredAddress | null): GatewayAddress | null {
  if (!address) return null;
  return {
    address_line1: address.addressLine1,
    ...(address.addressLine2 ? { address_line2: address.addressLine2 } : {}),
    city: address.town,
    ...(address.county ? { state: address.county } : {}),
    zip: address.postcode,
    country: address.countryCode,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------
// Settling what the gateway says about a payment
// ---------------------------------------------------------------------------------------------------------

export type Settled =
  | { status: "placed"; order: PlacedOrder; payment: GatewayPayment | null }
  | { status: "pending" | "declined" | "cancelled"; order: null; payment: GatewayPayment };

/** Whether a payment the gateway reports is one for this order: its reference, the order's total, our currency. */
export function paysFor(payment: GatewayPayment, order: Pick<OrderRow, "draftOrderId" | "totalPence">): boolean {
  return (
    payment.reference === order.draftOrderId && payment.amount === order.totalPence && payment.currency === CURRENCY
  );
}

/**
 * Where the try a payment was settled on stands now: `placed` (its approval paid the order), `open` (a second
 * approval whose void has not gone through yet; settling it again voids it again) or `closed`. For callers settling
 * without the shopper, who must tell an approval that placed the order from one voided because another try had.
 */
export async function settledTry(
  ctx: RequestContext,
  paymentId: string,
): Promise<{ status: PaymentTry["status"] | null; ended: "placed" | "open" | "closed" }> {
  const [after] = await ctx.db
    .select({ status: orderPayments.status })
    .from(orderPayments)
    .where(eq(orderPayments.gatewayPaymentId, paymentId));
  const status = after?.status ?? null;
  return {
    status,
    ended: status === "approved" ? "placed" : status !== null && OPEN_STATUSES.includes(status) ? "open" : "closed",
  };
}

/** What a payment's state means for its order. A voided authorisation keeps `approved`, but pays for nothing. */
export function outcomeOf(payment: GatewayPayment): "approved" | "pending" | "declined" | "cancelled" {
  if (payment.status === "Canceled" || payment.status === "Cancelled" || payment.status === "Voided")
    return "cancelled";
  if (payment.approved) return "approved";
  if (payment.status === "Pending") return "pending";
  return "declined";
}

interface SettleTarget {
  orderId: number;
  /** The try the payment belongs to, when the caller knows it. */
  tryId: number | null;
  /** For a payment the caller found by id alone: the method a new try for it is recorded with. */
  method: PaymentMethodName;
}

/**
 * Records what the gateway says about a payment of an order and answers the outcome. Approved: the try is approved
 * and the order placed, in one transaction — unless another try placed the order first, when this payment is voided
 * at the gateway (every approved charge has an order, and no order is charged twice). Safe to repeat: a try already
 * approved answers the placed order, and a final status is never overwritten by a later, lesser one.
 */
export async function settlePayment(
  ctx: RequestContext,
  deps: PaymentDeps,
  target: SettleTarget,
  payment: GatewayPayment,
): Promise<Settled> {
  const outcome = outcomeOf(payment);
  const companyName = outcome === "approved" ? await deps.companyName() : "";
  const recorded = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const order = await lockOrder(tx, target.orderId);
    const all = await triesOf(tx, order.id);
    let attempt =
      all.find((t) => t.gatewayPaymentId === payment.id) ??
      (target.tryId !== null ? all.find((t) => t.id === target.tryId) : undefined) ??
      // A payment made on a hosted page is known by its page, not by its id, until it is first seen here.
      [...all].reverse().find((t) => t.kind === "hosted" && isOpen(t) && t.gatewayPaymentId === null);
    if (attempt && attempt.gatewayPaymentId !== null && attempt.gatewayPaymentId !== payment.id) attempt = undefined;
    if (!attempt) {
      const next = all.reduce((max, t) => Math.max(max, t.attempt), 0) + 1;
      const [made] = await tx
        .insert(orderPayments)
        .values({
          orderId: order.id,
          attempt: next,
          method: target.method,
          gateway: GATEWAY_NAME,
          kind: "hosted",
          gatewayPaymentId: payment.id,
          idempotencyKey: tryKey(order, next),
          status: "initiated",
          amountPence: payment.amount,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      attempt = made!;
    }
    const where = eq(orderPayments.id, attempt.id);
    const summary = payment.responseSummary;

    if (outcome === "approved") {
      if (attempt.status === "approved") return { kind: "placed" as const, order };
      const placedBy = all.find((t) => t.status === "approved");
      if (order.state === "placed" || placedBy) {
        // Known, not yet voided: stays open until the void is confirmed, so a replay voids it again.
        await tx
          .update(orderPayments)
          .set({ gatewayPaymentId: payment.id, status: "pending", responseSummary: summary, updatedAt: now })
          .where(where);
        return { kind: "void" as const, order, attempt };
      }
      await tx
        .update(orderPayments)
        .set({ gatewayPaymentId: payment.id, status: "approved", responseSummary: summary, updatedAt: now })
        .where(where);
      const placed = await placeOrder(tx, order, {
        paymentMethod: attempt.method,
        companyName,
        publicUrl: ctx.config.publicUrl,
        now,
      });
      return { kind: "placed" as const, order: { ...order, ...placed }, saveCard: attempt.saveCard };
    }

    // Never downgrade: a try that ended stays ended, whatever a stale answer says.
    if (isOpen(attempt)) {
      const status = payment.status === "Voided" ? "voided" : outcome === "pending" ? "pending" : outcome;
      await tx
        .update(orderPayments)
        .set({
          gatewayPaymentId: payment.id,
          status,
          responseSummary: summary,
          redirectUrl: outcome === "pending" ? (payment.redirectUrl ?? attempt.redirectUrl) : attempt.redirectUrl,
          updatedAt: now,
        })
        .where(where);
    }
    if (order.state === "placed") return { kind: "placed" as const, order };
    return { kind: "outcome" as const, order };
  });

  if (recorded.kind === "placed") {
    if ("saveCard" in recorded && recorded.saveCard) await keepPaidCard(ctx, recorded.order, payment);
    return { status: "placed", order: placedOrder(recorded.order), payment };
  }
  if (recorded.kind === "void") {
    await voidSecondCharge(ctx, recorded.order, recorded.attempt, payment);
    return { status: "placed", order: placedOrder(recorded.order), payment };
  }
  const status = outcome === "approved" ? "declined" : outcome;
  return { status, order: null, payment };
}

/**
 * The member asked to keep the card they paid with (makePayment saveCard): once the payment is approved, the card
 * the gateway describes is kept, unless they have it already. The order is placed whatever happens here.
 */
async function keepPaidCard(ctx: RequestContext, order: OrderRow, payment: GatewayPayment): Promise<void> {
  if (order.memberId === null) return;
  if (!payment.card) {
    ctx.log.warn("cards.not_kept", { orderId: order.id, paymentId: payment.id, reason: "no_card_in_payment" });
    return;
  }
  try {
    const made = await keepCard(ctx.db, order.memberId, payment.card, ctx.clock.now());
    ctx.log.info(made ? "cards.added" : "cards.already_kept", {
      memberId: order.memberId,
      orderId: order.id,
      ...(made ? { cardId: made.id } : {}),
    });
  } catch (error) {
    ctx.log.error("cards.keep_failed", {
      orderId: order.id,
      paymentId: payment.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Releases a second approval for an order already paid. When the gateway cannot be reached the try stays open. */
async function voidSecondCharge(
  ctx: RequestContext,
  order: OrderRow,
  attempt: PaymentTry,
  payment: GatewayPayment,
): Promise<void> {
  try {
    await gatewayOf(ctx).voidPayment(payment.id, order.draftOrderId, `${attempt.idempotencyKey}:void`);
  } catch (error) {
    ctx.log.error("payments.void_failed", {
      orderId: order.id,
      paymentId: payment.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return;
  }
  await ctx.db
    .update(orderPayments)
    .set({ status: "voided", updatedAt: ctx.clock.now() })
    .where(and(eq(orderPayments.id, attempt.id), inArray(orderPayments.status, ["initiated", "pending"])));
  ctx.log.warn("payments.second_charge_voided", { orderId: order.id, paymentId: payment.id });
}

/**
 * Ends an open try. A hosted try keeps its page's address (`redirectUrl`) while the page may still take a payment —
 * the shopper may yet pay in another tab — and the sweep watches such pages (reconcile.ts); `pageClosed` says the
 * gateway confirmed that nothing more can be paid there.
 */
export async function markTry(
  ctx: RequestContext,
  attempt: PaymentTry,
  status: "declined" | "cancelled" | "failed",
  summary: string | null,
  options: { pageClosed?: boolean } = {},
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockOrder(tx, attempt.orderId);
    await tx
      .update(orderPayments)
      .set({
        status,
        responseSummary: summary,
        updatedAt: ctx.clock.now(),
        ...(options.pageClosed ? { redirectUrl: null } : {}),
      })
      .where(and(eq(orderPayments.id, attempt.id), inArray(orderPayments.status, ["initiated", "pending"])));
  });
}

// ---------------------------------------------------------------------------------------------------------
// makePayment
// ---------------------------------------------------------------------------------------------------------

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

/** Spec 2 §5: a way of paying the order may use — the store's setting, the slot, alcohol and cash, a gateway. */
async function checkMethodAvailable(db: Db, order: OrderRow, method: PaymentMethodName): Promise<void> {
  const [store] = await db.select({ timeZone: stores.timeZone }).from(stores).where(eq(stores.id, order.storeId));
  const itemIds = [...new Set(order.lines.map((l) => l.menuItemId))];
  const alcohol =
    itemIds.length === 0
      ? []
      : await db
          .select({ id: menuItems.id })
          .from(menuItems)
          .where(and(inArray(menuItems.id, itemIds), eq(menuItems.isAlcohol, true)));
  const profile = await getBusinessProfile(db);
  const timeZone = store?.timeZone ?? "Europe/London";
  const available = paymentOptionAvailable(method, {
    paymentMethods: await paymentMethodsOf(db, order.storeId),
    fulfilmentMethod: order.fulfilmentMethod,
    slot: {
      date: order.slotDate,
      end: storeIso(order.slotEnd.getTime(), timeZone),
      // The slot's refusals by the store's settings, as the listing and the basket showed them (spec 1 §3).
      denyPayments: deniedPaymentsAt(order.slotStart.getTime(), timeZone, await slotPaymentRulesOf(db, order.storeId)),
    },
    basketHasAlcohol: alcohol.length > 0,
    gateways: profile.paymentGateways.map((g) => g.name),
  });
  if (!available) {
    throw new ApiError(400, PAYMENT_MESSAGES.methodNotAvailable, {
      errorCode: "PAYMENT_METHOD_NOT_AVAILABLE",
      errorDisplay: PAYMENT_MESSAGES.methodNotAvailable,
    });
  }
}

/** With PUBLIC_URL set, the gateway may only send shoppers back to this site. */
function checkReturnUrls(ctx: RequestContext, input: MakePaymentInput): void {
  if (!ctx.config.publicUrl) return;
  const origin = new URL(ctx.config.publicUrl).origin;
  for (const field of ["successUrl", "failureUrl", "cancelUrl"] as const) {
    if (new URL(input[field]).origin !== origin) throw validationError(field, `${field} must be on ${origin}`);
  }
}

const SECURITY_CODE = new RegExp(`^\\d{${CARD_SECURITY_CODE_LENGTH}}$`);

const savedCardsForMembers = () =>
  new ApiError(403, PAYMENT_MESSAGES.savedCardsForMembers, {
    errorCode: "SAVED_CARDS_FOR_MEMBERS",
    errorDisplay: PAYMENT_MESSAGES.savedCardsForMembers,
  });

/**
 * Spec 2 §5 and §7: a saved card pays with its security code, exactly 3 digits, checked before anything else (no
 * gateway call for a code that cannot be right); only a member's own saved card, and only by card. Saving a card
 * is for members.
 */
async function savedCardFor(ctx: RequestContext, auth: AuthInfo, input: MakePaymentInput): Promise<CardRow | null> {
  if (input.cvv != null && !SECURITY_CODE.test(input.cvv)) {
    throw validationError("cvv", `cvv must be exactly ${CARD_SECURITY_CODE_LENGTH} digits`);
  }
  const isMember = auth.strategy === "member" && auth.memberId !== null;
  if (input.saveCard && !isMember) throw savedCardsForMembers();
  if (!input.cardId) return null;
  if (!isMember) throw savedCardsForMembers();
  if (input.paymentMethod !== "card") throw validationError("cardId", "a saved card pays by card only");
  if (input.token) throw validationError("cardId", "give cardId or token, not both");
  if (input.cvv == null) throw validationError("cvv", `a saved card needs its ${CARD_SECURITY_CODE_LENGTH}-digit cvv`);
  const card = await memberCard(ctx.db, auth.memberId!, input.cardId);
  if (!card) throw cardNotFound();
  return card;
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

async function readOrder(db: Db, orderId: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw draftNotFound();
  return order;
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

// ---------------------------------------------------------------------------------------------------------
// verifyPayment, cancelPayment
// ---------------------------------------------------------------------------------------------------------

function toOutcome(settled: Settled): PaymentOutcome {
  if (settled.status === "placed") return { status: "placed", order: settled.order, responseSummary: null };
  return { status: settled.status, order: null, responseSummary: settled.payment.responseSummary };
}

/**
 * The shopper is back from the gateway: the payment is read from the gateway by id (never taken from the URL) and
 * must be for this order and its amount. Replaying it settles the same way again.
 */
export async function verifyPayment(
  ctx: RequestContext,
  deps: PaymentDeps,
  input: { draftOrderId: string; paymentId: string; paymentGateway?: string | null },
): Promise<PaymentOutcome> {
  const auth = requireAuth(ctx);
  if ((input.paymentGateway ?? GATEWAY_NAME) !== GATEWAY_NAME) throw gatewayNotSupported();
  const gateway = gatewayOf(ctx);
  const order = await ownedOrder(ctx.db, input.draftOrderId, auth);

  const all = await triesOf(ctx.db, order.id);
  const known = all.find((t) => t.gatewayPaymentId === input.paymentId);
  if (order.state === "placed" && known && known.status === "approved")
    return { status: "placed", order: placedOrder(order), responseSummary: null };

  let payment: GatewayPayment;
  try {
    payment = await gateway.getPayment(input.paymentId);
  } catch (error) {
    if (error instanceof GatewayError && error.kind === "not_found") {
      throw new ApiError(409, PAYMENT_MESSAGES.paymentIssue, {
        errorCode: "PAYMENT_MISMATCH",
        errorDisplay: PAYMENT_MESSAGES.paymentIssue,
      });
    }
    if (error instanceof GatewayError) throw gatewayUnavailable(known?.method ?? "card");
    throw error;
  }
  if (!paysFor(payment, order)) {
    ctx.log.warn("payments.verify_mismatch", { orderId: order.id, paymentId: payment.id });
    throw new ApiError(409, PAYMENT_MESSAGES.paymentIssue, {
      errorCode: "PAYMENT_MISMATCH",
      errorDisplay: PAYMENT_MESSAGES.paymentIssue,
    });
  }
  const source = known ?? (await hostedTryOf(gateway, all, payment.id));
  return toOutcome(
    await settlePayment(
      ctx,
      deps,
      { orderId: order.id, tryId: source?.id ?? null, method: source?.method ?? "card" },
      payment,
    ),
  );
}

/**
 * The hosted try a payment was made on, newest first: the gateway knows which page each payment came from. Only
 * for recording the payment against the right try, so a page that cannot be read is passed over.
 */
async function hostedTryOf(
  gateway: PaymentGateway,
  all: PaymentTry[],
  paymentId: string,
): Promise<PaymentTry | undefined> {
  for (const attempt of [...all].reverse()) {
    if (attempt.kind !== "hosted" || !attempt.hostedId || attempt.gatewayPaymentId !== null) continue;
    try {
      if ((await gateway.getHostedPayment(attempt.hostedId)).paymentId === paymentId) return attempt;
    } catch {
      // Attribution only: settlePayment falls back to the latest open hosted try.
    }
  }
  return undefined;
}

/**
 * Closes a try the shopper walked away from, after asking the gateway whether it was paid after all (then the
 * order is placed with it). A try that never heard back from the gateway has nothing to ask about: a hosted page
 * no one was sent to cannot be paid; a token payment lost in flight is logged for the business to reconcile.
 */
async function closeOpenTry(
  ctx: RequestContext,
  deps: PaymentDeps,
  order: OrderRow,
  attempt: PaymentTry,
): Promise<Settled | { status: "cancelled"; order: null; payment: null }> {
  const gateway = gatewayOf(ctx);
  const cancelled = async (pageClosed = false) => {
    await markTry(ctx, attempt, "cancelled", null, { pageClosed });
    return { status: "cancelled" as const, order: null, payment: null };
  };
  const target = { orderId: order.id, tryId: attempt.id, method: attempt.method };
  try {
    if (attempt.kind === "hosted" && attempt.hostedId) {
      const page = await gateway.getHostedPayment(attempt.hostedId);
      if (page.paymentId) {
        const payment = await gateway.getPayment(page.paymentId);
        if (outcomeOf(payment) === "approved") return settlePayment(ctx, deps, target, payment);
      }
      return cancelled(CLOSED_PAGE_STATUSES.has(page.status.toLowerCase()));
    }
    if (attempt.gatewayPaymentId) {
      const payment = await gateway.getPayment(attempt.gatewayPaymentId);
      if (outcomeOf(payment) !== "pending") return settlePayment(ctx, deps, target, payment);
      return cancelled();
    }
    if (attempt.kind === "token") {
      // The answer was lost in flight: the gateway may hold the payment under the order's reference.
      const found = await unclaimedPayment(ctx, gateway, order);
      if (found && outcomeOf(found) !== "pending") return settlePayment(ctx, deps, target, found);
    }
  } catch (error) {
    if (error instanceof GatewayError && error.kind !== "not_found") throw gatewayUnavailable(attempt.method);
    if (!(error instanceof GatewayError)) throw error;
    return cancelled(true);
  }
  if (attempt.kind === "token")
    ctx.log.warn("payments.unanswered_try_closed", { orderId: order.id, attempt: attempt.attempt });
  return cancelled();
}

/** Hosted page statuses after which nothing can be paid on the page (checkout.com's, and the test gateway's). */
export const CLOSED_PAGE_STATUSES = new Set(["expired", "cancelled", "canceled"]);

/**
 * A payment the gateway holds under the order's reference that none of the order's tries knows: the one a lost
 * answer was about. An approved one first (it must end in an order, or be voided), then one still pending.
 */
export async function unclaimedPayment(
  ctx: RequestContext,
  gateway: PaymentGateway,
  order: OrderRow,
): Promise<GatewayPayment | null> {
  const found = await gateway.findPayments(order.draftOrderId);
  if (found.length === 0) return null;
  const known = await ctx.db
    .select({ id: orderPayments.gatewayPaymentId })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, order.id));
  const knownIds = new Set(known.map((k) => k.id));
  // Checked here, once, for every caller: closing an open try settles what it finds without asking again.
  const unclaimed = found.filter((p) => !knownIds.has(p.id) && paysFor(p, order));
  return (
    unclaimed.find((p) => outcomeOf(p) === "approved") ??
    unclaimed.find((p) => outcomeOf(p) === "pending") ??
    unclaimed[0] ??
    null
  );
}

/** The shopper came back by the gateway's cancel link: the open try is closed, unless it was paid after all. */
export async function cancelPayment(
  ctx: RequestContext,
  deps: PaymentDeps,
  input: { draftOrderId: string },
): Promise<PaymentOutcome> {
  const auth = requireAuth(ctx);
  const order = await ownedOrder(ctx.db, input.draftOrderId, auth);
  if (order.state === "placed") return { status: "placed", order: placedOrder(order), responseSummary: null };
  const all = await triesOf(ctx.db, order.id);
  const open = [...all].reverse().find(isOpen);
  if (open) {
    const closed = await closeOpenTry(ctx, deps, order, open);
    if (closed.status === "placed") return { status: "placed", order: closed.order, responseSummary: null };
    return { status: closed.status, order: null, responseSummary: closed.payment?.responseSummary ?? null };
  }
  const last = all[all.length - 1];
  if (last?.status === "declined") return { status: "declined", order: null, responseSummary: last.responseSummary };
  return { status: "cancelled", order: null, responseSummary: null };
}

// ---------------------------------------------------------------------------------------------------------
// Apple Pay merchant validation
// ---------------------------------------------------------------------------------------------------------

export async function validateApplePayMerchant(
  ctx: RequestContext,
  deps: PaymentDeps,
  input: { storeId: number; domain: string; validationURL: string },
): Promise<Record<string, unknown>> {
  requireAuth(ctx);
  const validator = ctx.payments.applePay;
  if (!validator) {
    throw new ApiError(422, PAYMENT_MESSAGES.applePayUnavailable, {
      errorCode: "APPLE_PAY_UNAVAILABLE",
      errorDisplay: PAYMENT_MESSAGES.applePayUnavailable,
    });
  }
  // Apple's validation URLs are https on apple.com hosts; anything else is not Apple asking.
  if (!appleValidationUrl(input.validationURL))
    throw validationError("validationURL", "validationURL must be an https address on apple.com");
  const [store] = await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.id, input.storeId));
  if (!store) throw new ApiError(404, "Store not found.");
  const displayName = ctx.config.applePayDisplayName ?? (await deps.companyName());
  try {
    return await validator.validate({ validationURL: input.validationURL, domain: input.domain, displayName });
  } catch (error) {
    ctx.log.warn("payments.apple_pay_validation_failed", {
      error: error instanceof Error ? error.message : String(error),
    });
    // Apple refusing the merchant for this site (a 4xx: the domain or merchant is not registered) will not change
    // on a retry: Apple Pay is not available here (spec 2 §4: a 422 sends the shopper to a page of its own).
    if (error instanceof GatewayError && error.kind === "invalid") {
      throw new ApiError(422, PAYMENT_MESSAGES.applePayUnavailable, {
        errorCode: "APPLE_PAY_UNAVAILABLE",
        errorDisplay: PAYMENT_MESSAGES.applePayUnavailable,
      });
    }
    throw new ApiError(502, PAYMENT_MESSAGES.applePayError, {
      errorCode: "APPLE_PAY_VALIDATION_FAILED",
      errorDisplay: PAYMENT_MESSAGES.applePayError,
    });
  }
}
