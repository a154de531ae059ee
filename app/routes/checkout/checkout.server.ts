import { rethrowIfUnavailable } from "~/models/error-page";
import { SYSTEM_ERROR_MESSAGE } from "#contract/error-messages";
import { href, redirect, type RouterContextProvider } from "react-router";
import {
  api,
  MEMBER_MESSAGES,
  type Basket,
  type CheckoutContent,
  type CheckoutState,
  type GlobalSettings,
  type MarketingOption,
  type PlacedOrder,
  type StoreDetails,
} from "#contract";
import { basketProblems, LOGIN_TO_ORDER_MESSAGE } from "~/models/basket";
import {
  stepReachable,
  type CheckoutFacts,
  type CheckoutStep,
  CHECKOUT_STEP_ORDER,
  CHECKOUT_STEP_PATHS,
  firstInvalidStep,
} from "~/models/checkout";
import { STORE_CLOSED_MESSAGE, STORE_PAUSED_MESSAGE, isStoreClosed } from "~/models/store-list";
import { couponStanding, sessionBasket, selectedStoreDetails } from "~/shopper/basket.server";
import { getBusinessProfile } from "~/services/business.server";
import { loadSingle } from "~/services/content.server";
import { appContext, shopperContext, type Shopper } from "~/services/context";
import type { Logger } from "~/services/logger.server";
import { redirectWithFlash } from "~/services/flash.server";
import type { Toast } from "~/models/shopper";
import { PlatformError } from "~/services/platform-client.server";

/** Everything a checkout page reads, once per request (the layout and the step's own loader both ask). */
export interface CheckoutData {
  store: StoreDetails;
  basket: Basket;
  checkout: CheckoutState;
  content: CheckoutContent;
  global: GlobalSettings;
  /** The business's gateway names (business profile). */
  gateways: string[];
  /** The card gateway's public key (Google Pay's gatewayMerchantId), or "" when there is none. */
  gatewayPublicKey: string;
  facts: CheckoutFacts;
  /** Why the store takes no order now (paused or closed), or null. */
  storeNotice: string | null;
}

export type CheckoutLoad =
  | { kind: "ready"; data: CheckoutData }
  | { kind: "redirect"; to: string; toast: Toast | null }
  /** The basket was already ordered (a resubmitted or refreshed payment): the success page shows that order. */
  | { kind: "placed"; order: PlacedOrder; storeId: number };

const loads = new WeakMap<Shopper, Promise<CheckoutLoad>>();

/**
 * The checkout's data for this request, or where to send the shopper instead: no store or an empty basket goes back
 * to the basket page, and so does a basket that cannot be checked out (the basket page lists why).
 */
export function loadCheckout(shopper: Shopper, log: Logger): Promise<CheckoutLoad> {
  let load = loads.get(shopper);
  if (!load) {
    load = readCheckout(shopper, log);
    loads.set(shopper, load);
  }
  return load;
}

/** Forgets this request's read: after a change the page's data is read afresh. */
export function forgetCheckout(shopper: Shopper): void {
  loads.delete(shopper);
}

async function readCheckout(shopper: Shopper, log: Logger): Promise<CheckoutLoad> {
  const store = await selectedStoreDetails(shopper);
  if (!store) return { kind: "redirect", to: href("/basket"), toast: null };
  const basket = await sessionBasket(shopper);
  if (!basket) return { kind: "redirect", to: href("/basket"), toast: null };
  if (basket.items.length === 0) {
    const { placedOrder } = await shopper.api.call(api.retrieveCheckout, { basketToken: basket.basketToken });
    if (placedOrder) return { kind: "placed", order: placedOrder, storeId: store.id };
    return { kind: "redirect", to: href("/basket"), toast: null };
  }
  const standing = await couponStanding(shopper, basket, log);
  const member = standing.signedIn;
  const problems = basketProblems(basket, standing, store.currency.symbolChar);
  // A coupon that needs an account is the sign-in step's to explain (spec 2 §4 guest rules); anything else is the basket's.
  const blocking = problems.filter((p) => p.message !== LOGIN_TO_ORDER_MESSAGE);
  if (blocking.length > 0)
    return { kind: "redirect", to: href("/basket"), toast: { kind: "error", message: blocking[0]!.message } };

  const [checkout, content, global, profile] = await Promise.all([
    shopper.api.call(api.retrieveCheckout, { basketToken: basket.basketToken }),
    loadSingle(shopper.shared, "checkout"),
    loadSingle(shopper.shared, "global"),
    getBusinessProfile(shopper.shared),
  ]);
  const facts: CheckoutFacts = {
    mode: member ? "member" : (shopper.session.get("checkoutMode") ?? null),
    method: basket.fulfilmentMethod.type,
    guestCheckoutAllowed: store.guestCheckoutAllowed,
    couponRequirement: basket.coupon?.registeredMemberRequirement ?? null,
    contact: checkout.contact,
    acceptedTerms: shopper.session.get("acceptedTerms") === true,
    loginRequired: false,
    deliveryAddress: checkout.deliveryAddress,
    billingAddress: checkout.billingAddress,
  };
  return {
    kind: "ready",
    data: {
      store,
      basket,
      checkout,
      content,
      global,
      gateways: profile.paymentGateways.map((g) => g.name),
      gatewayPublicKey: profile.paymentGateways.find((g) => g.name === "checkoutcom")?.fields.publicKey ?? "",
      facts,
      storeNotice: store.ordersPaused ? STORE_PAUSED_MESSAGE : isStoreClosed(store) ? STORE_CLOSED_MESSAGE : null,
    },
  };
}

