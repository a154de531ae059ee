import { createSession } from "react-router";
import { describe, expect, it } from "vitest";
import { api, type Basket, type Endpoint, type StoreDetails } from "#contract";
import type { Shopper } from "~/services/context";
import type { Flash, SessionData } from "~/models/shopper";
import { PlatformError } from "~/services/platform-client.server";
import { checkHeldSlotTimes, chooseListedSlot, listSlotDays, serverNow } from "./slots.server";

type Answer = (input: Record<string, unknown>) => unknown;

/** A shopper whose platform answers each endpoint by path (a thrown answer is thrown), recording every call. */
function shopper(answers: Record<string, Answer>, session: Partial<SessionData> = {}) {
  const calls: { path: string; input: Record<string, unknown> }[] = [];
  const call = async (endpoint: Endpoint, input: Record<string, unknown>) => {
    calls.push({ path: endpoint.path, input });
    const answer = answers[endpoint.path];
    if (!answer) throw new Error(`unexpected call to ${endpoint.path}`);
    return answer(input);
  };
  const fake = {
    api: { call },
    session: createSession<SessionData, Flash>(session as SessionData),
  } as unknown as Shopper;
  return { shopper: fake, calls };
}

const store = {
  id: 1,
  slug: "victoria-street-1",
  info: { storeTimeZone: "Europe/London" },
  orderMethods: {
    delivery: { cutOffDateTime: null, hasFutureSlotType: true, orderDaysInAdvance: 0 },
    collection: { cutOffDateTime: null, hasFutureSlotType: true, orderDaysInAdvance: 0 },
  },
} as unknown as StoreDetails;

const withCoordinates = { location: { postcode: "SW1A 1AA", latitude: 51.5, longitude: -0.14, address: null } };
const noSlots = () => ({ slotDays: [], storeTimeZone: "Europe/London" });

describe("serverNow: the platform's clock decides (spec 1 §4, GET /api/server-time)", () => {
  it("reads timeUTC", async () => {
    const { shopper: s } = shopper({ [api.serverTime.path]: () => ({ timeUTC: "2026-11-23T22:30:00.000Z" }) });
    expect((await serverNow(s, new Date("2026-11-23T10:00:00Z"))).toISOString()).toBe("2026-11-23T22:30:00.000Z");
  });

  it("falls back to the storefront's clock when the call fails or the time is unreadable", async () => {
    const fallback = new Date("2026-11-23T10:00:00Z");
    const failing = shopper({
      [api.serverTime.path]: () => {
        throw new PlatformError(503, "down");
      },
    });
    expect(await serverNow(failing.shopper, fallback)).toBe(fallback);
    const garbled = shopper({ [api.serverTime.path]: () => ({ timeUTC: "soon" }) });
    expect(await serverNow(garbled.shopper, fallback)).toBe(fallback);
  });
});

