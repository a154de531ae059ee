import { api, type Basket, type StoreDetails } from "#contract";
import type { Logger } from "~/services/logger.server";
import type { Shopper } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { locationInput } from "./store-selection.server";

/*
 * What every screen reads of the shopper's basket (decision 0056): the session's basket, the bottom navigation's
 * figures, the coupon rules' view of the shopper and the selected store's details. The basket page's changes to the
 * basket stay with the basket's screens (routes/basket/basket.server.ts).
 */

/**
 * The session's basket, read once per request: the root loader (bottom navigation), the store layout (store bar)
 * and the basket page all ask for it, and run in parallel. Keyed by store, token and method, so a request that
 * selects another store first reads that store's basket rather than the one remembered.
 */
const readThisRequest = new WeakMap<Shopper, Map<string, Promise<Basket>>>();

export function sessionBasket(shopper: Shopper): Promise<Basket> | null {
  const store = shopper.session.get("store");
  const token = shopper.session.get("basketToken");
  if (!store || !token) return null;
  const method = shopper.session.get("fulfilmentMethod") ?? "delivery";
  const key = `${store.id}:${token}:${method}`;
  let reads = readThisRequest.get(shopper);
  if (!reads) {
    reads = new Map();
    readThisRequest.set(shopper, reads);
  }
  let read = reads.get(key);
  if (!read) {
    read = shopper.api
      .call(api.retrieveBasket, { storeId: store.id, fulfilmentMethod: method, basketToken: token })
      .then((basket) => {
        if (basket.basketToken !== shopper.session.get("basketToken"))
          shopper.session.set("basketToken", basket.basketToken);
        return basket;
      });
    reads.set(key, read);
  }
  return read;
}

/**
 * Who the shopper is, as the basket's coupon rules ask (spec 2 §4 coupon requirements): signed in as a member, and
 * whether that member's mobile is verified. The profile is read only when the basket's coupon needs a verified
 * mobile; a profile that cannot be read counts as not verified (logged).
 */
export async function couponStanding(
  shopper: Shopper,
  basket: Basket | null,
  log: Logger,
): Promise<{ signedIn: boolean; mobileVerified: boolean }> {
  const signedIn = shopper.session.get("auth")?.strategy === "member";
  if (!signedIn || basket?.coupon?.registeredMemberRequirement !== "registered_with_verification")
    return { signedIn, mobileVerified: false };
  try {
    const profile = await shopper.api.call(api.memberProfileGet, {});
    return { signedIn, mobileVerified: profile.mobileValidated };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    log.warn("basket.member_profile_failed", { status: error.status, message: error.message });
    return { signedIn, mobileVerified: false };
  }
}

/** The bottom navigation's figures: cheap, and never a reason for a page to fail. */
export async function basketSummary(
  shopper: Shopper,
  log: Logger,
): Promise<{ itemCount: number; subtotal: number } | null> {
  try {
    const basket = await sessionBasket(shopper);
    return basket ? { itemCount: basket.totalItemsQuantity, subtotal: basket.orderSubtotal } : null;
  } catch (error) {
    log.warn("basket_summary_failed", { message: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/** The selected store's details for the shopper's location (a shared, short-lived read), or null when it is gone. */
export async function selectedStoreDetails(shopper: Shopper): Promise<StoreDetails | null> {
  const store = shopper.session.get("store");
  if (!store) return null;
  try {
    return await shopper.shared.cached(api.selectStore, {
      storeId: store.id,
      ...locationInput(shopper.session.get("location")),
    });
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) {
      shopper.session.unset("store");
      return null;
    }
    throw error;
  }
}
