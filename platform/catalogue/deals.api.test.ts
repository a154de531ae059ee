import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiErrorSchema, CATALOGUE_MESSAGES } from "../contract";
import { demoStoreIds } from "../db/seed";
import { demoMenuGroupIds } from "../db/seed/catalogue";
import { deals, menuItems, stores } from "../db/schema";
import { seededPlatform, type TestPlatform } from "../testing";

let t: TestPlatform;
let token: string;
beforeAll(async () => {
  ({ t, token } = await seededPlatform());
});
afterAll(() => t.close());

const VICTORIA = demoStoreIds.openLondonVictoria;
const TAKEAWAY = demoStoreIds.ordinaryHoursTakeaway;
const BAKEHOUSE = demoStoreIds.preorderOnly;

const post = (path: string, body: Record<string, unknown>, auth: string | null = token) =>
  t.call("POST", path, body, { token: auth });
async function listDeals(body: Record<string, unknown>) {
  const res = await post("/api/menu/deals", body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.listDeals.response.parse(res.body).deals;
}
async function getDeal(body: Record<string, unknown>) {
  const res = await post("/api/menu/deal", body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.getDeal.response.parse(res.body).deal;
}
async function expectError(path: string, body: Record<string, unknown>, status: number, message?: string) {
  const res = await post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const error = apiErrorSchema.parse(res.body);
  if (message !== undefined) expect(error.message).toBe(message);
}
async function itemId(name: string, menuGroupId: number = demoMenuGroupIds.grocery) {
  const [row] = await t.db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(and(eq(menuItems.name, name), eq(menuItems.menuGroupId, menuGroupId)));
  if (!row) throw new Error(`No item ${name}`);
  return row.id;
}

describe("POST /api/menu/deals", () => {
  it("needs a token", async () => {
    const res = await post("/api/menu/deals", { storeId: VICTORIA }, null);
    expect(res.status).toBe(401);
  });

  it("lists the grocery deals in menu order with public slugs and prices in pence", async () => {
    const list = await listDeals({ storeId: VICTORIA, fulfilmentMethod: "delivery" });
    expect(list.map((d) => [d.id, d.name, d.slug, d.price, d.available])).toEqual([
      [1, "Meal Deal", "meal-deal-1", 350, true],
      [2, "Cheese board", "cheese-board-2", 450, true],
      [3, "Pasta night", "pasta-night-3", 500, true],
      [4, "Big breakfast", "big-breakfast-4", 450, true],
    ]);
    expect(list[0]).toEqual({
      id: 1,
      name: "Meal Deal",
      slug: "meal-deal-1",
      description: "A sandwich or wrap, a snack and a drink for lunch.",
      image: "/catalogue/deli.svg",
      price: 350,
      available: true,
    });
  });

  it("gives each store the deals of its own menu, browsing for delivery by default", async () => {
    expect((await listDeals({ storeId: TAKEAWAY })).map((d) => d.name)).toEqual([
      "Burger meal",
      "Pizza night",
      "Curry for two",
      "Chicken box",
    ]);
    const bakehouse = await listDeals({ storeId: BAKEHOUSE });
    expect(bakehouse.map((d) => [d.name, d.available])).toEqual([
      ["Coffee & cake", false],
      ["Pastry box", true],
      ["Bakehouse lunch", true],
    ]);
    expect((await listDeals({ storeId: BAKEHOUSE, fulfilmentMethod: "collection" })).every((d) => d.available)).toBe(
      true,
    );
  });

  it("flags a deal as unavailable when a section has nothing left to order for the method", async () => {
    const [pasta] = await t.db.select().from(deals).where(eq(deals.id, 3));
    const parmesan = await itemId("Parmigiano Reggiano 200g");
    expect(pasta!.sections.at(-1)!.itemIds).toEqual([parmesan]);
    await t.db.update(menuItems).set({ availableForDelivery: false }).where(eq(menuItems.id, parmesan));
    try {
      const delivery = await listDeals({ storeId: VICTORIA, fulfilmentMethod: "delivery" });
      expect(delivery.find((d) => d.id === 3)!.available).toBe(false);
      const collection = await listDeals({ storeId: VICTORIA, fulfilmentMethod: "collection" });
      expect(collection.find((d) => d.id === 3)!.available).toBe(true);
    } finally {
      await t.db.update(menuItems).set({ availableForDelivery: true }).where(eq(menuItems.id, parmesan));
    }
  });

  it("answers an empty list for a store without a menu, and 404 for an unknown store", async () => {
    const storeId = demoStoreIds.highlands;
    await t.db.update(stores).set({ menuGroupId: null }).where(eq(stores.id, storeId));
    try {
      expect(await listDeals({ storeId })).toEqual([]);
      await expectError("/api/menu/deal", { storeId, dealId: 1 }, 404, CATALOGUE_MESSAGES.dealNotFound);
    } finally {
      await t.db.update(stores).set({ menuGroupId: demoMenuGroupIds.grocery }).where(eq(stores.id, storeId));
    }
    await expectError("/api/menu/deals", { storeId: 9999 }, 404, "Store not found.");
  });

  it.each([[{}], [{ storeId: 0 }], [{ storeId: "one" }], [{ storeId: 1, fulfilmentMethod: "drone" }]])(
    "refuses bad input %j with a 400",
    async (body) => {
      await expectError("/api/menu/deals", body, 400);
    },
  );
});

describe("POST /api/menu/deal", () => {
  it("answers a deal with the items of each section, in the section's order", async () => {
    const deal = await getDeal({ storeId: VICTORIA, dealId: 1, fulfilmentMethod: "delivery" });
    expect(deal).toMatchObject({ id: 1, name: "Meal Deal", slug: "meal-deal-1", price: 350, available: true });
    expect(deal.sections.map((s) => [s.id, s.name, s.quantity, s.items.length])).toEqual([
      [11, "Main", 1, 5],
      [12, "Snack", 1, 4],
      [13, "Drink", 1, 3],
    ]);
    const main = deal.sections[0]!.items;
    expect(main.map((i) => i.name)).toEqual([
      "Chicken & Bacon Sandwich",
      "Egg Mayonnaise Sandwich",
      "Cheese & Pickle Sandwich",
      "Chicken Caesar Wrap",
      "Falafel & Red Pepper Wrap",
    ]);
    const sandwich = main[0]!;
    expect(sandwich).toMatchObject({
      id: await itemId("Chicken & Bacon Sandwich"),
      price: 300,
      available: true,
      categoryId: 6,
      categorySlug: "deli-and-ready-meals-6",
      sizes: [],
      optionGroups: [],
    });
    expect(sandwich.slug).toBe(`chicken-and-bacon-sandwich-${sandwich.id}`);
  });

  it("takes a section's quantity and items with sizes and options", async () => {
    const deal = await getDeal({ storeId: TAKEAWAY, dealId: 6, fulfilmentMethod: "collection" });
    expect(deal.name).toBe("Pizza night");
    const pizzas = deal.sections[0]!;
    expect(pizzas).toMatchObject({ id: 61, name: "Pizzas", quantity: 2 });
    expect(pizzas.items.every((i) => i.sizes.length === 3 && i.optionGroups.length === 2)).toBe(true);
    expect(pizzas.items[0]!.categorySlug).toBe("pizza-24");
  });

  it("flags each item as orderable for the method or not", async () => {
    const delivery = await getDeal({ storeId: BAKEHOUSE, dealId: 9, fulfilmentMethod: "delivery" });
    expect(delivery.available).toBe(false);
    const coffees = delivery.sections[0]!.items;
    expect(coffees.map((i) => [i.name, i.available])).toEqual([
      ["Flat White", false],
      ["Cappuccino", false],
      ["Caffè Latte", false],
    ]);
    expect(delivery.sections[1]!.items.every((i) => i.available)).toBe(true);
    const collection = await getDeal({ storeId: BAKEHOUSE, dealId: 9, fulfilmentMethod: "collection" });
    expect(collection.available).toBe(true);
    expect(collection.sections[0]!.items.every((i) => i.available)).toBe(true);
  });

  it("answers 404 with the catalogue's message for a deal of another menu or none at all", async () => {
    await expectError("/api/menu/deal", { storeId: VICTORIA, dealId: 5 }, 404, CATALOGUE_MESSAGES.dealNotFound);
    await expectError("/api/menu/deal", { storeId: VICTORIA, dealId: 99_999 }, 404, "Deal not found.");
    expect((await getDeal({ storeId: TAKEAWAY, dealId: 5 })).name).toBe("Burger meal");
  });

  it("answers 404 for an unknown store, and 400 for bad input", async () => {
    await expectError("/api/menu/deal", { storeId: 9999, dealId: 1 }, 404, "Store not found.");
    await expectError("/api/menu/deal", { storeId: VICTORIA }, 400);
    await expectError("/api/menu/deal", { storeId: VICTORIA, dealId: 0 }, 400);
    await expectError("/api/menu/deal", { storeId: VICTORIA, dealId: "meal-deal-1" }, 400);
  });
});
