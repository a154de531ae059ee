import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  apiErrorSchema,
  methodIsAvailable,
  storeIsClosed,
  type StoreSearchRequest,
  type StoreSummary,
} from "../contract";
import { saveWhiteLabelOverrides } from "../business/white-label";
import { demoStoreIds as ids } from "../db/seed";
import { seededPlatform, TEST_NOW, type TestPlatform } from "../testing";

/*
 * Expected store lists are worked out by hand from the seed (platform/db/seed/stores.ts and postcodes.ts):
 * haversine distances from each demo postcode, each store's delivery radius or zone, its method rows and the
 * default 25 km collection radius. Distances from the postcodes, in km:
 *   SW1A 1AA: 1 0.53 (area 4)   3 1.60 (area 3)   5 4.18 (area 6)   2 5.08 (area 3.5)   4 5.29 (area 6)
 *   E1 6AN:   2 0.21 (area 3.5) 4 3.37 (area 6)   3 3.65 (area 3)   1 5.06 (area 4)     5 7.22 (area 6)
 *   M1 1AE:   6 0.20 (area 5)   8 0.38 (area 2, delivery disabled)  7 0.77 (inside its zone); Leeds ~57.6
 *   LS1 4DY:  9 0.37 (area 5)   10 3.27 (area 3); Manchester ~57.2
 *   EH1 1YZ:  11 0.76 (area 5)  12 1.62 (area 4)
 *   IV27 4AA: 15 61.3 (area 12); nothing else within 400 km
 * Names sort as Clapham Bakery (5) < Covent Garden Kitchen (3) < Islington (4) < Spitalfields (2) < Victoria
 * Street (1); Deansgate (7) < Northern Quarter (8) < Piccadilly (6); Briggate (9) < Headingley (10); Leith
 * Walk (12) < Princes Street (11).
 * The clock stands at TEST_NOW: Monday 2 June 2025, 10:00 BST.
 */

let t: TestPlatform;
let token: string;
beforeAll(async () => {
  ({ t, token } = await seededPlatform());
});
afterAll(() => t.close());
afterEach(async () => {
  await setClock(TEST_NOW);
  await saveWhiteLabelOverrides(t.db, t.clock, {});
});

/** Moves the clock; a fresh token follows, since one issued at the old time may have expired by the new one. */
async function setClock(instant: string) {
  t.clock.set(instant);
  token = await t.guestToken();
}

const search = (body: Record<string, unknown>, path = "/api/stores/findNearby") =>
  t.call("POST", path, body, { token });

