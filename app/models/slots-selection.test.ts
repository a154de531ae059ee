import { describe, expect, it } from "vitest";
import type { SelectedSlot } from "./slots";
import {
  autoPickChoice,
  autoPickSlot,
  canSelectFuture,
  daysAhead,
  revalidateSelection,
  selectAsap,
  slotWindow,
} from "./slots-selection";
import { at, day, hourSlot, LONDON, rules, slot } from "./slots-test-data";

describe("slotWindow (spec 1 §4: today … today + min(days, 14); tomorrow joins from 22:00)", () => {
  it("runs from today through orderDaysInAdvance days ahead", () => {
    const window = slotWindow(at("2026-07-15T10:00:00Z"), LONDON, 7);
    expect(window.startDate).toBe("2026-07-15");
    expect(window.endDate).toBe("2026-07-22");
    expect(window.dates).toHaveLength(8);
  });

  it("never reaches past 14 days ahead", () => {
    const window = slotWindow(at("2026-07-15T10:00:00Z"), LONDON, 30);
    expect(window.endDate).toBe("2026-07-29");
    expect(window.dates).toHaveLength(15);
    expect(daysAhead(14)).toBe(14);
    expect(daysAhead(-3)).toBe(0);
  });

  it("with no days in advance, is today alone before 22:00", () => {
    expect(slotWindow(at("2026-07-15T20:59:59Z"), LONDON, 0).dates).toEqual(["2026-07-15"]);
  });

  it("adds tomorrow from 22:00 store time on a summer evening (21:00 UTC)", () => {
    expect(slotWindow(at("2026-07-15T21:00:00Z"), LONDON, 0).dates).toEqual(["2026-07-15", "2026-07-16"]);
    expect(slotWindow(at("2026-07-15T22:45:00Z"), LONDON, 0).dates).toEqual(["2026-07-15", "2026-07-16"]);
    // Tomorrow is already in a longer window: nothing more is added.
    expect(slotWindow(at("2026-07-15T21:00:00Z"), LONDON, 3).dates).toHaveLength(4);
  });

  it("starts from the store's date after local midnight even while UTC is still on the day before", () => {
    expect(slotWindow(at("2026-07-15T23:30:00Z"), LONDON, 0).dates).toEqual(["2026-07-16"]);
  });

  it("reads 22:00 in the right offset on the spring change day (2026-03-29)", () => {
    expect(slotWindow(at("2026-03-28T22:30:00Z"), LONDON, 0).dates).toEqual(["2026-03-28", "2026-03-29"]);
    expect(slotWindow(at("2026-03-29T20:59:00Z"), LONDON, 0).dates).toEqual(["2026-03-29"]);
    expect(slotWindow(at("2026-03-29T21:00:00Z"), LONDON, 0).dates).toEqual(["2026-03-29", "2026-03-30"]);
    expect(slotWindow(at("2026-03-29T12:00:00Z"), LONDON, 2).dates).toEqual(["2026-03-29", "2026-03-30", "2026-03-31"]);
  });

  it("reads 22:00 in the right offset on the autumn change day (2026-10-25)", () => {
    expect(slotWindow(at("2026-10-24T23:30:00Z"), LONDON, 0).dates).toEqual(["2026-10-25"]);
    expect(slotWindow(at("2026-10-25T21:59:00Z"), LONDON, 0).dates).toEqual(["2026-10-25"]);
    expect(slotWindow(at("2026-10-25T22:00:00Z"), LONDON, 0).dates).toEqual(["2026-10-25", "2026-10-26"]);
  });
});

