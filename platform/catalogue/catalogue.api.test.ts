import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiErrorSchema } from "../contract";
import { demoMenuGroupIds } from "../db/seed/catalogue";
import { demoStoreIds } from "../db/seed";
import { categories, menuItems, stores } from "../db/schema";
import { seededPlatform, type TestPlatform } from "../testing";

let t: TestPlatform;
let token: string;
beforeAll(async () => {
  ({ t, token } = await seededPlatform());
});
afterAll(() => t.close());

const VICTORIA = demoStoreIds.openLondonVictoria;
const TAKEAWAY = demoStoreIds.ordinaryHoursTakeaway;

const post = (path: string, body: Record<string, unknown>, auth: string | null = token) =>
  t.call("POST", path, body, { token: auth });
const listCategories = async (body: Record<string, unknown>) => {
  const res = await post("/api/menu/categories", body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.listCategories.response.parse(res.body);
};
const getCategory = async (body: Record<string, unknown>) => {
  const res = await post("/api/menu/category", body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.getCategory.response.parse(res.body);
};
const getItem = async (body: Record<string, unknown>) => {
  const res = await post("/api/menu/item", body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.getMenuItem.response.parse(res.body).item;
};
async function expectError(path: string, body: Record<string, unknown>, status: number, message?: string) {
  const res = await post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const error = apiErrorSchema.parse(res.body);
  expect(error.status).toBe(status);
  if (message !== undefined) expect(error.message).toBe(message);
}

async function categoryByName(name: string, menuGroupId: number = demoMenuGroupIds.grocery) {
  const [row] = await t.db
    .select()
    .from(categories)
    .where(and(eq(categories.name, name), eq(categories.menuGroupId, menuGroupId)));
  if (!row) throw new Error(`No category ${name}`);
  return row;
}
async function itemByName(name: string) {
  const [row] = await t.db.select().from(menuItems).where(eq(menuItems.name, name));
  if (!row) throw new Error(`No item ${name}`);
  return row;
}
async function itemsOf(categoryId: number) {
  return t.db
    .select()
    .from(menuItems)
    .where(eq(menuItems.categoryId, categoryId))
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
}

describe("POST /api/menu/categories", () => {
  it("needs a token", async () => {
    const res = await post("/api/menu/categories", { storeId: VICTORIA }, null);
    expect(res.status).toBe(401);
    apiErrorSchema.parse(res.body);
  });

  it("lists a grocery store's categories in menu order with public slugs and images", async () => {
    const body = await listCategories({ storeId: VICTORIA, fulfilmentMethod: "delivery" });
    expect(body.menuGroupId).toBe(demoMenuGroupIds.grocery);
    expect(body.categories.length).toBeGreaterThanOrEqual(15);
    expect(body.categories.slice(0, 3).map((c) => [c.id, c.name, c.slug])).toEqual([
      [1, "Fruit & veg", "fruit-and-veg-1"],
      [2, "Dairy & eggs", "dairy-and-eggs-2"],
      [3, "Bakery", "bakery-3"],
    ]);
    const rows = await t.db
      .select()
      .from(categories)
      .where(eq(categories.menuGroupId, demoMenuGroupIds.grocery))
      .orderBy(asc(categories.sortOrder));
    expect(body.categories.map((c) => c.id)).toEqual(rows.map((r) => r.id));
    const dairy = body.categories[1]!;
    expect(dairy).toMatchObject({
      image: "/catalogue/dairy.svg",
      description: "Milk, butter, cheese, yoghurt, cream and free range eggs.",
    });
    const total = body.categories.reduce((n, c) => n + c.itemCount, 0);
    expect(total).toBeGreaterThanOrEqual(300);
  });

  it("counts only the items that can be ordered for the method", async () => {
    const delivery = await listCategories({ storeId: VICTORIA, fulfilmentMethod: "delivery" });
    const collection = await listCategories({ storeId: VICTORIA, fulfilmentMethod: "collection" });
    const count = (list: typeof delivery, name: string) => list.categories.find((c) => c.name === name)!.itemCount;

    const meat = await itemsOf((await categoryByName("Meat & poultry")).id);
    expect(count(collection, "Meat & poultry")).toBe(meat.length);
    // The rotisserie chicken is sold hot at the counter only.
    expect(count(delivery, "Meat & poultry")).toBe(meat.length - 1);
    expect(count(delivery, "Frozen")).toBe(count(collection, "Frozen") - 1);
    expect(count(delivery, "Dairy & eggs")).toBe(count(collection, "Dairy & eggs"));

    for (const entry of collection.categories) {
      const rows = await itemsOf(entry.id);
      expect(entry.itemCount, entry.name).toBe(rows.filter((r) => r.availableForCollection).length);
    }
  });

  it("browses for delivery when no method is given", async () => {
    expect(await listCategories({ storeId: VICTORIA })).toEqual(
      await listCategories({ storeId: VICTORIA, fulfilmentMethod: "delivery" }),
    );
  });

  it("gives the takeaway its hot-food menu", async () => {
    const body = await listCategories({ storeId: TAKEAWAY, fulfilmentMethod: "collection" });
    expect(body.menuGroupId).toBe(demoMenuGroupIds.kitchen);
    expect(body.categories.map((c) => c.name)).toEqual([
      "Burgers",
      "Pizza",
      "Curries",
      "Fried chicken",
      "Wraps & salads",
      "Sides",
      "Desserts",
      "Drinks",
    ]);
    expect(body.categories[0]).toMatchObject({ slug: "burgers-23", image: "/catalogue/burger.svg", itemCount: 7 });
  });

  it("answers an empty list for a store without a menu", async () => {
    const storeId = demoStoreIds.highlands;
    await t.db.update(stores).set({ menuGroupId: null }).where(eq(stores.id, storeId));
    try {
      expect(await listCategories({ storeId, fulfilmentMethod: "delivery" })).toEqual({
        menuGroupId: null,
        categories: [],
      });
      await expectError("/api/menu/category", { storeId, categoryId: 1 }, 404, "Category not found.");
      await expectError("/api/menu/item", { storeId, menuItemId: 1 }, 404, "Item is no longer available.");
    } finally {
      await t.db.update(stores).set({ menuGroupId: demoMenuGroupIds.grocery }).where(eq(stores.id, storeId));
    }
  });

  it("answers 404 for an unknown store", async () => {
    await expectError("/api/menu/categories", { storeId: 9999, fulfilmentMethod: "delivery" }, 404, "Store not found.");
  });

  it.each([
    [{}],
    [{ storeId: "one" }],
    [{ storeId: 0 }],
    [{ storeId: 1.5 }],
    [{ storeId: 1, fulfilmentMethod: "drone" }],
    [{ storeId: 99_999_999_999 }],
  ])("refuses bad input %j with a 400 in the error shape", async (body) => {
    await expectError("/api/menu/categories", body, 400);
  });
});

describe("POST /api/menu/category", () => {
  it("lists a category's items with prices in pence, in menu order", async () => {
    const fruit = await categoryByName("Fruit & veg");
    const rows = await itemsOf(fruit.id);
    const body = await getCategory({ storeId: VICTORIA, categoryId: fruit.id, fulfilmentMethod: "delivery" });
    expect(body.category).toEqual({
      id: fruit.id,
      name: "Fruit & veg",
      slug: "fruit-and-veg-1",
      description: fruit.description,
      image: "/catalogue/fruit-veg.svg",
    });
    expect(body.pagination).toEqual({ page: 1, pageSize: 48, total: rows.length, totalPages: 1 });
    expect(body.items.map((i) => i.id)).toEqual(rows.map((r) => r.id));
    const bananas = body.items[0]!;
    expect(bananas).toEqual({
      id: rows[0]!.id,
      name: "Bananas x5",
      slug: `bananas-x5-${rows[0]!.id}`,
      description: rows[0]!.description,
      price: 85,
      memberPrice: null,
      image: "/catalogue/fruit-veg.svg",
      isAlcohol: false,
      ageRestriction: null,
      availableForDelivery: true,
      availableForCollection: true,
      available: true,
      categoryId: fruit.id,
      categorySlug: "fruit-and-veg-1",
      sizes: [],
      optionGroups: [],
    });
  });

  it("carries each item's sizes and option groups", async () => {
    const pizza = await categoryByName("Pizza", demoMenuGroupIds.kitchen);
    const body = await getCategory({ storeId: TAKEAWAY, categoryId: pizza.id, fulfilmentMethod: "collection" });
    const margherita = body.items.find((i) => i.name === "Margherita Pizza")!;
    const id = margherita.id;
    expect(margherita).toMatchObject({ price: 800, categoryId: pizza.id, categorySlug: `pizza-${pizza.id}` });
    expect(margherita.sizes).toEqual([
      { id: id * 10 + 1, name: "10 inch", price: 800, memberPrice: null },
      { id: id * 10 + 2, name: "12 inch", price: 1000, memberPrice: null },
      { id: id * 10 + 3, name: "14 inch", price: 1250, memberPrice: null },
    ]);
    expect(margherita.optionGroups.map((g) => [g.id, g.name, g.minChoices, g.maxChoices, g.options.length])).toEqual([
      [1_000_000 + id * 10 + 1, "Crust", 1, 1, 2],
      [1_000_000 + id * 10 + 2, "Extra toppings", 0, 5, 7],
    ]);
    expect(margherita.optionGroups[0]!.options).toEqual([
      { id: 2_000_000 + id * 100 + 1, name: "Classic sourdough", price: 0 },
      { id: 2_000_000 + id * 100 + 2, name: "Thin and crispy", price: 0 },
    ]);
    expect(margherita.optionGroups[1]!.options.every((o) => o.price === 100)).toBe(true);
  });

  it("pages through a category", async () => {
    const fruit = await categoryByName("Fruit & veg");
    const rows = await itemsOf(fruit.id);
    const pageSize = 10;
    const totalPages = Math.ceil(rows.length / pageSize);
    const seen: number[] = [];
    for (let page = 1; page <= totalPages; page++) {
      const body = await getCategory({ storeId: VICTORIA, categoryId: fruit.id, page, pageSize });
      expect(body.pagination).toEqual({ page, pageSize, total: rows.length, totalPages });
      seen.push(...body.items.map((i) => i.id));
    }
    expect(seen).toEqual(rows.map((r) => r.id));
    const past = await getCategory({ storeId: VICTORIA, categoryId: fruit.id, page: totalPages + 1, pageSize });
    expect(past.items).toEqual([]);
    expect(past.pagination.total).toBe(rows.length);
  });

  it("keeps items the method cannot take, flagged unavailable", async () => {
    const frozen = await categoryByName("Frozen");
    const ice = (body: Awaited<ReturnType<typeof getCategory>>) => body.items.find((i) => i.name === "Party Ice 2kg")!;
    const delivery = await getCategory({ storeId: VICTORIA, categoryId: frozen.id, fulfilmentMethod: "delivery" });
    const collection = await getCategory({ storeId: VICTORIA, categoryId: frozen.id, fulfilmentMethod: "collection" });
    expect(ice(delivery)).toMatchObject({
      available: false,
      availableForDelivery: false,
      availableForCollection: true,
    });
    expect(ice(collection)).toMatchObject({
      available: true,
      availableForDelivery: false,
      availableForCollection: true,
    });
    expect(delivery.items.length).toBe(collection.items.length);
  });

  it("shows alcohol and member prices", async () => {
    const wine = await categoryByName("Wine");
    const body = await getCategory({ storeId: VICTORIA, categoryId: wine.id });
    expect(body.items.every((i) => i.isAlcohol && i.ageRestriction === 18)).toBe(true);
    expect(body.items.find((i) => i.name === "Rioja Crianza 75cl")).toMatchObject({ price: 850, memberPrice: 700 });
  });

  it("answers 404 for a category that is not on the store's menu", async () => {
    const burgers = await categoryByName("Burgers", demoMenuGroupIds.kitchen);
    await expectError("/api/menu/category", { storeId: VICTORIA, categoryId: burgers.id }, 404, "Category not found.");
    await expectError("/api/menu/category", { storeId: VICTORIA, categoryId: 99_999 }, 404, "Category not found.");
    expect((await getCategory({ storeId: TAKEAWAY, categoryId: burgers.id })).category.slug).toBe(
      `burgers-${burgers.id}`,
    );
  });

  it("answers 404 for an unknown store", async () => {
    await expectError("/api/menu/category", { storeId: 9999, categoryId: 1 }, 404, "Store not found.");
  });

  it.each([
    [{ storeId: 1 }],
    [{ storeId: 1, categoryId: "dairy" }],
    [{ storeId: 1, categoryId: 1, page: 0 }],
    [{ storeId: 1, categoryId: 1, pageSize: 0 }],
    [{ storeId: 1, categoryId: 1, pageSize: 101 }],
    [{ storeId: 1, categoryId: 1, fulfilmentMethod: "post" }],
  ])("refuses bad input %j with a 400 in the error shape", async (body) => {
    await expectError("/api/menu/category", body, 400);
  });

  it("takes the largest page size allowed", async () => {
    const body = await getCategory({ storeId: VICTORIA, categoryId: 1, pageSize: 100 });
    expect(body.pagination.pageSize).toBe(100);
  });
});

describe("POST /api/menu/item", () => {
  it("answers an item with its category", async () => {
    const cheddar = await itemByName("Larder Mature Cheddar Cheese");
    const item = await getItem({ storeId: VICTORIA, menuItemId: cheddar.id, fulfilmentMethod: "delivery" });
    expect(item).toEqual({
      id: cheddar.id,
      name: "Larder Mature Cheddar Cheese",
      slug: `larder-mature-cheddar-cheese-${cheddar.id}`,
      description: cheddar.description,
      price: 195,
      memberPrice: 175,
      image: "/catalogue/dairy.svg",
      isAlcohol: false,
      ageRestriction: null,
      availableForDelivery: true,
      availableForCollection: true,
      available: true,
      categoryId: 2,
      categorySlug: "dairy-and-eggs-2",
      sizes: [
        { id: cheddar.id * 10 + 1, name: "200g", price: 195, memberPrice: 175 },
        { id: cheddar.id * 10 + 2, name: "400g", price: 325, memberPrice: 275 },
      ],
      optionGroups: [
        {
          id: 1_000_000 + cheddar.id * 10 + 1,
          name: "Slice it",
          minChoices: 0,
          maxChoices: 1,
          options: [{ id: 2_000_000 + cheddar.id * 100 + 1, name: "Sliced for sandwiches", price: 0 }],
        },
      ],
    });
  });

  it("says whether the item can be ordered for the method", async () => {
    const chicken = await itemByName("Hot Rotisserie Chicken");
    expect((await getItem({ storeId: VICTORIA, menuItemId: chicken.id, fulfilmentMethod: "delivery" })).available).toBe(
      false,
    );
    expect(
      (await getItem({ storeId: VICTORIA, menuItemId: chicken.id, fulfilmentMethod: "collection" })).available,
    ).toBe(true);
    expect((await getItem({ storeId: VICTORIA, menuItemId: chicken.id })).available).toBe(false);
  });

  it("carries the age restriction", async () => {
    const gin = await itemByName("London Dry Gin 70cl");
    expect(await getItem({ storeId: VICTORIA, menuItemId: gin.id })).toMatchObject({
      isAlcohol: true,
      ageRestriction: 18,
      memberPrice: 1500,
    });
    const energy = await itemByName("Sparkling Energy Drink 250ml");
    expect(await getItem({ storeId: VICTORIA, menuItemId: energy.id })).toMatchObject({
      isAlcohol: false,
      ageRestriction: 16,
    });
  });

  it("answers 404 for an item that is not on the store's menu", async () => {
    const burger = await itemByName("Classic Cheeseburger");
    await expectError(
      "/api/menu/item",
      { storeId: VICTORIA, menuItemId: burger.id },
      404,
      "Item is no longer available.",
    );
    await expectError("/api/menu/item", { storeId: VICTORIA, menuItemId: 99_999 }, 404, "Item is no longer available.");
    expect((await getItem({ storeId: TAKEAWAY, menuItemId: burger.id })).categorySlug).toBe("burgers-23");
  });

  it("answers 404 for an unknown store, and 400 for bad input", async () => {
    await expectError("/api/menu/item", { storeId: 9999, menuItemId: 1 }, 404, "Store not found.");
    await expectError("/api/menu/item", { storeId: VICTORIA }, 400);
    await expectError("/api/menu/item", { storeId: VICTORIA, menuItemId: -3 }, 400);
  });
});
