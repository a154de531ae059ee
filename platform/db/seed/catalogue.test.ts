import { asc, eq } from "drizzle-orm";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../open";
import { categories, menuGroups, menuItems, stores } from "../schema";
import { demoMenuGroupIds, menuGroupForProductTypes, slugText } from "./catalogue";
import { demoStoreIds, reseed, seedIfEmpty } from "./index";

const publicDir = fileURLToPath(new URL("../../../public", import.meta.url));
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

let database: Database;
let allCategories: (typeof categories.$inferSelect)[];
let allItems: (typeof menuItems.$inferSelect)[];
let allStores: { id: number; productTypes: string[]; menuGroupId: number | null }[];

async function load() {
  const { db } = database;
  allCategories = await db.select().from(categories).orderBy(asc(categories.id));
  allItems = await db.select().from(menuItems).orderBy(asc(menuItems.id));
  allStores = await db
    .select({ id: stores.id, productTypes: stores.productTypes, menuGroupId: stores.menuGroupId })
    .from(stores)
    .orderBy(asc(stores.id));
}

beforeAll(async () => {
  database = await openDatabase({ memory: true });
  expect(await seedIfEmpty(database.db)).toBe(true);
  await load();
});
afterAll(async () => {
  await database?.close();
});

const grocery = () => allItems.filter((i) => i.menuGroupId === demoMenuGroupIds.grocery);

