import type { AppServices, Shopper } from "./context";
import { loadSiteChrome } from "./content.server";

/**
 * Spec 1 §1: single-store mode is active only when both a store slug and a postcode are configured. Then the home
 * page and the stores list go straight to that store, with the configured postcode as the shopper's location.
 * Answers the path to go to, or null when the mode is off.
 */
export async function singleStoreTarget(services: AppServices, shopper: Shopper): Promise<string | null> {
  const site = await loadSiteChrome(services.platform, services.log, services.clock.now());
  const slug = site.global.singleStore.slug.trim().replace(/^\/+|\/+$/g, "");
  const postcode = site.global.singleStore.postcode.trim().toUpperCase();
  if (!slug || !postcode) return null;
  const location = shopper.session.get("location");
  if (!location?.postcode) shopper.session.set("location", { postcode, latitude: null, longitude: null, address: null });
  return `/stores/${slug}`;
}
