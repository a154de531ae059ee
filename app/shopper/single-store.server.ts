import { singleStoreMode } from "~/models/single-store";
import type { AppServices, Shopper } from "~/services/context";
import { loadSiteChrome } from "~/services/content.server";

/**
 * In single-store mode the home page and the stores list go straight to the configured store, with the configured
 * postcode as the shopper's location (unless the shopper already has one). Answers the path, or null.
 */
export async function singleStoreTarget(services: AppServices, shopper: Shopper): Promise<string | null> {
  const site = await loadSiteChrome(services.platform, services.log, services.clock.now());
  const mode = singleStoreMode(site.global.singleStore);
  if (!mode) return null;
  if (!shopper.session.get("location")?.postcode) {
    shopper.session.set("location", { postcode: mode.postcode, latitude: null, longitude: null, address: null });
  }
  return mode.path;
}
