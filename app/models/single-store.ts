import { storePath } from "./store-paths";
/**
 * Spec 1 §1: single-store mode is active only when both a store slug and a postcode are configured. Answers the
 * store's page and the postcode to use as the shopper's location, or null when the mode is off.
 */
export function singleStoreMode(config: { slug: string; postcode: string }): { path: string; postcode: string } | null {
  const slug = config.slug
    .trim()
    .replace(/^\/+|\/+$/g, "")
    .replace(/^stores\//, "");
  const postcode = config.postcode.trim().toUpperCase();
  if (!slug || !postcode || slug.includes("/")) return null;
  return { path: storePath(encodeURIComponent(slug)), postcode };
}
