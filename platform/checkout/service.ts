import { eq } from "drizzle-orm";
import { BASKET_MESSAGES, CHECKOUT_MESSAGES } from "../contract";
import type {
  checkRegistrationStatus as checkRegistrationStatusEndpoint,
  CheckoutState,
  MarketingOption,
  ResponseOf,
  SetAddressResponse,
} from "../contract";
import { couponUsable, lockOwnedBasket, renderBasket, requireAuth, saveBasket, type BasketRow } from "../basket/basket";
import { getBusinessProfile } from "../business/profile";
import type { Db } from "../db/open";
import { coupons, members, stores, type StoredAddress } from "../db/schema";
import { ApiError } from "../errors";
import { withIdempotency } from "../idempotency";
import type { AuthInfo, RequestContext } from "../context";
import { servesDelivery } from "../stores/geo";
import { checkAddress, checkContactDetails, maskEmail, maskMobile, type FieldProblem } from "./details";
import { checkoutState, contactOf, loadCheckout, readOwnedBasket, saveCheckout } from "./state";

/** A field the shopper must put right: the spec's words to show, the field to mark, and exactly what is wrong. */
export function fieldError(problem: FieldProblem): ApiError {
  return new ApiError(400, problem.problem, {
    errorCode: "VALIDATION_ERROR",
    errorDisplay: problem.message,
    errorText: CHECKOUT_MESSAGES.validationError,
    details: { field: problem.field },
  });
}

export const methodMismatch = () =>
  new ApiError(409, BASKET_MESSAGES.methodMismatch, {
    errorCode: "FULFILMENT_METHOD_MISMATCH",
    errorDisplay: BASKET_MESSAGES.methodMismatch,
  });

export const outsideDeliveryArea = () =>
  new ApiError(422, CHECKOUT_MESSAGES.unableToDeliver, {
    errorCode: "OUTSIDE_DELIVERY_AREA",
    errorDisplay: CHECKOUT_MESSAGES.unableToDeliver,
  });

const invalidAddressObject = () =>
  new ApiError(400, CHECKOUT_MESSAGES.invalidAddressObject, {
    errorCode: "INVALID_ADDRESS_OBJECT",
    errorDisplay: CHECKOUT_MESSAGES.invalidAddressObject,
  });

export const noDeliveryAddress = () =>
  new ApiError(409, CHECKOUT_MESSAGES.noDeliveryAddress, {
    errorCode: "NO_DELIVERY_ADDRESS",
    errorDisplay: CHECKOUT_MESSAGES.noDeliveryAddress,
  });

export async function retrieveCheckout(ctx: RequestContext, input: { basketToken: string }): Promise<CheckoutState> {
  const auth = requireAuth(ctx);
  await readOwnedBasket(ctx.db, input.basketToken, auth);
  return checkoutState(ctx.db, input.basketToken, await loadCheckout(ctx.db, input.basketToken));
}

/**
 * Spec 2 §4: at a store with the member e-mail check, a guest whose e-mail belongs to a member must sign in. The
 * contacts are masked: the answer tells a stranger no more than that the address has an account.
 */
export async function checkRegistrationStatus(
  ctx: RequestContext,
  input: { email: string; basketToken: string },
): Promise<ResponseOf<typeof checkRegistrationStatusEndpoint>> {
  const auth = requireAuth(ctx);
  const basket = await readOwnedBasket(ctx.db, input.basketToken, auth);
  const [store] = await ctx.db
    .select({ memberEmailCheck: stores.memberEmailCheck })
    .from(stores)
    .where(eq(stores.id, basket.storeId));
  // A signed-in member has nothing to sign in to.
  if (!store?.memberEmailCheck || auth.memberId !== null) return { loginRequired: false, contacts: [] };
  const [member] = await ctx.db.select().from(members).where(eq(members.email, input.email.trim().toLowerCase()));
  if (!member) return { loginRequired: false, contacts: [] };
  const contacts: { type: "mobile" | "email"; value: string }[] = [{ type: "email", value: maskEmail(member.email) }];
  if (member.mobile) contacts.push({ type: "mobile", value: maskMobile(member.mobile) });
  return { loginRequired: true, contacts };
}

