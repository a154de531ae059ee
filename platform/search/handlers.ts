import { globalSearch as globalSearchEndpoint, recommendedItems as recommendedItemsEndpoint } from "../contract";
import { storeMenuGroup } from "../catalogue/menu";
import type { Router } from "../router";
import { sharedView } from "../shared-reads";
import { globalSearch, recommendedItems } from "./search";

export function registerSearch(router: Router): void {
  router.on(globalSearchEndpoint, async (input, { db }) => {
    const menuGroupId = await storeMenuGroup(db, input.storeId);
    return globalSearch(db, menuGroupId, {
      method: input.fulfilmentMethod,
      searchTerm: input.searchTerm,
      itemsPage: input.itemsPage,
      itemsLimit: input.itemsLimit,
      categoryPage: input.categoryPage,
      categoriesLimit: input.categoriesLimit,
    });
  });

  router.on(recommendedItemsEndpoint, async (input, { db: database, auth }) => {
    // One read of the shared-data version for the call (decision record 0028).
    const db = await sharedView(database);
    const menuGroupId = await storeMenuGroup(db, input.storeId);
    return {
      topSellingItems: await recommendedItems(db, menuGroupId, {
        method: input.fulfilmentMethod,
        basketToken: input.basketToken,
        auth,
      }),
    };
  });
}
