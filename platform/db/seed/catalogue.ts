import { eq, sql } from "drizzle-orm";
import type { Tx } from "../open";
import { categories, menuGroups, menuItems, stores } from "../schema";
import { demoMenuGroups, menuGroupForProductTypes, type SeedMenuGroup } from "./catalogue-data";
import { demoStores } from "./stores";

export { demoMenuGroupIds, demoMenuGroups, menuGroupForProductTypes } from "./catalogue-data";


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
        itemRows.push({
          id: nextItemId++,
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
        });
      });
    });
  }
  return { groupRows, categoryRows, itemRows };
}

/** Menu groups, categories and items, and each store's menu group. Runs after the stores are inserted. */
export async function seedCatalogue(tx: Tx): Promise<number> {
  const { groupRows, categoryRows, itemRows } = catalogueRows();
  await tx.insert(menuGroups).values(groupRows);
  await tx.insert(categories).values(categoryRows);
  // In slices, to stay well inside the driver's limit on bound parameters per statement.
  for (let i = 0; i < itemRows.length; i += 200) await tx.insert(menuItems).values(itemRows.slice(i, i + 200));

  for (const store of demoStores) {
    await tx.update(stores).set({ menuGroupId: menuGroupForProductTypes(store.productTypes) }).where(eq(stores.id, store.id));
  }

  // Ids were written explicitly, so the serial sequences never advanced: move them past the seeded ids.
  for (const table of ["menu_groups", "categories", "menu_items"] as const) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.identifier(table)}), false)`,
    );
  }
  return itemRows.length;
}
