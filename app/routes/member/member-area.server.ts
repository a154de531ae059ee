import { api } from "#contract";
import type { MemberLayoutData } from "~/models/route-data";
import { storePath } from "~/models/store-paths";
import type { Shopper } from "~/services/context";
import type { Logger } from "~/services/logger.server";
import { locationInput } from "~/shopper/store-selection.server";

/**
 * The retailer banner's store (spec 2 §2: visit site, call us): the shopper's chosen store, read as the store pages
 * read it. Without a chosen store there is nothing to visit or call; a failed read leaves the banner out (logged)
 * rather than the member's page.
 */
export async function retailerBanner(shopper: Shopper, log: Logger): Promise<MemberLayoutData["retailer"]> {
  const store = shopper.session.get("store");
  if (!store) return null;
  try {
    const details = await shopper.shared.cached(api.selectStore, {
      storeId: store.id,
      ...locationInput(shopper.session.get("location")),
    });
    return { storeName: details.storeName, storePath: storePath(details.slug), phone: details.phone };
  } catch (error) {
    log.warn("member area: the retailer banner's store could not be read", { storeId: store.id, error: String(error) });
    return null;
  }
}
