import { and, asc, eq, inArray } from "drizzle-orm";
import { CATALOGUE_MESSAGES, type CategoryListEntry, type CategorySummary, type MenuItem } from "../contract";
import { categories, deals, menuItems, stores } from "../db/schema";
import { ApiError } from "../errors";
import { dbOf, sharesReads, type SharedSource } from "../shared-reads";
import { storeDirectory } from "../stores/directory";
import { menuSnapshot, type DealRow, type ItemRow, type Method, type MenuSnapshot } from "./snapshot";

export type { Method } from "./snapshot";

/*
 * The menu as shoppers browse it, answered from the menu held in memory (snapshot.ts, decision record 0028). Only
 * calls made inside a transaction (the basket's writes, checkout) query the tables, and then only the rows they need.
 */

export const STORE_NOT_FOUND = CATALOGUE_MESSAGES.storeNotFound;
export const CATEGORY_NOT_FOUND = CATALOGUE_MESSAGES.categoryNotFound;
export const ITEM_NOT_AVAILABLE = CATALOGUE_MESSAGES.itemNotAvailable;

/** The public slug of a category or item: its text, then its id after the last dash (spec 1 §2). */
export const publicSlug = (slugText: string, id: number) => `${slugText}-${id}`;

/** The menu a store sells from; null when it has none. Unknown stores answer 404. */
export async function storeMenuGroup(db: SharedSource, storeId: number): Promise<number | null> {
  const store = sharesReads(db)
    ? (await storeDirectory(db)).byId.get(storeId)
    : (await dbOf(db).select({ menuGroupId: stores.menuGroupId }).from(stores).where(eq(stores.id, storeId)))[0];
  if (!store) throw new ApiError(404, STORE_NOT_FOUND);
  return store.menuGroupId;
}

/** The menu held in memory. */
export function menuOf(db: SharedSource, menuGroupId: number): Promise<MenuSnapshot> {
  return menuSnapshot(db, menuGroupId, toMenuItem);
}

const offeredFor = (item: ItemRow, method: Method) =>
  method === "delivery" ? item.availableForDelivery : item.availableForCollection;

export const availableFor = (method: Method) =>
  method === "delivery" ? menuItems.availableForDelivery : menuItems.availableForCollection;

type CategoryRow = Pick<typeof categories.$inferSelect, "id" | "name" | "slugText" | "description" | "image">;

function toCategorySummary(row: CategoryRow): CategorySummary {
  return {
    id: row.id,
    name: row.name,
    slug: publicSlug(row.slugText, row.id),
    description: row.description,
    image: row.image,
  };
}

/** `categorySlugText` is the slug text of the item's category (join categories to get it). */
export function toMenuItem(row: ItemRow, method: Method, categorySlugText: string): MenuItem {
  return {
    id: row.id,
    name: row.name,
    slug: publicSlug(row.slugText, row.id),
    description: row.description,
    price: row.pricePence,
    memberPrice: row.memberPricePence,
    image: row.image,
    isAlcohol: row.isAlcohol,
    ageRestriction: row.ageRestriction,
    availableForDelivery: row.availableForDelivery,
    availableForCollection: row.availableForCollection,
    available: method === "delivery" ? row.availableForDelivery : row.availableForCollection,
    categoryId: row.categoryId,
    categorySlug: publicSlug(categorySlugText, row.categoryId),
    sizes: row.sizes.map((size) => ({
      id: size.id,
      name: size.name,
      price: size.pricePence,
      memberPrice: size.memberPricePence,
    })),
    optionGroups: row.optionGroups.map((group) => ({
      id: group.id,
      name: group.name,
      minChoices: group.minChoices,
      maxChoices: group.maxChoices,
      options: group.options.map((option) => ({ id: option.id, name: option.name, price: option.pricePence })),
    })),
  };
}

/** A menu's categories in menu order, each with how many of its items can be ordered for the method. */
export async function listMenuCategories(
  db: SharedSource,
  menuGroupId: number,
  method: Method,
): Promise<CategoryListEntry[]> {
  const menu = await menuOf(db, menuGroupId);
  return menu.categories.map((row) => ({
    ...toCategorySummary(row),
    itemCount: (menu.itemsInCategory.get(row.id) ?? []).filter((item) => offeredFor(item, method)).length,
  }));
}

