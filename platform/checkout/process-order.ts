import { and, eq, gte, lte } from "drizzle-orm";
import { BASKET_MESSAGES, CHECKOUT_MESSAGES, GATEWAY_NAME, PAYMENT_MESSAGES } from "../contract";
import type { processOrder as processOrderEndpoint, Basket, ResponseOf } from "../contract";
import { lockOwnedBasket, renderBasket, requireAuth, saveBasket, STORE_NOT_FOUND } from "../basket/basket";
import { formatPounds } from "../basket/pricing";
import type { Tx } from "../db/open";
import { members, storeHolidays, storeOrderMethods, stores } from "../db/schema";
import { ApiError } from "../errors";
import { withIdempotency } from "../idempotency";
import { insertDraft, lastFeeOf, openDraftsOf, supersedeDrafts } from "../orders/drafts";
import type { AuthInfo, RequestContext } from "../context";
import { localDate, storeIso } from "../slots/engine";
import { holdPlaceUntil, liveHoldOf, type HoldRow } from "../slots/holds-store";
import { holdUntil } from "../slots/service";
import { servesDelivery } from "../stores/geo";
import { holidayWindow, methodOpenState } from "../stores/open-state";
import { checkContactDetails } from "./details";
import { draftHash, newOrderSecret, snapshotLines, snapshotTotals, type DraftSource } from "./draft";
import { fieldError, methodMismatch, noDeliveryAddress, outsideDeliveryArea } from "./service";
import { contactOf, loadCheckout, saveCheckout } from "./state";

export interface ProcessOrderInput {
  basketToken: string;
  storeId: number;
  fulfilmentMethod: "delivery" | "collection";
  fulfilmentDetails: { time: { date: string; requestedTime: string; asap: boolean } };
  instructions?: string | null;
  channel?: number | string | null;
  paymentGateway?: string | null;
  firstname: string;
  lastname: string;
  emailAddress: string;
  phoneNumber: string;
  platform: string;
  expectedTotal?: number;
}

const refused = (status: number, errorCode: string, message: string, details?: Record<string, unknown>) =>
  new ApiError(status, message, { errorCode, errorDisplay: message, details });

export const gatewayNotSupported = () =>
  new ApiError(400, PAYMENT_MESSAGES.gatewayNotSupported, {
    errorCode: "GATEWAY_NOT_SUPPORTED",
    errorDisplay: PAYMENT_MESSAGES.gatewayNotSupported,
  });

/** 'Spend £x more to reach the £y minimum order' — the basket page's words for the same rule. */
export function minimumSpendMessage(short: number, minimum: number): string {
  return `Spend ${formatPounds(short)} more to reach the ${formatPounds(minimum)} minimum order`;
}

/**
 * Whether the time the shopper asked for is the held slot: the same date and ASAP flag, and the slot's start given
 * as an ISO-8601 instant (any offset) or as the store-local HH:mm.
 */
export function holdMatches(
  hold: Pick<HoldRow, "slotDate" | "slotStart" | "isAsap">,
  time: { date: string; requestedTime: string; asap: boolean },
  timeZone: string,
): boolean {
  if (hold.slotDate !== time.date || hold.isAsap !== time.asap) return false;
  const clock = /^(\d{1,2}):(\d{2})$/.exec(time.requestedTime.trim());
  if (clock)
    return storeIso(hold.slotStart.getTime(), timeZone).slice(11, 16) === `${clock[1]!.padStart(2, "0")}:${clock[2]}`;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(time.requestedTime.trim()))
    return false;
  return Date.parse(time.requestedTime) === hold.slotStart.getTime();
}

/** The goods value the minimum spend is judged on: the lines less what completed deals save, before the coupon. */
function goodsValue(basket: Basket): number {
  return Math.max(0, basket.orderSubtotal - basket.promotions.reduce((sum, p) => sum + p.saving, 0));
}

/**
 * Spec 2 §7: a draft order from a valid basket, everything rechecked whatever the storefront showed (see the
 * contract). The basket row is locked for the whole check, so two submits of one basket queue and the second finds
 * the first's draft; the same basket unchanged answers that draft, a changed one supersedes it (a placed order is
 * never touched: its basket was emptied when it was placed). While the draft waits for payment its slot hold is
 * kept for at least SLOT_HOLD_SECONDS more.
 */
