import { api, type StoreDetails } from "#contract";
import type { Shopper } from "~/services/context";
import type { ShopperLocation } from "~/models/shopper";
import { PlatformError } from "~/services/platform-client.server";

import { LOCATION_REQUIRED_USER_MESSAGE as LOCATION_REQUIRED_MESSAGE } from "~/models/address";
import { STORE_DETAILS_FAILED_MESSAGE } from "~/models/location-messages";

export { LOCATION_REQUIRED_MESSAGE, STORE_DETAILS_FAILED_MESSAGE };

/** An expected reason a store could not be selected, with the message to show. */
export class StoreSelectionError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function hasLocation(location: ShopperLocation | undefined): location is ShopperLocation {
  if (!location) return false;
  if (location.latitude !== null && location.longitude !== null) return true;
  return Boolean(location.postcode?.trim());
}

/** Spec 1 §4: details by postcode, else coordinates, else the store id alone. */
export function locationInput(location: ShopperLocation | undefined): {
  postcode?: string;
  latitude?: number;
  longitude?: number;
} {
  if (!location) return {};
  if (location.postcode) return { postcode: location.postcode };
  if (location.latitude !== null && location.longitude !== null)
    return { latitude: location.latitude, longitude: location.longitude };
  return {};
}

/**
 * Selects a store for the shopper (spec 1 §4 "Selecting a store"): a location is required; on a change of store the
 * store-bound state is reset and a basket is made for the new store if there is none.
 */
export async function selectStore(shopper: Shopper, storeId: number, fetched?: StoreDetails) {
  const { session, api: platform } = shopper;
  const location = session.get("location");
  if (!hasLocation(location)) throw new StoreSelectionError(LOCATION_REQUIRED_MESSAGE, 400);

  let details = fetched;
  try {
    details ??= await platform.call(api.selectStore, { storeId, ...locationInput(location) });
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) throw new StoreSelectionError(error.message, 404);
    throw new StoreSelectionError(STORE_DETAILS_FAILED_MESSAGE, 502);
  }

  const previous = session.get("store");
  if (previous?.id !== details.id) {
    session.set("store", { id: details.id, slug: details.slug, name: details.storeName });
  }
  const basket = await platform.call(api.retrieveBasket, {
    storeId: details.id,
    fulfilmentMethod: session.get("fulfilmentMethod") ?? "delivery",
    ...(session.get("basketToken") ? { basketToken: session.get("basketToken") } : {}),
  });
  session.set("basketToken", basket.basketToken);
  return details;
}

/** Forgets the selected store (spec 1 §2: a page-not-found under /stores/ resets it). */
export function deselectStore(shopper: Shopper): void {
  shopper.session.unset("store");
}
