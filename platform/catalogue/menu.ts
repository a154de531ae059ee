import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { CATALOGUE_MESSAGES, type CategoryListEntry, type CategorySummary, type MenuItem } from "../contract";
import type { Db } from "../db/open";
import { categories, menuItems, stores } from "../db/schema";
import { ApiError } from "../errors";

export type Method = "delivery" | "collection";

export const STORE_NOT_FOUND = CATALOGUE_MESSAGES.storeNotFound;
export const CATEGORY_NOT_FOUND = CATALOGUE_MESSAGES.categoryNotFound;
export const ITEM_NOT_AVAILABLE = CATALOGUE_MESSAGES.itemNotAvailable;

/** The public slug of a category or item: its text, then its id after the last dash (spec 1 §2). */
export const publicSlug = (slugText: string, id: number) => `${slugText}-${id}`;

/** The menu a store sells from; null when it has none. Unknown stores answer 404. */
export async function storeMenuGroup(db: Db, storeId: number): Promise<number | null> {
  const [store] = await db.select({ menuGroupId: stores.menuGroupId }).from(stores).where(eq(stores.id, storeId));
  if (!store) throw new ApiError(404, STORE_NOT_FOUND);
  return store.menuGroupId;
}

export const availableFor = (method: Method) =>
  method === "delivery" ? menuItems.availableForDelivery : menuItems.availableForCollection;

type CategoryRow = Pick<typeof categories.$inferSelect, "id" | "name" | "slugText" | "description" | "image">;
type ItemRow = typeof menuItems.$inferSelect;

function toCategorySummary(row: CategoryRow): CategorySummary {
  return { id: row.id, name: row.name, slug: publicSlug(row.slugText, row.id), description: row.description, image: row.image };
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
    sizes: row.sizes.map((size) => ({ id: size.id, name: size.name, price: size.pricePence, memberPrice: size.memberPricePence })),
    optionGroups: row.optionGroups.map((group) => ({
      id: group.id,
      name: group.name,
      minChoices: group.minChoices,
      maxChoices: group.maxChoices,
      options: group.options.map((option) => ({ id: option.id, name: option.name, price: option.pricePence })),
    })),
  };
}

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slugText: categories.slugText,
  description: categories.description,
  image: categories.image,
};

/** A menu's categories in menu order, each with how many of its items can be ordered for the method. */
export async function listMenuCategories(db: Db, menuGroupId: number, method: Method): Promise<CategoryListEntry[]> {
  const rows = await db
    .select({
      ...categoryColumns,
      itemCount: sql<number>`(count(${menuItems.id}) filter (where ${availableFor(method)}))::int`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(menuItems, eq(menuItems.categoryId, categories.id))
    .where(eq(categories.menuGroupId, menuGroupId))
    .groupBy(categories.id)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  return rows.map((row) => ({ ...toCategorySummary(row), itemCount: row.itemCount }));
}

/** One page of a category of the given menu; 404 when the category is not on that menu. */
export async function menuCategoryPage(
  db: Db,
  menuGroupId: number | null,
  input: { categoryId: number; method: Method; page: number; pageSize: number },
) {
  if (menuGroupId === null) throw new ApiError(404, CATEGORY_NOT_FOUND);
  const [category] = await db
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.id, input.categoryId), eq(categories.menuGroupId, menuGroupId)));
  if (!category) throw new ApiError(404, CATEGORY_NOT_FOUND);

  const inCategory = and(eq(menuItems.categoryId, category.id), eq(menuItems.menuGroupId, menuGroupId));
  const [[totalRow], rows] = await Promise.all([
    db.select({ total: count() }).from(menuItems).where(inCategory),
    db
      .select()
      .from(menuItems)
      .where(inCategory)
      .orderBy(asc(menuItems.sortOrder), asc(menuItems.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
  ]);
  const total = Number(totalRow?.total ?? 0);
  return {
    category: toCategorySummary(category),
    items: rows.map((row) => toMenuItem(row, input.method, category.slugText)),
    pagination: { page: input.page, pageSize: input.pageSize, total, totalPages: Math.ceil(total / input.pageSize) },
  };
}

/** One item of the given menu with its category; 404 when the item is not on that menu. */
export async function menuItemDetail(db: Db, menuGroupId: number | null, menuItemId: number, method: Method) {
  if (menuGroupId === null) throw new ApiError(404, ITEM_NOT_AVAILABLE);
  const [row] = await db
    .select({ item: menuItems, categorySlugText: categories.slugText })
    .from(menuItems)
    .innerJoin(categories, eq(categories.id, menuItems.categoryId))
    .where(and(eq(menuItems.id, menuItemId), eq(menuItems.menuGroupId, menuGroupId)));
  if (!row) throw new ApiError(404, ITEM_NOT_AVAILABLE);
  return toMenuItem(row.item, method, row.categorySlugText);
}

/**
 * Items of one menu by id, as the contract shows them; ids that are not on the menu (any more) are left out,
 * so a deal or banner naming a withdrawn item simply shows one item fewer.
 */
export async function menuItemsById(db: Db, menuGroupId: number, ids: readonly number[], method: Method): Promise<Map<number, MenuItem>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ item: menuItems, categorySlugText: categories.slugText })
    .from(menuItems)
    .innerJoin(categories, eq(categories.id, menuItems.categoryId))
    .where(and(eq(menuItems.menuGroupId, menuGroupId), inArray(menuItems.id, unique)));
  return new Map(rows.map((row) => [row.item.id, toMenuItem(row.item, method, row.categorySlugText)]));
}

/** The items of `ids` found in `byId`, in the order of `ids`. */
export function inOrder(ids: readonly number[], byId: ReadonlyMap<number, MenuItem>): MenuItem[] {
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
}