/** The checkout data, or a redirect (thrown) to where the shopper must go instead. */
export async function requireCheckout(
  context: Readonly<RouterContextProvider>,
  step?: CheckoutStep,
): Promise<CheckoutData> {
  const shopper = context.get(shopperContext);
  const load = await loadCheckout(shopper, context.get(appContext).log);
  if (load.kind === "placed") {
    rememberPlacedOrder(shopper, load.order, load.storeId);
    throw redirect(href("/checkout/success"), 303);
  }
  if (load.kind === "redirect")
    throw await redirectWithFlash(context, load.to, load.toast ? { toast: load.toast } : {});
  if (step && !stepReachable(step, load.data.facts)) {
    const target = firstInvalidStep(load.data.facts, CHECKOUT_STEP_ORDER) ?? step;
    throw redirect(CHECKOUT_STEP_PATHS[target], 303);
  }
  return load.data;
}

/** The platform's own words for an expected refusal; the spec's general message when the platform failed. */
export function refusalMessage(error: unknown, fallback = SYSTEM_ERROR_MESSAGE): string {
  // A platform that cannot answer for now is the "try again in a moment" page: reloading sends the same key again.
  rethrowIfUnavailable(error);
  if (error instanceof PlatformError && error.status < 500) return error.message;
  return fallback;
}

/** The field a platform validation refusal names (its body's `field`), when it names one. */
export function refusedField(error: unknown): string | null {
  if (!(error instanceof PlatformError)) return null;
  const body = error.body as { field?: unknown } | null;
  return body && typeof body.field === "string" ? body.field : null;
}

/**
 * The order is placed: the success page shows it, and the shopper starts afresh with a new basket (the platform has
 * emptied the old one) and a new checkout.
 */
export function rememberPlacedOrder(shopper: Shopper, order: PlacedOrder, storeId: number): void {
  shopper.session.set("lastOrder", { businessOrderId: order.businessOrderId, statusToken: order.statusToken, storeId });
  shopper.session.unset("basketToken");
  shopper.session.unset("slotTiming");
  shopper.session.unset("acceptedTerms");
  shopper.session.unset("checkoutMode");
}

/** The gateway's return addresses for a draft order: the query carries the draft order id and the platform. */
export function paymentReturnUrls(
  request: Request,
  draftOrderId: string,
): { successUrl: string; failureUrl: string; cancelUrl: string } {
  const origin = new URL(request.url).origin;
  const query = new URLSearchParams({ draftOrderId, platform: "website" }).toString();
  return {
    successUrl: `${origin}/checkout/payment/success?${query}`,
    failureUrl: `${origin}/checkout/payment/failure?${query}`,
    cancelUrl: `${origin}/checkout/payment/cancel?${query}`,
  };
}

/** A member's marketing options at the details step: the store's words for each channel, and those they opted in to. */
export interface MemberMarketingChoices {
  offered: { type: string; text: string }[];
  optedIn: string[];
}

/**
 * Spec 2 §4: members get marketing options pre-filled — their own choices (member/marketingPreferences/get), in the
 * checkout content's words where it has the channel's option. Null (logged) when they cannot be read: the step then
 * shows no options and works as before.
 */
export async function memberMarketingChoices(
  shopper: Shopper,
  content: CheckoutContent,
  log: Logger,
): Promise<MemberMarketingChoices | null> {
  try {
    const { options } = await shopper.api.call(api.memberMarketingPreferencesGet, {});
    const words = new Map(content.marketing.options.map((o) => [o.type.toLowerCase(), o.text]));
    return {
      offered: options.map((o) => ({ type: o.type, text: words.get(o.type.toLowerCase()) ?? o.text })),
      optedIn: options.filter((o) => o.opted === "in").map((o) => o.type),
    };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    log.warn("checkout.member_marketing_failed", { status: error.status, message: error.message });
    return null;
  }
}

/**
 * What a member changed in the marketing options the details step showed them: every shown option whose tick differs
 * from what it was, as the update takes it (in the content's words, or the type's). Null when nothing changed.
 * Options the page did not show are left alone.
 */
export function memberMarketingChange(
  shown: readonly string[],
  was: readonly string[],
  ticked: readonly string[],
  words: readonly { type: string; text: string }[],
): MarketingOption[] | null {
  const before = new Set(was);
  const now = new Set(ticked);
  const changes: MarketingOption[] = [];
  for (const type of new Set(shown)) {
    if (before.has(type) === now.has(type)) continue;
    const text = words.find((w) => w.type.toLowerCase() === type.toLowerCase())?.text ?? type;
    changes.push({ type, opted: now.has(type) ? "in" : "out", text });
  }
  return changes.length > 0 ? changes : null;
}

/**
 * Stores a member's changed marketing options on their account (spec 2 §3: with a member token the update is the
 * member's). The toast to show on the next step: the spec's success or error words, or null when nothing changed. A
 * failure never stops the checkout.
 */
export async function saveMemberMarketing(
  shopper: Shopper,
  changes: MarketingOption[] | null,
  marketingChannelId: number | null,
  log: Logger,
): Promise<Toast | null> {
  if (!changes) return null;
  try {
    await shopper.api.call(api.updateMarketingPreferences, { marketingOptions: changes, marketingChannelId });
    return { kind: "success", message: MEMBER_MESSAGES.marketingUpdated };
  } catch (error) {
    log.warn("checkout.member_marketing_update_failed", {
      message: error instanceof Error ? error.message : String(error),
    });
    return { kind: "error", message: MEMBER_MESSAGES.marketingUpdateError };
  }
}
