import { redirect } from "react-router";
import type { Route } from "./+types/location";
import { api } from "../../platform/contract";
import {
  DEVICE_LOCATION_FAILED,
  DEVICE_LOCATION_NO_MATCH_TOAST,
  NOT_A_VALID_ADDRESS,
  UNABLE_TO_FIND_LOCATION,
  UNABLE_TO_GET_ADDRESS_INFO,
} from "~/models/address";
import { postcodeSearchState } from "~/models/postcode";
import { afterStoreSearch } from "~/models/store-search";
import { addRecentSearch } from "~/models/recent-searches";
import { appContext, shopperContext, type Shopper, type ShopperLocation } from "~/services/context";
import { getBusinessProfile, getWhiteLabelSettings } from "~/services/business.server";
import { PlatformError } from "~/services/platform-client.server";
import { safeRedirectPath } from "~/services/session.server";
import { selectStore, StoreSelectionError } from "~/services/store-selection.server";


/**
 * The store search widget's posts (spec 1 §4 "Store search by postcode", "Address search", "Device location").
 * Every outcome is a redirect: back to the page with an inline error, to the stores near by, or to a store.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { platform, clock } = context.get(appContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = safeRedirectPath(form.get("redirectTo"));

  const fail = (message: string, value = "") => {
    shopper.session.flash("locationError", { message, value });
    return redirect(back, 303);
  };

  // "Straight after an error": any other search forgets the failed one.
  const lastFailed = shopper.session.get("lastPostcodeSearch");
  shopper.session.unset("lastPostcodeSearch");

  switch (intent) {
    case "postcode": {
      const { postcodeRules } = await getBusinessProfile(platform);
      const step = postcodeSearchState(lastFailed, form.get("postcode") ?? "", postcodeRules);
      if (!step.search) {
        shopper.session.set("lastPostcodeSearch", step.state);
        return fail(step.state.error, step.state.value);
      }
      return search(shopper, platform, clock.now(), back, { postcode: step.postcode, latitude: null, longitude: null, address: null });
    }
    case "device": {
      const latitude = Number(form.get("latitude"));
      const longitude = Number(form.get("longitude"));
      // The stored search is cleared first (spec 1 §4 "Device location").
      shopper.session.unset("location");
      if (!validCoordinate(latitude, 90) || !validCoordinate(longitude, 180)) return fail(DEVICE_LOCATION_FAILED);
      const settings = await getWhiteLabelSettings(platform);
      if (settings.deviceLocationLookup === "addresses") {
        return redirect(`/location/address?${new URLSearchParams({ latitude: String(latitude), longitude: String(longitude), redirectTo: back })}`, 303);
      }
      const found = await shopper.api
        .call(api.getPostcodeByCoordinates, { lat: latitude, lng: longitude })
        .then((r) => r.result[0] ?? null)
        .catch(() => null);
      if (!found) {
        shopper.session.flash("toast", { kind: "error", message: DEVICE_LOCATION_NO_MATCH_TOAST });
        return fail(DEVICE_LOCATION_FAILED);
      }
      return search(shopper, platform, clock.now(), back, { postcode: found.postcode, latitude, longitude, address: null });
    }
    case "address-search": {
      const query = String(form.get("addressQuery") ?? "").trim();
      if (!query) return fail(NOT_A_VALID_ADDRESS);
      return redirect(`/location/address?${new URLSearchParams({ q: query, redirectTo: back })}`, 303);
    }
    case "address-choose": {
      const description = String(form.get("description") ?? "").trim();
      const placeId = String(form.get("placeId") ?? "").trim();
      let latitude = Number(form.get("latitude") ?? NaN);
      let longitude = Number(form.get("longitude") ?? NaN);
      let postcode = String(form.get("postcode") ?? "").trim() || null;
      if (!description) return fail(NOT_A_VALID_ADDRESS);
      if (!placeId) {
        // A recent address search carries its postcode but no place id: search from the postcode.
        if (!postcode) return fail(NOT_A_VALID_ADDRESS);
        return search(shopper, platform, clock.now(), back, { postcode, latitude: null, longitude: null, address: description });
      }
      if (!validCoordinate(latitude, 90) || !validCoordinate(longitude, 180) || !postcode) {
        try {
          const place = await shopper.api.call(api.getPlaceDetails, { placeId });
          latitude = place.latitude;
          longitude = place.longitude;
          postcode = place.address.postcode || null;
        } catch {
          return fail(UNABLE_TO_GET_ADDRESS_INFO, description);
        }
      }
      return search(shopper, platform, clock.now(), back, { postcode, latitude, longitude, address: description });
    }
    case "clear": {
      shopper.session.unset("location");
      return redirect(back, 303);
    }
    default:
      return fail(UNABLE_TO_FIND_LOCATION);
  }
}

function validCoordinate(value: number, limit: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= limit;
}

/**
 * Saves the location, remembers it among the recent searches, searches stores and decides where to go
 * (spec 1 §4 "Store search by postcode", steps 2–5).
 */
async function search(
  shopper: Shopper,
  platform: Parameters<typeof getWhiteLabelSettings>[0],
  now: Date,
  back: string,
  location: ShopperLocation,
) {
  const { session } = shopper;
  const hadSearch = Boolean(session.get("location")?.postcode);
  const backPath = back.split("?")[0] ?? "/";

  let stores;
  try {
    ({ stores } = await shopper.api.call(api.findNearbyStores, {
      ...(location.postcode ? { postcode: location.postcode } : {}),
      ...(location.latitude !== null && location.longitude !== null ? { latitude: location.latitude, longitude: location.longitude } : {}),
      returnNearestOnly: false,
    }));
  } catch (error) {
    if (error instanceof PlatformError && error.status < 500) {
      const failed = { message: error.status === 404 ? UNABLE_TO_FIND_LOCATION : error.message, value: location.postcode ?? "" };
      session.flash("locationError", failed);
      if (location.postcode && !location.address) session.set("lastPostcodeSearch", { value: failed.value, error: failed.message });
      return redirect(back, 303);
    }
    throw error;
  }

  session.set("location", location);
  session.set(
    "recentSearches",
    addRecentSearch(session.get("recentSearches") ?? [], { postcode: location.postcode, address: location.address, timestamp: now.getTime() }),
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
      return redirect(`/stores/${details.slug}`, 303);
    } catch (error) {
      if (error instanceof StoreSelectionError) return redirect("/stores-near-by", 303);
      throw error;
    }
  }
  if (outcome === "stay") return redirect(back, 303);
  return redirect("/stores-near-by", 303);
}

/** Nothing to show at /location itself: the widget lives on the pages that post here. */
export function loader() {
  return redirect("/", 302);
}
