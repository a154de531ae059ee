import { eq, inArray, or } from "drizzle-orm";
import type { MenuItem } from "../contract";
import { categories, deals, menuItems } from "../db/schema";
import { dbOf, sharedRead, type SharedSource } from "../shared-reads";

/*
 * One menu (a menu group) held in memory while the shared data is unchanged (platform/shared-reads.ts, decision
 * record 0027): its categories, its items and its deals, each in menu order, read in three queries the first time any
 * page of the menu is asked for. Everything here is shared by every caller: never change it.
 */

export type CategoryRow = typeof categories.$inferSelect;
export type ItemRow = typeof menuItems.$inferSelect;
export type DealRow = typeof deals.$inferSelect;
export type Method = "delivery" | "collection";

export interface MenuSnapshot {
  menuGroupId: number;
  /** The menu's categories in menu order (sort order, then id). */
  categories: readonly CategoryRow[];
  /** The menu's categories and those its items sit in, by id. */
  categoryById: ReadonlyMap<number, CategoryRow>;
  /** The menu's items by id. */
  itemById: ReadonlyMap<number, ItemRow>;
  /** Per category: the items in it, of any menu, in menu order (what counts towards the category's item count). */
  itemsInCategory: ReadonlyMap<number, readonly ItemRow[]>;
  /** The menu's deals in menu order. */
  deals: readonly DealRow[];
  /** The item as the contract shows it for a method, made once per snapshot. */
  menuItem(item: ItemRow, method: Method): MenuItem;
  /** The menu's items sold for the method and in a category, most popular first (then by id), worked out once. */
  byPopularity(method: Method): readonly ItemRow[];
}

const bySortOrder = (a: { sortOrder: number; id: number }, b: { sortOrder: number; id: number }) =>
  a.sortOrder - b.sortOrder || a.id - b.id;

export function menuSnapshot(
  source: SharedSource,
  menuGroupId: number,
  toMenuItem: (row: ItemRow, method: Method, categorySlugText: string) => MenuItem,
): Promise<MenuSnapshot> {
  const db = dbOf(source);
  return sharedRead(source, `menu:${menuGroupId}`, async () => {
    const menuCategoryIds = db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.menuGroupId, menuGroupId));
    const itemCategoryIds = db
      .select({ id: menuItems.categoryId })
      .from(menuItems)
      .where(eq(menuItems.menuGroupId, menuGroupId));
    const [categoryRows, itemRows, dealRows] = await Promise.all([
      db
        .select()
        .from(categories)
        .where(or(eq(categories.menuGroupId, menuGroupId), inArray(categories.id, itemCategoryIds))),
      db
        .select()
        .from(menuItems)
        .where(or(eq(menuItems.menuGroupId, menuGroupId), inArray(menuItems.categoryId, menuCategoryIds))),
      db.select().from(deals).where(eq(deals.menuGroupId, menuGroupId)),
    ]);
    itemRows.sort(bySortOrder);
    const categoryById = new Map(categoryRows.map((c) => [c.id, c]));
    const itemById = new Map<number, ItemRow>();
    const itemsInCategory = new Map<number, ItemRow[]>();
    for (const item of itemRows) {
      if (item.menuGroupId === menuGroupId) itemById.set(item.id, item);
      const list = itemsInCategory.get(item.categoryId);
      if (list) list.push(item);
      else itemsInCategory.set(item.categoryId, [item]);
    }
    const made = { delivery: new Map<number, MenuItem>(), collection: new Map<number, MenuItem>() };
    const popular: Partial<Record<Method, ItemRow[]>> = {};
    return {
      menuGroupId,
      categories: categoryRows.filter((c) => c.menuGroupId === menuGroupId).sort(bySortOrder),
      categoryById,
      itemById,
      itemsInCategory,
      deals: dealRows.sort(bySortOrder),
      menuItem(item, method) {
        let shown = made[method].get(item.id);
        if (!shown) {
          shown = toMenuItem(item, method, categoryById.get(item.categoryId)?.slugText ?? "");
          made[method].set(item.id, shown);
        }
        return shown;
      },
      byPopularity(method) {
        popular[method] ??= [...itemById.values()]
          .filter(
            (item) =>
              (method === "delivery" ? item.availableForDelivery : item.availableForCollection) &&
              categoryById.has(item.categoryId),
          )
          .sort((a, b) => b.popularity - a.popularity || a.id - b.id);
        return popular[method];
      },
    };
  });
}
