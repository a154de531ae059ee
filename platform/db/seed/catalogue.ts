import { eq, sql } from "drizzle-orm";
import type { Tx } from "../open";
import { categories, deals, menuGroups, menuItems, stores, type ItemOptionGroup, type ItemSize } from "../schema";
import {
  demoDeals,
  demoMenuGroups,
  menuGroupForProductTypes,
  type SeedDeal,
  type SeedItemOptions,
  type SeedMenuGroup,
} from "./catalogue-data";
import { demoStores } from "./stores";

export { demoBanners, demoDeals, demoMenuGroupIds, demoMenuGroups, menuGroupForProductTypes } from "./catalogue-data";

/**
 * Size and option ids reach basket lines, so they must be unique across the catalogue and the same after a
 * reseed: they are derived from the item's id, each kind in its own number range.
 */
export const sizeId = (itemId: number, n: number) => itemId * 10 + n;
export const optionGroupId = (itemId: number, n: number) => 1_000_000 + itemId * 10 + n;
export const optionId = (itemId: number, n: number) => 2_000_000 + itemId * 100 + n;

/** The sizes and option groups of one item, with ids derived from its id. */
export function itemChoices(itemId: number, options: Pick<SeedItemOptions, "sizes" | "optionGroups">) {
  const sizes: ItemSize[] = (options.sizes ?? []).map(([name, pricePence, memberPricePence], index) => ({
    id: sizeId(itemId, index + 1),
    name,
    pricePence,
    memberPricePence: memberPricePence ?? null,
  }));
  let optionNumber = 0;
  const optionGroups: ItemOptionGroup[] = (options.optionGroups ?? []).map((group, index) => ({
    id: optionGroupId(itemId, index + 1),
    name: group.name,
    minChoices: group.min,
    maxChoices: group.max,
    options: group.options.map(([name, pricePence]) => ({ id: optionId(itemId, ++optionNumber), name, pricePence })),
  }));
  return { sizes, optionGroups };
}

/** Kebab-case text for a slug: "Crème Fraîche 200ml" → "creme-fraiche-200ml", "Fish & Chips" → "fish-and-chips". */
export function slugText(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The rows the seed writes. Item ids are numbered in file order, so a reseed gives every item the id it had
 * before: ids end up in public URLs and in shoppers' baskets.
 */
export function catalogueRows(groups: readonly SeedMenuGroup[] = demoMenuGroups) {
  const groupRows: (typeof menuGroups.$inferInsert)[] = [];
  const categoryRows: (typeof categories.$inferInsert)[] = [];
  const itemRows: (typeof menuItems.$inferInsert)[] = [];
  let nextItemId = 1;
  for (const group of groups) {
    groupRows.push({ id: group.id, name: group.name });
    group.categories.forEach((category, categoryIndex) => {
      categoryRows.push({
        id: category.id,
        menuGroupId: group.id,
        slugText: category.slugText,
        name: category.name,
        description: category.description,
        image: category.image,
        sortOrder: categoryIndex + 1,
      });
      category.items.forEach(([name, pricePence, description, options = {}], itemIndex) => {
        const isAlcohol = options.alcohol ?? category.alcohol ?? false;
        const ageRestriction = options.age !== undefined ? options.age : isAlcohol ? 18 : null;
        const itemId = nextItemId++;
        itemRows.push({
          id: itemId,
          menuGroupId: group.id,
          categoryId: category.id,
          slugText: slugText(name),
          name,
          description,
          pricePence,
          memberPricePence: options.member ?? null,
          image: category.image,
          availableForDelivery: options.delivery ?? true,
          availableForCollection: options.collection ?? true,
          isAlcohol,
          ageRestriction,
          sortOrder: itemIndex + 1,
          ...itemChoices(itemId, options),
          popularity: options.popularity ?? 0,
        });
      });
    });
  }
  return { groupRows, categoryRows, itemRows };
}

/** Looks an item up by name within one menu; a name the seed cannot find is a mistake in the data files. */
export function itemIdLookup(itemRows: readonly (typeof menuItems.$inferInsert)[]) {
  const byMenuAndName = new Map(itemRows.map((row) => [`${row.menuGroupId}|${row.name}`, row.id!]));
  return (menuGroupId: number, name: string, where: string): number => {
    const id = byMenuAndName.get(`${menuGroupId}|${name}`);
    if (id === undefined) throw new Error(`${where}: no item "${name}" on menu ${menuGroupId}`);
    return id;
  };
}

/** Deal rows, their sections' items resolved to ids of the same menu. Section ids are the deal id × 10 + n. */
export function dealRows(
  itemRows: readonly (typeof menuItems.$inferInsert)[],
  seedDeals: readonly SeedDeal[] = demoDeals,
): (typeof deals.$inferInsert)[] {
  const itemId = itemIdLookup(itemRows);
  return seedDeals.map((deal, index) => ({
    id: deal.id,
    menuGroupId: deal.menuGroupId,
    slugText: deal.slugText,
    name: deal.name,
    description: deal.description,
    image: deal.image,
    pricePence: deal.pricePence,
    sections: deal.sections.map((section, sectionIndex) => ({
      id: deal.id * 10 + sectionIndex + 1,
      name: section.name,
      quantity: section.quantity,
      itemIds: section.items.map((name) => itemId(deal.menuGroupId, name, `deal ${deal.name}`)),
    })),
    availableForDelivery: deal.delivery ?? true,
    availableForCollection: deal.collection ?? true,
    sortOrder: index + 1,
  }));
}

/**
 * Folds the pending entries of the item-search GIN indexes into the indexes proper. Bulk inserts land in a
 * pending list that every search scans one by one until VACUUM cleans it, and PGlite runs no autovacuum: without
 * this a freshly seeded embedded database searches many times slower. Works inside a transaction, unlike VACUUM.
 */
export async function cleanSearchIndexes(db: Pick<Tx, "execute">): Promise<void> {
  for (const index of ["menu_items_search_idx", "menu_items_name_trgm_idx", "deals_name_trgm_idx"]) {
    await db.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
  }
}

/** Menu groups, categories, items and deals, and each store's menu group. Runs after the stores are inserted. */
export async function seedCatalogue(tx: Tx): Promise<number> {
  const { groupRows, categoryRows, itemRows } = catalogueRows();
  await tx.insert(menuGroups).values(groupRows);
  await tx.insert(categories).values(categoryRows);
  // In slices, to stay well inside the driver's limit on bound parameters per statement.
  for (let i = 0; i < itemRows.length; i += 200) await tx.insert(menuItems).values(itemRows.slice(i, i + 200));
  await tx.insert(deals).values(dealRows(itemRows));
  await cleanSearchIndexes(tx);

  for (const store of demoStores) {
    await tx
      .update(stores)
      .set({ menuGroupId: menuGroupForProductTypes(store.productTypes) })
      .where(eq(stores.id, store.id));
  }

  // Ids were written explicitly, so the serial sequences never advanced: move them past the seeded ids.
  for (const table of ["menu_groups", "categories", "menu_items", "deals"] as const) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.identifier(table)}), false)`,
    );
  }
  return itemRows.length;
}
