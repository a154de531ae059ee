import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Basket } from "../contract";
import { memberToken } from "../auth/testing/tokens";
import { adultItem, plainItems, setItem, type ItemRow } from "../catalogue/testing/items";
import { demoStoreIds as ids } from "../db/seed";
import { basketLines, baskets, deals, menuItems, storeOrderMethods, stores } from "../db/schema";
import { expectError, seededPlatform, VICTORIA, type ShopperApi, type TestPlatform } from "../testing";

/*
 * Store 1 (Victoria Street) sells the grocery menu and prices for members. Delivery: £3.99, or by distance
 * (up to 1.5 km £1.99, 3 km £2.99, 4 km £3.99), free from £40, minimum spend £15. Collection is free.
 */

let t: TestPlatform;
let token: string;
let b: ShopperApi;
let plain: ItemRow[];
let adult: ItemRow;

beforeAll(async () => {
  ({ t, token, shop: b } = await seededPlatform());
  // The seeded deals would discount the plain items; the deal tests insert their own.
  await t.db.delete(deals);
  plain = await plainItems(t);
  adult = await adultItem(t);
  expect(plain.length).toBeGreaterThanOrEqual(50);
});
afterAll(() => t.close());

const ADD = "/api/basket/item/add";
const UPDATE_ITEM = "/api/basket/item/update";
const REMOVE = "/api/basket/item/remove";
const UPDATE = "/api/basket/update";
const CLEAR = "/api/basket/clear";
const TIP = "/api/basket/tip/update";

const slugOf = (row: ItemRow) => `${row.slugText}-${row.id}`;
const item = (i: number) => plain[i]!;

async function setMethod(
  storeId: number,
  method: "delivery" | "collection",
  changes: Partial<typeof storeOrderMethods.$inferInsert>,
) {
  await t.db
    .update(storeOrderMethods)
    .set(changes)
    .where(and(eq(storeOrderMethods.storeId, storeId), eq(storeOrderMethods.method, method)));
}

