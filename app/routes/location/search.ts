import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/search";
import { api } from "#contract";
import {
  DEVICE_LOCATION_FAILED,
  DEVICE_LOCATION_NO_MATCH_TOAST,
  NOT_A_VALID_ADDRESS,
  UNABLE_TO_FIND_LOCATION,
  UNABLE_TO_GET_ADDRESS_INFO,
  validateChosenAddress,
} from "~/models/address";
import { rethrowIfUnavailable } from "~/models/error-page";
import { postcodeSearchState } from "~/models/postcode";
import { afterStoreSearch } from "~/models/store-search";
import { addRecentSearch } from "~/models/recent-searches";
import { appContext, shopperContext } from "~/services/context";
import { redirectWithFlash } from "~/services/flash.server";
import type { ShopperLocation, Toast } from "~/models/shopper";
import { getBusinessProfile, getWhiteLabelSettings } from "~/services/business.server";
import { PlatformError } from "~/services/platform-client.server";
import { safeRedirectPath } from "~/services/session.server";
import { selectStore, StoreSelectionError } from "~/shopper/store-selection.server";

const coordinate = z.number().optional().catch(undefined);

/** The store search widget's forms, one per way of searching (spec 1 §4). */
const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("postcode"), postcode: z.string().default("") }),
  z.object({ intent: z.literal("device"), latitude: coordinate, longitude: coordinate }),
  z.object({ intent: z.literal("address-search"), addressQuery: z.string().trim().default("") }),
  z.object({
    intent: z.literal("address-choose"),
    description: z.string().trim().default(""),
    placeId: z.string().trim().default(""),
    latitude: coordinate,
    longitude: coordinate,
    postcode: z.string().trim().optional(),
  }),
  z.object({ intent: z.literal("clear") }),
]);

/** Nothing to show at /location itself: the widget lives on the pages that post here. */
export function loader() {
  return redirect(href("/"), 302);
}

/**
 * The store search widget's posts (spec 1 §4 "Store search by postcode", "Address search", "Device location").
 * Every outcome is a redirect: back to the page with an inline error, to the stores near by, or to a store.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { platform } = context.get(appContext);
  const submission = parseWithZod(await request.formData(), { schema });
  const back = safeRedirectPath(submission.payload.redirectTo);

  const fail = (message: string, value = "", toast?: Toast) =>
    redirectWithFlash(context, back, { locationError: { message, value }, ...(toast ? { toast } : {}) });

  // "Straight after an error": any other search forgets the failed one.
  const lastFailed = shopper.session.get("lastPostcodeSearch");
  shopper.session.unset("lastPostcodeSearch");
  if (submission.status !== "success") return fail(UNABLE_TO_FIND_LOCATION);
  const search = submission.value;

  switch (search.intent) {
    case "postcode": {
      const { postcodeRules } = await getBusinessProfile(platform);
      const step = postcodeSearchState(lastFailed, search.postcode, postcodeRules);
      if (!step.search) {
        shopper.session.set("lastPostcodeSearch", step.state);
        return fail(step.state.error, step.state.value);
      }
      return searchStores(context, back, { postcode: step.postcode, latitude: null, longitude: null, address: null });
    }
    case "device": {
      const { latitude, longitude } = search;
      // The stored search is cleared first (spec 1 §4 "Device location").
      shopper.session.unset("location");
      if (!validCoordinate(latitude, 90) || !validCoordinate(longitude, 180)) return fail(DEVICE_LOCATION_FAILED);
      const settings = await getWhiteLabelSettings(platform);
      if (settings.deviceLocationLookup === "addresses") {
        return redirect(
          `${href("/location/address")}?${new URLSearchParams({ latitude: String(latitude), longitude: String(longitude), redirectTo: back })}`,
          303,
        );
      }
      const found = await shopper.api
        .call(api.getPostcodeByCoordinates, { lat: latitude, lng: longitude })
        .then((r) => r.result[0] ?? null)
        .catch(() => null);
      if (!found) return fail(DEVICE_LOCATION_FAILED, "", { kind: "error", message: DEVICE_LOCATION_NO_MATCH_TOAST });
      return searchStores(context, back, { postcode: found.postcode, latitude, longitude, address: null });
    }
    case "address-search": {
      if (!search.addressQuery) return fail(NOT_A_VALID_ADDRESS);
      return redirect(
        `${href("/location/address")}?${new URLSearchParams({ q: search.addressQuery, redirectTo: back })}`,
        303,
      );
    }
    case "address-choose": {
      const chosen = validateChosenAddress(search);
      if (!chosen.ok) return fail(chosen.message);
      const { description } = chosen;
      const { placeId } = search;
      let { latitude, longitude } = search;
      let postcode = search.postcode || null;
      if (!placeId) {
        // A recent address search carries its postcode but no place id: search from the postcode.
        if (!postcode) return fail(NOT_A_VALID_ADDRESS);
        return searchStores(context, back, { postcode, latitude: null, longitude: null, address: description });
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
      return searchStores(context, back, {
        postcode,
        latitude: latitude ?? null,
        longitude: longitude ?? null,
        address: description,
      });
    }
    case "clear": {
      shopper.session.unset("location");
      return redirect(back, 303);
    }
  }
}

function validCoordinate(value: number | undefined, limit: number): value is number {
  return value !== undefined && Number.isFinite(value) && Math.abs(value) <= limit;
}

/**
 * Saves the location, remembers it among the recent searches, searches stores and decides where to go
 * (spec 1 §4 "Store search by postcode", steps 2–5).
 */
async function searchStores(context: Readonly<RouterContextProvider>, back: string, location: ShopperLocation) {
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