/** One page of a category of the given menu; 404 when the category is not on that menu. */
export async function menuCategoryPage(
  db: SharedSource,
  menuGroupId: number | null,
  input: { categoryId: number; method: Method; page: number; pageSize: number },
) {
  if (menuGroupId === null) throw new ApiError(404, CATEGORY_NOT_FOUND);
  const menu = await menuOf(db, menuGroupId);
  const category = menu.categoryById.get(input.categoryId);
  if (!category || category.menuGroupId !== menuGroupId) throw new ApiError(404, CATEGORY_NOT_FOUND);
  const inCategory = (menu.itemsInCategory.get(category.id) ?? []).filter((item) => item.menuGroupId === menuGroupId);
  const start = (input.page - 1) * input.pageSize;
  const total = inCategory.length;
  return {
    category: toCategorySummary(category),
    items: inCategory.slice(start, start + input.pageSize).map((row) => menu.menuItem(row, input.method)),
    pagination: { page: input.page, pageSize: input.pageSize, total, totalPages: Math.ceil(total / input.pageSize) },
  };
}

/** One item of the given menu with its category; 404 when the item is not on that menu. */
export async function menuItemDetail(db: SharedSource, menuGroupId: number | null, menuItemId: number, method: Method) {
  if (menuGroupId === null) throw new ApiError(404, ITEM_NOT_AVAILABLE);
  const menu = await menuOf(db, menuGroupId);
  const item = menu.itemById.get(menuItemId);
  if (!item || !menu.categoryById.has(item.categoryId)) throw new ApiError(404, ITEM_NOT_AVAILABLE);
  return menu.menuItem(item, method);
}

/**
 * Items of one menu by id, as the contract shows them; ids that are not on the menu (any more) are left out,
 * so a deal or banner naming a withdrawn item simply shows one item fewer. The items are shared: never change them.
 */
export async function menuItemsById(
  db: SharedSource,
  menuGroupId: number,
  ids: readonly number[],
  method: Method,
): Promise<Map<number, MenuItem>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const menu = await menuOf(db, menuGroupId);
  const found = new Map<number, MenuItem>();
  for (const id of unique) {
    const item = menu.itemById.get(id);
    if (item && menu.categoryById.has(item.categoryId)) found.set(id, menu.menuItem(item, method));
  }
  return found;
}

/**
 * Item rows by id, each with its category's slug text, on any menu (the basket names an item that moved menus).
 * Outside a transaction the store's menu in memory answers, and only ids not on it are queried.
 */
export async function itemRowsById(
  db: SharedSource,
  menuGroupId: number | null,
  ids: readonly number[],
): Promise<Map<number, { item: ItemRow; categorySlugText: string }>> {
  const found = new Map<number, { item: ItemRow; categorySlugText: string }>();
  let missing = [...new Set(ids)];
  if (missing.length === 0) return found;
  if (menuGroupId !== null && sharesReads(db)) {
    const menu = await menuOf(db, menuGroupId);
    missing = missing.filter((id) => {
      const item = menu.itemById.get(id);
      const category = item && menu.categoryById.get(item.categoryId);
      if (item && category) found.set(id, { item, categorySlugText: category.slugText });
      return !found.has(id);
    });
    if (missing.length === 0) return found;
  }
  const rows = await dbOf(db)
    .select({ item: menuItems, categorySlugText: categories.slugText })
    .from(menuItems)
    .innerJoin(categories, eq(categories.id, menuItems.categoryId))
    .where(inArray(menuItems.id, missing));
  for (const row of rows) found.set(row.item.id, row);
  return found;
}

/** A menu's deals offered for the method, in menu order: from memory outside a transaction. */
export async function offeredDeals(db: SharedSource, menuGroupId: number, method: Method): Promise<readonly DealRow[]> {
  const offered = (row: DealRow) => (method === "delivery" ? row.availableForDelivery : row.availableForCollection);
  if (sharesReads(db)) return (await menuOf(db, menuGroupId)).deals.filter(offered);
  return dbOf(db)
    .select()
    .from(deals)
    .where(
      and(
        eq(deals.menuGroupId, menuGroupId),
        eq(method === "delivery" ? deals.availableForDelivery : deals.availableForCollection, true),
      ),
    )
    .orderBy(asc(deals.sortOrder), asc(deals.id));
}

/** The items of `ids` found in `byId`, in the order of `ids`. */
export function inOrder(ids: readonly number[], byId: ReadonlyMap<number, MenuItem>): MenuItem[] {
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
}
