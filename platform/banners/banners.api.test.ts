import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, apiErrorSchema, BANNER_MESSAGES, type Banner } from "../contract";
import { demoStoreIds } from "../db/seed";
import { demoMenuGroupIds } from "../db/seed/catalogue";
import { bannerEvents, menuItems, rateLimits } from "../db/schema";
import { seededPlatform, TEST_CLIENT_IP, TEST_NOW, type TestPlatform } from "../testing";
import { BANNER_EVENT_LIMIT } from "./handlers";

let t: TestPlatform;
let token: string;
beforeAll(async () => {
  ({ t, token } = await seededPlatform());
});
afterAll(() => t.close());

const VICTORIA = demoStoreIds.openLondonVictoria;
const SPITALFIELDS = demoStoreIds.openLondonSpitalfields;
const TAKEAWAY = demoStoreIds.ordinaryHoursTakeaway;
const BAKEHOUSE = demoStoreIds.preorderOnly;
const DAIRY = 2;

const post = (
  path: string,
  body: Record<string, unknown>,
  options: { token?: string | null; headers?: Record<string, string> } = {},
) =>
  t.call("POST", path, body, { token: options.token === undefined ? token : options.token, headers: options.headers });
async function list(body: Record<string, unknown>) {
  const res = await post("/api/banners/list", body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.listBanners.response.parse(res.body);
}
async function expectError(path: string, body: Record<string, unknown>, status: number, message?: string) {
  const res = await post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const error = apiErrorSchema.parse(res.body);
  if (message !== undefined) expect(error.message).toBe(message);
}
const ids = (banners: Banner[]) => banners.map((b) => b.id);
async function itemId(name: string, menuGroupId: number = demoMenuGroupIds.grocery) {
  const [row] = await t.db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(and(eq(menuItems.name, name), eq(menuItems.menuGroupId, menuGroupId)));
  return row!.id;
}

describe("POST /api/banners/list", () => {
  it("needs a token", async () => {
    expect((await post("/api/banners/list", { storeId: VICTORIA }, { token: null })).status).toBe(401);
  });

  it("answers the menu's primary and secondary banners, and the store's own", async () => {
    const body = await list({ storeId: VICTORIA, fulfilmentMethod: "delivery" });
    expect(ids(body.banners)).toEqual([1, 2, 3]);
    expect(ids(body.secondaryBanners)).toEqual([5, 6]);
    // Another store on the same menu does not get Victoria's own banner.
    const other = await list({ storeId: SPITALFIELDS, fulfilmentMethod: "delivery" });
    expect(ids(other.banners)).toEqual([1, 2, 3]);
    expect(ids(other.secondaryBanners)).toEqual([5]);
  });

  it("shows each banner with its slug, display time and associated items as menu items", async () => {
    const body = await list({ storeId: VICTORIA });
    const berries = body.banners[0]!;
    expect(berries).toMatchObject({
      id: 1,
      slug: "summer-berries-1",
      kind: "primary",
      title: "Summer berries",
      body: "British strawberries, blueberries and raspberries, picked this week.",
      image: "/catalogue/banners/berries.svg",
      displaySeconds: 6,
    });
    expect(berries.action.associatedItems.map((i) => i.name)).toEqual([
      "British Strawberries 400g",
      "Blueberries 150g",
      "Raspberries 150g",
    ]);
    expect(berries.action.associatedItems[0]).toMatchObject({
      id: await itemId("British Strawberries 400g"),
      price: 275,
      memberPrice: 200,
      categoryId: 1,
      categorySlug: "fruit-and-veg-1",
      available: true,
    });
    expect(body.banners[1]!.displaySeconds).toBeNull();
    const cheese = body.banners[2]!;
    expect(cheese.action.associatedItems[0]).toMatchObject({
      name: "Larder Mature Cheddar Cheese",
      sizes: [{ name: "200g" }, { name: "400g" }],
    });
  });

  it("adds a category's own banner only on that category's page, first", async () => {
    const dairy = await list({ storeId: VICTORIA, fulfilmentMethod: "delivery", categoryId: DAIRY });
    expect(ids(dairy.banners)).toEqual([4, 1, 2, 3]);
    expect(dairy.banners[0]).toMatchObject({
      title: "Member prices in the dairy",
      slug: "member-prices-in-the-dairy-4",
    });
    expect(ids(dairy.secondaryBanners)).toEqual([5, 6]);
    const fruit = await list({ storeId: VICTORIA, fulfilmentMethod: "delivery", categoryId: 1 });
    expect(ids(fruit.banners)).toEqual([1, 2, 3]);
    expect(ids((await list({ storeId: VICTORIA, categoryId: null })).banners)).toEqual([1, 2, 3]);
  });

  it("leaves out banners the method does not offer", async () => {
    expect(ids((await list({ storeId: BAKEHOUSE, fulfilmentMethod: "collection" })).banners)).toEqual([10, 11]);
    const delivery = await list({ storeId: BAKEHOUSE, fulfilmentMethod: "delivery" });
    expect(ids(delivery.banners)).toEqual([10]);
    expect(ids(delivery.secondaryBanners)).toEqual([12]);
    // The whole cake is collection only: shown, flagged as not orderable for delivery.
    expect(delivery.secondaryBanners[0]!.action.associatedItems.map((i) => [i.name, i.available])).toEqual([
      ["Victoria Sponge Whole Cake", false],
      ["Carrot Cake", true],
      ["Lemon Drizzle Cake", true],
    ]);
  });

  it("gives the takeaway its hot-food banners", async () => {
    const body = await list({ storeId: TAKEAWAY, fulfilmentMethod: "collection" });
    expect(body.banners.map((b) => b.title)).toEqual(["Pizza night", "Smashed to order"]);
    expect(body.secondaryBanners.map((b) => b.title)).toEqual(["Curry club"]);
  });

  it.each([0, -1, -250])("answers 400 with the spec's message for store id %i", async (storeId) => {
    await expectError(
      "/api/banners/list",
      { storeId, fulfilmentMethod: "delivery" },
      400,
      "Invalid store ID provided for banner fetch",
    );
  });

  it("answers 404 'Store not found.' for an unknown store", async () => {
    await expectError("/api/banners/list", { storeId: 9999 }, 404, BANNER_MESSAGES.storeNotFound);
    await expectError("/api/banners/list", { storeId: 9999 }, 404, "Store not found.");
  });

  it("refuses other bad input with a 400", async () => {
    await expectError("/api/banners/list", { storeId: "one" }, 400);
    await expectError("/api/banners/list", { storeId: VICTORIA, fulfilmentMethod: "drone" }, 400);
    await expectError("/api/banners/list", { storeId: VICTORIA, categoryId: 0 }, 400);
  });
});

describe("POST /api/banners/get", () => {
  it("answers one banner the store shows, whatever the method", async () => {
    const res = await post("/api/banners/get", { storeId: BAKEHOUSE, bannerId: 11, fulfilmentMethod: "delivery" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { banner } = api.getBanner.response.parse(res.body);
    expect(banner).toMatchObject({
      id: 11,
      slug: "coffee-at-the-counter-11",
      kind: "primary",
      title: "Coffee at the counter",
    });
    expect(banner.action.associatedItems.map((i) => [i.name, i.available])).toEqual([
      ["Flat White", false],
      ["Cappuccino", false],
      ["Caffè Latte", false],
    ]);
    const own = await post("/api/banners/get", { storeId: VICTORIA, bannerId: 6 });
    expect(api.getBanner.response.parse(own.body).banner.title).toBe("Baked in Victoria");
  });

  it("answers 404 for a banner the store does not show", async () => {
    await expectError("/api/banners/get", { storeId: VICTORIA, bannerId: 7 }, 404, BANNER_MESSAGES.bannerNotFound);
    await expectError("/api/banners/get", { storeId: SPITALFIELDS, bannerId: 6 }, 404, "Banner not found.");
    await expectError("/api/banners/get", { storeId: VICTORIA, bannerId: 99_999 }, 404, "Banner not found.");
  });

  it("checks the store as the list does", async () => {
    await expectError(
      "/api/banners/get",
      { storeId: 0, bannerId: 1 },
      400,
      "Invalid store ID provided for banner fetch",
    );
    await expectError("/api/banners/get", { storeId: 9999, bannerId: 1 }, 404, "Store not found.");
  });
});

describe("banner impressions and clicks", () => {
  beforeEach(async () => {
    await t.db.delete(bannerEvents);
    await t.db.delete(rateLimits);
  });
  afterEach(async () => {
    if (t.clock.now().toISOString() !== TEST_NOW) {
      t.clock.set(TEST_NOW);
      token = await t.guestToken();
    }
  });
  const events = () =>
    t.db
      .select()
      .from(bannerEvents)
      .orderBy(asc(bannerEvents.bannerId), asc(bannerEvents.kind), asc(bannerEvents.platform), asc(bannerEvents.day));

  it("counts one impression per banner, platform and UTC day, ignoring unknown ids", async () => {
    const first = await post("/api/banners/display", { bannerIds: [1, 2, 2, 99_999], platform: "website" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(api.displayBanners.response.parse(first.body)).toEqual({ recorded: 2 });
    await post("/api/banners/display", { bannerIds: [1], platform: "website" });
    await post("/api/banners/display", { bannerIds: [1], platform: "app" });
    expect((await events()).map((e) => [e.bannerId, e.kind, e.platform, e.day, e.count])).toEqual([
      [1, "display", "app", "2025-06-02", 1],
      [1, "display", "website", "2025-06-02", 2],
      [2, "display", "website", "2025-06-02", 1],
    ]);

    // 23:59:59 UTC is still the same day; a second later is the next.
    t.clock.set("2025-06-02T23:59:59.000Z");
    token = await t.guestToken();
    await post("/api/banners/display", { bannerIds: [1], platform: "website" });
    t.clock.set("2025-06-03T00:00:00.000Z");
    await post("/api/banners/display", { bannerIds: [1], platform: "website" });
    const website = (await events()).filter((e) => e.bannerId === 1 && e.platform === "website");
    expect(website.map((e) => [e.day, e.count])).toEqual([
      ["2025-06-02", 3],
      ["2025-06-03", 1],
    ]);
    expect(website[1]!.updatedAt.toISOString()).toBe("2025-06-03T00:00:00.000Z");
  });

  it("answers 0 when no id is known", async () => {
    const res = await post("/api/banners/display", { bannerIds: [99_998, 99_999], platform: "website" });
    expect(api.displayBanners.response.parse(res.body)).toEqual({ recorded: 0 });
    expect(await events()).toEqual([]);
  });

  it("counts clicks apart from impressions", async () => {
    await post("/api/banners/display", { bannerIds: [3], platform: "website" });
    const click = await post("/api/banners/click", { bannerId: 3, platform: "website" });
    expect(click.status, JSON.stringify(click.body)).toBe(200);
    expect(api.clickBanner.response.parse(click.body)).toEqual({ recorded: 1 });
    await post("/api/banners/click", { bannerId: 3, platform: "website" });
    expect((await events()).map((e) => [e.bannerId, e.kind, e.count])).toEqual([
      [3, "click", 2],
      [3, "display", 1],
    ]);
    const unknown = await post("/api/banners/click", { bannerId: 99_999, platform: "website" });
    expect(api.clickBanner.response.parse(unknown.body)).toEqual({ recorded: 0 });
  });

  it("counts a retried call with the same idempotency key once", async () => {
    const headers = { "idempotency-key": "banner-display-retry-1" };
    const first = await post("/api/banners/display", { bannerIds: [1, 2], platform: "website" }, { headers });
    const again = await post("/api/banners/display", { bannerIds: [1, 2], platform: "website" }, { headers });
    expect(again.body).toEqual(first.body);
    expect((await events()).map((e) => e.count)).toEqual([1, 1]);
  });

  it("refuses bad input with a 400", async () => {
    await expectError("/api/banners/display", { bannerIds: [], platform: "website" }, 400);
    await expectError("/api/banners/display", { bannerIds: [1], platform: " " }, 400);
    await expectError(
      "/api/banners/display",
      { bannerIds: Array.from({ length: 51 }, (_, i) => i + 1), platform: "website" },
      400,
    );
    await expectError("/api/banners/click", { bannerId: 0, platform: "website" }, 400);
    expect((await post("/api/banners/click", { bannerId: 1, platform: "website" }, { token: null })).status).toBe(401);
  });

  it("limits each client address, generously", async () => {
    for (let i = 0; i < BANNER_EVENT_LIMIT.hits; i++) {
      const res = await post(
        i % 2 ? "/api/banners/click" : "/api/banners/display",
        i % 2 ? { bannerId: 1, platform: "website" } : { bannerIds: [1], platform: "website" },
      );
      expect(res.status).toBe(200);
    }
    await expectError("/api/banners/click", { bannerId: 1, platform: "website" }, 429, BANNER_MESSAGES.tooManyEvents);
    const elsewhere = await post(
      "/api/banners/click",
      { bannerId: 1, platform: "website" },
      { headers: { "x-client-ip": "198.51.100.7" } },
    );
    expect(elsewhere.status).toBe(200);
    expect(TEST_CLIENT_IP).not.toBe("198.51.100.7");
    // Two minutes on, the events have left the window (the previous minute still weighs for the next one).
    t.clock.advance(2 * 60_000);
    expect((await post("/api/banners/click", { bannerId: 1, platform: "website" })).status).toBe(200);
  });
});
