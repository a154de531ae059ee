import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, apiErrorSchema, type Basket, type SlotDay } from "../contract";
import { demoStoreIds as ids } from "../db/seed";
import { menuItems, slotHolds, storeOrderMethods } from "../db/schema";
import { resetClockAndHolds, seededPlatform, TEST_NOW, type ShopperApi, type TestPlatform } from "../testing";
import { livePlaces } from "./holds-store";

/*
 * The clock stands at TEST_NOW: Monday 2 June 2025, 10:00 BST. Store 1 (Victoria Street) trades 24 hours;
 * delivery: 60-minute slots, lead time 45 minutes, 7 days ahead, delivers to SW1A 1AA but not E1 6AN (5 km,
 * area 4 km); collection: 30-minute slots, lead time 15 minutes. Store 3 (Covent Garden Kitchen) closes on
 * Christmas and Boxing Day. Store 8 has its delivery row disabled; store 14 has no delivery row at all.
 */

const SW1A = "SW1A 1AA";
const LIST = "/api/stores/timeslots/list";
const RESERVE = "/api/basket/reserveTimeSlot";
const UPDATE = "/api/basket/update";

let t: TestPlatform;
let token: string;
let shop: ShopperApi;
beforeAll(async () => {
  ({ t, token, shop } = await seededPlatform());
});
afterAll(() => t.close());
afterEach(async () => {
  await resetClockAndHolds(t);
  await setCapacity(ids.openLondonVictoria, "delivery", 12);
});

async function setCapacity(storeId: number, method: "delivery" | "collection", slotCapacity: number) {
  await t.db
    .update(storeOrderMethods)
    .set({ slotCapacity })
    .where(and(eq(storeOrderMethods.storeId, storeId), eq(storeOrderMethods.method, method)));
}

async function list(body: Record<string, unknown>, as = token): Promise<SlotDay[]> {
  const res = await t.call("POST", LIST, body, { token: as });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.listTimeSlots.response.parse(res.body).slotDays;
}

function expectError(res: { status: number; body: unknown }, status: number, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = apiErrorSchema.parse(res.body);
  expect(body.message).toBe(message);
  return body;
}

const reserveBody = (basketToken: string, timeSlotDate: string, extra: Record<string, unknown> = {}) => ({
  storeId: ids.openLondonVictoria,
  basketToken,
  timeSlotDate,
  fulfilmentMethod: "delivery",
  postcode: SW1A,
  ...extra,
});

async function reserve(
  as: string,
  basketToken: string,
  timeSlotDate: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return t.call("POST", RESERVE, reserveBody(basketToken, timeSlotDate, extra), { token: as, headers });
}

async function reserveOk(as: string, basketToken: string, timeSlotDate: string, extra: Record<string, unknown> = {}) {
  const res = await reserve(as, basketToken, timeSlotDate, extra);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.reserveTimeSlot.response.parse(res.body);
}

const ELEVEN = "2025-06-02T11:00:00.000+01:00";
const NOON = "2025-06-02T12:00:00.000+01:00";
const ONE_PM = "2025-06-02T13:00:00.000+01:00";

