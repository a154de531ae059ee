/** Where a successful store search leads (spec 1 §4 "Store search by postcode", steps 3–5). */
export type SearchOutcome = "stores-near-by" | "select-closest" | "stay";

/** A store slug page: /stores/{storeSlug} and the pages under it. */
export function isStoreSlugPage(path: string): boolean {
  return /^\/stores\/[^/?#]+/.test(path);
}

export function afterStoreSearch(input: {
  storeCount: number;
  autoSelectClosestStore: boolean;
  /** A postcode was already stored before this search. */
  hadSearch: boolean;
  /** The page the search was made from (path, no query). */
  currentPath: string;
}): SearchOutcome {
  if (input.storeCount === 0) return "stores-near-by";
  if (input.autoSelectClosestStore) return "select-closest";
  if (input.hadSearch && input.currentPath !== "/" && !isStoreSlugPage(input.currentPath)) return "stay";
  return "stores-near-by";
}