async function found(body: StoreSearchRequest & Record<string, unknown>) {
  const res = await search(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.findNearbyStores.response.parse(res.body);
}

async function idsFor(body: StoreSearchRequest & Record<string, unknown>) {
  return (await found(body)).stores.map((s) => s.id);
}

async function expectError(res: { status: number; body: unknown }, status: number, message?: string) {
  expect(res.status).toBe(status);
  const error = apiErrorSchema.parse(res.body);
  expect(error.status).toBe(status);
  if (message !== undefined) expect(error.message).toBe(message);
}

const select = (body: Record<string, unknown>) => t.call("POST", "/api/stores/select", body, { token });
async function selected(body: Record<string, unknown>) {
  const res = await select(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.selectStore.response.parse(res.body);
}

const storeIn = (stores: StoreSummary[], id: number) => {
  const store = stores.find((s) => s.id === id);
  if (!store) throw new Error(`store ${id} not in the list`);
  return store;
};

describe("POST /api/stores/findNearby: which stores, in which order", () => {
  type Case = [
    postcode: string,
    method: "delivery" | "collection" | undefined,
    sortBy: "distance" | "name",
    expected: number[],
  ];
  const cases: Case[] = [
    ["SW1A 1AA", "delivery", "distance", [1, 3, 5, 4]],
    ["SW1A 1AA", "delivery", "name", [5, 3, 4, 1]],
    ["SW1A 1AA", "collection", "distance", [1, 3, 5, 2, 4]],
    ["SW1A 1AA", "collection", "name", [5, 3, 4, 2, 1]],
    ["SW1A 1AA", undefined, "distance", [1, 3, 5, 2, 4]],
    ["SW1A 1AA", undefined, "name", [5, 3, 4, 2, 1]],
    ["E1 6AN", "delivery", "distance", [2, 4]],
    ["E1 6AN", "delivery", "name", [4, 2]],
    ["E1 6AN", "collection", "distance", [2, 4, 3, 1, 5]],
    ["E1 6AN", "collection", "name", [5, 3, 4, 2, 1]],
    ["E1 6AN", undefined, "distance", [2, 4, 3, 1, 5]],
    ["E1 6AN", undefined, "name", [5, 3, 4, 2, 1]],
    ["M1 1AE", "delivery", "distance", [6, 7]],
    ["M1 1AE", "delivery", "name", [7, 6]],
    ["M1 1AE", "collection", "distance", [6, 8, 7]],
    ["M1 1AE", "collection", "name", [7, 8, 6]],
    ["M1 1AE", undefined, "distance", [6, 8, 7]],
    ["M1 1AE", undefined, "name", [7, 8, 6]],
    ["LS1 4DY", "delivery", "distance", [9]],
    ["LS1 4DY", "delivery", "name", [9]],
    ["LS1 4DY", "collection", "distance", [9, 10]],
    ["LS1 4DY", "collection", "name", [9, 10]],
    ["LS1 4DY", undefined, "distance", [9, 10]],
    ["LS1 4DY", undefined, "name", [9, 10]],
    ["EH1 1YZ", "delivery", "distance", [11, 12]],
    ["EH1 1YZ", "delivery", "name", [12, 11]],
    ["EH1 1YZ", "collection", "distance", [11, 12]],
    ["EH1 1YZ", "collection", "name", [12, 11]],
    ["EH1 1YZ", undefined, "distance", [11, 12]],
    ["EH1 1YZ", undefined, "name", [12, 11]],
    ["IV27 4AA", "delivery", "distance", []],
    ["IV27 4AA", "collection", "distance", []],
    ["IV27 4AA", undefined, "name", []],
  ];

  it.each(cases)("%s, %s, by %s → %j", async (postcode, fulfilmentMethod, sortBy, expected) => {
    expect(await idsFor({ postcode, fulfilmentMethod, sortBy, returnNearestOnly: false })).toEqual(expected);
  });

  it("sorts by distance when no order is given", async () => {
    expect(await idsFor({ postcode: "E1 6AN" })).toEqual([2, 4, 3, 1, 5]);
  });

  it("answers the same on /api/stores/search", async () => {
    const res = await search({ postcode: "SW1A 1AA", fulfilmentMethod: "delivery" }, "/api/stores/search");
    expect(res.status).toBe(200);
    expect(api.searchStores.response.parse(res.body).stores.map((s) => s.id)).toEqual([1, 3, 5, 4]);
  });

  it("lists the product types of the stores found, sorted, before the product-type filter", async () => {
    expect((await found({ postcode: "SW1A 1AA" })).storeProductTypes).toEqual([
      "alcohol",
      "bakery",
      "deli",
      "grocery",
      "hot-food",
      "pharmacy",
    ]);
    expect((await found({ postcode: "M1 1AE", fulfilmentMethod: "delivery" })).storeProductTypes).toEqual([
      "alcohol",
      "deli",
      "grocery",
      "hot-food",
      "pharmacy",
    ]);
    expect((await found({ postcode: "LS1 4DY", fulfilmentMethod: "delivery" })).storeProductTypes).toEqual([
      "alcohol",
      "bakery",
      "grocery",
      "hot-food",
    ]);
    expect((await found({ postcode: "EH1 1YZ" })).storeProductTypes).toEqual([
      "alcohol",
      "deli",
      "grocery",
      "hot-food",
    ]);
  });

  it("filters by product type, keeping the unfiltered product types", async () => {
    const bakery = await found({ postcode: "SW1A 1AA", productType: "bakery" });
    expect(bakery.stores.map((s) => s.id)).toEqual([1, 5, 2]);
    expect(bakery.storeProductTypes).toEqual(["alcohol", "bakery", "deli", "grocery", "hot-food", "pharmacy"]);
    expect(await idsFor({ postcode: "SW1A 1AA", fulfilmentMethod: "delivery", productType: "hot-food" })).toEqual([3]);
    expect(await idsFor({ postcode: "SW1A 1AA", productType: "bakery", sortBy: "name" })).toEqual([5, 2, 1]);
    expect(await idsFor({ postcode: "M1 1AE", productType: "pharmacy" })).toEqual([6]);
    const none = await found({ postcode: "E1 6AN", productType: "florist" });
    expect(none.stores).toEqual([]);
    expect(none.storeProductTypes).toEqual(["alcohol", "bakery", "deli", "grocery", "hot-food", "pharmacy"]);
  });

  it("returns only the nearest store when asked, whatever the sort", async () => {
    expect(await idsFor({ postcode: "SW1A 1AA", returnNearestOnly: true })).toEqual([1]);
    expect(await idsFor({ postcode: "SW1A 1AA", returnNearestOnly: true, sortBy: "name" })).toEqual([1]);
    expect(
      await idsFor({ postcode: "E1 6AN", fulfilmentMethod: "delivery", productType: "deli", returnNearestOnly: true }),
    ).toEqual([4]);
    expect(await idsFor({ postcode: "M1 1AE", fulfilmentMethod: "collection", returnNearestOnly: true })).toEqual([6]);
    expect(await idsFor({ postcode: "IV27 4AA", returnNearestOnly: true })).toEqual([]);
  });

  it("searches by coordinates, with no postcode in the fulfilment location", async () => {
    const result = await found({ latitude: 51.50101, longitude: -0.14159 });
    expect(result.stores.map((s) => s.id)).toEqual([1, 3, 5, 2, 4]);
    expect(result.fulfilmentLocation).toEqual({ postcode: null, latitude: 51.50101, longitude: -0.14159 });
  });

  it("prefers the postcode when both a postcode and coordinates are sent", async () => {
    const result = await found({
      postcode: "M1 1AE",
      latitude: 51.50101,
      longitude: -0.14159,
      fulfilmentMethod: "delivery",
    });
    expect(result.stores.map((s) => s.id)).toEqual([6, 7]);
    expect(result.fulfilmentLocation).toEqual({ postcode: "M1 1AE", latitude: 53.4808, longitude: -2.2374 });
  });

  it("accepts a postcode in any case and spacing and answers its display form", async () => {
    const result = await found({ postcode: " sw1a1aa ", fulfilmentMethod: "delivery" });
    expect(result.stores.map((s) => s.id)).toEqual([1, 3, 5, 4]);
    expect(result.fulfilmentLocation).toEqual({ postcode: "SW1A 1AA", latitude: 51.50101, longitude: -0.14159 });
  });

  it("answers no stores, and where it looked, for IV27 4AA", async () => {
    const result = await found({ postcode: "IV27 4AA" });
    expect(result).toEqual({
      stores: [],
      storeProductTypes: [],
      fulfilmentLocation: { postcode: "IV27 4AA", latitude: 58.023, longitude: -4.4 },
    });
  });

  it("uses the white-label collection radius", async () => {
    await saveWhiteLabelOverrides(t.db, t.clock, { collectionSearchRadiusKm: 4 });
    expect(await idsFor({ postcode: "SW1A 1AA", fulfilmentMethod: "collection" })).toEqual([1, 3]);
    // Store 5 is 4.18 km away: outside the radius for collection, inside its 6 km delivery area.
    expect(await idsFor({ postcode: "SW1A 1AA" })).toEqual([1, 3, 5, 4]);
    await saveWhiteLabelOverrides(t.db, t.clock, { collectionSearchRadiusKm: 100 });
    expect(await idsFor({ postcode: "M1 1AE", fulfilmentMethod: "collection" })).toEqual([6, 8, 7, 10, 9]);
    await saveWhiteLabelOverrides(t.db, t.clock, { collectionSearchRadiusKm: 62 });
    expect(await idsFor({ postcode: "IV27 4AA" })).toEqual([15]);
  });
});

describe("POST /api/stores/findNearby: each store as listed", () => {
  it("describes a store: slug, address, distance, costs", async () => {
    const { stores } = await found({ postcode: "SW1A 1AA" });
    const victoria = storeIn(stores, ids.openLondonVictoria);
    expect(victoria).toMatchObject({
      id: 1,
      storeName: "Larder & Co Victoria Street",
      slug: "victoria-street-1",
      address: {
        addressLine1: "118 Victoria Street",
        addressLine2: null,
        town: "London",
        county: null,
        postcode: "SW1E 5LB",
        countryCode: "GB",
      },
      phone: "020 7946 0101",
      lat: 51.4968,
      lng: -0.138,
      distanceKm: 0.53,
      distanceMiles: 0.33,
      storeProductTypes: ["grocery", "bakery", "deli", "alcohol", "pharmacy"],
      ordersPaused: false,
      temporarilyClosed: false,
      timeZone: "Europe/London",
    });
    // 0.53 km falls in the first delivery tier (up to 1.5 km, £1.99).
    expect(victoria.orderMethods.delivery).toMatchObject({
      enabledForMethod: true,
      canDeliver: true,
      leadTime: 2700,
      cost: 199,
      costText: "£1.99",
      freeFrom: 4000,
      minSpend: 1500,
      deliveryTiers: [
        { upToKm: 1.5, cost: 199 },
        { upToKm: 3, cost: 299 },
        { upToKm: 4, cost: 399 },
      ],
      freeFulfilmentMessage: "Free delivery on orders of £40 or more",
      orderDaysInAdvance: 7,
      hasOnlyAsapSlotType: false,
      hasFutureSlotType: true,
      maxBasketItems: 0,
    });
    expect(victoria.orderMethods.collection).toMatchObject({
      cost: 0,
      costText: "Free",
      freeFrom: null,
      deliveryTiers: null,
      leadTime: 900,
    });
    // Store 3 is 1.60 km away: its second tier (up to 2 km, £2.49). Store 5 has no tiers.
    expect(storeIn(stores, 3).orderMethods.delivery).toMatchObject({ cost: 249, costText: "£2.49" });
    expect(storeIn(stores, 5).orderMethods.delivery).toMatchObject({
      cost: 499,
      costText: "£4.99",
      deliveryTiers: null,
    });
    expect(storeIn(stores, 4)).toMatchObject({ distanceKm: 5.29, distanceMiles: 3.29 });
  });

  it("gives the 24-hour stores open on both methods", async () => {
    for (const [postcode, id] of [
      ["SW1A 1AA", 1],
      ["E1 6AN", 2],
      ["M1 1AE", 6],
      ["LS1 4DY", 9],
      ["EH1 1YZ", 11],
    ] as const) {
      const store = storeIn((await found({ postcode })).stores, id);
      expect(store.orderMethods.delivery, `${id} delivery`).toMatchObject({
        status: "open",
        canDeliver: true,
        enabledForMethod: true,
      });
      expect(store.orderMethods.collection, `${id} collection`).toMatchObject({ status: "open", canDeliver: true });
      expect(store.orderMethods.delivery.openingHoursToday).toEqual([{ open: "00:00", close: "24:00" }]);
    }
    const victoria = storeIn((await found({ postcode: "SW1A 1AA" })).stores, 1);
    expect(victoria.orderMethods.delivery.earliestOpeningDate).toBe("2025-06-02T09:45:00.000Z");
    expect(victoria.orderMethods.collection.earliestOpeningDate).toBe("2025-06-02T09:15:00.000Z");
  });

  it("gives the paused store closed on both methods, flagged as paused with its message", async () => {
    const paused = storeIn((await found({ postcode: "E1 6AN" })).stores, ids.paused);
    expect(paused.ordersPaused).toBe(true);
    expect(paused.pausedMessage).toBe(
      "We're taking a short break from online orders while we restock. Please try again later.",
    );
    expect(paused.orderMethods.delivery).toMatchObject({
      status: "closed",
      canDeliver: true,
      enabledForMethod: true,
      earliestOpeningDate: null,
    });
    expect(paused.orderMethods.collection).toMatchObject({ status: "closed", earliestOpeningDate: null });
  });

  it("gives the pre-order-only store pre-order on both methods, a day ahead", async () => {
    const bakery = storeIn((await found({ postcode: "SW1A 1AA" })).stores, ids.preorderOnly);
    expect(bakery.orderMethods.delivery).toMatchObject({
      status: "preorder",
      canDeliver: true,
      earliestOpeningDate: "2025-06-03T09:00:00.000Z",
    });
    expect(bakery.orderMethods.collection).toMatchObject({
      status: "preorder",
      earliestOpeningDate: "2025-06-03T09:00:00.000Z",
    });
  });

  it("gives the temporarily closed store closed on both methods with its message", async () => {
    const closed = storeIn((await found({ postcode: "EH1 1YZ" })).stores, ids.closed);
    expect(closed).toMatchObject({
      temporarilyClosed: true,
      storeClosedMessage:
        "Our Leith Walk shop is closed for refurbishment. Our Princes Street store can still deliver to you.",
      ordersPaused: false,
    });
    expect(closed.orderMethods.delivery.status).toBe("closed");
    expect(closed.orderMethods.collection.status).toBe("closed");
  });

  it("gives the collection-only store delivery disabled and closed, collection open", async () => {
    const store = storeIn((await found({ postcode: "M1 1AE" })).stores, ids.collectionOnly);
    // Its delivery area reaches M1 1AE; the disabled method row is what keeps it off the delivery list.
    expect(store.orderMethods.delivery).toMatchObject({ enabledForMethod: false, status: "closed", canDeliver: true });
    expect(store.orderMethods.collection).toMatchObject({ enabledForMethod: true, status: "open", canDeliver: true });
  });

  it("gives the ordinary-hours kitchen pre-order before it opens at 11:30", async () => {
    const kitchen = storeIn((await found({ postcode: "SW1A 1AA" })).stores, ids.ordinaryHoursTakeaway);
    expect(kitchen.orderMethods.delivery).toMatchObject({
      status: "preorder",
      earliestOpeningDate: "2025-06-02T10:30:00.000Z",
      cutOffDateTime: "2025-06-02T21:00:00.000Z",
      openingHoursToday: [
        { open: "11:30", close: "14:30" },
        { open: "17:00", close: "22:30" },
      ],
    });
    await setClock("2025-06-02T12:00:00.000Z"); // 13:00 BST
    const atLunch = storeIn((await found({ postcode: "SW1A 1AA" })).stores, ids.ordinaryHoursTakeaway);
    expect(atLunch.orderMethods.delivery.status).toBe("open");
    expect(atLunch.orderMethods.collection.status).toBe("open");
  });

  it("gives the cut-off store's delivery open before 16:00 and pre-order after it, collection still open", async () => {
    const before = storeIn((await found({ postcode: "LS1 4DY" })).stores, ids.cutOff);
    // 3.27 km from LS1 4DY, beyond its 3 km delivery area: listed for collection only.
    expect(before.orderMethods.delivery).toMatchObject({
      status: "open",
      canDeliver: false,
      cutOffDateTime: "2025-06-02T15:00:00.000Z",
    });
    expect(before.orderMethods.collection).toMatchObject({
      status: "open",
      canDeliver: true,
      cutOffDateTime: "2025-06-02T17:00:00.000Z",
    });
    await setClock("2025-06-02T15:30:00.000Z"); // 16:30 BST
    const after = storeIn((await found({ postcode: "LS1 4DY" })).stores, ids.cutOff);
    expect(after.orderMethods.delivery).toMatchObject({
      status: "preorder",
      earliestOpeningDate: "2025-06-03T08:00:00.000Z",
    });
    expect(after.orderMethods.collection.status).toBe("open");
  });

  it("groups the results as the stores page lists them", async () => {
    const { stores } = await found({ postcode: "SW1A 1AA" });
    const ids = (method: "delivery" | "collection", status: "open" | "preorder") =>
      stores
        .filter(
          (s) =>
            !storeIsClosed(s.orderMethods) &&
            methodIsAvailable(s.orderMethods[method]) &&
            s.orderMethods[method].status === status,
        )
        .map((s) => s.id);
    expect(ids("delivery", "open")).toEqual([1]);
    expect(ids("delivery", "preorder")).toEqual([3, 5]);
    // Store 2 is open for delivery, but SW1A 1AA lies outside its delivery area.
    expect(ids("collection", "open")).toEqual([1, 2]);
    expect(ids("collection", "preorder")).toEqual([3, 5]);
    expect(stores.filter((s) => storeIsClosed(s.orderMethods)).map((s) => s.id)).toEqual([4]);
  });
});

describe("POST /api/stores/findNearby: refusals", () => {
  it("needs a token", async () => {
    const res = await t.call("POST", "/api/stores/findNearby", { postcode: "SW1A 1AA" });
    await expectError(res, 401);
  });

  it("needs a location", async () => {
    const message = "Location is required to select a store. Please enter your postcode or allow location access.";
    await expectError(await search({}), 400, message);
    await expectError(await search({ postcode: "   " }), 400, message);
    await expectError(await search({ latitude: 51.5 }), 400, message);
    await expectError(await search({ postcode: null, latitude: null, longitude: -0.1 }), 400, message);
  });

  it("refuses a postcode that is not a UK postcode, in the spec's words", async () => {
    await expectError(await search({ postcode: "ABC" }), 400, "ABC is not a valid postcode");
    await expectError(await search({ postcode: "sw1a 1aaa" }), 400, "SW1A 1AAA is not a valid postcode");
    await expectError(await search({ postcode: "90210" }), 400, "90210 is not a valid postcode");
  });

  it("answers 404 for a well-formed postcode it cannot find", async () => {
    await expectError(await search({ postcode: "SW1A 9ZZ" }), 404, "Unable to find location");
  });

  it("answers 400 for values of the wrong type or out of range", async () => {
    for (const body of [
      { latitude: "51.5", longitude: -0.1 },
      { latitude: 91, longitude: -0.1 },
      { latitude: 51.5, longitude: -181 },
      { postcode: 12345 },
      { postcode: "SW1A 1AA", fulfilmentMethod: "drone" },
      { postcode: "SW1A 1AA", sortBy: "price" },
      { postcode: "SW1A 1AA", returnNearestOnly: "yes" },
      { postcode: "SW1A 1AA", productType: ["bakery"] },
      { postcode: "SW1A 1AA".repeat(3) },
    ]) {
      const res = await search(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      apiErrorSchema.parse(res.body);
    }
  });
});

describe("POST /api/stores/select", () => {
  it("answers the store details by id with a postcode", async () => {
    const details = await selected({ storeId: ids.openLondonVictoria, postcode: "SW1A 1AA" });
    expect(details).toMatchObject({
      id: 1,
      storeName: "Larder & Co Victoria Street",
      storeLogo: null,
      slug: "victoria-street-1",
      currency: { currencyCode: "GBP", symbolChar: "£" },
      storeProductTypes: ["grocery", "bakery", "deli", "alcohol", "pharmacy"],
      tips: { enabled: true },
      guestCheckoutAllowed: true,
      ordersPaused: false,
      pausedMessage: null,
      temporarilyClosed: false,
      storeClosedMessage: null,
      orderSuccessMessage: "Thanks for your order! We'll send you a text when it's on its way.",
      customerOrderNotePlaceholder: "Anything we should know? e.g. ring the bell for flat 2",
      memberEmailCheck: false,
      retailCustomer: { hasMembership: true },
      membershipPricing: true,
      allowedMarketingChannels: [
        { id: 1, platformNames: { web: "Email" } },
        { id: 2, platformNames: { web: "SMS" } },
      ],
      isDriverTipEmojiEnabled: false,
      info: { storeTimeZone: "Europe/London" },
      basketOnlyTimeSelection: false,
      town: "London",
      lat: 51.4968,
      lng: -0.138,
      phone: "020 7946 0101",
      distanceKm: 0.53,
      fulfilmentLocation: { postcode: "SW1A 1AA", latitude: 51.50101, longitude: -0.14159 },
    });
    expect(details.orderMethods.delivery).toMatchObject({ status: "open", canDeliver: true, cost: 199 });
    expect(details.orderMethods.collection).toMatchObject({ status: "open", canDeliver: true });
    expect(details.paymentMethods.map((p) => p.name)).toEqual(["cash", "card", "applepay", "googlepay"]);
    expect(details.paymentMethods[0]!.settings).toEqual({
      enabledForMethod: { delivery: true, collection: true },
      cutOffTime: "21:00:00",
      paymentGateways: [],
    });
    for (const wallet of details.paymentMethods.slice(1))
      expect(wallet.settings.paymentGateways).toEqual(["checkoutcom"]);
    expect(details.paymentGateways).toEqual([
      { name: "checkoutcom", mode: "sandbox", fields: { publicKey: "pk_sbox_embedded_test_gateway" } },
    ]);
    // Today and the seven days after it.
    expect(details.deliveryDays.map((d) => d.date)).toEqual([
      "2025-06-02",
      "2025-06-03",
      "2025-06-04",
      "2025-06-05",
      "2025-06-06",
      "2025-06-07",
      "2025-06-08",
      "2025-06-09",
    ]);
    expect(details.deliveryDays.every((d) => d.holidayMessage === null)).toBe(true);
    expect(details.weeklyHours.delivery?.["1"]).toEqual([{ open: "00:00", close: "24:00" }]);
  });

  it("carries the store's basket settings: Briggate's tip choices have emoji and its time is chosen in the basket only", async () => {
    const briggate = await selected({ storeId: 9, postcode: "LS1 4DY" });
    expect(briggate).toMatchObject({ isDriverTipEmojiEnabled: true, basketOnlyTimeSelection: true });
    const victoria = await selected({ storeId: 1, postcode: "SW1A 1AA" });
    expect(victoria).toMatchObject({ isDriverTipEmojiEnabled: false, basketOnlyTimeSelection: false });
  });

  it("answers by coordinates too, with the distance from them", async () => {
    const details = await selected({ storeId: 2, latitude: 51.5179, longitude: -0.0732 });
    expect(details.distanceKm).toBe(0.21);
    expect(details.orderMethods.delivery.canDeliver).toBe(true);
    expect(details.fulfilmentLocation).toEqual({ postcode: null, latitude: 51.5179, longitude: -0.0732 });
  });

  it("answers without a location: no distance, delivery not known to reach, collection allowed", async () => {
    const details = await selected({ storeId: 1 });
    expect(details.distanceKm).toBeNull();
    expect(details.fulfilmentLocation).toBeNull();
    expect(details.orderMethods.delivery.canDeliver).toBe(false);
    expect(details.orderMethods.collection.canDeliver).toBe(true);
    // Without a distance the delivery cost is the method's own.
    expect(details.orderMethods.delivery.cost).toBe(399);
  });

  it("marks a store out of reach from the location", async () => {
    const details = await selected({ storeId: 1, postcode: "M1 1AE" });
    expect(details.orderMethods.delivery.canDeliver).toBe(false);
    expect(details.orderMethods.collection.canDeliver).toBe(false);
  });

  it("takes the id from the SEO url: the number after the last dash", async () => {
    expect((await selected({ seoUrl: "victoria-street-1" })).id).toBe(1);
    expect((await selected({ seoUrl: "/stores/new-street-13/" })).id).toBe(13);
    // Old text with the right id still finds the store; its current slug lets the storefront redirect.
    const renamed = await selected({ seoUrl: "old-victoria-name-1" });
    expect(renamed.slug).toBe("victoria-street-1");
    // storeId wins over seoUrl.
    expect((await selected({ storeId: 2, seoUrl: "victoria-street-1" })).id).toBe(2);
  });

  it("answers 404 'Store not found.' for an unknown store or an SEO url without an id", async () => {
    await expectError(await select({ storeId: 999 }), 404, "Store not found.");
    await expectError(await select({ seoUrl: "victoria-street" }), 404, "Store not found.");
    await expectError(await select({ seoUrl: "victoria-street-0" }), 404, "Store not found.");
    await expectError(await select({ seoUrl: "victoria-street-999" }), 404, "Store not found.");
  });

  it("refuses bad locations and bad input", async () => {
    await expectError(await select({ storeId: 1, postcode: "SW1A 9ZZ" }), 404, "Unable to find location");
    await expectError(await select({ storeId: 1, postcode: "NOPE" }), 400, "NOPE is not a valid postcode");
    await expectError(await select({}), 400);
    await expectError(await select({ storeId: "one" }), 400);
    await expectError(await select({ storeId: 1.5 }), 400);
    await expectError(await select({ storeId: -3 }), 400);
    await expectError(await select({ storeId: 1, latitude: "north" }), 400);
    await expectError(await t.call("POST", "/api/stores/select", { storeId: 1 }), 401);
  });

  it("gives the ASAP-only store's delivery closed before it opens, naming its opening, and its basket limit", async () => {
    // Both methods open at 11:00 BST; the lead times (40 and 20 minutes) fit before then.
    const details = await selected({ storeId: ids.asapOnlyDelivery, postcode: "B2 4HN" });
    expect(details.orderMethods.delivery).toMatchObject({
      status: "closed",
      earliestOpeningDate: "2025-06-02T10:00:00.000Z",
      hasOnlyAsapSlotType: true,
      hasFutureSlotType: false,
      orderDaysInAdvance: 0,
      maxBasketItems: 30,
    });
    expect(details.orderMethods.collection).toMatchObject({
      status: "preorder",
      earliestOpeningDate: "2025-06-02T10:00:00.000Z",
    });
    expect(details.deliveryDays).toEqual([{ date: "2025-06-02", holidayMessage: null }]);
    // Same-day collection: tomorrow joins only from 22:00.
    expect(details.collectionDays.map((d) => d.date)).toEqual(["2025-06-02"]);
  });

  it("gives the store without a delivery row: delivery closed, no hours, no days; collection open", async () => {
    const details = await selected({ storeId: ids.collectionOnlyNoDeliveryRow, postcode: "BS1 4DJ" });
    expect(details.orderMethods.delivery).toMatchObject({
      enabledForMethod: false,
      status: "closed",
      canDeliver: false,
      openingHoursToday: [],
      earliestOpeningDate: null,
    });
    expect(details.orderMethods.collection).toMatchObject({ enabledForMethod: true, status: "open", canDeliver: true });
    expect(details.weeklyHours.delivery).toBeNull();
    expect(details.weeklyHours.collection?.["7"]).toEqual([{ open: "10:00", close: "16:00" }]);
    expect(details.deliveryDays).toEqual([]);
    expect(details.guestCheckoutAllowed).toBe(false);
  });

  it("shows holidays: Christmas Day closed, pre-order for the Sunday after Boxing Day", async () => {
    await setClock("2026-12-25T12:00:00.000Z"); // Friday
    const details = await selected({ storeId: ids.ordinaryHoursTakeaway, postcode: "WC2E 9ED" });
    expect(details.orderMethods.delivery).toMatchObject({
      status: "preorder",
      holidayMessage: "Closed for Christmas Day. Merry Christmas from everyone at Larder & Co!",
      openingHoursToday: [],
      cutOffDateTime: null,
      earliestOpeningDate: "2026-12-27T12:00:00.000Z",
    });
    expect(details.deliveryDays).toEqual([
      { date: "2026-12-25", holidayMessage: "Closed for Christmas Day. Merry Christmas from everyone at Larder & Co!" },
      { date: "2026-12-26", holidayMessage: "Closed for Boxing Day. We reopen tomorrow." },
      { date: "2026-12-27", holidayMessage: null },
    ]);
  });

  it("flags the paused store in its details", async () => {
    const details = await selected({ storeId: ids.paused, postcode: "E1 6AN" });
    expect(details.ordersPaused).toBe(true);
    expect(details.orderMethods.delivery.status).toBe("closed");
    expect(details.orderMethods.collection.status).toBe("closed");
  });
});

describe("POST /api/stores/all", () => {
  it("lists every store by town, then name", async () => {
    const res = await t.call("POST", "/api/stores/all", {}, { token });
    expect(res.status).toBe(200);
    const { stores } = api.listStores.response.parse(res.body);
    expect(stores.map((s) => s.id)).toEqual([13, 14, 12, 11, 15, 9, 10, 5, 3, 4, 2, 1, 7, 8, 6]);
    expect(stores[0]).toEqual({
      id: 13,
      storeName: "Larder & Co New Street",
      slug: "new-street-13",
      town: "Birmingham",
      address: {
        addressLine1: "130 New Street",
        addressLine2: null,
        town: "Birmingham",
        county: "West Midlands",
        postcode: "B2 4HN",
        countryCode: "GB",
      },
      storeProductTypes: ["hot-food", "grocery"],
    });
  });

  it("needs a token", async () => {
    await expectError(await t.call("POST", "/api/stores/all", {}), 401);
  });
});