describe("POST /api/stores/timeslots/list", () => {
  it("lists store 1's delivery slots for today: ASAP first, then every hour from 11:00", async () => {
    const res = await t.call(
      "POST",
      LIST,
      {
        startDate: "2025-06-02",
        endDate: "2025-06-02",
        storeId: ids.openLondonVictoria,
        fulfilmentMethod: "delivery",
        postcode: SW1A,
      },
      { token },
    );
    expect(res.status).toBe(200);
    const body = api.listTimeSlots.response.parse(res.body);
    expect(body.storeTimeZone).toBe("Europe/London");
    expect(body.slotDays).toHaveLength(1);
    const [today] = body.slotDays;
    expect(today!.slotDate).toBe("2025-06-02");
    expect(today!.holidayMessage).toBeNull();
    expect(today!.slots[0]).toEqual({
      startTime: "2025-06-02T10:00:00.000+01:00",
      endTime: "2025-06-02T10:45:00.000+01:00",
      slotDate: "2025-06-02",
      info: { isAsap: true, status: "available", fulfilmentIn: 45 },
      expires: "2025-06-03T00:00:00.000+01:00",
      denyPayments: [],
    });
    const future = today!.slots.slice(1);
    expect(future.map((s) => s.startTime.slice(11, 16))).toEqual([
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
      "18:00",
      "19:00",
      "20:00",
      "21:00",
      "22:00",
      "23:00",
    ]);
    expect(future[0]).toEqual({
      startTime: ELEVEN,
      endTime: "2025-06-02T12:00:00.000+01:00",
      slotDate: "2025-06-02",
      info: { isAsap: false, status: "available", fulfilmentIn: null },
      expires: "2025-06-02T10:55:00.000+01:00",
      denyPayments: [],
    });
  });

  it("lists today and the 7 days in advance at most, and collection in 30-minute slots", async () => {
    const days = await list({
      startDate: "2025-06-02",
      endDate: "2025-06-16",
      storeId: ids.openLondonVictoria,
      fulfilmentMethod: "delivery",
      latitude: 51.50101,
      longitude: -0.14159,
    });
    expect(days.map((d) => d.slotDate)).toEqual([
      "2025-06-02",
      "2025-06-03",
      "2025-06-04",
      "2025-06-05",
      "2025-06-06",
      "2025-06-07",
      "2025-06-08",
      "2025-06-09",
    ]);
    expect(days[1]!.slots).toHaveLength(24);
    const [collection] = await list({
      startDate: "2025-06-03",
      endDate: "2025-06-03",
      storeId: ids.openLondonVictoria,
      fulfilmentMethod: "collection",
      postcode: SW1A,
    });
    expect(collection!.slots).toHaveLength(48);
    expect(collection!.slots[1]!.startTime).toBe("2025-06-03T00:30:00.000+01:00");
  });

  it("carries a holiday's message on its day, with no slots", async () => {
    t.clock.set("2026-12-24T10:00:00.000Z");
    const fresh = await t.guestToken();
    const days = await list(
      {
        startDate: "2026-12-24",
        endDate: "2026-12-26",
        storeId: ids.ordinaryHoursTakeaway,
        fulfilmentMethod: "delivery",
        postcode: SW1A,
      },
      fresh,
    );
    expect(days.map((d) => [d.slotDate, d.holidayMessage, d.slots.length > 0])).toEqual([
      ["2026-12-24", null, true],
      ["2026-12-25", "Closed for Christmas Day. Merry Christmas from everyone at Larder & Co!", false],
      ["2026-12-26", "Closed for Boxing Day. We reopen tomorrow.", false],
    ]);
  });

  it("returns nothing without a location, for a postcode it cannot place, or for a delivery address outside the area", async () => {
    const base = {
      startDate: "2025-06-02",
      endDate: "2025-06-03",
      storeId: ids.openLondonVictoria,
      fulfilmentMethod: "delivery",
    };
    expect(await list(base)).toEqual([]);
    expect(await list({ ...base, postcode: null, latitude: null, longitude: null })).toEqual([]);
    expect(await list({ ...base, latitude: 51.5 })).toEqual([]);
    expect(await list({ ...base, postcode: "ZZ99 9ZZ" })).toEqual([]);
    expect(await list({ ...base, postcode: "E1 6AN" })).toEqual([]);
    // Collection has no delivery area: the same shopper can collect.
    expect((await list({ ...base, fulfilmentMethod: "collection", postcode: "E1 6AN" })).length).toBe(2);
  });

  it("answers 'Store not found.' for an unknown store", async () => {
    const res = await t.call(
      "POST",
      LIST,
      { startDate: "2025-06-02", endDate: "2025-06-02", storeId: 999, fulfilmentMethod: "delivery", postcode: SW1A },
      { token },
    );
    expectError(res, 404, "Store not found.");
  });

  it("refuses a start date before today in the store's time zone", async () => {
    // 23:30 UTC on 1 June is already 2 June in London.
    t.clock.set("2025-06-01T23:30:00.000Z");
    const fresh = await t.guestToken();
    const ok = await t.call(
      "POST",
      LIST,
      { startDate: "2025-06-02", endDate: "2025-06-02", storeId: 1, fulfilmentMethod: "delivery", postcode: SW1A },
      { token: fresh },
    );
    expect(ok.status).toBe(200);
    const res = await t.call(
      "POST",
      LIST,
      { startDate: "2025-06-01", endDate: "2025-06-02", storeId: 1, fulfilmentMethod: "delivery", postcode: SW1A },
      { token: fresh },
    );
    expectError(res, 400, "Time slot date provided was not valid. Date must be a date after or equal to today");
  });

  it("refuses an end date before the start, a span over 15 days, and a malformed date", async () => {
    const base = { storeId: 1, fulfilmentMethod: "delivery", postcode: SW1A };
    for (const dates of [
      { startDate: "2025-06-03", endDate: "2025-06-02" },
      { startDate: "2025-06-02", endDate: "2025-06-18" },
      { startDate: "2 June", endDate: "2025-06-02" },
    ]) {
      const res = await t.call("POST", LIST, { ...base, ...dates }, { token });
      expect(res.status, JSON.stringify(dates)).toBe(400);
      apiErrorSchema.parse(res.body);
    }
    expect(
      (await t.call("POST", LIST, { ...base, startDate: "2025-06-02", endDate: "2025-06-17" }, { token })).status,
    ).toBe(200);
  });

  it("needs a token", async () => {
    const res = await t.call("POST", LIST, {
      startDate: "2025-06-02",
      endDate: "2025-06-02",
      storeId: 1,
      fulfilmentMethod: "delivery",
    });
    expect(res.status).toBe(401);
  });

  it("shows a slot as full once its places are held", async () => {
    await setCapacity(ids.openLondonVictoria, "delivery", 1);
    const basket = await shop.newBasket(token);
    await reserveOk(token, basket.basketToken, NOON);
    const [today] = await list({
      startDate: "2025-06-02",
      endDate: "2025-06-02",
      storeId: 1,
      fulfilmentMethod: "delivery",
      postcode: SW1A,
    });
    const status = (start: string) => today!.slots.find((s) => s.startTime === start)!.info.status;
    expect([status(ELEVEN), status(NOON), status(ONE_PM)]).toEqual(["available", "full", "available"]);
  });
});