export async function setContactDetails(
  ctx: RequestContext,
  input: { basketToken: string; firstName: string; lastName: string; email: string; phoneNumber: string },
): Promise<CheckoutState> {
  const auth = requireAuth(ctx);
  const checked = checkContactDetails(input);
  if (!checked.ok) throw fieldError(checked.error);
  const contact = checked.value;
  return withIdempotency(ctx, "checkout.setContactDetails", input, async (tx) => {
    await lockOwnedBasket(tx, input.basketToken, auth);
    const row = await saveCheckout(
      tx,
      input.basketToken,
      { firstName: contact.firstName, lastName: contact.lastName, email: contact.email, phone: contact.phoneNumber },
      ctx.clock.now(),
    );
    return checkoutState(tx, input.basketToken, row);
  });
}

export async function setInstructions(
  ctx: RequestContext,
  input: { basketToken: string; instructions: string | null },
): Promise<CheckoutState> {
  const auth = requireAuth(ctx);
  const instructions = input.instructions?.trim() || null;
  return withIdempotency(ctx, "checkout.setInstructions", input, async (tx) => {
    await lockOwnedBasket(tx, input.basketToken, auth);
    return checkoutState(
      tx,
      input.basketToken,
      await saveCheckout(tx, input.basketToken, { instructions }, ctx.clock.now()),
    );
  });
}

/**
 * Why the basket's coupon can no longer be used, or null while it can: what a changed address takes off the basket
 * (shown as an error toast, spec 2 §4).
 */
async function couponProblem(db: Db, basket: BasketRow, now: Date): Promise<string | null> {
  if (!basket.couponCode) return null;
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, basket.couponCode));
  if (!coupon || (coupon.storeIds !== null && !coupon.storeIds.includes(basket.storeId)))
    return BASKET_MESSAGES.couponUnknown;
  return couponUsable(coupon, basket.storeId, now) ? null : BASKET_MESSAGES.couponExpired;
}

/**
 * The delivery address. Geocoded before the basket's transaction (the embedded geocoder reads the database itself,
 * and on PGlite a transaction holds the only connection), then checked against the store's area. The basket moves
 * to the address, so the delivery fee is priced for where the order goes; the answer says when that moved the fee.
 */
export async function setDeliveryAddress(
  ctx: RequestContext,
  input: { basketToken: string; address: unknown },
): Promise<SetAddressResponse> {
  const auth = requireAuth(ctx);
  const basket = await readOwnedBasket(ctx.db, input.basketToken, auth);
  if (basket.fulfilmentMethod !== "delivery") throw methodMismatch();
  const { postcodeRules } = await getBusinessProfile(ctx.db);
  const checked = checkAddress(input.address, "delivery", {
    postcodeRules,
    contact: contactOf(await loadCheckout(ctx.db, basket.token)),
  });
  if (!checked) throw invalidAddressObject();
  if (!checked.ok) throw fieldError(checked.error);
  const address = checked.value;

  let found;
  try {
    found = await ctx.location.geocode(address.postcode);
  } catch (error) {
    ctx.log.warn("checkout.geocode_failed", { error: error instanceof Error ? error.message : String(error) });
    throw new ApiError(503, CHECKOUT_MESSAGES.deliveryAddressFailed, {
      errorCode: "GEOCODE_FAILED",
      errorDisplay: CHECKOUT_MESSAGES.deliveryAddressFailed,
    });
  }
  if (!found) throw outsideDeliveryArea();
  const point = { lat: found.latitude, lng: found.longitude };
  const [store] = await ctx.db.select().from(stores).where(eq(stores.id, basket.storeId));
  if (!store || !servesDelivery(store, point)) throw outsideDeliveryArea();

  return withIdempotency(ctx, "checkout.setDeliveryAddress", input, async (tx) => {
    const now = ctx.clock.now();
    const locked = await lockOwnedBasket(tx, input.basketToken, auth);
    if (locked.fulfilmentMethod !== "delivery" || locked.storeId !== store.id) throw methodMismatch();
    const before = await renderBasket(tx, locked, now, auth);

    const reason = await couponProblem(tx, locked, now);
    const removedCoupon = reason && locked.couponCode ? { code: locked.couponCode, reason } : null;
    const saved = await saveBasket(
      tx,
      locked,
      { postcode: address.postcode, lat: point.lat, lng: point.lng, ...(removedCoupon ? { couponCode: null } : {}) },
      now,
    );

    const stored: StoredAddress = { ...address, lat: point.lat, lng: point.lng };
    const current = await loadCheckout(tx, locked.token);
    const row = await saveCheckout(
      tx,
      locked.token,
      {
        deliveryAddress: stored,
        ...(current?.billingSameAsDelivery ? { billingAddress: { ...stored, type: "billing" as const } } : {}),
      },
      now,
    );
    const after = await renderBasket(tx, saved, now, auth);
    const previous = before.fulfilmentMethod.cost;
    const cost = after.fulfilmentMethod.cost;
    return {
      ...after,
      removedCoupon,
      deliveryCostChange: previous === cost ? null : { previous, current: cost },
      checkout: await checkoutState(tx, locked.token, row),
    };
  });
}

