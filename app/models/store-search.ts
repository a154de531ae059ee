import { DEEP_LINK_PATH } from "./deep-link";
/** Where a successful store search leads (spec 1 §4 "Store search by postcode", steps 3–5). */
export type SearchOutcome = "stores-near-by" | "select-closest" | "stay";

/** A store slug page: /stores/{storeSlug} and the pages under it. */
export function isStoreSlugPage(path: string): boolean {
  return /^\/stores\/[^/?#]+/.test(path);
}

/**
 * The location search page (the no-script form of the location search dialog). It is a step, never a place to
 * stay: a search made there goes on as one made from the home page would.
 */
export const LOCATION_SEARCH_PATH = "/location/change";

export function afterStoreSearch(input: {
  storeCount: number;
  autoSelectClosestStore: boolean;
  /** A postcode was already stored before this search. */
  hadSearch: boolean;
  /** The page the search was made from (path, no query). */
  currentPath: string;
}): SearchOutcome {
  if (input.storeCount === 0) return "stores-near-by";
  // A deep link asked for a location first (issue 20): the link takes it from there.
  if (input.currentPath === DEEP_LINK_PATH) return "stay";
  if (input.autoSelectClosestStore) return "select-closest";
  if (
    input.hadSearch &&
    input.currentPath !== "/" &&
    input.currentPath !== LOCATION_SEARCH_PATH &&
    !isStoreSlugPage(input.currentPath)
  )
    return "stay";
  return "stores-near-by";
}