export async function processOrder(
  ctx: RequestContext,
  input: ProcessOrderInput,
): Promise<ResponseOf<typeof processOrderEndpoint>> {
  const auth = requireAuth(ctx);
  const paymentGateway = input.paymentGateway ?? null;
  if (paymentGateway !== null && paymentGateway !== GATEWAY_NAME) throw gatewayNotSupported();

  return withIdempotency(ctx, "checkout.processOrder", input, async (tx) => {
    const now = ctx.clock.now();
    let basket = await lockOwnedBasket(tx, input.basketToken, auth);
    if (basket.storeId !== input.storeId) throw refused(409, "STORE_MISMATCH", BASKET_MESSAGES.otherStore);
    if (basket.fulfilmentMethod !== input.fulfilmentMethod) throw methodMismatch();
    const [store] = await tx.select().from(stores).where(eq(stores.id, basket.storeId));
    if (!store) throw new ApiError(404, STORE_NOT_FOUND);
    const [methodRow] = await tx
      .select()
      .from(storeOrderMethods)
      .where(and(eq(storeOrderMethods.storeId, store.id), eq(storeOrderMethods.method, basket.fulfilmentMethod)));

    // The slot: a live hold of this basket, and the very time asked for.
    const time = input.fulfilmentDetails.time;
    if (time.date < localDate(now.getTime(), store.timeZone))
      throw refused(400, "INVALID_SLOT_DATE", CHECKOUT_MESSAGES.invalidSlotDate);
    const hold = (await liveHoldOf(tx, basket, now))?.hold;
    if (!hold || !holdMatches(hold, time, store.timeZone))
      throw refused(409, "INVALID_SLOT", CHECKOUT_MESSAGES.invalidSlot);

    // The store: not paused, and open for the method (or taking pre-orders).
    if (store.ordersPaused) throw refused(409, "STORE_PAUSED", BASKET_MESSAGES.storePaused);
    const window = holidayWindow(now, store.timeZone, methodRow?.orderDaysInAdvance ?? 0);
    const holidayRows = await tx
      .select()
      .from(storeHolidays)
      .where(
        and(
          eq(storeHolidays.storeId, store.id),
          gte(storeHolidays.date, window.from),
          lte(storeHolidays.date, window.to),
        ),
      );
    const open = methodOpenState({
      method: methodRow ?? null,
      store: { timeZone: store.timeZone, temporarilyClosed: store.temporarilyClosed, ordersPaused: store.ordersPaused },
      holidays: new Map(holidayRows.map((h) => [h.date, h.holidayMessage])),
      now,
    });
    if (open.status === "closed") throw refused(409, "STORE_CLOSED", BASKET_MESSAGES.storeClosed);

    // Delivery is priced for where the order goes: the delivery address, whatever an add or a slot choice set since.
    const checkout = await loadCheckout(tx, basket.token);
    const deliveryAddress = basket.fulfilmentMethod === "delivery" ? (checkout?.deliveryAddress ?? null) : null;
    let feeBefore: number | null = null;
    if (
      deliveryAddress &&
      deliveryAddress.lat != null &&
      deliveryAddress.lng != null &&
      (basket.lat !== deliveryAddress.lat || basket.lng !== deliveryAddress.lng)
    ) {
      feeBefore = (await renderBasket(tx, basket, now, auth)).fulfilmentMethod.cost;
      basket = await saveBasket(
        tx,
        basket,
        { postcode: deliveryAddress.postcode, lat: deliveryAddress.lat, lng: deliveryAddress.lng },
        now,
      );
    }
    const rendered = await renderBasket(tx, basket, now, auth);

    // The basket (spec 2 §4): items, no conflicts, the minimum spend, the coupon's requirement.
    if (rendered.items.length === 0) throw refused(409, "BASKET_EMPTY", BASKET_MESSAGES.empty);
    const conflicted = rendered.items.filter((line) => line.checkoutConflicts.length > 0);
    if (conflicted.length > 0) {
      throw refused(409, "ITEM_UNAVAILABLE", BASKET_MESSAGES.itemUnavailable, {
        basketLineIds: conflicted.map((l) => l.basketLineId),
      });
    }
    const minimum = rendered.fulfilmentMethod.minSpend;
    const goods = goodsValue(rendered);
    if (minimum > 0 && goods < minimum)
      throw refused(409, "MIN_SPEND_NOT_MET", minimumSpendMessage(minimum - goods, minimum));
    await checkCouponRequirement(tx, rendered, auth);
    if (auth.memberId === null && !store.guestCheckoutAllowed)
      throw refused(403, "LOGIN_REQUIRED", CHECKOUT_MESSAGES.loginToOrder);

    const contact = checkContactDetails({
      firstName: input.firstname,
      lastName: input.lastname,
      email: input.emailAddress,
      phoneNumber: input.phoneNumber,
    });
    if (!contact.ok) throw fieldError(contact.error);

    if (basket.fulfilmentMethod === "delivery") {
      if (!deliveryAddress) throw noDeliveryAddress();
      if (
        deliveryAddress.lat == null ||
        deliveryAddress.lng == null ||
        !servesDelivery(store, { lat: deliveryAddress.lat, lng: deliveryAddress.lng })
      ) {
        throw outsideDeliveryArea();
      }
    }

    const drafts = await openDraftsOf(tx, basket.token);
    const lastFee = await lastFeeOf(tx, basket.token);
    const totals = snapshotTotals(rendered);
    if (input.expectedTotal !== undefined && input.expectedTotal !== totals.total) {
      // The fee is known to have moved when this call moved the basket to the address, or since the last draft.
      const previousFee = feeBefore ?? lastFee;
      if (previousFee !== null && previousFee !== totals.fee) {
        throw refused(409, "DELIVERY_COST_CHANGED", CHECKOUT_MESSAGES.deliveryCostChangedReview, {
          total: totals.total,
          fee: totals.fee,
        });
      }
      throw refused(409, "PRICES_CHANGED", CHECKOUT_MESSAGES.pricesChanged, { total: totals.total, fee: totals.fee });
    }

    const instructions =
      input.instructions === undefined ? (checkout?.instructions ?? null) : input.instructions?.trim() || null;
    const saved = await saveCheckout(
      tx,
      basket.token,
      {
        firstName: contact.value.firstName,
        lastName: contact.value.lastName,
        email: contact.value.email,
        phone: contact.value.phoneNumber,
        instructions,
      },
      now,
    );
    const timing = hold.isAsap ? "asap" : open.status === "preorder" ? "preorder" : "future";
    const source: DraftSource = {
      storeId: store.id,
      fulfilmentMethod: basket.fulfilmentMethod,
      memberId: auth.memberId,
      basket: rendered,
      slot: {
        date: hold.slotDate,
        start: hold.slotStart.toISOString(),
        end: hold.slotEnd.toISOString(),
        asap: hold.isAsap,
      },
      timing,
      contact: contactOf(saved) ?? contact.value,
      deliveryAddress,
      billingAddress: saved.billingAddress ?? null,
      instructions,
      marketing: saved.marketing ?? null,
      channel: input.channel === undefined || input.channel === null ? null : String(input.channel),
      platform: input.platform,
      paymentGateway,
    };
    const basketHash = draftHash(source);
    await holdPlaceUntil(tx, basket.token, hold, holdUntil(ctx, now), now);

    const [latest] = drafts;
    if (latest && latest.basketHash === basketHash) {
      return { businessOrderId: latest.businessOrderId, draftOrderId: latest.draftOrderId, total: latest.totalPence };
    }
    if (drafts.length > 0) await supersedeDrafts(tx, basket.token, now);
    return insertDraft(tx, {
      draftOrderId: newOrderSecret(),
      statusToken: newOrderSecret(),
      basketToken: basket.token,
      ownerFamily: auth.family,
      memberId: auth.memberId,
      storeId: store.id,
      fulfilmentMethod: basket.fulfilmentMethod,
      timing,
      slotDate: hold.slotDate,
      slotStart: hold.slotStart,
      slotEnd: hold.slotEnd,
      firstName: source.contact.firstName,
      lastName: source.contact.lastName,
      email: source.contact.email,
      phone: source.contact.phoneNumber,
      deliveryAddress,
      billingAddress: source.billingAddress,
      instructions,
      marketing: source.marketing,
      channel: source.channel,
      platform: input.platform,
      paymentGateway,
      lines: snapshotLines(rendered),
      couponCode: rendered.coupon?.code ?? null,
      campaign: basket.campaign,
      marketingIdentity: basket.marketingIdentity,
      subtotalPence: totals.subtotal,
      savingsPence: totals.savings,
      couponPence: totals.coupon,
      feePence: totals.fee,
      tipPence: totals.tip,
      totalPence: totals.total,
      creditPence: totals.credit,
      loyaltyPointsSpent: totals.loyalty.pointsSpent,
      loyaltyPence: totals.loyalty.pence,
      loyaltyPointsEarned: totals.loyalty.pointsEarned,
      basketHash,
      createdAt: now,
      updatedAt: now,
    });
  });
}

/**
 * Spec 2 §4 coupon requirements: registered needs a signed-in member; registered_with_verification a member whose
 * mobile is verified.
 */
async function checkCouponRequirement(tx: Tx, basket: Basket, auth: AuthInfo): Promise<void> {
  const requirement = basket.coupon?.registeredMemberRequirement ?? "none";
  if (requirement === "none") return;
  if (auth.memberId === null) throw refused(403, "LOGIN_REQUIRED", CHECKOUT_MESSAGES.loginToOrder);
  if (requirement === "registered_with_verification") {
    const [member] = await tx
      .select({ mobileValidated: members.mobileValidated })
      .from(members)
      .where(eq(members.id, auth.memberId));
    if (!member?.mobileValidated) throw refused(403, "COUPON_VERIFICATION_REQUIRED", BASKET_MESSAGES.couponVerified);
  }
}