describe("the demo catalogue", () => {
  it("gives the grocery menu at least 15 categories and 300 items, every category stocked", () => {
    const groceryCategories = allCategories.filter((c) => c.menuGroupId === demoMenuGroupIds.grocery);
    expect(groceryCategories.length).toBeGreaterThanOrEqual(15);
    expect(grocery().length).toBeGreaterThanOrEqual(300);
    for (const category of allCategories) {
      expect(allItems.filter((i) => i.categoryId === category.id).length, category.name).toBeGreaterThanOrEqual(4);
    }
  });

  it("has the everyday staples shoppers look for first", () => {
    const names = new Set(grocery().map((i) => i.name));
    for (const name of ["Larder Mature Cheddar 400g", "Semi-Skimmed Milk 2 Pints", "Free Range Eggs x12", "Thick Sliced White Bread 800g", "Bananas x5"]) {
      expect(names.has(name), name).toBe(true);
    }
  });

  it("has a hot-food menu for the takeaway and a bakehouse menu", async () => {
    const groups = await database.db.select().from(menuGroups).orderBy(asc(menuGroups.id));
    expect(groups.map((g) => [g.id, g.name])).toEqual([
      [1, "Larder grocery"],
      [2, "Larder Kitchen"],
      [3, "Larder Bakehouse"],
    ]);
    const kitchenCategories = allCategories.filter((c) => c.menuGroupId === demoMenuGroupIds.kitchen).map((c) => c.name);
    expect(kitchenCategories.length).toBeGreaterThanOrEqual(8);
    expect(kitchenCategories).toEqual(expect.arrayContaining(["Burgers", "Pizza", "Curries", "Sides", "Desserts", "Drinks"]));
  });

  it("prices every item in whole, positive pence, with member prices only below the price", () => {
    for (const item of allItems) {
      expect(Number.isInteger(item.pricePence) && item.pricePence > 0, item.name).toBe(true);
      if (item.memberPricePence !== null) {
        expect(Number.isInteger(item.memberPricePence) && item.memberPricePence > 0, item.name).toBe(true);
        expect(item.memberPricePence, item.name).toBeLessThan(item.pricePence);
      }
    }
    expect(grocery().filter((i) => i.memberPricePence !== null).length).toBeGreaterThanOrEqual(10);
  });

  it("has images that exist under public/ and are SVGs drawn on the 160 box", () => {
    const paths = new Set([...allCategories.map((c) => c.image), ...allItems.map((i) => i.image)]);
    for (const path of paths) {
      expect(path, "every category and item has an image").toMatch(/^\/catalogue\/[a-z0-9-]+\.svg$/);
      const file = `${publicDir}${path}`;
      expect(existsSync(file), path!).toBe(true);
      const svg = readFileSync(file, "utf8");
      expect(svg, path!).toContain('viewBox="0 0 160 160"');
      expect(svg, path!).toMatch(/<title>[^<]+<\/title>/);
    }
  });

  it("sells alcohol to adults only, and restricts energy drinks and lighters", () => {
    const alcohol = allItems.filter((i) => i.isAlcohol);
    expect(alcohol.length).toBeGreaterThanOrEqual(30);
    for (const item of alcohol) expect(item.ageRestriction, item.name).toBeGreaterThanOrEqual(18);
    for (const name of ["Wine", "Spirits", "Beer & cider"]) {
      const category = allCategories.find((c) => c.name === name)!;
      expect(allItems.filter((i) => i.categoryId === category.id && i.isAlcohol).length, name).toBeGreaterThan(0);
    }
    const byName = (name: string) => allItems.find((i) => i.name === name)!;
    expect(byName("Sparkling Energy Drink 250ml")).toMatchObject({ isAlcohol: false, ageRestriction: 16 });
    expect(byName("Disposable Lighters x2")).toMatchObject({ isAlcohol: false, ageRestriction: 18 });
    expect(byName("Alcohol Free Lager 4 x 330ml")).toMatchObject({ isAlcohol: false, ageRestriction: null });
    expect(byName("Paracetamol Caplets 500mg x16").ageRestriction).toBeNull();
  });

  it("has a few items that cannot be delivered or cannot be collected", () => {
    const notDelivered = allItems.filter((i) => !i.availableForDelivery);
    expect(notDelivered.length).toBeGreaterThanOrEqual(3);
    expect(notDelivered.map((i) => i.name)).toContain("Hot Rotisserie Chicken");
    for (const item of allItems) expect(item.availableForDelivery || item.availableForCollection, item.name).toBe(true);
  });

  it("uses kebab-case slugs, unique within each menu", () => {
    for (const row of [...allCategories, ...allItems]) expect(row.slugText, row.name).toMatch(KEBAB);
    for (const groupId of Object.values(demoMenuGroupIds)) {
      const slugs = allItems.filter((i) => i.menuGroupId === groupId).map((i) => i.slugText);
      expect(new Set(slugs).size, `menu ${groupId}`).toBe(slugs.length);
    }
  });

  it("keeps every item in a category of its own menu, in a stable order", () => {
    for (const item of allItems) {
      const category = allCategories.find((c) => c.id === item.categoryId)!;
      expect(category.menuGroupId, item.name).toBe(item.menuGroupId);
    }
    expect(allItems.map((i) => i.id)).toEqual(allItems.map((_, index) => index + 1));
  });

  it("points each store at the menu of its range", () => {
    for (const store of allStores) {
      if (store.productTypes.includes("grocery")) expect(store.menuGroupId, `store ${store.id}`).toBe(demoMenuGroupIds.grocery);
      expect(store.menuGroupId, `store ${store.id}`).toBe(menuGroupForProductTypes(store.productTypes));
    }
    const byId = (id: number) => allStores.find((s) => s.id === id)!;
    expect(byId(demoStoreIds.ordinaryHoursTakeaway).menuGroupId).toBe(demoMenuGroupIds.kitchen);
    expect(byId(demoStoreIds.preorderOnly).menuGroupId).toBe(demoMenuGroupIds.bakehouse);
    expect(byId(demoStoreIds.openLondonVictoria).menuGroupId).toBe(demoMenuGroupIds.grocery);
  });

  it("gives the same ids after a reseed, and new rows ids past the seeded ones", async () => {
    const { db } = database;
    const before = { categories: allCategories.map((c) => [c.id, c.slugText]), items: allItems.map((i) => [i.id, i.slugText]) };
    await reseed(db);
    await load();
    expect(allCategories.map((c) => [c.id, c.slugText])).toEqual(before.categories);
    expect(allItems.map((i) => [i.id, i.slugText])).toEqual(before.items);

    const [group] = await db.insert(menuGroups).values({ name: "Created later" }).returning();
    const [category] = await db.insert(categories).values({ menuGroupId: group!.id, slugText: "extra", name: "Extra" }).returning();
    const [item] = await db
      .insert(menuItems)
      .values({ menuGroupId: group!.id, categoryId: category!.id, slugText: "extra", name: "Extra", pricePence: 100 })
      .returning();
    expect(group!.id).toBe(Object.keys(demoMenuGroupIds).length + 1);
    expect(category!.id).toBe(before.categories.length + 1);
    expect(item!.id).toBe(before.items.length + 1);
    await db.delete(menuGroups).where(eq(menuGroups.id, group!.id));
  });
});

describe("slugText", () => {
  it.each([
    ["Larder Mature Cheddar 400g", "larder-mature-cheddar-400g"],
    ["Crème Fraîche 200ml", "creme-fraiche-200ml"],
    ["Fish & Chips", "fish-and-chips"],
    ["Baker's Dozen", "bakers-dozen"],
    ["British Beef Mince 5% Fat 500g", "british-beef-mince-5-fat-500g"],
    ["  Semi-Skimmed Milk 2 Pints ", "semi-skimmed-milk-2-pints"],
  ])("%s → %s", (name, expected) => {
    expect(slugText(name)).toBe(expected);
  });
});
