import { getCategory, getDeal, getMenuItem, listCategories, listDeals } from "../contract";
import type { Router } from "../router";
import { sharedView } from "../shared-reads";
import { listMenuDeals, menuDeal } from "./deals";
import { listMenuCategories, menuCategoryPage, menuItemDetail, storeMenuGroup } from "./menu";

export function registerCatalogue(router: Router): void {
  router.on(listCategories, async ({ storeId, fulfilmentMethod }, ctx) => {
    // One read of the shared-data version for the call (decision record 0028).
    const db = await sharedView(ctx.db);
    const menuGroupId = await storeMenuGroup(db, storeId);
    if (menuGroupId === null) return { menuGroupId, categories: [] };
    return { menuGroupId, categories: await listMenuCategories(db, menuGroupId, fulfilmentMethod) };
  });

  router.on(getCategory, async ({ storeId, categoryId, fulfilmentMethod, page, pageSize }, ctx) => {
    // One read of the shared-data version for the call (decision record 0028).
    const db = await sharedView(ctx.db);
    const menuGroupId = await storeMenuGroup(db, storeId);
    return menuCategoryPage(db, menuGroupId, { categoryId, method: fulfilmentMethod, page, pageSize });
  });

  router.on(getMenuItem, async ({ storeId, menuItemId, fulfilmentMethod }, ctx) => {
    // One read of the shared-data version for the call (decision record 0028).
    const db = await sharedView(ctx.db);
    const menuGroupId = await storeMenuGroup(db, storeId);
    return { item: await menuItemDetail(db, menuGroupId, menuItemId, fulfilmentMethod) };
  });

  router.on(listDeals, async ({ storeId, fulfilmentMethod }, ctx) => {
    // One read of the shared-data version for the call (decision record 0028).
    const db = await sharedView(ctx.db);
    const menuGroupId = await storeMenuGroup(db, storeId);
    return { deals: await listMenuDeals(db, menuGroupId, fulfilmentMethod) };
  });

  router.on(getDeal, async ({ storeId, dealId, fulfilmentMethod }, ctx) => {
    // One read of the shared-data version for the call (decision record 0028).
    const db = await sharedView(ctx.db);
    const menuGroupId = await storeMenuGroup(db, storeId);
    return { deal: await menuDeal(db, menuGroupId, dealId, fulfilmentMethod) };
  });
}
