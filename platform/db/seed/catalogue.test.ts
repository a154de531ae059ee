import { asc, eq } from "drizzle-orm";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../open";
import { banners, categories, deals, menuGroups, menuItems, stores } from "../schema";
import { demoMenuGroupIds, menuGroupForProductTypes, slugText } from "./catalogue";
import { demoStoreIds, reseed, seedIfEmpty } from "./index";

const publicDir = fileURLToPath(new URL("../../../public", import.meta.url));
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

let database: Database;
let allCategories: (typeof categories.$inferSelect)[];
let allItems: (typeof menuItems.$inferSelect)[];
let allStores: { id: number; productTypes: string[]; menuGroupId: number | null }[];
let allDeals: (typeof deals.$inferSelect)[];
let allBanners: (typeof banners.$inferSelect)[];

async function load() {
  const { db } = database;
  allCategories = await db.select().from(categories).orderBy(asc(categories.id));
  allItems = await db.select().from(menuItems).orderBy(asc(menuItems.id));
  allStores = await db
    .select({ id: stores.id, productTypes: stores.productTypes, menuGroupId: stores.menuGroupId })
    .from(stores)
    .orderBy(asc(stores.id));
  allDeals = await db.select().from(deals).orderBy(asc(deals.id));
  allBanners = await db.select().from(banners).orderBy(asc(banners.id));
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
    for (const name of [
      "Larder Mature Cheddar Cheese",
      "Semi-Skimmed Milk 2 Pints",
      "Free Range Eggs x12",
      "Thick Sliced White Bread 800g",
      "Bananas x5",
    ]) {
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
    const kitchenCategories = allCategories
      .filter((c) => c.menuGroupId === demoMenuGroupIds.kitchen)
      .map((c) => c.name);
    expect(kitchenCategories.length).toBeGreaterThanOrEqual(8);
    expect(kitchenCategories).toEqual(
      expect.arrayContaining(["Burgers", "Pizza", "Curries", "Sides", "Desserts", "Drinks"]),
    );
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
      if (store.productTypes.includes("grocery"))
        expect(store.menuGroupId, `store ${store.id}`).toBe(demoMenuGroupIds.grocery);
      expect(store.menuGroupId, `store ${store.id}`).toBe(menuGroupForProductTypes(store.productTypes));
    }
    const byId = (id: number) => allStores.find((s) => s.id === id)!;
    expect(byId(demoStoreIds.ordinaryHoursTakeaway).menuGroupId).toBe(demoMenuGroupIds.kitchen);
    expect(byId(demoStoreIds.preorderOnly).menuGroupId).toBe(demoMenuGroupIds.bakehouse);
    expect(byId(demoStoreIds.openLondonVictoria).menuGroupId).toBe(demoMenuGroupIds.grocery);
  });

  it("gives the same ids after a reseed, and new rows ids past the seeded ones", async () => {
    const { db } = database;
    const snapshot = () => ({
      categories: allCategories.map((c) => [c.id, c.slugText]),
      items: allItems.map((i) => [i.id, i.slugText, i.sizes, i.optionGroups]),
      deals: allDeals.map((d) => [d.id, d.slugText, d.sections]),
      banners: allBanners.map((b) => [b.id, b.slugText, b.associatedItemIds]),
    });
    const before = snapshot();
    await reseed(db);
    await load();
    expect(snapshot()).toEqual(before);

    const [group] = await db.insert(menuGroups).values({ name: "Created later" }).returning();
    const [category] = await db
      .insert(categories)
      .values({ menuGroupId: group!.id, slugText: "extra", name: "Extra" })
      .returning();
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

describe("sizes, options and top sellers", () => {
  const withSizes = () => allItems.filter((i) => i.sizes.length > 0);
  const withOptions = () => allItems.filter((i) => i.optionGroups.length > 0);

  it("gives every size, option group and option an id no other one has", () => {
    const ids = [
      ...allItems.flatMap((i) => i.sizes.map((s) => `size ${s.id}`)),
      ...allItems.flatMap((i) => i.optionGroups.map((g) => `group ${g.id}`)),
      ...allItems.flatMap((i) => i.optionGroups.flatMap((g) => g.options.map((o) => `option ${o.id}`))),
    ];
    expect(ids.length).toBeGreaterThan(100);
    expect(new Set(ids).size).toBe(ids.length);
    // Sizes and options share basket lines' number space (sizeId, optionIds): keep the ranges apart too.
    const sizeIds = new Set(allItems.flatMap((i) => i.sizes.map((s) => s.id)));
    const optionIds = allItems.flatMap((i) => i.optionGroups.flatMap((g) => [g.id, ...g.options.map((o) => o.id)]));
    expect(optionIds.filter((id) => sizeIds.has(id))).toEqual([]);
  });

  it("lets every option group be satisfied: min ≤ max ≤ the options there are", () => {
    for (const item of withOptions()) {
      for (const group of item.optionGroups) {
        expect(group.minChoices, `${item.name}: ${group.name}`).toBeGreaterThanOrEqual(0);
        expect(group.minChoices, `${item.name}: ${group.name}`).toBeLessThanOrEqual(group.maxChoices);
        expect(group.maxChoices, `${item.name}: ${group.name}`).toBeLessThanOrEqual(group.options.length);
        expect(group.maxChoices, `${item.name}: ${group.name}`).toBeGreaterThanOrEqual(1);
        for (const option of group.options)
          expect(Number.isInteger(option.pricePence) && option.pricePence >= 0, option.name).toBe(true);
      }
    }
  });

  it("prices an item with sizes at its first size, each size in whole pence", () => {
    for (const item of withSizes()) {
      expect(item.sizes.length, item.name).toBeGreaterThanOrEqual(2);
      expect(item.pricePence, item.name).toBe(item.sizes[0]!.pricePence);
      expect(item.memberPricePence, item.name).toBe(item.sizes[0]!.memberPricePence);
      for (const size of item.sizes) {
        expect(Number.isInteger(size.pricePence) && size.pricePence > 0, `${item.name} ${size.name}`).toBe(true);
        if (size.memberPricePence !== null) expect(size.memberPricePence).toBeLessThan(size.pricePence);
      }
    }
  });

  it("has sizes and options on every menu, where a shopper expects them", () => {
    const names = (items: typeof allItems) => items.map((i) => i.name);
    expect(names(withSizes())).toEqual(
      expect.arrayContaining([
        "Margherita Pizza",
        "Cola",
        "Carrot Cake",
        "Larder Mature Cheddar Cheese",
        "Basmati Rice",
        "Porridge Oats",
      ]),
    );
    const groupNames = (name: string) =>
      allItems.find((i) => i.name === name)!.optionGroups.map((g) => [g.name, g.minChoices, g.maxChoices]);
    expect(groupNames("Classic Cheeseburger")).toEqual([["Extras", 0, 3]]);
    expect(groupNames("Pepperoni Pizza")).toEqual([
      ["Crust", 1, 1],
      ["Extra toppings", 0, 5],
    ]);
    expect(groupNames("Lamb Rogan Josh")).toEqual([
      ["Spice level", 1, 1],
      ["Rice", 0, 1],
    ]);
    expect(groupNames("Flat White")).toEqual([["Milk", 1, 1]]);
    expect(groupNames("Larder Mature Cheddar Cheese")).toEqual([["Slice it", 0, 1]]);
    for (const item of allItems.filter(
      (i) => i.name.includes("Burger") && i.menuGroupId === demoMenuGroupIds.kitchen,
    )) {
      for (const option of item.optionGroups[0]!.options) {
        expect(option.pricePence, option.name).toBeGreaterThanOrEqual(50);
        expect(option.pricePence, option.name).toBeLessThanOrEqual(150);
      }
    }
    // The grocery aisles stay mostly plain: a handful of sized or optioned items only.
    expect(grocery().filter((i) => i.sizes.length > 0 || i.optionGroups.length > 0).length).toBeLessThanOrEqual(5);
    expect(grocery().find((i) => i.name === "Cottage Cheese 300g")).toMatchObject({ sizes: [], optionGroups: [] });
  });

  it("names at least twelve top sellers on every menu", () => {
    for (const groupId of Object.values(demoMenuGroupIds)) {
      const sellers = allItems.filter((i) => i.menuGroupId === groupId && i.popularity > 0);
      expect(sellers.length, `menu ${groupId}`).toBeGreaterThanOrEqual(
        groupId === demoMenuGroupIds.bakehouse ? 10 : 12,
      );
    }
  });
});

describe("deals", () => {
  it("gives every menu three to five deals with fixed ids", () => {
    expect(allDeals.map((d) => d.id)).toEqual(allDeals.map((_, index) => index + 1));
    for (const groupId of Object.values(demoMenuGroupIds)) {
      const count = allDeals.filter((d) => d.menuGroupId === groupId).length;
      expect(count, `menu ${groupId}`).toBeGreaterThanOrEqual(3);
      expect(count, `menu ${groupId}`).toBeLessThanOrEqual(5);
    }
    expect(allDeals.find((d) => d.name === "Meal Deal")).toMatchObject({
      menuGroupId: demoMenuGroupIds.grocery,
      pricePence: 350,
    });
  });

  it("builds every section from items of the deal's own menu, with section ids unique", () => {
    const sectionIds = allDeals.flatMap((d) => d.sections.map((s) => s.id));
    expect(new Set(sectionIds).size).toBe(sectionIds.length);
    for (const deal of allDeals) {
      expect(deal.sections.length, deal.name).toBeGreaterThanOrEqual(1);
      expect(deal.slugText, deal.name).toMatch(KEBAB);
      for (const section of deal.sections) {
        expect(section.quantity, `${deal.name}: ${section.name}`).toBeGreaterThanOrEqual(1);
        expect(section.itemIds.length, `${deal.name}: ${section.name}`).toBeGreaterThanOrEqual(1);
        expect(new Set(section.itemIds).size).toBe(section.itemIds.length);
        for (const id of section.itemIds) {
          expect(allItems.find((i) => i.id === id)?.menuGroupId, `${deal.name}: item ${id}`).toBe(deal.menuGroupId);
        }
      }
    }
  });

  it("prices a deal below the cheapest way to buy its items separately", () => {
    const price = (id: number) => allItems.find((i) => i.id === id)!.pricePence;
    for (const deal of allDeals) {
      const cheapest = deal.sections.reduce((sum, s) => sum + Math.min(...s.itemIds.map(price)) * s.quantity, 0);
      expect(deal.pricePence, deal.name).toBeLessThan(cheapest);
    }
  });
});

describe("banners", () => {
  it("gives every menu two or three primary banners and one or two secondary", () => {
    for (const groupId of Object.values(demoMenuGroupIds)) {
      const ofMenu = allBanners.filter((b) => b.menuGroupId === groupId && b.categoryId === null);
      const primary = ofMenu.filter((b) => b.kind === "primary").length;
      const secondary = ofMenu.filter((b) => b.kind === "secondary").length;
      expect(primary, `menu ${groupId}`).toBeGreaterThanOrEqual(2);
      expect(primary, `menu ${groupId}`).toBeLessThanOrEqual(3);
      expect(secondary, `menu ${groupId}`).toBeGreaterThanOrEqual(1);
      expect(secondary, `menu ${groupId}`).toBeLessThanOrEqual(2);
    }
    expect(allBanners.some((b) => b.displaySeconds !== null)).toBe(true);
  });

  it("scopes one banner to a category of its menu and one to a single store", () => {
    const scoped = allBanners.filter((b) => b.categoryId !== null);
    expect(scoped.length).toBeGreaterThanOrEqual(1);
    for (const banner of scoped) {
      expect(allCategories.find((c) => c.id === banner.categoryId)?.menuGroupId, banner.title).toBe(banner.menuGroupId);
    }
    const own = allBanners.filter((b) => b.storeId !== null);
    expect(own.map((b) => [b.storeId, b.menuGroupId])).toEqual([[demoStoreIds.openLondonVictoria, null]]);
  });

  it("associates only items that exist on the menu the banner is shown with", () => {
    for (const banner of allBanners) {
      const menuGroupId = banner.menuGroupId ?? allStores.find((s) => s.id === banner.storeId)!.menuGroupId;
      expect(banner.associatedItemIds.length, banner.title).toBeGreaterThanOrEqual(1);
      for (const id of banner.associatedItemIds) {
        expect(allItems.find((i) => i.id === id)?.menuGroupId, `${banner.title}: item ${id}`).toBe(menuGroupId);
      }
      expect(banner.slugText, banner.title).toMatch(KEBAB);
    }
  });

  it("has wide SVG images that exist under public/, each with a title", () => {
    for (const banner of allBanners) {
      expect(banner.image, banner.title).toMatch(/^\/catalogue\/banners\/[a-z0-9-]+\.svg$/);
      const file = `${publicDir}${banner.image}`;
      expect(existsSync(file), banner.image!).toBe(true);
      const svg = readFileSync(file, "utf8");
      expect(svg, banner.image!).toContain('viewBox="0 0 800 300"');
      expect(svg, banner.image!).toMatch(/<title>[^<]+<\/title>/);
    }
    for (const deal of allDeals) expect(existsSync(`${publicDir}${deal.image}`), deal.name).toBe(true);
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
