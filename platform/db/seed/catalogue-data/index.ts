import { bakehouseCategories } from "./larder-bakehouse";
import { cupboardCategories } from "./grocery-cupboard";
import { drinksCategories } from "./grocery-drinks";
import { freshCategories } from "./grocery-fresh";
import { homeCategories } from "./grocery-home";
import { kitchenCategories } from "./larder-kitchen";
import { demoMenuGroupIds } from "./menu-group-ids";
import type { SeedMenuGroup } from "./types";

export type {
  SeedBanner,
  SeedCategory,
  SeedDeal,
  SeedDealSection,
  SeedItem,
  SeedItemOptions,
  SeedMenuGroup,
  SeedOptionGroup,
  SeedSize,
} from "./types";
export { demoMenuGroupIds } from "./menu-group-ids";
export { demoDeals } from "./deals";
export { demoBanners } from "./banners";

/** The demo menus, in insertion order: categories and items take their sort order from their place here. */
export const demoMenuGroups: SeedMenuGroup[] = [
  {
    id: demoMenuGroupIds.grocery,
    name: "Larder grocery",
    categories: [...freshCategories, ...cupboardCategories, ...drinksCategories, ...homeCategories],
  },
  { id: demoMenuGroupIds.kitchen, name: "Larder Kitchen", categories: kitchenCategories },
  { id: demoMenuGroupIds.bakehouse, name: "Larder Bakehouse", categories: bakehouseCategories },
];

/**
 * The menu a store sells from its product types: any store with a grocery range gets the full grocery menu
 * (its bakery, deli and drinks aisles included); a takeaway without one gets the hot-food menu; a bakery
 * without either gets the bakehouse counter. A store that fits none has no menu.
 */
export function menuGroupForProductTypes(productTypes: readonly string[]): number | null {
  if (productTypes.includes("grocery")) return demoMenuGroupIds.grocery;
  if (productTypes.includes("hot-food")) return demoMenuGroupIds.kitchen;
  if (productTypes.includes("bakery")) return demoMenuGroupIds.bakehouse;
  return null;
}
