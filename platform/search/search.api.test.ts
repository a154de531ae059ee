import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiErrorSchema, SEARCH_MESSAGES, type GlobalSearchResponse } from "../contract";
import { demoStoreIds } from "../db/seed";
import { demoMenuGroupIds } from "../db/seed/catalogue";
import { basketLines, categories, menuItems, stores } from "../db/schema";
import { seededPlatform, TEST_NOW, type TestPlatform } from "../testing";
import { FUZZY_BELOW } from "./search";

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
async function search(body: Record<string, unknown>): Promise<GlobalSearchResponse> {
  const res = await post("/api/search/global", { storeId: VICTORIA, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.globalSearch.response.parse(res.body);
}
async function expectError(path: string, body: Record<string, unknown>, status: number, message?: string) {
  const res = await post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const error = apiErrorSchema.parse(res.body);
  if (message !== undefined) expect(error.message).toBe(message);
}
async function item(name: string, menuGroupId: number = demoMenuGroupIds.grocery) {
  const [row] = await t.db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.name, name), eq(menuItems.menuGroupId, menuGroupId)));
  if (!row) throw new Error(`No item ${name}`);
  return row;
}
const names = (body: GlobalSearchResponse) => body.menuItems.records.map((i) => i.name);

describe("POST /api/search/global", () => {
  it("needs a token", async () => {
    expect((await post("/api/search/global", { storeId: VICTORIA, searchTerm: "milk" }, null)).status).toBe(401);
  });

  it('finds cheese for "chese": the items, with their category slugs, and the cheese board deal', async () => {
    const body = await search({ searchTerm: "chese", fulfilmentMethod: "delivery" });
    const cheddar = await item("Larder Mature Cheddar Cheese");
    const cottage = await item("Cottage Cheese 300g");
    expect(names(body)).toEqual(
      expect.arrayContaining([
        "Larder Mature Cheddar Cheese",
        "Cottage Cheese 300g",
        "Cheese & Pickle Sandwich",
        "Macaroni Cheese 400g",
        "Cheese & Onion Crisps 6 x 25g",
      ]),
    );
    const found = (id: number) => body.menuItems.records.find((i) => i.id === id)!;
    expect(found(cheddar.id)).toMatchObject({
      slug: `larder-mature-cheddar-cheese-${cheddar.id}`,
      categoryId: 2,
      categorySlug: "dairy-and-eggs-2",
      available: true,
      sizes: [{ name: "200g" }, { name: "400g" }],
      optionGroups: [{ name: "Slice it" }],
    });
    expect(found(cottage.id)).toMatchObject({ categorySlug: "dairy-and-eggs-2", sizes: [], optionGroups: [] });
    for (const record of body.menuItems.records) {
      expect(`${record.name} ${record.description}`.toLowerCase(), record.name).toMatch(
        /chees|chedd|crackers|macaroni|halloumi|leicester/,
      );
    }
    expect(body.deals.records.map((d) => [d.id, d.name, d.slug])).toEqual([[2, "Cheese board", "cheese-board-2"]]);
    expect(body.totals).toEqual({ deals: 1, categories: 0, menuItems: body.menuItems.pagination.total });
    expect(body.noItemFoundHint).toBeNull();
  });

  it('finds milk for "mlik", two letters swapped', async () => {
    const body = await search({ searchTerm: "mlik" });
    const first = names(body).slice(0, 5);
    expect(first).toEqual(
      expect.arrayContaining([
        "Semi-Skimmed Milk 2 Pints",
        "Semi-Skimmed Milk 4 Pints",
        "Whole Milk 4 Pints",
        "Skimmed Milk 2 Pints",
      ]),
    );
    expect(body.menuItems.records.every((i) => /milk/i.test(`${i.name} ${i.description}`))).toBe(true);
  });

  it("lists names holding the words first, by popularity, then matches in the description", async () => {
    const body = await search({ searchTerm: "cheese" });
    const list = names(body);
    expect(list.length).toBeGreaterThanOrEqual(FUZZY_BELOW);
    const inName = list.filter((name) => /cheese/i.test(name));
    expect(list.slice(0, inName.length)).toEqual(inName);
    // The most popular of them leads; the rest sell as much as each other and keep menu order.
    expect(list[0]).toBe("Larder Mature Cheddar Cheese");
    expect(list).toContain("Red Leicester 350g");
    expect(body.menuItems.records.every((i) => /chees/i.test(`${i.name} ${i.description}`))).toBe(true);
  });

  it("adds near misses after the full-text hits only when these are few", async () => {
    // "semi skimmed" is in two names; "Skimmed Milk" is only close to it.
    expect(names(await search({ searchTerm: "semi skimmed" }))).toEqual([
      "Semi-Skimmed Milk 2 Pints",
      "Semi-Skimmed Milk 4 Pints",
      "Skimmed Milk 2 Pints",
    ]);
    // Whole words only: "brie" is not close to "British".
    expect(names(await search({ searchTerm: "brie" }))).toEqual(["Brie 200g"]);
    // Plenty of full-text hits: no near misses (Salami Milano is a trigram neighbour of "milk").
    const milk = names(await search({ searchTerm: "milk" }));
    expect(milk.length).toBeGreaterThanOrEqual(FUZZY_BELOW);
    expect(milk).not.toContain("Salami Milano 80g");
  });

  it("treats the last word as a prefix, and the term trimmed", async () => {
    const body = await search({ searchTerm: "  semi sk  " });
    expect(names(body)).toEqual(["Semi-Skimmed Milk 2 Pints", "Semi-Skimmed Milk 4 Pints"]);
    expect(await search({ searchTerm: " milk " })).toEqual(await search({ searchTerm: "milk" }));
  });

  it("answers the hint and zero totals when nothing matches", async () => {
    const body = await search({ searchTerm: "zzqxv" });
    expect(body).toEqual({
      deals: { records: [], pagination: { page: 1, limit: 200, total: 0, totalPages: 0 } },
      categories: { records: [], pagination: { page: 1, limit: 200, total: 0, totalPages: 0 } },
      menuItems: { records: [], pagination: { page: 1, limit: 24, total: 0, totalPages: 0 } },
      totals: { deals: 0, categories: 0, menuItems: 0 },
      noItemFoundHint: { label: "No items found. Check the spelling or try a shorter word." },
    });
    expect(body.noItemFoundHint?.label).toBe(SEARCH_MESSAGES.noItemFoundHint);
  });

  it("pages through the items", async () => {
    const all = await search({ searchTerm: "chicken", fulfilmentMethod: "collection", itemsLimit: 100 });
    const total = all.menuItems.pagination.total;
    expect(total).toBeGreaterThan(10);
    expect(all.menuItems.records).toHaveLength(total);
    const limit = 4;
    const totalPages = Math.ceil(total / limit);
    const seen: number[] = [];
    for (let page = 1; page <= totalPages; page++) {
      const body = await search({
        searchTerm: "chicken",
        fulfilmentMethod: "collection",
        itemsPage: page,
        itemsLimit: limit,
      });
      expect(body.menuItems.pagination).toEqual({ page, limit, total, totalPages });
      expect(body.totals.menuItems).toBe(total);
      seen.push(...body.menuItems.records.map((i) => i.id));
    }
    expect(seen).toEqual(all.menuItems.records.map((i) => i.id));
    const past = await search({
      searchTerm: "chicken",
      fulfilmentMethod: "collection",
      itemsPage: totalPages + 1,
      itemsLimit: limit,
    });
    expect(past.menuItems).toEqual({ records: [], pagination: { page: totalPages + 1, limit, total, totalPages } });
    expect(past.noItemFoundHint).toBeNull();
  });

  it("pages 24 items at a time by default", async () => {
    const body = await search({ searchTerm: "ch" });
    expect(body.menuItems.pagination.limit).toBe(24);
    expect(body.menuItems.records).toHaveLength(24);
    expect(body.menuItems.pagination.totalPages).toBe(Math.ceil(body.menuItems.pagination.total / 24));
  });

  it("leaves out items the method cannot take", async () => {
    const rotisserie = await item("Hot Rotisserie Chicken");
    const delivery = await search({ searchTerm: "rotisserie", fulfilmentMethod: "delivery" });
    expect(delivery.menuItems.records).toEqual([]);
    expect(delivery.noItemFoundHint).not.toBeNull();
    const collection = await search({ searchTerm: "rotisserie", fulfilmentMethod: "collection" });
    expect(collection.menuItems.records.map((i) => [i.id, i.available])).toEqual([[rotisserie.id, true]]);

    // And the other way round: an item that cannot be collected is not found for collection.
    const pesto = await item("Basil Pesto 190g");
    await t.db.update(menuItems).set({ availableForCollection: false }).where(eq(menuItems.id, pesto.id));
    try {
      expect(names(await search({ searchTerm: "pesto", fulfilmentMethod: "collection" }))).not.toContain(
        "Basil Pesto 190g",
      );
      expect(names(await search({ searchTerm: "pesto", fulfilmentMethod: "delivery" }))).toContain("Basil Pesto 190g");
    } finally {
      await t.db.update(menuItems).set({ availableForCollection: true }).where(eq(menuItems.id, pesto.id));
    }
  });

  it("searches only the store's own menu", async () => {
    const takeaway = await search({ storeId: TAKEAWAY, searchTerm: "piza", fulfilmentMethod: "collection" });
    expect(names(takeaway)).toEqual([
      "Margherita Pizza",
      "Pepperoni Pizza",
      "BBQ Chicken Pizza",
      "Vegetable Supreme Pizza",
      "Nduja & Hot Honey Pizza",
    ]);
    expect(takeaway.menuItems.records[0]).toMatchObject({
      categorySlug: "pizza-24",
      sizes: [{ name: "10 inch" }, { name: "12 inch" }, { name: "14 inch" }],
    });
    expect(takeaway.categories.records.map((c) => [c.name, c.slug, c.itemCount])).toEqual([["Pizza", "pizza-24", 5]]);
    expect(takeaway.deals.records.map((d) => d.name)).toEqual(["Pizza night"]);
    // The grocery's frozen pizzas are on another menu.
    expect(names(takeaway).some((n) => n.startsWith("Stone Baked"))).toBe(false);
  });

  it("finds categories by name, with item counts for the method, and pages them", async () => {
    const dairy = await search({ searchTerm: "dairy", fulfilmentMethod: "delivery" });
    const [row] = await t.db.select().from(categories).where(eq(categories.id, 2));
    expect(dairy.categories.records).toEqual([
      {
        id: 2,
        name: "Dairy & eggs",
        slug: "dairy-and-eggs-2",
        description: row!.description,
        image: "/catalogue/dairy.svg",
        itemCount: expect.any(Number),
      },
    ]);
    const dairyItems = await t.db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.categoryId, 2), eq(menuItems.availableForDelivery, true)));
    expect(dairy.categories.records[0]!.itemCount).toBe(dairyItems.length);

    const drinks = await search({ searchTerm: "drinks" });
    expect(drinks.categories.records.map((c) => c.name)).toEqual(["Soft drinks"]);
    const paged = await search({ searchTerm: "e", categoriesLimit: 2, categoryPage: 2 });
    expect(paged.categories.pagination).toMatchObject({ page: 2, limit: 2 });
    expect(paged.categories.pagination.total).toBeGreaterThan(4);
    expect(paged.categories.pagination.totalPages).toBe(Math.ceil(paged.categories.pagination.total / 2));
    expect(paged.categories.records).toHaveLength(2);
    expect(paged.totals.categories).toBe(paged.categories.pagination.total);
  });

  it("finds deals by name, only those the method can take", async () => {
    expect((await search({ searchTerm: "deal" })).deals.records.map((d) => d.name)).toEqual(["Meal Deal"]);
    const delivery = await search({ storeId: BAKEHOUSE, searchTerm: "coffee", fulfilmentMethod: "delivery" });
    expect(delivery.deals.records).toEqual([]);
    expect(delivery.menuItems.records).toEqual([]);
    const collection = await search({ storeId: BAKEHOUSE, searchTerm: "coffee", fulfilmentMethod: "collection" });
    expect(collection.deals.records.map((d) => [d.name, d.available])).toEqual([["Coffee & cake", true]]);
    expect(collection.deals.pagination).toEqual({ page: 1, limit: 200, total: 1, totalPages: 1 });
  });

  it("matches LIKE wildcards and query syntax literally", async () => {
    for (const searchTerm of ["%", "_", "%%", "\\", "a:* | !b", "'); drop table menu_items; --"]) {
      const body = await search({ searchTerm });
      expect(body.categories.records, searchTerm).toEqual([]);
      expect(body.deals.records, searchTerm).toEqual([]);
    }
    expect((await search({ searchTerm: "%" })).noItemFoundHint).not.toBeNull();
    expect((await search({ searchTerm: "milk" })).menuItems.pagination.total).toBeGreaterThan(0);
  });

  it("finds nothing, with the hint, at a store without a menu", async () => {
    const storeId = demoStoreIds.highlands;
    await t.db.update(stores).set({ menuGroupId: null }).where(eq(stores.id, storeId));
    try {
      const body = await search({ storeId, searchTerm: "milk" });
      expect(body.totals).toEqual({ deals: 0, categories: 0, menuItems: 0 });
      expect(body.noItemFoundHint).toEqual({ label: SEARCH_MESSAGES.noItemFoundHint });
    } finally {
      await t.db.update(stores).set({ menuGroupId: demoMenuGroupIds.grocery }).where(eq(stores.id, storeId));
    }
  });

  it("answers 404 for an unknown store and 400 for bad input", async () => {
    await expectError("/api/search/global", { storeId: 9999, searchTerm: "milk" }, 404, "Store not found.");
    await expectError("/api/search/global", { storeId: VICTORIA, searchTerm: "   " }, 400);
    await expectError("/api/search/global", { storeId: VICTORIA }, 400);
    await expectError("/api/search/global", { storeId: VICTORIA, searchTerm: "x".repeat(101) }, 400);
    await expectError("/api/search/global", { storeId: VICTORIA, searchTerm: "milk", itemsLimit: 101 }, 400);
    await expectError("/api/search/global", { storeId: VICTORIA, searchTerm: "milk", categoriesLimit: 201 }, 400);
    await expectError("/api/search/global", { storeId: VICTORIA, searchTerm: "milk", itemsPage: 0 }, 400);
  });
});

