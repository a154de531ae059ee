import { api, type Banner } from "#contract";
import type { Logger } from "~/services/logger.server";
import type { Shopper } from "~/services/context";

export interface PageBanners {
  banners: Banner[];
  secondaryBanners: Banner[];
}

/**
 * A store page's banners (spec 2 §7 /api/banners/list). Banners are the same for every shopper of the store, so the
 * read is shared; they are never worth failing a page over, so a failure is logged and the page shows none.
 */
export async function loadBanners(
  shopper: Shopper,
  log: Logger,
  input: { storeId: number; fulfilmentMethod: "delivery" | "collection"; categoryId?: number },
): Promise<PageBanners> {
  try {
    return await shopper.shared.cached(api.listBanners, input);
  } catch (error) {
    log.warn("banners.list_failed", { ...input, error: error instanceof Error ? error.message : String(error) });
    return { banners: [], secondaryBanners: [] };
  }
}