describe("POST /api/basket/item/add", () => {
  it("adds an item as a new line under the given id, with the line's prices and the basket's totals", async () => {
    const basket = await b.newBasket(token);
    const bread = item(0);
    const after = await b.add(token, basket, { menuItemId: bread.id, quantity: 2 }, { basketLineId: "line-1" });
    expect(after.items).toEqual([
      {
        basketLineId: "line-1",
        menuItemId: bread.id,
        quantity: 2,
        name: bread.name,
        price: bread.pricePence * 2,
        unitPrice: bread.pricePence,
        variant: null,
        sizeId: null,
        options: [],
        isAlcohol: false,
        ageRestriction: null,
        menuItem: {
          name: bread.name,
          slug: slugOf(bread),
          image: bread.image,
          categorySlug: expect.stringMatching(new RegExp(`-${bread.categoryId}$`)),
        },
        checkoutConflicts: [],
      },
    ]);
    expect(after).toMatchObject({
      orderSubtotal: bread.pricePence * 2,
      orderSubtotalAfterDiscounts: bread.pricePence * 2,
      totalItemsQuantity: 2,
      savings: 0,
      promotions: [],
      missedPromotions: [],
      fees: [{ code: "DELIVERY", amount: 399 }],
      orderTotal: bread.pricePence * 2 + 399,
    });
    expect(after.loyaltyPoints.pointsToBeEarned).toBe(Math.floor((bread.pricePence * 2) / 100));
  });

  it("joins the same item to its line, and gives a line without an id a random one", async () => {
    const basket = await b.newBasket(token);
    await b.add(token, basket, { menuItemId: item(0).id, quantity: 1 });
    await b.add(token, basket, { menuItemId: item(1).id, quantity: 1 }, { basketLineId: "second" });
    const after = await b.add(
      token,
      basket,
      { menuItemId: item(0).id, quantity: 2 },
      { basketLineId: "ignored-same-choice" },
    );
    expect(after.items.map((l) => [l.menuItemId, l.quantity])).toEqual([
      [item(0).id, 3],
      [item(1).id, 1],
    ]);
    expect(after.items[0]!.basketLineId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(after.items[1]!.basketLineId).toBe("second");
    expect(after.totalItemsQuantity).toBe(4);
  });

  it("refuses a line id already used for another item", async () => {
    const basket = await b.newBasket(token);
    await b.add(token, basket, { menuItemId: item(0).id, quantity: 1 }, { basketLineId: "taken" });
    const res = await b.addRaw(token, basket, { menuItemId: item(1).id, quantity: 1 }, { basketLineId: "taken" });
    expectError(res, 409, { errorCode: "LINE_ID_TAKEN", message: "That basket line already holds another item." });
    expect((await b.read(token, basket)).items).toHaveLength(1);
  });

  it("refuses another store's or another method's add", async () => {
    const basket = await b.newBasket(token);
    expectError(
      await b.addRaw(token, basket, { menuItemId: item(0).id, quantity: 1 }, { storeId: ids.openLondonSpitalfields }),
      409,
      {
        errorCode: "STORE_MISMATCH",
        message: "This basket is for another store.",
      },
    );
    expectError(
      await b.addRaw(token, basket, { menuItemId: item(0).id, quantity: 1 }, { fulfilmentMethod: "collection" }),
      409,
      {
        errorCode: "FULFILMENT_METHOD_MISMATCH",
        message: "Basket fulfillment method mismatch",
      },
    );
  });

  it("refuses an item that is not on the store's menu or not sold for the method", async () => {
    const basket = await b.newBasket(token);
    const [takeaway] = await plainItems(t, ids.ordinaryHoursTakeaway);
    const unavailable = {
      errorCode: "ITEM_UNAVAILABLE",
      message: "Item is no longer available.",
      errorDisplay: "Item is no longer available.",
    };
    expectError(await b.addRaw(token, basket, { menuItemId: takeaway!.id, quantity: 1 }), 404, unavailable);
    expectError(await b.addRaw(token, basket, { menuItemId: 2_000_000, quantity: 1 }), 404, unavailable);
    await setItem(t, item(2).id, { availableForDelivery: false });
    try {
      expectError(await b.addRaw(token, basket, { menuItemId: item(2).id, quantity: 1 }), 404, unavailable);
    } finally {
      await setItem(t, item(2).id, { availableForDelivery: true });
    }
  });

  it("refuses bad input, no token, an unknown basket and another session's", async () => {
    const basket = await b.newBasket(token);
    for (const menuItem of [
      { menuItemId: item(0).id, quantity: 0 },
      { menuItemId: item(0).id, quantity: 100 },
      { menuItemId: "1", quantity: 1 },
    ]) {
      expectError(await b.addRaw(token, basket, menuItem), 400);
    }
    expectError(
      await b.addRaw(token, basket, { menuItemId: item(0).id, quantity: 1 }, { basketLineId: "no spaces" }),
      400,
    );
    expectError(await b.addRaw(null, basket, { menuItemId: item(0).id, quantity: 1 }), 401);
    expectError(
      await b.addRaw(token, { ...basket, basketToken: "unknown" }, { menuItemId: item(0).id, quantity: 1 }),
      404,
      { message: "Basket not found." },
    );
    expectError(await b.addRaw(await t.guestToken(), basket, { menuItemId: item(0).id, quantity: 1 }), 403, {
      message: "This basket belongs to another session.",
    });
  });

  it("adds once for the same request sent twice with one Idempotency-Key", async () => {
    const basket = await b.newBasket(token);
    const headers = { "idempotency-key": "add-once" };
    const first = await b.ok(await b.addRaw(token, basket, { menuItemId: item(0).id, quantity: 1 }, {}, headers));
    const second = await b.ok(await b.addRaw(token, basket, { menuItemId: item(0).id, quantity: 1 }, {}, headers));
    expect(second).toEqual(first);
    expect((await b.read(token, basket)).items.map((l) => l.quantity)).toEqual([1]);
    const reused = await b.addRaw(token, basket, { menuItemId: item(1).id, quantity: 1 }, {}, headers);
    expectError(reused, 422, { errorCode: "IDEMPOTENCY_KEY_REUSED" });
  });

  it("keeps all 50 lines when 50 different items are added at once", async () => {
    const basket = await b.newBasket(token);
    const results = await Promise.all(
      plain.slice(0, 50).map((row) => b.addRaw(token, basket, { menuItemId: row.id, quantity: 1 })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const after = await b.read(token, basket);
    expect(after.items).toHaveLength(50);
    expect(new Set(after.items.map((l) => l.menuItemId))).toEqual(new Set(plain.slice(0, 50).map((row) => row.id)));
    expect(after.totalItemsQuantity).toBe(50);
  });

  it("counts 20 of the same item added at once as one line of 20", async () => {
    const basket = await b.newBasket(token);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => b.addRaw(token, basket, { menuItemId: item(3).id, quantity: 1 })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const after = await b.read(token, basket);
    expect(after.items.map((l) => l.quantity)).toEqual([20]);
  });

  it("refuses more than 99 of one line", async () => {
    const basket = await b.newBasket(token);
    await b.add(token, basket, { menuItemId: item(0).id, quantity: 99 });
    expectError(await b.addRaw(token, basket, { menuItemId: item(0).id, quantity: 1 }), 409, {
      errorCode: "LINE_QUANTITY_MAX",
      message: "You can have at most 99 of one item in your basket.",
    });
  });

  describe("the store's maximum number of items", () => {
    afterEach(() => setMethod(VICTORIA, "delivery", { maxBasketItems: 0 }));

    it("refuses an add that would pass it, and says so", async () => {
      await setMethod(VICTORIA, "delivery", { maxBasketItems: 5 });
      const basket = await b.newBasket(token);
      expect(basket.maxBasketItems).toBe(5);
      await b.add(token, basket, { menuItemId: item(0).id, quantity: 4 });
      const res = await b.addRaw(token, basket, { menuItemId: item(1).id, quantity: 2 });
      expectError(res, 409, {
        errorCode: "MAX_BASKET_ITEMS",
        message: "Your basket is full: this store takes at most 5 items for delivery.",
        errorDisplay: "Your basket is full: this store takes at most 5 items for delivery.",
      });
      const full = await b.add(token, basket, { menuItemId: item(1).id, quantity: 1 });
      expect(full.totalItemsQuantity).toBe(5);
      expectError(
        await b.post(
          UPDATE,
          {
            basketToken: basket.basketToken,
            updates: { basketLines: [{ basketLineId: full.items[0]!.basketLineId, quantity: 5 }] },
          },
          token,
        ),
        409,
        {
          errorCode: "MAX_BASKET_ITEMS",
        },
      );
    });

    it("still lets a basket over a lowered maximum come down", async () => {
      const basket = await b.newBasket(token);
      const filled = await b.add(token, basket, { menuItemId: item(0).id, quantity: 8 });
      await setMethod(VICTORIA, "delivery", { maxBasketItems: 5 });
      const lowered = await b.ok(
        await b.post(
          UPDATE,
          {
            basketToken: basket.basketToken,
            updates: { basketLines: [{ basketLineId: filled.items[0]!.basketLineId, quantity: 7 }] },
          },
          token,
        ),
      );
      expect(lowered.totalItemsQuantity).toBe(7);
    });

    it("means no limit at 0", async () => {
      const basket = await b.newBasket(token);
      expect(basket.maxBasketItems).toBe(0);
      expect((await b.add(token, basket, { menuItemId: item(0).id, quantity: 99 })).totalItemsQuantity).toBe(99);
    });
  });

  describe("age restriction", () => {
    it("refuses an 18+ item until the basket's accepted age is 18, then adds it", async () => {
      const basket = await b.newBasket(token);
      const refused = expectError(await b.addRaw(token, basket, { menuItemId: adult.id, quantity: 1 }), 403, {
        errorCode: "AGE_RESTRICTED",
        message: "You must be 18 or over to buy this item.",
        errorDisplay: "You must be 18 or over to buy this item.",
      });
      expect(refused.ageRestriction).toBe(18);

      const sixteen = await b.ok(
        await b.post(UPDATE, { basketToken: basket.basketToken, updates: { attributes: { acceptedAge: 16 } } }, token),
      );
      expect(sixteen.acceptedAge).toBe(16);
      expectError(await b.addRaw(token, basket, { menuItemId: adult.id, quantity: 1 }), 403, {
        errorCode: "AGE_RESTRICTED",
      });

      const confirmed = await b.ok(
        await b.post(UPDATE, { basketToken: basket.basketToken, updates: { attributes: { acceptedAge: 18 } } }, token),
      );
      expect(confirmed.acceptedAge).toBe(18);
      const after = await b.add(token, basket, { menuItemId: adult.id, quantity: 1 });
      expect(after.items[0]).toMatchObject({
        menuItemId: adult.id,
        ageRestriction: 18,
        isAlcohol: adult.isAlcohol,
        checkoutConflicts: [],
      });
    });

    it("replays the refusal, age included, for a retried request", async () => {
      const basket = await b.newBasket(token);
      const headers = { "idempotency-key": "age-refused" };
      const first = await b.addRaw(token, basket, { menuItemId: adult.id, quantity: 1 }, {}, headers);
      const again = await b.addRaw(token, basket, { menuItemId: adult.id, quantity: 1 }, {}, headers);
      expect(again.status).toBe(403);
      expect(again.body).toEqual(first.body);
      expect((again.body as Record<string, unknown>).ageRestriction).toBe(18);
    });

    it("flags a line once the accepted age is lowered below it", async () => {
      const basket = await b.newBasket(token);
      await b.post(UPDATE, { basketToken: basket.basketToken, updates: { attributes: { acceptedAge: 18 } } }, token);
      await b.add(token, basket, { menuItemId: adult.id, quantity: 1 });
      const lowered = await b.ok(
        await b.post(UPDATE, { basketToken: basket.basketToken, updates: { attributes: { acceptedAge: 17 } } }, token),
      );
      expect(lowered.items[0]!.checkoutConflicts).toEqual([
        { code: "AGE_RESTRICTED", message: "You must be 18 or over to buy this item." },
      ]);
      expect(lowered.orderSubtotal).toBe(adult.pricePence);
    });
  });

  describe("sizes and options", () => {
    const sized = () => item(10);
    beforeAll(async () => {
      await setItem(t, sized().id, {
        sizes: [
          { id: 990001, name: "Small", pricePence: 500, memberPricePence: null },
          { id: 990002, name: "Large", pricePence: 800, memberPricePence: 700 },
        ],
        optionGroups: [
          {
            id: 990101,
            name: "Crust",
            minChoices: 1,
            maxChoices: 1,
            options: [
              { id: 990111, name: "Thin", pricePence: 0 },
              { id: 990112, name: "Stuffed", pricePence: 150 },
            ],
          },
          {
            id: 990102,
            name: "Extras",
            minChoices: 0,
            maxChoices: 2,
            options: [
              { id: 990121, name: "Cheese", pricePence: 100 },
              { id: 990122, name: "Olives", pricePence: 80 },
              { id: 990123, name: "Chillies", pricePence: 50 },
            ],
          },
        ],
      });
    });
    afterAll(() => setItem(t, sized().id, { sizes: [], optionGroups: [] }));

    it("prices the size plus the options, and names them as the variant", async () => {
      const basket = await b.newBasket(token);
      const after = await b.add(token, basket, {
        menuItemId: sized().id,
        quantity: 2,
        sizeId: 990002,
        options: [990121, 990112],
      });
      expect(after.items[0]).toMatchObject({
        unitPrice: 800 + 150 + 100,
        price: 2 * 1050,
        sizeId: 990002,
        variant: "Large, Stuffed, Cheese",
        options: [
          { id: 990112, name: "Stuffed", price: 150 },
          { id: 990121, name: "Cheese", price: 100 },
        ],
      });
      // Victoria prices for members: a guest is told what the Large's member price would save.
      expect(after.missedMembershipPriceDiscount).toBe(200);
      // The same choice, options in another order, joins the line; another choice is a line of its own.
      const same = await b.add(token, basket, {
        menuItemId: sized().id,
        quantity: 1,
        sizeId: 990002,
        options: [990112, 990121],
      });
      expect(same.items.map((l) => l.quantity)).toEqual([3]);
      const other = await b.add(token, basket, {
        menuItemId: sized().id,
        quantity: 1,
        sizeId: 990001,
        options: [990111],
      });
      expect(other.items.map((l) => [l.variant, l.unitPrice])).toEqual([
        ["Large, Stuffed, Cheese", 1050],
        ["Small, Thin", 500],
      ]);
    });

    it("refuses a missing or foreign size and options that break a group's rules", async () => {
      const basket = await b.newBasket(token);
      const invalid = { errorCode: "INVALID_CHOICE", errorDisplay: "Please choose the options this item needs." };
      for (const choice of [
        { options: [990111] },
        { sizeId: 123, options: [990111] },
        { sizeId: 990001, options: [] },
        { sizeId: 990001, options: [990111, 990112] },
        { sizeId: 990001, options: [990111, 990121, 990122, 990123] },
        { sizeId: 990001, options: [990111, 424242] },
      ]) {
        expectError(await b.addRaw(token, basket, { menuItemId: sized().id, quantity: 1, ...choice }), 400, invalid);
      }
      expectError(await b.addRaw(token, basket, { menuItemId: item(0).id, quantity: 1, sizeId: 990001 }), 400, invalid);
    });

    it("charges members the member price and counts the saving", async () => {
      const member = await memberToken(t, 501);
      const basket = await b.newBasket(member);
      const after = await b.add(member, basket, {
        menuItemId: sized().id,
        quantity: 2,
        sizeId: 990002,
        options: [990111],
      });
      expect(after.items[0]).toMatchObject({ unitPrice: 700, price: 1400 });
      expect(after).toMatchObject({ orderSubtotal: 1400, savings: 200, missedMembershipPriceDiscount: 0 });
    });
  });

  describe("where the order goes", () => {
    it("prices delivery by the distance of the location given, and keeps it", async () => {
      const basket = await b.newBasket(token);
      const near = await b.add(
        token,
        basket,
        { menuItemId: item(0).id, quantity: 1 },
        { fulfilmentLocation: { latitude: 51.4975, longitude: -0.139 } },
      );
      expect(near.fulfilmentMethod.cost).toBe(199);
      const row = (await t.db.select().from(baskets).where(eq(baskets.token, basket.basketToken)))[0]!;
      expect([row.lat, row.lng]).toEqual([51.4975, -0.139]);

      // 2.5 km away, by a postcode the platform places itself: SW1A 1AA is about 0.5 km from the store.
      const further = await b.add(
        token,
        basket,
        { menuItemId: item(0).id, quantity: 1 },
        { fulfilmentLocation: { latitude: 51.5175, longitude: -0.1275 } },
      );
      expect(further.fulfilmentMethod.cost).toBe(299);
      const byPostcode = await b.add(
        token,
        basket,
        { menuItemId: item(0).id, quantity: 1 },
        { fulfilmentLocation: { postcode: "sw1a 1aa" } },
      );
      expect(byPostcode.fulfilmentMethod.cost).toBe(199);
      expect((await t.db.select().from(baskets).where(eq(baskets.token, basket.basketToken)))[0]!.postcode).toBe(
        "SW1A 1AA",
      );
    });

    it("keeps the location it had when a postcode cannot be placed, and still adds", async () => {
      const basket = await b.newBasket(token);
      await b.add(
        token,
        basket,
        { menuItemId: item(0).id, quantity: 1 },
        { fulfilmentLocation: { latitude: 51.4975, longitude: -0.139 } },
      );
      const after = await b.add(
        token,
        basket,
        { menuItemId: item(1).id, quantity: 1 },
        { fulfilmentLocation: { postcode: "ZZ9 9ZZ" } },
      );
      expect(after.items).toHaveLength(2);
      expect(after.fulfilmentMethod.cost).toBe(199);
    });

    it("takes the location of the reserved time slot", async () => {
      const basket = await b.newBasket(token);
      await b.add(token, basket, { menuItemId: item(0).id, quantity: 1 });
      const reserve = {
        storeId: VICTORIA,
        basketToken: basket.basketToken,
        fulfilmentMethod: "delivery",
        timeSlotDate: "2025-06-02T12:00:00.000+01:00",
      };
      const far = await t.call(
        "POST",
        "/api/basket/reserveTimeSlot",
        { ...reserve, latitude: 51.5175, longitude: -0.1275 },
        { token },
      );
      expect(far.status, JSON.stringify(far.body)).toBe(200);
      expect((far.body as { basket: Basket }).basket.fulfilmentMethod.cost).toBe(299);
      const near = await t.call("POST", "/api/basket/reserveTimeSlot", { ...reserve, postcode: "SW1A 1AA" }, { token });
      expect((near.body as { basket: Basket }).basket.fulfilmentMethod.cost).toBe(199);
      expect((await t.db.select().from(baskets).where(eq(baskets.token, basket.basketToken)))[0]!.postcode).toBe(
        "SW1A 1AA",
      );
    });

    it("charges the method's cost while the location is unknown", async () => {
      const basket = await b.newBasket(token);
      expect((await b.add(token, basket, { menuItemId: item(0).id, quantity: 1 })).fulfilmentMethod.cost).toBe(399);
    });
  });
});

describe("POST /api/basket/item/update", () => {
  it("replaces a line's quantity and item, keeping its id", async () => {
    const basket = await b.newBasket(token);
    const added = await b.add(token, basket, { menuItemId: item(0).id, quantity: 1 }, { basketLineId: "swap" });
    expect(added.items).toHaveLength(1);
    const more = await b.ok(
      await b.post(
        UPDATE_ITEM,
        { basketToken: basket.basketToken, basketLineId: "swap", menuItem: { menuItemId: item(0).id, quantity: 4 } },
        token,
      ),
    );
    expect(more.items.map((l) => [l.basketLineId, l.menuItemId, l.quantity])).toEqual([["swap", item(0).id, 4]]);
    const swapped = await b.ok(
      await b.post(
        UPDATE_ITEM,
        { basketToken: basket.basketToken, basketLineId: "swap", menuItem: { menuItemId: item(1).id, quantity: 2 } },
        token,
      ),
    );
    expect(swapped.items.map((l) => [l.basketLineId, l.menuItemId, l.quantity])).toEqual([["swap", item(1).id, 2]]);
    expect(swapped.orderSubtotal).toBe(item(1).pricePence * 2);
  });

  it("joins a line changed into another line's choice with that line", async () => {
    const basket = await b.newBasket(token);
    await b.add(token, basket, { menuItemId: item(0).id, quantity: 2 }, { basketLineId: "a" });
    await b.add(token, basket, { menuItemId: item(1).id, quantity: 3 }, { basketLineId: "b" });
    const joined = await b.ok(
      await b.post(
        UPDATE_ITEM,
        { basketToken: basket.basketToken, basketLineId: "b", menuItem: { menuItemId: item(0).id, quantity: 1 } },
        token,
      ),
    );
    expect(joined.items.map((l) => [l.basketLineId, l.menuItemId, l.quantity])).toEqual([["b", item(0).id, 3]]);
  });

  it("refuses an unknown line, and the add's refusals", async () => {
    const basket = await b.newBasket(token);
    await b.add(token, basket, { menuItemId: item(0).id, quantity: 1 }, { basketLineId: "known" });
    expectError(
      await b.post(
        UPDATE_ITEM,
        { basketToken: basket.basketToken, basketLineId: "nope", menuItem: { menuItemId: item(0).id, quantity: 1 } },
        token,
      ),
      404,
      {
        errorCode: "LINE_NOT_FOUND",
        message: "This item is no longer in your basket.",
      },
    );
    expectError(
      await b.post(
        UPDATE_ITEM,
        { basketToken: basket.basketToken, basketLineId: "known", menuItem: { menuItemId: adult.id, quantity: 1 } },
        token,
      ),
      403,
      {
        errorCode: "AGE_RESTRICTED",
      },
    );
    expectError(
      await b.post(
        UPDATE_ITEM,
        { basketToken: basket.basketToken, basketLineId: "known", menuItem: { menuItemId: 2_000_000, quantity: 1 } },
        token,
      ),
      404,
      {
        errorCode: "ITEM_UNAVAILABLE",
      },
    );
    expect((await b.read(token, basket)).items.map((l) => [l.menuItemId, l.quantity])).toEqual([[item(0).id, 1]]);
  });
});

describe("POST /api/basket/item/remove", () => {
  it("removes the line, and answers 404 for one not there", async () => {
    const basket = await b.newBasket(token);
    await b.add(token, basket, { menuItemId: item(0).id, quantity: 1 }, { basketLineId: "keep" });
    await b.add(token, basket, { menuItemId: item(1).id, quantity: 1 }, { basketLineId: "drop" });
    const after = await b.ok(await b.post(REMOVE, { basketToken: basket.basketToken, basketLineId: "drop" }, token));
    expect(after.items.map((l) => l.basketLineId)).toEqual(["keep"]);
    expectError(await b.post(REMOVE, { basketToken: basket.basketToken, basketLineId: "drop" }, token), 404, {
      message: "This item is no longer in your basket.",
    });
  });
});

describe("POST /api/basket/update", () => {
  it("sets line quantities, 0 removing the line", async () => {
    const basket = await b.newBasket(token);
    await b.add(token, basket, { menuItemId: item(0).id, quantity: 1 }, { basketLineId: "a" });
    await b.add(token, basket, { menuItemId: item(1).id, quantity: 1 }, { basketLineId: "b" });
    const after = await b.ok(
      await b.post(
        UPDATE,
        {
          basketToken: basket.basketToken,
          updates: {
            basketLines: [
              { basketLineId: "a", quantity: 5 },
              { basketLineId: "b", quantity: 0 },
            ],
          },
        },
        token,
      ),
    );
    expect(after.items.map((l) => [l.basketLineId, l.quantity])).toEqual([["a", 5]]);
    expect(after.orderSubtotal).toBe(item(0).pricePence * 5);
  });

  it("changes nothing when one of the lines is unknown", async () => {
    const basket = await b.newBasket(token);
    await b.add(token, basket, { menuItemId: item(0).id, quantity: 1 }, { basketLineId: "a" });
    const res = await b.post(
      UPDATE,
      {
        basketToken: basket.basketToken,
        updates: {
          basketLines: [
            { basketLineId: "a", quantity: 5 },
            { basketLineId: "ghost", quantity: 1 },
          ],
          attributes: { acceptedAge: 18 },
        },
      },
      token,
    );
    expectError(res, 404, { errorCode: "LINE_NOT_FOUND" });
    const after = await b.read(token, basket);
    expect(after.items.map((l) => l.quantity)).toEqual([1]);
    expect(after.acceptedAge).toBeNull();
  });

  it("keeps lines the new method does not sell, at 0 with a conflict, out of the totals", async () => {
    const basket = await b.newBasket(token);
    await setItem(t, item(4).id, { availableForCollection: false });
    try {
      await b.add(token, basket, { menuItemId: item(4).id, quantity: 2 }, { basketLineId: "delivery-only" });
      await b.add(token, basket, { menuItemId: item(5).id, quantity: 1 }, { basketLineId: "both" });
      const collection = await b.ok(
        await b.post(UPDATE, { basketToken: basket.basketToken, fulfilmentMethod: "collection" }, token),
      );
      expect(collection.items[0]).toMatchObject({
        basketLineId: "delivery-only",
        price: 0,
        unitPrice: 0,
        checkoutConflicts: [{ code: "ITEM_UNAVAILABLE", message: "Item is no longer available." }],
      });
      expect(collection).toMatchObject({
        orderSubtotal: item(5).pricePence,
        orderTotal: item(5).pricePence,
        totalItemsQuantity: 3,
      });
      const back = await b.ok(
        await b.post(UPDATE, { basketToken: basket.basketToken, fulfilmentMethod: "delivery" }, token),
      );
      expect(back.items[0]!.checkoutConflicts).toEqual([]);
    } finally {
      await setItem(t, item(4).id, { availableForCollection: true });
    }
  });

  it("keeps a withdrawn item's line, named as such, out of the totals", async () => {
    const basket = await b.newBasket(token);
    const [temporary] = await t.db
      .insert(menuItems)
      .values({ ...item(6), id: undefined, slugText: "temporary", name: "Temporary item" })
      .returning();
    await b.add(token, basket, { menuItemId: temporary!.id, quantity: 1 }, { basketLineId: "gone" });
    await t.db.delete(menuItems).where(eq(menuItems.id, temporary!.id));
    const after = await b.read(token, basket);
    expect(after.items[0]).toMatchObject({
      basketLineId: "gone",
      name: "Item no longer available",
      price: 0,
      checkoutConflicts: [{ code: "ITEM_UNAVAILABLE", message: "Item is no longer available." }],
      menuItem: { name: "Item no longer available", slug: "", image: null, categorySlug: "" },
    });
    expect(after.orderSubtotal).toBe(0);
    // The shopper can still take it out.
    expect(
      (await b.ok(await b.post(REMOVE, { basketToken: basket.basketToken, basketLineId: "gone" }, token))).items,
    ).toEqual([]);
  });
});

describe("deals", () => {
  let dealId: number;
  beforeAll(async () => {
    const [row] = await t.db
      .insert(deals)
      .values({
        menuGroupId: item(0).menuGroupId,
        slugText: "pair-deal",
        name: "Any two for less",
        pricePence: item(20).pricePence + item(21).pricePence - 50,
        sections: [
          { id: 1, name: "First", quantity: 1, itemIds: [item(20).id] },
          { id: 2, name: "Second", quantity: 1, itemIds: [item(21).id] },
        ],
      })
      .returning();
    dealId = row!.id;
  });
  afterAll(() => t.db.delete(deals).where(eq(deals.id, dealId)));

  it("lists a begun deal as missed, then applies it once complete", async () => {
    const basket = await b.newBasket(token);
    const half = await b.add(token, basket, { menuItemId: item(20).id, quantity: 1 }, { basketLineId: "first" });
    expect(half.missedPromotions).toEqual([{ id: dealId, name: "Any two for less", lineIds: ["first"] }]);
    expect(half.promotions).toEqual([]);
    const whole = await b.add(token, basket, { menuItemId: item(21).id, quantity: 1 }, { basketLineId: "second" });
    expect(whole.promotions).toEqual([
      { id: dealId, name: "Any two for less", times: 1, saving: 50, lineIds: ["first", "second"] },
    ]);
    expect(whole.missedPromotions).toEqual([]);
    const subtotal = item(20).pricePence + item(21).pricePence;
    expect(whole).toMatchObject({ orderSubtotal: subtotal, savings: 50, orderSubtotalAfterDiscounts: subtotal - 50 });
  });

  it("leaves out deals not offered for the basket's method", async () => {
    await t.db.update(deals).set({ availableForCollection: false }).where(eq(deals.id, dealId));
    try {
      const basket = await b.newBasket(token, VICTORIA, "collection");
      const body = { storeId: VICTORIA, fulfilmentMethod: "collection", basketToken: basket.basketToken };
      await b.ok(await b.post(ADD, { ...body, menuItem: { menuItemId: item(20).id, quantity: 1 } }, token));
      const after = await b.ok(
        await b.post(ADD, { ...body, menuItem: { menuItemId: item(21).id, quantity: 1 } }, token),
      );
      expect(after.promotions).toEqual([]);
      expect(after.missedPromotions).toEqual([]);
    } finally {
      await t.db.update(deals).set({ availableForCollection: true }).where(eq(deals.id, dealId));
    }
  });
});

describe("POST /api/basket/tip/update", () => {
  it("adds a driver tip to a delivery basket", async () => {
    const basket = await b.newBasket(token);
    await b.add(token, basket, { menuItemId: item(0).id, quantity: 1 });
    const tipped = await b.ok(
      await b.post(TIP, { basketToken: basket.basketToken, tip: { type: "driver", amount: 150 } }, token),
    );
    expect(tipped.tips).toEqual({ type: "driver", amount: 150 });
    expect(tipped.orderTotal).toBe(item(0).pricePence + 399 + 150);
    // One of the offered levels, and the largest step allowed: twice the largest level (£3).
    expect(
      (await b.ok(await b.post(TIP, { basketToken: basket.basketToken, tip: { amount: 600 } }, token))).tips.amount,
    ).toBe(600);
    expect(
      (await b.ok(await b.post(TIP, { basketToken: basket.basketToken, tip: { amount: 0 } }, token))).tips.amount,
    ).toBe(0);
  });

  it("refuses amounts off the increments or above the bound", async () => {
    const basket = await b.newBasket(token);
    for (const amount of [75, 650]) {
      expectError(await b.post(TIP, { basketToken: basket.basketToken, tip: { amount } }, token), 400, {
        errorCode: "TIP_INVALID",
        message: "Please choose a tip of up to £6.00 in steps of £0.50.",
      });
    }
    expectError(await b.post(TIP, { basketToken: basket.basketToken, tip: { amount: -50 } }, token), 400);
  });

  it("refuses a collection basket, and a switch to collection clears the tip", async () => {
    const basket = await b.newBasket(token);
    await b.post(TIP, { basketToken: basket.basketToken, tip: { amount: 200 } }, token);
    const collection = await b.ok(
      await b.post(UPDATE, { basketToken: basket.basketToken, fulfilmentMethod: "collection" }, token),
    );
    expect(collection.tips.amount).toBe(0);
    expectError(await b.post(TIP, { basketToken: basket.basketToken, tip: { amount: 100 } }, token), 409, {
      errorCode: "FULFILMENT_METHOD_MISMATCH",
      message: "Basket fulfillment method mismatch",
      errorDisplay: "Driver tips are for delivery orders only.",
    });
    const back = await b.ok(
      await b.post(UPDATE, { basketToken: basket.basketToken, fulfilmentMethod: "delivery" }, token),
    );
    expect(back.tips.amount).toBe(0);
  });

  it("refuses a tip at a store that takes none", async () => {
    await t.db.update(stores).set({ tipsEnabled: false }).where(eq(stores.id, VICTORIA));
    try {
      const basket = await b.newBasket(token);
      expectError(await b.post(TIP, { basketToken: basket.basketToken, tip: { amount: 100 } }, token), 409, {
        errorCode: "TIPS_DISABLED",
        message: "This store does not take driver tips.",
      });
    } finally {
      await t.db.update(stores).set({ tipsEnabled: true }).where(eq(stores.id, VICTORIA));
    }
  });
});

describe("POST /api/basket/clear", () => {
  it("empties the lines and drops the coupon and tip, keeping the method and age", async () => {
    const basket = await b.newBasket(token);
    await b.post(UPDATE, { basketToken: basket.basketToken, updates: { attributes: { acceptedAge: 18 } } }, token);
    await b.add(token, basket, { menuItemId: item(0).id, quantity: 3 });
    await b.post(TIP, { basketToken: basket.basketToken, tip: { amount: 100 } }, token);
    await t.db.update(baskets).set({ couponCode: "WELCOME10" }).where(eq(baskets.token, basket.basketToken));
    const cleared = await b.ok(await b.post(CLEAR, { basketToken: basket.basketToken }, token));
    expect(cleared).toMatchObject({
      items: [],
      coupon: null,
      tips: { type: "driver", amount: 0 },
      acceptedAge: 18,
      orderSubtotal: 0,
      orderTotal: 399,
      totalItemsQuantity: 0,
      fulfilmentMethod: { type: "delivery" },
    });
    expect(await t.db.select().from(basketLines).where(eq(basketLines.basketToken, basket.basketToken))).toEqual([]);
  });

  it("refuses another session's basket", async () => {
    const basket: Basket = await b.newBasket(token);
    expectError(await b.post(CLEAR, { basketToken: basket.basketToken }, await t.guestToken()), 403);
  });
});