describe("POST /api/items/recommended", () => {
  async function recommended(body: Record<string, unknown>, auth: string = token) {
    const res = await post("/api/items/recommended", { storeId: VICTORIA, ...body }, auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return api.recommendedItems.response.parse(res.body).topSellingItems;
  }
  async function topSellers(method: "delivery" | "collection", menuGroupId: number = demoMenuGroupIds.grocery) {
    const available = method === "delivery" ? menuItems.availableForDelivery : menuItems.availableForCollection;
    return t.db
      .select({ id: menuItems.id, name: menuItems.name })
      .from(menuItems)
      .where(and(eq(menuItems.menuGroupId, menuGroupId), eq(available, true)))
      .orderBy(desc(menuItems.popularity), asc(menuItems.id));
  }
  async function basketWith(owner: string, itemNames: string[]): Promise<string> {
    const res = await post("/api/basket/retrieve", { storeId: VICTORIA, fulfilmentMethod: "delivery" }, owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const basketToken = (res.body as { basketToken: string }).basketToken;
    for (const [index, name] of itemNames.entries()) {
      await t.db.insert(basketLines).values({
        basketToken,
        lineId: `line-${index}`,
        menuItemId: (await item(name)).id,
        quantity: 1,
        createdAt: new Date(TEST_NOW),
      });
    }
    return basketToken;
  }

  it("needs a token", async () => {
    expect((await post("/api/items/recommended", { storeId: VICTORIA }, null)).status).toBe(401);
  });

  it("answers the menu's twelve top sellers for the method, best first", async () => {
    const delivery = await recommended({ fulfilmentMethod: "delivery" });
    expect(delivery.map((i) => i.id)).toEqual((await topSellers("delivery")).slice(0, 12).map((i) => i.id));
    expect(delivery.slice(0, 3).map((i) => i.name)).toEqual([
      "Semi-Skimmed Milk 2 Pints",
      "Bananas x5",
      "Semi-Skimmed Milk 4 Pints",
    ]);
    expect(delivery.every((i) => i.available)).toBe(true);
    expect(delivery.map((i) => i.name)).not.toContain("Hot Rotisserie Chicken");
    expect(delivery.find((i) => i.name === "Larder Mature Cheddar Cheese")).toMatchObject({
      categorySlug: "dairy-and-eggs-2",
      optionGroups: [{ name: "Slice it" }],
    });

    const collection = await recommended({ fulfilmentMethod: "collection" });
    expect(collection.slice(0, 3).map((i) => i.name)).toEqual([
      "Semi-Skimmed Milk 2 Pints",
      "Bananas x5",
      "Hot Rotisserie Chicken",
    ]);
    expect(await recommended({})).toEqual(delivery);
  });

  it("gives each store the top sellers of its own menu", async () => {
    const takeaway = await recommended({ storeId: TAKEAWAY, fulfilmentMethod: "collection" });
    expect(takeaway.slice(0, 3).map((i) => i.name)).toEqual(["Skin-On Fries", "Classic Cheeseburger", "Cola"]);
    expect(takeaway.map((i) => i.id)).toEqual(
      (await topSellers("collection", demoMenuGroupIds.kitchen)).slice(0, 12).map((i) => i.id),
    );
  });

  it("leaves out what the caller's basket already holds", async () => {
    const basketToken = await basketWith(token, ["Semi-Skimmed Milk 2 Pints", "Bananas x5"]);
    const list = await recommended({ basketToken, fulfilmentMethod: "delivery" });
    expect(list).toHaveLength(12);
    expect(list.slice(0, 2).map((i) => i.name)).toEqual(["Semi-Skimmed Milk 4 Pints", "Thick Sliced White Bread 800g"]);
    expect(list.map((i) => i.name)).not.toContain("Bananas x5");
  });

  it("ignores a basket token that is someone else's, or nobody's", async () => {
    const stranger = await t.guestToken();
    const theirs = await basketWith(stranger, ["Semi-Skimmed Milk 2 Pints"]);
    const plain = await recommended({ fulfilmentMethod: "delivery" });
    expect(await recommended({ basketToken: theirs, fulfilmentMethod: "delivery" })).toEqual(plain);
    expect(await recommended({ basketToken: "no-such-basket", fulfilmentMethod: "delivery" })).toEqual(plain);
    expect(await recommended({ basketToken: null, fulfilmentMethod: "delivery" })).toEqual(plain);
    // The owner does get it left out.
    expect((await recommended({ basketToken: theirs, fulfilmentMethod: "delivery" }, stranger))[0]!.name).toBe(
      "Bananas x5",
    );
  });

  it("answers 404 for an unknown store and 400 for bad input", async () => {
    await expectError("/api/items/recommended", { storeId: 9999 }, 404, "Store not found.");
    await expectError("/api/items/recommended", { storeId: 0 }, 400);
    await expectError("/api/items/recommended", { storeId: VICTORIA, basketToken: "x".repeat(129) }, 400);
  });
});