describe("POST /api/basket/reserveTimeSlot", () => {
  it("holds the slot for the basket for 15 minutes and answers selectedSlot, token, method and the basket", async () => {
    const basket = await shop.newBasket(token);
    const answer = await reserveOk(token, basket.basketToken, NOON);
    const selectedSlot = {
      date: "2025-06-02",
      start: NOON,
      end: ONE_PM,
      expires: "2025-06-02T10:15:00.000+01:00",
      denyPayments: [],
    };
    expect(answer.selectedSlot).toEqual(selectedSlot);
    expect(answer.basketToken).toBe(basket.basketToken);
    expect(answer.fulfilmentMethod).toBe("delivery");
    expect(answer.basket.selectedSlot).toEqual(selectedSlot);
    expect(answer.basket.fulfilmentMethod.datetime).toBe(NOON);

    // The basket shows the same slot when read again.
    const again = await newBasketRead(token, basket.basketToken);
    expect(again.selectedSlot).toEqual(selectedSlot);
    expect(again.fulfilmentMethod.datetime).toBe(NOON);
    expect(await livePlaces(t.db, 1, "delivery", new Date(NOON), t.clock.now())).toBe(1);
  });

  it("accepts the slot's start written in UTC", async () => {
    const basket = await shop.newBasket(token);
    const answer = await reserveOk(token, basket.basketToken, "2025-06-02T11:00:00Z");
    expect(answer.selectedSlot.start).toBe(NOON);
  });

  it("holds ASAP without counting it against a capacity", async () => {
    await setCapacity(ids.openLondonVictoria, "delivery", 0);
    const basket = await shop.newBasket(token);
    const answer = await reserveOk(token, basket.basketToken, "2025-06-02T10:00:00.000+01:00");
    expect(answer.selectedSlot).toEqual({
      date: "2025-06-02",
      start: "2025-06-02T10:00:00.000+01:00",
      end: "2025-06-02T10:45:00.000+01:00",
      expires: "2025-06-02T10:15:00.000+01:00",
      denyPayments: [],
    });
    const [row] = await t.db.select().from(slotHolds).where(eq(slotHolds.basketToken, basket.basketToken));
    expect(row!.isAsap).toBe(true);
    // Capacity 0 makes every future slot unavailable.
    const res = await reserve(token, basket.basketToken, NOON);
    expectError(res, 409, "This time slot is no longer available. Please choose another.");
  });

  it("takes the hold time from SLOT_HOLD_SECONDS", async () => {
    const { t: other, token: guest } = await seededPlatform({ config: { slotHoldSeconds: 60 } });
    try {
      const created = await other.call(
        "POST",
        "/api/basket/retrieve",
        { storeId: 1, fulfilmentMethod: "delivery" },
        { token: guest },
      );
      const basketToken = (created.body as Basket).basketToken;
      const res = await other.call("POST", RESERVE, reserveBody(basketToken, NOON), { token: guest });
      expect(res.status).toBe(200);
      expect(api.reserveTimeSlot.response.parse(res.body).selectedSlot.expires).toBe("2025-06-02T10:01:00.000+01:00");
    } finally {
      await other.close();
    }
  });

  it("frees the first place when the basket chooses another slot", async () => {
    await setCapacity(ids.openLondonVictoria, "delivery", 1);
    const alice = await shop.newBasket(token);
    const bobToken = await t.guestToken();
    const bob = await shop.newBasket(bobToken);

    await reserveOk(token, alice.basketToken, NOON);
    const refused = await reserve(bobToken, bob.basketToken, NOON);
    const body = expectError(refused, 409, "This time slot is now full. Please choose another.");
    expect(body.errorCode).toBe("SLOT_FULL");

    const moved = await reserveOk(token, alice.basketToken, ONE_PM);
    expect(moved.selectedSlot.start).toBe(ONE_PM);
    expect(await livePlaces(t.db, 1, "delivery", new Date(NOON), t.clock.now())).toBe(0);
    expect((await reserveOk(bobToken, bob.basketToken, NOON)).selectedSlot.start).toBe(NOON);
    expect(await t.db.select().from(slotHolds).where(eq(slotHolds.basketToken, alice.basketToken))).toHaveLength(1);
  });

  it("lets the same basket choose its own slot again, renewing the hold", async () => {
    await setCapacity(ids.openLondonVictoria, "delivery", 1);
    const basket = await shop.newBasket(token);
    await reserveOk(token, basket.basketToken, NOON);
    t.clock.advance(5 * 60_000);
    const again = await reserveOk(token, basket.basketToken, NOON);
    expect(again.selectedSlot.expires).toBe("2025-06-02T10:20:00.000+01:00");
  });

  it("offers the place again once the hold has expired", async () => {
    await setCapacity(ids.openLondonVictoria, "delivery", 1);
    const alice = await shop.newBasket(token);
    const bobToken = await t.guestToken();
    const bob = await shop.newBasket(bobToken);
    await reserveOk(token, alice.basketToken, NOON);
    expectError(
      await reserve(bobToken, bob.basketToken, NOON),
      409,
      "This time slot is now full. Please choose another.",
    );

    t.clock.advance(15 * 60_000 - 1);
    expect((await newBasketRead(token, alice.basketToken)).selectedSlot?.start).toBe(NOON);
    t.clock.advance(1);
    const expired = await newBasketRead(token, alice.basketToken);
    expect(expired.selectedSlot).toBeNull();
    expect(expired.fulfilmentMethod.datetime).toBeNull();
    const [today] = await list({
      startDate: "2025-06-02",
      endDate: "2025-06-02",
      storeId: 1,
      fulfilmentMethod: "delivery",
      postcode: SW1A,
    });
    expect(today!.slots.find((s) => s.startTime === NOON)!.info.status).toBe("available");
    expect((await reserveOk(bobToken, bob.basketToken, NOON)).selectedSlot.start).toBe(NOON);
  });

  it("refuses another session's basket, an unknown basket and a basket of another store", async () => {
    const basket = await shop.newBasket(token);
    const stranger = await t.guestToken();
    expectError(await reserve(stranger, basket.basketToken, NOON), 403, "This basket belongs to another session.");
    expectError(await reserve(token, "no-such-basket", NOON), 404, "Basket not found.");
    const spitalfields = await shop.newBasket(token, ids.openLondonSpitalfields);
    expectError(await reserve(token, spitalfields.basketToken, NOON), 404, "This basket is for another store.");
    expect(await t.db.select().from(slotHolds)).toHaveLength(0);
  });

  it("needs a location", async () => {
    const basket = await shop.newBasket(token);
    const res = await reserve(token, basket.basketToken, NOON, { postcode: null });
    expectError(
      res,
      400,
      "Location is required to select a store. Please enter your postcode or allow location access.",
    );
    const unknown = await reserve(token, basket.basketToken, NOON, { postcode: "ZZ99 9ZZ" });
    expectError(unknown, 404, "Unable to find location");
    const byCoordinates = await reserve(token, basket.basketToken, NOON, {
      postcode: null,
      latitude: 51.50101,
      longitude: -0.14159,
    });
    expect(byCoordinates.status).toBe(200);
  });

  it("refuses a time that is not an instant, or that falls before today", async () => {
    const basket = await shop.newBasket(token);
    const message = "Time slot date provided was not valid. Date must be a date after or equal to today";
    for (const bad of ["tomorrow", "2025-06-02", "2025-06-02T12:00:00", "2025-06-01T12:00:00.000+01:00"]) {
      expectError(await reserve(token, basket.basketToken, bad), 400, message);
    }
  });

  it("refuses a time that is not one of the slots on offer now", async () => {
    const basket = await shop.newBasket(token);
    for (const gone of [
      "2025-06-02T12:30:00.000+01:00", // not a slot start
      "2025-06-02T09:00:00.000+01:00", // an hour before now
      "2025-06-10T12:00:00.000+01:00", // beyond the 7 days in advance
    ]) {
      const res = await reserve(token, basket.basketToken, gone);
      expect(expectError(res, 409, "This time slot is no longer available. Please choose another.").errorCode).toBe(
        "SLOT_UNAVAILABLE",
      );
    }
    // A delivery address outside the area has no slots.
    expectError(
      await reserve(token, basket.basketToken, NOON, { postcode: "E1 6AN" }),
      409,
      "This time slot is no longer available. Please choose another.",
    );
    // Once the clock passes 5 minutes before its start, the slot is gone.
    t.clock.set("2025-06-02T09:55:00.000Z");
    expectError(
      await reserve(token, basket.basketToken, ELEVEN),
      409,
      "This time slot is no longer available. Please choose another.",
    );
  });

  it("moves the basket to the method of the slot chosen", async () => {
    const basket = await shop.newBasket(token);
    const answer = await reserveOk(token, basket.basketToken, "2025-06-02T12:30:00.000+01:00", {
      fulfilmentMethod: "collection",
    });
    expect(answer.fulfilmentMethod).toBe("collection");
    expect(answer.basket.fulfilmentMethod.type).toBe("collection");
    expect(answer.selectedSlot.end).toBe("2025-06-02T13:00:00.000+01:00");
  });

  it("holds once for a repeated Idempotency-Key and replays the answer", async () => {
    await setCapacity(ids.openLondonVictoria, "delivery", 1);
    const basket = await shop.newBasket(token);
    const headers = { "idempotency-key": "reserve-once" };
    const first = await reserve(token, basket.basketToken, NOON, {}, headers);
    t.clock.advance(60_000);
    const second = await reserve(token, basket.basketToken, NOON, {}, headers);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const [row] = await t.db.select().from(slotHolds).where(eq(slotHolds.basketToken, basket.basketToken));
    expect(row!.createdAt.toISOString()).toBe(TEST_NOW);
  });
});

