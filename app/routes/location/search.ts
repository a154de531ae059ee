import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
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
import { postcodeSearchState } from "~/models/postcode";
import { appContext, shopperContext } from "~/services/context";
import { redirectWithFlash } from "~/services/flash.server";
import type { Toast } from "~/models/shopper";
import { getBusinessProfile, getWhiteLabelSettings } from "~/services/business.server";
import { safeRedirectPath } from "~/services/session.server";
import { searchStores, validCoordinate } from "./search.server";

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
        const query = new URLSearchParams({
          latitude: String(latitude),
          longitude: String(longitude),
          redirectTo: back,
        });
        return redirect(`${href("/location/address")}?${query}`, 303);
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