describe("canSelectFuture (spec 1 §4)", () => {
  it("allows a future selection with the future slot type and days in advance, at any hour", () => {
    expect(
      canSelectFuture({ hasFutureSlotType: true, orderDaysInAdvance: 3 }, at("2026-07-15T08:00:00Z"), LONDON),
    ).toBe(true);
  });

  it("without days in advance, allows it only from 22:00 store time (summer evening)", () => {
    const sameDayOnly = { hasFutureSlotType: true, orderDaysInAdvance: 0 };
    expect(canSelectFuture(sameDayOnly, at("2026-07-15T20:59:59Z"), LONDON)).toBe(false);
    expect(canSelectFuture(sameDayOnly, at("2026-07-15T21:00:00Z"), LONDON)).toBe(true);
    expect(canSelectFuture(sameDayOnly, at("2026-07-15T22:30:00Z"), LONDON)).toBe(true);
  });

  it("reads the hour in GMT in winter and on both clock-change days", () => {
    const sameDayOnly = { hasFutureSlotType: true, orderDaysInAdvance: 0 };
    expect(canSelectFuture(sameDayOnly, at("2026-01-15T21:30:00Z"), LONDON)).toBe(false);
    expect(canSelectFuture(sameDayOnly, at("2026-01-15T22:00:00Z"), LONDON)).toBe(true);
    expect(canSelectFuture(sameDayOnly, at("2026-03-29T20:30:00Z"), LONDON)).toBe(false);
    expect(canSelectFuture(sameDayOnly, at("2026-03-29T21:00:00Z"), LONDON)).toBe(true);
    expect(canSelectFuture(sameDayOnly, at("2026-10-25T21:30:00Z"), LONDON)).toBe(false);
    expect(canSelectFuture(sameDayOnly, at("2026-10-25T22:00:00Z"), LONDON)).toBe(true);
  });

  it("never allows it without the future slot type", () => {
    expect(
      canSelectFuture({ hasFutureSlotType: false, orderDaysInAdvance: 7 }, at("2026-07-15T08:00:00Z"), LONDON),
    ).toBe(false);
    expect(
      canSelectFuture({ hasFutureSlotType: false, orderDaysInAdvance: 0 }, at("2026-07-15T22:00:00Z"), LONDON),
    ).toBe(false);
  });
});

describe("autoPickSlot (spec 1 §4)", () => {
  const now = at("2026-07-15T11:00:00Z"); // 12:00 BST
  const asapToday = slot("2026-07-15T11:30:00Z", "2026-07-15T12:00:00Z", { asap: true });
  const laterToday = hourSlot("2026-07-15T14:00:00Z");
  const tomorrowFull = hourSlot("2026-07-16T08:00:00Z", { status: "full" });
  const tomorrowFree = hourSlot("2026-07-16T09:00:00Z");

  it("picks today's ASAP slot first", () => {
    const days = [day("2026-07-15", [laterToday, asapToday]), day("2026-07-16", [tomorrowFree])];
    expect(autoPickSlot(days, now, rules())).toBe(asapToday);
    expect(autoPickChoice(days, now, rules())).toEqual({ action: "select", timing: "asap", slot: asapToday });
  });

  it("without a valid ASAP slot, takes today's first valid future slot, then the following days in order", () => {
    const pastCutOff = rules({ cutOffDateTime: "2026-07-15T10:00:00Z" });
    expect(autoPickSlot([day("2026-07-15", [asapToday, laterToday])], now, pastCutOff)).toBe(laterToday);
    const expiredToday = hourSlot("2026-07-15T11:03:00Z");
    const days = [day("2026-07-16", [tomorrowFull, tomorrowFree]), day("2026-07-15", [expiredToday])];
    expect(autoPickSlot(days, now, rules())).toBe(tomorrowFree);
  });

  it("accepts ASAP and available in any case", () => {
    const shouting = slot("2026-07-15T11:30:00Z", "2026-07-15T12:00:00Z", { asap: true, status: "AVAILABLE" });
    expect(autoPickSlot([day("2026-07-15", [shouting])], now, rules())).toBe(shouting);
  });

  it("passes over an ASAP slot with equal start and end, and holiday days", () => {
    const broken = slot("2026-07-15T11:30:00Z", "2026-07-15T11:30:00Z", { asap: true });
    const holidaySlot = hourSlot("2026-07-16T09:00:00Z");
    const dayAfter = hourSlot("2026-07-17T09:00:00Z");
    const days = [
      day("2026-07-15", [broken]),
      day("2026-07-16", [holidaySlot], "Closed for the summer fête"),
      day("2026-07-17", [dayAfter]),
    ];
    expect(autoPickSlot(days, now, rules())).toBe(dayAfter);
  });

  it("looks no further ahead than orderDaysInAdvance", () => {
    const inThreeDays = hourSlot("2026-07-18T09:00:00Z");
    expect(autoPickSlot([day("2026-07-18", [inThreeDays])], now, rules({ orderDaysInAdvance: 2 }))).toBeNull();
    expect(autoPickSlot([day("2026-07-18", [inThreeDays])], now, rules({ orderDaysInAdvance: 3 }))).toBe(inThreeDays);
  });

  it("looks no further ahead than 14 days, whatever orderDaysInAdvance says", () => {
    const day14 = hourSlot("2026-07-29T09:00:00Z");
    const day15 = hourSlot("2026-07-30T09:00:00Z");
    expect(autoPickSlot([day("2026-07-30", [day15])], now, rules({ orderDaysInAdvance: 30 }))).toBeNull();
    expect(
      autoPickSlot([day("2026-07-29", [day14]), day("2026-07-30", [day15])], now, rules({ orderDaysInAdvance: 30 })),
    ).toBe(day14);
  });

  it("on a summer evening past 22:00, reaches tomorrow even with no days in advance", () => {
    const evening = at("2026-07-15T21:30:00Z"); // 22:30 BST
    const days = [day("2026-07-15", []), day("2026-07-16", [tomorrowFree])];
    expect(autoPickSlot(days, evening, rules({ orderDaysInAdvance: 0 }))).toBe(tomorrowFree);
    expect(autoPickSlot(days, at("2026-07-15T20:30:00Z"), rules({ orderDaysInAdvance: 0 }))).toBeNull();
  });

  it("picks only ASAP where a future selection is not allowed", () => {
    const asapOnly = rules({ hasFutureSlotType: false, orderDaysInAdvance: 0 });
    expect(autoPickSlot([day("2026-07-15", [laterToday, asapToday])], now, asapOnly)).toBe(asapToday);
    expect(autoPickSlot([day("2026-07-15", [laterToday])], now, asapOnly)).toBeNull();
    expect(autoPickChoice([day("2026-07-15", [laterToday])], now, asapOnly)).toEqual({
      action: "clear",
      reason: "nothing-to-pick",
      message: null,
    });
  });
});

