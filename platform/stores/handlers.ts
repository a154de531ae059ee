import { api, idFromSlug } from "../contract";
import type { Router } from "../router";
import { listAllStores, searchStores, storeDetails } from "./service";

export function registerStores(router: Router): void {
  // Two paths, one search: the storefront calls findNearby from the widget and search from the results page.
  router.on(api.findNearbyStores, (input, ctx) => searchStores(ctx, input));
  router.on(api.searchStores, (input, ctx) => searchStores(ctx, input));
  router.on(api.selectStore, (input, ctx) => {
    const id = input.storeId ?? (input.seoUrl ? idFromSlug(input.seoUrl) : null);
    return storeDetails(ctx, id, input);
  });
  router.on(api.listStores, async (_input, ctx) => ({ stores: await listAllStores(ctx.db) }));
}