describe("listSlotDays", () => {
  it("from the server's hour 22 asks for tomorrow too, even with no days in advance", async () => {
    const evening = shopper({ [api.listTimeSlots.path]: noSlots }, withCoordinates);
    await listSlotDays(evening.shopper, store, "delivery", new Date("2026-11-23T22:00:00Z"));
    expect(evening.calls[0]!.input).toMatchObject({ startDate: "2026-11-23", endDate: "2026-11-24" });

    const before = shopper({ [api.listTimeSlots.path]: noSlots }, withCoordinates);
    await listSlotDays(before.shopper, store, "delivery", new Date("2026-11-23T21:59:00Z"));
    expect(before.calls[0]!.input).toMatchObject({ startDate: "2026-11-23", endDate: "2026-11-23" });
  });

  it("geocodes a postcode without coordinates (POST /api/location/geocode, country 'Uk') and keeps them", async () => {
    const { shopper: s, calls } = shopper(
      {
        [api.geocode.path]: () => ({ postcode: "SW1A 1AA", latitude: 51.501, longitude: -0.1416 }),
        [api.listTimeSlots.path]: noSlots,
      },
      { location: { postcode: "SW1A 1AA", latitude: null, longitude: null, address: null } },
    );
    await listSlotDays(s, store, "delivery", new Date("2026-11-23T10:00:00Z"));
    expect(calls.map((c) => c.path)).toEqual([api.geocode.path, api.listTimeSlots.path]);
    expect(calls[0]!.input).toEqual({ postcode: "SW1A 1AA", country: "Uk" });
    expect(calls[1]!.input).toMatchObject({ latitude: 51.501, longitude: -0.1416, postcode: "SW1A 1AA" });
    expect(s.session.get("location")).toMatchObject({ latitude: 51.501, longitude: -0.1416 });
  });

  it("lists nothing when the postcode cannot be placed, or there is no location", async () => {
    const unknown = shopper(
      {
        [api.geocode.path]: () => {
          throw new PlatformError(404, "Unable to find location");
        },
      },
      { location: { postcode: "SW1A 9ZZ", latitude: null, longitude: null, address: null } },
    );
    expect(await listSlotDays(unknown.shopper, store, "delivery", new Date("2026-11-23T10:00:00Z"))).toEqual([]);
    expect(unknown.calls.map((c) => c.path)).toEqual([api.geocode.path]);

    const nowhere = shopper({});
    expect(await listSlotDays(nowhere.shopper, store, "delivery", new Date("2026-11-23T10:00:00Z"))).toEqual([]);
    expect(nowhere.calls).toEqual([]);
  });
});

describe("checkHeldSlotTimes: where an order is placed (spec 1 §5)", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  const basket = (start: string, end: string) =>
    ({
      basketToken: "b1",
      fulfilmentMethod: { type: "delivery" },
      selectedSlot: { date: "2026-11-23", start, end, expires: null, denyPayments: [] },
    }) as unknown as Basket;
  const asapListing = (start: string, end: string) => ({
    slotDays: [
      {
        slotDate: "2026-11-23",
        holidayMessage: null,
        slots: [
          {
            startTime: start,
            endTime: end,
            slotDate: "2026-11-23",
            info: { isAsap: true, status: "available", fulfilmentIn: 45 },
            expires: "2026-11-23T23:59:00.000+00:00",
            denyPayments: [],
          },
        ],
      },
    ],
    storeTimeZone: "Europe/London",
  });

  it("keeps a held slot with distinct times", async () => {
    const held = basket("2026-11-24T09:00:00.000+00:00", "2026-11-24T10:00:00.000+00:00");
    const { shopper: s } = shopper({}, { slotTiming: "future" });
    expect(await checkHeldSlotTimes(s, store, held, now)).toEqual({ ok: true, basket: held });
  });

  it("refuses a future slot with equal times, and any slot with a missing end, in the spec's words", async () => {
    const { shopper: s } = shopper({}, { slotTiming: "future" });
    expect(
      await checkHeldSlotTimes(s, store, basket("2026-11-24T09:00:00.000+00:00", "2026-11-24T09:00:00.000+00:00"), now),
    ).toEqual({
      ok: false,
      message: "Invalid time slot selected. Please select a different time slot for your order.",
    });
    expect(await checkHeldSlotTimes(s, store, basket("2026-11-24T09:00:00.000+00:00", ""), now)).toEqual({
      ok: false,
      message: "Invalid slot data: missing startTime or endTime",
    });
  });

  it("swaps an ASAP hold with equal times for another valid ASAP slot, and holds it", async () => {
    const swappedBasket = basket("2026-11-23T10:01:00.000+00:00", "2026-11-23T10:45:00.000+00:00");
    const { shopper: s, calls } = shopper(
      {
        [api.listTimeSlots.path]: () => asapListing("2026-11-23T10:01:00.000+00:00", "2026-11-23T10:45:00.000+00:00"),
        [api.reserveTimeSlot.path]: () => ({ basketToken: "b1", basket: swappedBasket }),
      },
      { ...withCoordinates, slotTiming: "asap", basketToken: "b1" },
    );
    const result = await checkHeldSlotTimes(
      s,
      store,
      basket("2026-11-23T10:00:00.000+00:00", "2026-11-23T10:00:00.000+00:00"),
      now,
    );
    expect(result).toEqual({ ok: true, basket: swappedBasket });
    expect(calls.find((c) => c.path === api.reserveTimeSlot.path)!.input).toMatchObject({
      timeSlotDate: "2026-11-23T10:01:00.000+00:00",
    });
  });

  it("refuses an ASAP hold with equal times when no other ASAP slot is valid", async () => {
    const { shopper: s } = shopper(
      { [api.listTimeSlots.path]: () => asapListing("2026-11-23T10:00:00.000+00:00", "2026-11-23T10:00:00.000+00:00") },
      { ...withCoordinates, slotTiming: "asap", basketToken: "b1" },
    );
    expect(
      await checkHeldSlotTimes(s, store, basket("2026-11-23T10:00:00.000+00:00", "2026-11-23T10:00:00.000+00:00"), now),
    ).toEqual({
      ok: false,
      message: "Invalid time slot selected. Please try again or contact support.",
    });
  });
});

