import { href, useLocation, useRouteLoaderData } from "react-router";
import { ROUTE_IDS, type RootData } from "~/models/route-data";
import { StoreSearch, type Suggestion } from "../store-search/StoreSearch";

/**
 * The store search widget wired to the shopper's session: the search mode and placeholders from the white-label
 * settings, the last postcode, recent searches and any error from the last search.
 */
export function ShopSearch({
  addressResults = null,
  addressQuery = "",
  redirectTo,
  submitLabel,
}: {
  addressResults?: Suggestion[] | null;
  addressQuery?: string;
  /** Where a failed search comes back to (and the page the search counts as made from); the page it is on by default. */
  redirectTo?: string;
  /** The postcode search's button, when a page names it otherwise than "Find stores". */
  submitLabel?: string;
}) {
  const root = useRouteLoaderData(ROUTE_IDS.root) as RootData | undefined;
  const { pathname, search } = useLocation();
  if (!root) return null;
  const { settings, shopper, csrf } = root;
  return (
    <StoreSearch
      mode={settings.storeSearchMode}
      action={href("/location")}
      redirectTo={redirectTo ?? `${pathname}${search}`}
      {...(submitLabel ? { submitLabel } : {})}
      csrf={csrf}
      defaultPostcode={shopper.locationError?.value || shopper.postcode || ""}
      defaultAddressQuery={addressQuery || shopper.address || ""}
      postcodeRules={root.postcodeRules}
      error={shopper.locationError?.message ?? null}
      recent={shopper.recentSearches}
      addressResults={addressResults}
      suggestUrl={href("/location/suggest")}
      deviceLocation={settings.deviceLocationLookup}
    />
  );
}