/**
 * The billing address. With sameAsDelivery it copies the delivery address and keeps following it (a later delivery
 * address is copied too) until the shopper gives a billing address of their own.
 */
export async function setBillingAddress(
  ctx: RequestContext,
  input: { basketToken: string; address?: unknown; sameAsDelivery?: boolean },
): Promise<SetAddressResponse> {
  const auth = requireAuth(ctx);
  let given: StoredAddress | null = null;
  if (!input.sameAsDelivery) {
    await readOwnedBasket(ctx.db, input.basketToken, auth);
    const { postcodeRules } = await getBusinessProfile(ctx.db);
    const checked = checkAddress(input.address, "billing", {
      postcodeRules,
      contact: contactOf(await loadCheckout(ctx.db, input.basketToken)),
    });
    if (!checked) throw invalidAddressObject();
    if (!checked.ok) throw fieldError(checked.error);
    given = checked.value;
  }

  return withIdempotency(ctx, "checkout.setBillingAddress", input, async (tx) => {
    const now = ctx.clock.now();
    const basket = await lockOwnedBasket(tx, input.basketToken, auth);
    let billingAddress = given;
    if (billingAddress === null) {
      const delivery = (await loadCheckout(tx, basket.token))?.deliveryAddress;
      if (!delivery) throw noDeliveryAddress();
      billingAddress = { ...delivery, type: "billing" };
    }
    const row = await saveCheckout(tx, basket.token, { billingAddress, billingSameAsDelivery: given === null }, now);
    return {
      ...(await renderBasket(tx, basket, now, auth)),
      removedCoupon: null,
      deliveryCostChange: null,
      checkout: await checkoutState(tx, basket.token, row),
    };
  });
}

/**
 * Spec 2 §7, guest side: a guest's consents are kept with the basket and go with the order made from it. The basket
 * token is required: it is where they are kept. (Members' are kept on the member: members/marketing.ts; the route
 * is registered by members/handlers.ts, which sends each caller to the right one.)
 */
export async function updateMarketingPreferences(
  ctx: RequestContext,
  input: { marketingOptions: MarketingOption[]; marketingChannelId?: number | null; basketToken?: string },
): Promise<{ success: true; message: string }> {
  const auth: AuthInfo = requireAuth(ctx);
  const basketToken = input.basketToken;
  if (!basketToken) {
    throw new ApiError(400, CHECKOUT_MESSAGES.guestMarketingNeedsBasket, {
      errorCode: "BASKET_TOKEN_REQUIRED",
      errorDisplay: CHECKOUT_MESSAGES.marketingUpdateError,
    });
  }
  return withIdempotency(ctx, "checkout.marketing", input, async (tx) => {
    await lockOwnedBasket(tx, basketToken, auth);
    const options = input.marketingOptions.map((o) => ({ type: o.type.trim(), opted: o.opted, text: o.text }));
    await saveCheckout(
      tx,
      basketToken,
      { marketing: { marketingChannelId: input.marketingChannelId ?? null, options } },
      ctx.clock.now(),
    );
    return { success: true as const, message: CHECKOUT_MESSAGES.marketingUpdated };
  });
}
