import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/open";
import { menuItems, stores } from "../../db/schema";
import { demoStoreIds } from "../../db/seed";

/*
 * Items of the seeded menus for API tests, picked by what they are (plain, or age-restricted) rather than by name, so
 * the tests do not depend on the exact seed. `t` is anything with the database: a test platform will do.
 */

export type ItemRow = typeof menuItems.$inferSelect;

async function menuGroupOf(db: Db, storeId: number): Promise<number> {
  const [store] = await db.select({ menuGroupId: stores.menuGroupId }).from(stores).where(eq(stores.id, storeId));
  return store!.menuGroupId!;
}

/** Items of a store's menu with no sizes, options, member price or age limit, sold for both methods. */
export async function plainItems(t: { db: Db }, storeId: number = demoStoreIds.openLondonVictoria): Promise<ItemRow[]> {
  return t.db
    .select()
    .from(menuItems)
    .where(
      and(
        eq(menuItems.menuGroupId, await menuGroupOf(t.db, storeId)),
        isNull(menuItems.ageRestriction),
        isNull(menuItems.memberPricePence),
        eq(menuItems.availableForDelivery, true),
        eq(menuItems.availableForCollection, true),
        sql`${menuItems.sizes} = '[]'::jsonb`,
        sql`${menuItems.optionGroups} = '[]'::jsonb`,
      ),
    )
    .orderBy(asc(menuItems.id));
}

/** An item of the store's menu restricted to 18 and over, sold for delivery. */
export async function adultItem(t: { db: Db }, storeId: number = demoStoreIds.openLondonVictoria): Promise<ItemRow> {
  const [row] = await t.db
    .select()
    .from(menuItems)
    .where(
      and(
        eq(menuItems.menuGroupId, await menuGroupOf(t.db, storeId)),
        eq(menuItems.ageRestriction, 18),
        eq(menuItems.availableForDelivery, true),
        sql`${menuItems.sizes} = '[]'::jsonb`,
        sql`${menuItems.optionGroups} = '[]'::jsonb`,
      ),
    )
    .orderBy(asc(menuItems.id))
    .limit(1);
  if (!row) throw new Error("The seed has no 18+ item");
  return row;
}

/** Sets columns of one item for the length of a test. */
export async function setItem(t: { db: Db }, id: number, changes: Partial<ItemRow>): Promise<void> {
  await t.db.update(menuItems).set(changes).where(eq(menuItems.id, id));
}
