import { useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { StoreSearch, type Suggestion } from "../store-search/StoreSearch";

/**
 * The store search widget wired to the shopper's session: the search mode and placeholders from the white-label
 * settings, the last postcode, recent searches and any error from the last search.
 */
export function ShopSearch({ addressResults = null, addressQuery = "" }: { addressResults?: Suggestion[] | null; addressQuery?: string }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname, search } = useLocation();
  if (!root) return null;
  const { settings, shopper, csrf } = root;
  return (
    <StoreSearch
      mode={settings.storeSearchMode}
      action="/location"
      redirectTo={`${pathname}${search}`}
      csrf={csrf}
      defaultPostcode={shopper.locationError?.value || shopper.postcode || ""}
      defaultAddressQuery={addressQuery || shopper.address || ""}
      postcodeRules={root.postcodeRules}
      error={shopper.locationError?.message ?? null}
      recent={shopper.recentSearches}
      addressResults={addressResults}
      suggestUrl="/location/suggest"
      deviceLocation={settings.deviceLocationLookup}
    />
  );
}