describe("POST /api/basket/update", () => {
  it("switches the method, releases the held place and answers the basket", async () => {
    await setCapacity(ids.openLondonVictoria, "delivery", 1);
    const basket = await shop.newBasket(token);
    await reserveOk(token, basket.basketToken, NOON);

    const res = await t.call(
      "POST",
      UPDATE,
      { basketToken: basket.basketToken, fulfilmentMethod: "collection" },
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const switched = api.updateBasket.response.parse(res.body);
    expect(switched.fulfilmentMethod).toEqual({
      type: "collection",
      datetime: null,
      freeFrom: null,
      minSpend: 0,
      zoneFreeDeliveryMessage: null,
      cost: 0,
    });
    expect(switched.selectedSlot).toBeNull();
    expect(await t.db.select().from(slotHolds)).toHaveLength(0);

    const bobToken = await t.guestToken();
    const bob = await shop.newBasket(bobToken);
    expect((await reserveOk(bobToken, bob.basketToken, NOON)).selectedSlot.start).toBe(NOON);
  });

  it("keeps the hold when the method asked for is the basket's own", async () => {
    const basket = await shop.newBasket(token);
    await reserveOk(token, basket.basketToken, NOON);
    const res = await t.call(
      "POST",
      UPDATE,
      { basketToken: basket.basketToken, fulfilmentMethod: "delivery" },
      { token },
    );
    expect(res.status).toBe(200);
    expect(api.updateBasket.response.parse(res.body).selectedSlot?.start).toBe(NOON);
    const bare = await t.call("POST", UPDATE, { basketToken: basket.basketToken }, { token });
    expect(api.updateBasket.response.parse(bare.body).selectedSlot?.start).toBe(NOON);
  });

  it("refuses a method the store does not offer, with the spec's message to show", async () => {
    for (const storeId of [ids.collectionOnly, ids.collectionOnlyNoDeliveryRow]) {
      const basket = await shop.newBasket(token, storeId, "collection");
      const res = await t.call(
        "POST",
        UPDATE,
        { basketToken: basket.basketToken, fulfilmentMethod: "delivery" },
        { token },
      );
      expect(res.status).toBe(409);
      const body = apiErrorSchema.parse(res.body);
      expect(body.errorDisplay).toBe("We cannot swap fulfilment method at the moment");
      expect((await newBasketRead(token, basket.basketToken, storeId, "collection")).fulfilmentMethod.type).toBe(
        "collection",
      );
    }
  });

  it("refuses another session's basket and an unknown one", async () => {
    const basket = await shop.newBasket(token);
    const stranger = await t.guestToken();
    expectError(
      await t.call(
        "POST",
        UPDATE,
        { basketToken: basket.basketToken, fulfilmentMethod: "collection" },
        { token: stranger },
      ),
      403,
      "This basket belongs to another session.",
    );
    expectError(
      await t.call("POST", UPDATE, { basketToken: "nope", fulfilmentMethod: "collection" }, { token }),
      404,
      "Basket not found.",
    );
  });

  it("changes line quantities and the accepted age without touching the hold", async () => {
    const basket = await shop.newBasket(token);
    await reserveOk(token, basket.basketToken, NOON);
    const [item] = await t.db
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(
        and(
          eq(menuItems.menuGroupId, 1),
          isNull(menuItems.ageRestriction),
          sql`${menuItems.sizes} = '[]'::jsonb`,
          sql`${menuItems.optionGroups} = '[]'::jsonb`,
        ),
      )
      .limit(1);
    const added = await t.call(
      "POST",
      "/api/basket/item/add",
      {
        storeId: ids.openLondonVictoria,
        fulfilmentMethod: "delivery",
        basketToken: basket.basketToken,
        basketLineId: "line-a",
        menuItem: { menuItemId: item!.id, quantity: 1 },
      },
      { token },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const res = await t.call(
      "POST",
      UPDATE,
      {
        basketToken: basket.basketToken,
        updates: { basketLines: [{ basketLineId: "line-a", quantity: 3 }], attributes: { acceptedAge: 18 } },
      },
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = api.updateBasket.response.parse(res.body);
    expect(updated.items.map((l) => [l.basketLineId, l.quantity])).toEqual([["line-a", 3]]);
    expect(updated.acceptedAge).toBe(18);
    expect(updated.selectedSlot?.start).toBe(NOON);
    // Anything but lines and attributes is still refused.
    expect(
      (await t.call("POST", UPDATE, { basketToken: basket.basketToken, updates: { coupon: "X" } }, { token })).status,
    ).toBe(400);
  });

  it("also releases the hold when the basket's method changes on retrieve", async () => {
    const basket = await shop.newBasket(token);
    await reserveOk(token, basket.basketToken, NOON);
    const switched = await newBasketRead(token, basket.basketToken, ids.openLondonVictoria, "collection");
    expect(switched.selectedSlot).toBeNull();
    expect(await t.db.select().from(slotHolds)).toHaveLength(0);
  });
});

async function newBasketRead(
  as: string,
  basketToken: string,
  storeId: number = ids.openLondonVictoria,
  fulfilmentMethod = "delivery",
): Promise<Basket> {
  const res = await t.call("POST", "/api/basket/retrieve", { storeId, fulfilmentMethod, basketToken }, { token: as });
  expect(res.status).toBe(200);
  const basket = api.retrieveBasket.response.parse(res.body);
  expect(basket.basketToken).toBe(basketToken);
  return basket;
}

describe("denyPayments from the store's settings (spec 1 §3)", () => {
  // Piccadilly (store 6, Manchester) takes no cash for slots from 20:00 (store_payment_methods.deny_from_time); it
  // collects every 30 minutes, all day.
  const PICCADILLY = ids.openManchester;
  const M1 = "M1 2BS";
  const EIGHT_PM = "2025-06-02T20:00:00.000+01:00";
  const HALF_SEVEN = "2025-06-02T19:30:00.000+01:00";

  it("lists slots from 20:00 as refusing cash and earlier ones as refusing nothing; other stores refuse nothing", async () => {
    const [today] = await list({
      startDate: "2025-06-02",
      endDate: "2025-06-02",
      storeId: PICCADILLY,
      fulfilmentMethod: "collection",
      postcode: M1,
    });
    const refused = new Map(today!.slots.filter((s) => !s.info.isAsap).map((s) => [s.startTime, s.denyPayments]));
    expect(refused.get(HALF_SEVEN)).toEqual([]);
    expect(refused.get(EIGHT_PM)).toEqual(["cash"]);
    expect(refused.get("2025-06-02T23:30:00.000+01:00")).toEqual(["cash"]);
    // The ASAP slot starts now (10:00): it refuses nothing.
    expect(today!.slots.find((s) => s.info.isAsap)?.denyPayments).toEqual([]);
    const [victoria] = await list({
      startDate: "2025-06-02",
      endDate: "2025-06-02",
      storeId: ids.openLondonVictoria,
      fulfilmentMethod: "collection",
      postcode: SW1A,
    });
    expect(victoria!.slots.every((s) => s.denyPayments.length === 0)).toBe(true);
  });

  it("a basket holding an evening slot carries the refusal, and its order cannot be paid in cash", async () => {
    const evening = await shop.draftFor({ storeId: PICCADILLY, method: "collection", slot: EIGHT_PM, postcode: M1 });
    expect((await shop.read(evening.token, evening.basket, "collection")).selectedSlot?.denyPayments).toEqual(["cash"]);
    expectError(
      await shop.makePayment(evening.token, evening.draft.draftOrderId, { paymentMethod: "cash" }),
      400,
      "That way of paying is not available for this order.",
    );

    const earlier = await shop.draftFor({ storeId: PICCADILLY, method: "collection", slot: HALF_SEVEN, postcode: M1 });
    expect((await shop.read(earlier.token, earlier.basket, "collection")).selectedSlot?.denyPayments).toEqual([]);
    expect((await shop.makePayment(earlier.token, earlier.draft.draftOrderId, { paymentMethod: "cash" })).status).toBe(
      200,
    );
  });
});