describe("chooseListedSlot: where a slot is reserved (spec 1 §4, §5)", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  const slot = (start: string, end: string, isAsap: boolean, slotDate = "2026-11-23") => ({
    startTime: start,
    endTime: end,
    slotDate,
    info: { isAsap, status: "available", fulfilmentIn: isAsap ? 45 : null },
    expires: null,
    denyPayments: [],
  });
  const asap = slot("2026-11-23T10:00:00.000+00:00", "2026-11-23T10:45:00.000+00:00", true);
  const tomorrowNine = slot("2026-11-24T09:00:00.000+00:00", "2026-11-24T10:00:00.000+00:00", false, "2026-11-24");
  const days = [
    { slotDate: "2026-11-23", holidayMessage: null, slots: [asap] },
    { slotDate: "2026-11-24", holidayMessage: null, slots: [tomorrowNine] },
  ];
  const withRules = (cutOffDateTime: string | null, orderDaysInAdvance = 7) =>
    ({
      ...store,
      orderMethods: {
        ...store.orderMethods,
        delivery: { cutOffDateTime, hasFutureSlotType: true, orderDaysInAdvance },
      },
    }) as unknown as StoreDetails;

  it("holds a future slot as chosen, and refuses one with equal times", async () => {
    const { shopper: s } = shopper({});
    expect(await chooseListedSlot(s, tomorrowNine, days, withRules(null), "delivery", now)).toEqual({
      ok: true,
      slot: tomorrowNine,
      timing: "future",
    });
    const equal = { ...tomorrowNine, endTime: tomorrowNine.startTime };
    expect(await chooseListedSlot(s, equal, days, withRules(null), "delivery", now)).toEqual({
      ok: false,
      message: "Invalid time slot selected. Please select a different time slot for your order.",
    });
  });

  it("holds ASAP before the cut-off; after it, falls back to the first future slot, or refuses without future days", async () => {
    const { shopper: s } = shopper({});
    expect(await chooseListedSlot(s, asap, days, withRules("2026-11-23T20:00:00Z"), "delivery", now)).toEqual({
      ok: true,
      slot: asap,
      timing: "asap",
    });
    expect(await chooseListedSlot(s, asap, days, withRules("2026-11-23T09:00:00Z"), "delivery", now)).toEqual({
      ok: true,
      slot: tomorrowNine,
      timing: "future",
    });
    expect(await chooseListedSlot(s, asap, days, withRules("2026-11-23T09:00:00Z", 0), "delivery", now)).toEqual({
      ok: false,
      message: "There are not available slots for today",
    });
  });

  it("fetches the store details again when their cut-off is not today's, and judges by the fresh one", async () => {
    const { shopper: s, calls } = shopper(
      { [api.selectStore.path]: () => withRules("2026-11-23T20:00:00Z") },
      withCoordinates,
    );
    expect(await chooseListedSlot(s, asap, days, withRules("2026-11-22T20:00:00Z"), "delivery", now)).toEqual({
      ok: true,
      slot: asap,
      timing: "asap",
    });
    expect(calls.map((c) => c.path)).toEqual([api.selectStore.path]);
    expect(calls[0]!.input).toMatchObject({ storeId: 1, postcode: "SW1A 1AA" });
  });
});
