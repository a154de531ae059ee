import { href, redirect, type RouterContextProvider } from "react-router";
import { api } from "#contract";
import { UNABLE_TO_FIND_LOCATION } from "~/models/address";
import { rethrowIfUnavailable } from "~/models/error-page";
import { addRecentSearch } from "~/models/recent-searches";
import type { ShopperLocation } from "~/models/shopper";
import { afterStoreSearch } from "~/models/store-search";
import { getWhiteLabelSettings } from "~/services/business.server";
import { appContext, shopperContext } from "~/services/context";
import { redirectWithFlash } from "~/services/flash.server";
import { PlatformError } from "~/services/platform-client.server";
import { selectStore, StoreSelectionError } from "~/shopper/store-selection.server";

/* The store search widget's posts (search.ts) read where the shopper is; these search from there and decide where next. */

/** Whether a device or an address look-up gave a usable latitude (limit 90) or longitude (limit 180). */
export function validCoordinate(value: number | undefined, limit: number): value is number {
  return value !== undefined && Number.isFinite(value) && Math.abs(value) <= limit;
}

/**
 * Saves the location, remembers it among the recent searches, searches stores and decides where to go
 * (spec 1 §4 "Store search by postcode", steps 2–5).
 */
export async function searchStores(context: Readonly<RouterContextProvider>, back: string, location: ShopperLocation) {
  const shopper = context.get(shopperContext);
  const { platform, clock, log } = context.get(appContext);
  const now = clock.now();
  const { session } = shopper;
  const hadSearch = Boolean(session.get("location")?.postcode);
  const backPath = back.split("?")[0] ?? "/";

  let stores;
  try {
    ({ stores } = await shopper.api.call(api.findNearbyStores, {
      ...(location.postcode ? { postcode: location.postcode } : {}),
      ...(location.latitude !== null && location.longitude !== null
        ? { latitude: location.latitude, longitude: location.longitude }
        : {}),
      returnNearestOnly: false,
    }));
  } catch (error) {
    if (error instanceof PlatformError && error.status < 500) {
      const failed = {
        message: error.status === 404 ? UNABLE_TO_FIND_LOCATION : error.message,
        value: location.postcode ?? "",
      };
      if (location.postcode && !location.address)
        session.set("lastPostcodeSearch", { value: failed.value, error: failed.message });
      return redirectWithFlash(context, back, { locationError: failed });
    }
    // A platform that cannot answer for a moment (a database restart) is the "try again" page, as everywhere.
    rethrowIfUnavailable(error);
    // Spec 1 §8: a postcode search that fails is logged and nothing is shown; the shopper stays where they were.
    log.error("location.store_search_failed", {
      message: error instanceof Error ? error.message : String(error),
      status: error instanceof PlatformError ? error.status : null,
    });
    return redirect(back, 303);
  }

  session.set("location", location);
  session.set(
    "recentSearches",
    addRecentSearch(session.get("recentSearches") ?? [], {
      postcode: location.postcode,
      address: location.address,
      timestamp: now.getTime(),
    }),
  );

  const settings = await getWhiteLabelSettings(platform);
  const outcome = afterStoreSearch({
    storeCount: stores.length,
    autoSelectClosestStore: settings.autoSelectClosestStore,
    hadSearch,
    currentPath: backPath,
  });
  if (outcome === "select-closest") {
    try {
      const details = await selectStore(shopper, stores[0]!.id);
      return redirect(href("/stores/:storeSlug", { storeSlug: details.slug }), 303);
    } catch (error) {
      if (error instanceof StoreSelectionError) return redirect(href("/stores-near-by"), 303);
      throw error;
    }
  }
  if (outcome === "stay") return redirect(back, 303);
  return redirect(href("/stores-near-by"), 303);
}