describe("selectAsap (spec 1 §4)", () => {
  const now = at("2026-07-15T11:00:00Z");
  const asapToday = slot("2026-07-15T11:30:00Z", "2026-07-15T12:00:00Z", { asap: true });
  const laterToday = hourSlot("2026-07-15T18:00:00Z");
  const tomorrow = hourSlot("2026-07-16T09:00:00Z");
  const days = [day("2026-07-15", [asapToday, laterToday]), day("2026-07-16", [tomorrow])];

  it("before today's cut-off, selects today's ASAP slot", () => {
    expect(selectAsap({ slotDays: days, now, store: rules({ cutOffDateTime: "2026-07-15T19:00:00Z" }) })).toEqual({
      action: "select",
      timing: "asap",
      slot: asapToday,
    });
  });

  it("with no cut-off at all, still selects ASAP", () => {
    expect(selectAsap({ slotDays: days, now, store: rules() })).toMatchObject({ action: "select", slot: asapToday });
  });

  it("before the cut-off but with no ASAP slot, clears with 'There are not available slots for today'", () => {
    const full = { ...asapToday, info: { ...asapToday.info, status: "full" } };
    expect(selectAsap({ slotDays: [day("2026-07-15", [full, laterToday])], now, store: rules() })).toEqual({
      action: "clear",
      reason: "no-asap-today",
      message: "There are not available slots for today",
    });
  });

  it("after the cut-off, falls back to the first valid future slot when the store has future slots and days in advance", () => {
    const store = rules({ cutOffDateTime: "2026-07-15T10:00:00Z", orderDaysInAdvance: 2 });
    expect(selectAsap({ slotDays: days, now, store })).toEqual({
      action: "select",
      timing: "future",
      slot: laterToday,
    });
    const noneLeftToday = [day("2026-07-15", [asapToday]), day("2026-07-16", [tomorrow])];
    expect(selectAsap({ slotDays: noneLeftToday, now, store })).toMatchObject({ action: "select", slot: tomorrow });
  });

  it("after the cut-off, clears the selection without the future slot type or days in advance", () => {
    const cutOffDateTime = "2026-07-15T10:00:00Z";
    expect(selectAsap({ slotDays: days, now, store: rules({ cutOffDateTime, hasFutureSlotType: false }) })).toEqual({
      action: "clear",
      reason: "cut-off-passed",
      message: null,
    });
    expect(selectAsap({ slotDays: days, now, store: rules({ cutOffDateTime, orderDaysInAdvance: 0 }) })).toMatchObject({
      action: "clear",
      reason: "cut-off-passed",
    });
    // Past 22:00 the window reaches tomorrow, but the ASAP fallback still needs days in advance.
    const evening = at("2026-07-15T21:30:00Z");
    expect(
      selectAsap({
        slotDays: days,
        now: evening,
        store: rules({ cutOffDateTime: "2026-07-15T19:00:00Z", orderDaysInAdvance: 0 }),
      }),
    ).toMatchObject({
      action: "clear",
      reason: "cut-off-passed",
    });
  });

  it("after the cut-off, clears when no future slot is valid", () => {
    const full = hourSlot("2026-07-16T09:00:00Z", { status: "full" });
    const store = rules({ cutOffDateTime: "2026-07-15T10:00:00Z" });
    expect(selectAsap({ slotDays: [day("2026-07-15", [asapToday]), day("2026-07-16", [full])], now, store })).toEqual({
      action: "clear",
      reason: "no-future-slot",
      message: null,
    });
  });

  it("asks for fresh store details when the cut-off is not today's, then decides on the fresh one", () => {
    // 00:30 BST on the 16th; the store details still carry the 15th's cut-off.
    const afterMidnight = at("2026-07-15T23:30:00Z");
    const asapTomorrow = slot("2026-07-16T00:00:00Z", "2026-07-16T00:30:00Z", { asap: true });
    const stale = rules({ cutOffDateTime: "2026-07-15T19:00:00Z" });
    const listing = [day("2026-07-16", [asapTomorrow])];
    expect(selectAsap({ slotDays: listing, now: afterMidnight, store: stale })).toEqual({ action: "refresh-store" });
    const fresh = rules({ cutOffDateTime: "2026-07-16T19:00:00Z" });
    expect(selectAsap({ slotDays: listing, now: afterMidnight, store: fresh, storeRefreshed: true })).toMatchObject({
      action: "select",
      slot: asapTomorrow,
    });
    // A refreshed store still carrying an old cut-off is taken at its word: passed.
    expect(
      selectAsap({
        slotDays: listing,
        now: afterMidnight,
        store: { ...stale, hasFutureSlotType: false },
        storeRefreshed: true,
      }),
    ).toMatchObject({
      action: "clear",
      reason: "cut-off-passed",
    });
  });

  it("finds today's cut-off in the right offset on both clock-change days", () => {
    const spring = slot("2026-03-29T00:45:00Z", "2026-03-29T01:15:00Z", { asap: true });
    // 00:30 GMT, cut-off 20:00 BST the same day: no refresh, not passed.
    expect(
      selectAsap({
        slotDays: [day("2026-03-29", [spring])],
        now: at("2026-03-29T00:30:00Z"),
        store: rules({ cutOffDateTime: "2026-03-29T19:00:00Z" }),
      }),
    ).toMatchObject({
      action: "select",
      slot: spring,
    });
    // 00:30 BST on the 30th: the 29th's cut-off is yesterday's.
    expect(
      selectAsap({
        slotDays: [],
        now: at("2026-03-29T23:30:00Z"),
        store: rules({ cutOffDateTime: "2026-03-29T19:00:00Z" }),
      }),
    ).toEqual({
      action: "refresh-store",
    });
    const autumn = slot("2026-10-25T00:45:00Z", "2026-10-25T01:15:00Z", { asap: true });
    // 01:30 BST (the first time round), cut-off 20:00 GMT that day.
    expect(
      selectAsap({
        slotDays: [day("2026-10-25", [autumn])],
        now: at("2026-10-25T00:30:00Z"),
        store: rules({ cutOffDateTime: "2026-10-25T20:00:00Z" }),
      }),
    ).toMatchObject({
      action: "select",
      slot: autumn,
    });
    // 23:30 BST on the 24th: a cut-off on the 25th is tomorrow's.
    expect(
      selectAsap({
        slotDays: [],
        now: at("2026-10-24T22:30:00Z"),
        store: rules({ cutOffDateTime: "2026-10-25T20:00:00Z" }),
      }),
    ).toEqual({
      action: "refresh-store",
    });
  });
});

describe("revalidateSelection (spec 1 §4 guards)", () => {
  const now = at("2026-07-15T11:00:00Z");
  const asapToday = slot("2026-07-15T11:30:00Z", "2026-07-15T12:00:00Z", { asap: true });
  const tomorrow = hourSlot("2026-07-16T09:00:00Z");
  const days = [day("2026-07-15", [asapToday]), day("2026-07-16", [tomorrow])];
  const held = (over: Partial<SelectedSlot> = {}): SelectedSlot => ({
    date: "2026-07-16",
    start: tomorrow.startTime,
    end: tomorrow.endTime,
    expires: "2026-07-15T11:15:00Z",
    ...over,
  });

  it("keeps a valid held future slot", () => {
    expect(revalidateSelection({ selected: held(), slotDays: days, now, store: rules() })).toEqual({
      action: "keep",
      timing: "future",
    });
  });

  it("keeps a held future slot listed as full while the hold lasts: the basket's own hold may have filled it", () => {
    const full = { ...tomorrow, info: { ...tomorrow.info, status: "FULL" } };
    expect(
      revalidateSelection({ selected: held(), slotDays: [day("2026-07-16", [full])], now, store: rules() }),
    ).toEqual({ action: "keep", timing: "future" });
  });

  it("matches the held start to the listing whatever offset it is written with", () => {
    expect(
      revalidateSelection({
        selected: held({ start: "2026-07-16T10:00:00+01:00" }),
        slotDays: days,
        now,
        store: rules(),
      }),
    ).toEqual({
      action: "keep",
      timing: "future",
    });
  });

  it("with nothing held, auto-picks", () => {
    expect(revalidateSelection({ selected: null, slotDays: days, now, store: rules() })).toEqual({
      action: "reselect",
      reason: "none-held",
      choice: { action: "select", timing: "asap", slot: asapToday },
    });
  });

  it("reselects ASAP when the held date is before today in store time (00:30 BST, still the 15th in UTC)", () => {
    const afterMidnight = at("2026-07-15T23:30:00Z");
    const asapNow = slot("2026-07-16T00:00:00Z", "2026-07-16T00:30:00Z", { asap: true });
    const result = revalidateSelection({
      selected: held({ date: "2026-07-15", start: "2026-07-15T20:00:00Z", end: "2026-07-15T21:00:00Z", expires: null }),
      slotDays: [day("2026-07-16", [asapNow, tomorrow])],
      now: afterMidnight,
      store: rules(),
    });
    expect(result).toEqual({
      action: "reselect",
      reason: "past-date",
      choice: { action: "select", timing: "asap", slot: asapNow },
    });
  });

  it("takes a lapsed hold again when its slot is still valid, else auto-picks", () => {
    const later = at("2026-07-15T11:20:00Z");
    expect(revalidateSelection({ selected: held(), slotDays: days, now: later, store: rules() })).toEqual({
      action: "reselect",
      reason: "hold-expired",
      choice: { action: "select", timing: "future", slot: tomorrow },
    });
    const full = { ...tomorrow, info: { ...tomorrow.info, status: "full" } };
    expect(
      revalidateSelection({
        selected: held(),
        slotDays: [day("2026-07-15", [asapToday]), day("2026-07-16", [full])],
        now: later,
        store: rules(),
      }),
    ).toEqual({
      action: "reselect",
      reason: "hold-expired",
      choice: { action: "select", timing: "asap", slot: asapToday },
    });
  });

  it("reselects when the held slot is no longer listed, or listed as unavailable", () => {
    expect(
      revalidateSelection({ selected: held(), slotDays: [day("2026-07-15", [asapToday])], now, store: rules() }),
    ).toMatchObject({
      action: "reselect",
      reason: "not-listed",
    });
    const gone = { ...tomorrow, info: { ...tomorrow.info, status: "unavailable" } };
    expect(
      revalidateSelection({
        selected: held(),
        slotDays: [day("2026-07-15", [asapToday]), day("2026-07-16", [gone])],
        now,
        store: rules(),
      }),
    ).toMatchObject({
      action: "reselect",
      reason: "no-longer-valid",
      choice: { action: "select", slot: asapToday },
    });
  });

  it("reselects a held future slot within five minutes of its start when the hold has no expiry", () => {
    const close = at("2026-07-16T08:55:00Z");
    expect(
      revalidateSelection({ selected: held({ expires: null }), slotDays: days, now: close, store: rules() }),
    ).toMatchObject({
      action: "reselect",
      reason: "no-longer-valid",
    });
    expect(
      revalidateSelection({
        selected: held({ expires: null }),
        slotDays: days,
        now: at("2026-07-16T08:54:00Z"),
        store: rules(),
      }),
    ).toEqual({
      action: "keep",
      timing: "future",
    });
  });

  it("clears tomorrow's slot chosen after 22:00 once midnight passes and the future rule no longer allows it", () => {
    const sameDayStore = rules({ orderDaysInAdvance: 0 });
    const evening = at("2026-07-15T21:30:00Z"); // 22:30 BST
    const selected = held({ expires: null });
    expect(revalidateSelection({ selected, slotDays: days, now: evening, store: sameDayStore })).toEqual({
      action: "keep",
      timing: "future",
    });
    const afterMidnight = at("2026-07-15T23:10:00Z"); // 00:10 BST on the 16th
    expect(
      revalidateSelection({
        selected,
        slotDays: [day("2026-07-16", [tomorrow])],
        now: afterMidnight,
        store: sameDayStore,
      }),
    ).toEqual({
      action: "reselect",
      reason: "future-not-allowed",
      choice: { action: "clear", reason: "nothing-to-pick", message: null },
    });
  });

  it("keeps a held ASAP slot whose start has moved on, while a valid ASAP slot is listed today", () => {
    const heldAsap = held({
      date: "2026-07-15",
      start: "2026-07-15T11:25:00Z",
      end: "2026-07-15T11:55:00Z",
      expires: "2026-07-15T11:10:00Z",
    });
    expect(revalidateSelection({ selected: heldAsap, timing: "asap", slotDays: days, now, store: rules() })).toEqual({
      action: "keep",
      timing: "asap",
    });
    // Without the remembered timing an unmatched start cannot be judged, so it is replaced.
    expect(revalidateSelection({ selected: heldAsap, slotDays: days, now, store: rules() })).toMatchObject({
      action: "reselect",
      reason: "not-listed",
    });
  });

  it("reads an ASAP hold's kind from the listing when the start still matches", () => {
    const heldAsap = held({ date: "2026-07-15", start: asapToday.startTime, end: asapToday.endTime });
    expect(revalidateSelection({ selected: heldAsap, slotDays: days, now, store: rules() })).toEqual({
      action: "keep",
      timing: "asap",
    });
  });

  it("replaces a held ASAP slot once the cut-off passes, falling back to a future slot", () => {
    const heldAsap = held({ date: "2026-07-15", start: asapToday.startTime, end: asapToday.endTime });
    const store = rules({ cutOffDateTime: "2026-07-15T10:30:00Z" });
    expect(revalidateSelection({ selected: heldAsap, timing: "asap", slotDays: days, now, store })).toEqual({
      action: "reselect",
      reason: "no-longer-valid",
      choice: { action: "select", timing: "future", slot: tomorrow },
    });
  });

  it("renews a lapsed ASAP hold with today's ASAP slot", () => {
    const heldAsap = held({
      date: "2026-07-15",
      start: asapToday.startTime,
      end: asapToday.endTime,
      expires: "2026-07-15T10:59:00Z",
    });
    expect(revalidateSelection({ selected: heldAsap, timing: "asap", slotDays: days, now, store: rules() })).toEqual({
      action: "reselect",
      reason: "hold-expired",
      choice: { action: "select", timing: "asap", slot: asapToday },
    });
  });

  it("on the autumn change day, a slot held for the 24th is stale from 00:00 BST on the 25th", () => {
    const selected = held({
      date: "2026-10-24",
      start: "2026-10-24T20:00:00Z",
      end: "2026-10-24T21:00:00Z",
      expires: null,
    });
    const listing = [day("2026-10-24", [hourSlot("2026-10-24T20:00:00Z")])];
    expect(
      revalidateSelection({ selected, slotDays: listing, now: at("2026-10-24T19:00:00Z"), store: rules() }),
    ).toEqual({ action: "keep", timing: "future" });
    expect(
      revalidateSelection({ selected, slotDays: listing, now: at("2026-10-24T23:00:00Z"), store: rules() }),
    ).toMatchObject({
      action: "reselect",
      reason: "past-date",
    });
  });
});
