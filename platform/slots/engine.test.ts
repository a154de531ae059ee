import { describe, expect, it } from "vitest";
import { ALWAYS, everyDay, week } from "../stores/testing/hours";
import type { Slot, SlotDay } from "../contract";
import { slotDaySchema } from "../contract";
import { findListedSlot } from "../contract/slot-rules";
import { daysOffered, listSlotDays, type SlotQuery, type SlotRules } from "./engine";

const NINE_TO_FIVE = everyDay({ open: "09:00", close: "17:00" });

const rules = (overrides: Partial<SlotRules> = {}): SlotRules => ({
  enabled: true,
  preorderOnly: false,
  hours: ALWAYS,
  leadTimeSeconds: 2700,
  cutOffTime: null,
  orderDaysInAdvance: 7,
  hasOnlyAsapSlotType: false,
  hasFutureSlotType: true,
  slotMinutes: 60,
  slotCapacity: 10,
  ...overrides,
});

function days(
  now: string,
  range: [string, string],
  method: Partial<SlotRules> | null = {},
  extra: Partial<Pick<SlotQuery, "held">> & {
    holidays?: Record<string, string>;
    paused?: boolean;
    closed?: boolean;
  } = {},
): SlotDay[] {
  const result = listSlotDays({
    method: method === null ? null : rules(method),
    store: { timeZone: "Europe/London", ordersPaused: extra.paused ?? false, temporarilyClosed: extra.closed ?? false },
    holidays: new Map(Object.entries(extra.holidays ?? {})),
    now: new Date(now),
    startDate: range[0],
    endDate: range[1],
    held: extra.held,
  });
  // Every answer must also be what the contract promises.
  for (const day of result) slotDaySchema.parse(day);
  return result;
}

const times = (slots: readonly Slot[]) => slots.map((s) => `${s.startTime}–${s.endTime}`);
const futureOnly = (slots: readonly Slot[]) => slots.filter((s) => !s.info.isAsap);
const hoursOf = (slot: Slot) => (Date.parse(slot.endTime) - Date.parse(slot.startTime)) / 3_600_000;

describe("listSlotDays: an ordinary winter day at a 24-hour store", () => {
  // Monday 23 November 2026, 08:10 GMT.
  const NOW = "2026-11-23T08:10:00.000Z";
  const [today] = days(NOW, ["2026-11-23", "2026-11-23"]);

  it("lists ASAP first: from now to now + lead time, choosable until midnight", () => {
    expect(today!.slotDate).toBe("2026-11-23");
    expect(today!.holidayMessage).toBeNull();
    expect(today!.slots[0]).toEqual({
      startTime: "2026-11-23T08:10:00.000+00:00",
      endTime: "2026-11-23T08:55:00.000+00:00",
      slotDate: "2026-11-23",
      info: { isAsap: true, status: "available", fulfilmentIn: 45 },
      expires: "2026-11-24T00:00:00.000+00:00",
      denyPayments: [],
    });
  });

  it("then hour slots on the wall clock from the first start after the lead time, each closing 5 minutes before it starts", () => {
    const future = futureOnly(today!.slots);
    expect(future[0]).toEqual({
      startTime: "2026-11-23T09:00:00.000+00:00",
      endTime: "2026-11-23T10:00:00.000+00:00",
      slotDate: "2026-11-23",
      info: { isAsap: false, status: "available", fulfilmentIn: null },
      expires: "2026-11-23T08:55:00.000+00:00",
      denyPayments: [],
    });
    expect(future).toHaveLength(15);
    expect(future.at(-1)!.startTime).toBe("2026-11-23T23:00:00.000+00:00");
    expect(future.at(-1)!.endTime).toBe("2026-11-24T00:00:00.000+00:00");
  });

  it("rounds the ASAP start up to the minute and its end up to 5 minutes", () => {
    const [day] = days("2026-11-23T10:00:30.500Z", ["2026-11-23", "2026-11-23"]);
    const asap = day!.slots[0]!;
    expect(asap.startTime).toBe("2026-11-23T10:01:00.000+00:00");
    // 10:00:30.5 + 45 min = 10:45:30.5 → 10:50.
    expect(asap.endTime).toBe("2026-11-23T10:50:00.000+00:00");
    expect(asap.info.fulfilmentIn).toBe(50);
  });
});

describe("listSlotDays: lead time", () => {
  // Monday 2 June 2025, 10:20 BST.
  const NOW = "2025-06-02T09:20:00.000Z";
  const first = (lead: number) =>
    futureOnly(days(NOW, ["2025-06-02", "2025-06-02"], { leadTimeSeconds: lead })[0]!.slots)[0]!;

  it("offers a slot that starts exactly at now + lead time", () => {
    expect(first(2400).startTime).toBe("2025-06-02T11:00:00.000+01:00");
  });

  it("does not offer one that starts a minute sooner than that", () => {
    expect(first(2460).startTime).toBe("2025-06-02T12:00:00.000+01:00");
  });
});

describe("listSlotDays: the clock changes in Europe/London", () => {
  it("spring forward (last Sunday of March 2026): 23 hour slots, none in the missing hour", () => {
    const [day] = days("2026-03-28T12:00:00.000Z", ["2026-03-29", "2026-03-29"]);
    const slots = day!.slots;
    expect(slots.every((s) => !s.info.isAsap)).toBe(true);
    expect(slots).toHaveLength(23);
    expect(times(slots.slice(0, 3))).toEqual([
      "2026-03-29T00:00:00.000+00:00–2026-03-29T02:00:00.000+01:00",
      "2026-03-29T02:00:00.000+01:00–2026-03-29T03:00:00.000+01:00",
      "2026-03-29T03:00:00.000+01:00–2026-03-29T04:00:00.000+01:00",
    ]);
    expect(slots.every((s) => hoursOf(s) === 1)).toBe(true);
    expect(times(slots.slice(-1))).toEqual(["2026-03-29T23:00:00.000+01:00–2026-03-30T00:00:00.000+01:00"]);
  });

  it("spring forward with 30-minute slots: no slot twice and none of zero length", () => {
    const [day] = days("2026-03-28T12:00:00.000Z", ["2026-03-29", "2026-03-29"], { slotMinutes: 30 });
    const starts = day!.slots.map((s) => Date.parse(s.startTime));
    expect(new Set(starts).size).toBe(starts.length);
    expect(day!.slots).toHaveLength(46);
    expect(day!.slots.every((s) => hoursOf(s) === 0.5)).toBe(true);
  });

  it("fall back (last Sunday of October 2026): 24 slots, the repeated hour inside 00:00–01:00", () => {
    const [day] = days("2026-10-24T12:00:00.000Z", ["2026-10-25", "2026-10-25"]);
    const slots = day!.slots;
    expect(slots).toHaveLength(24);
    expect(times(slots.slice(0, 2))).toEqual([
      "2026-10-25T00:00:00.000+01:00–2026-10-25T01:00:00.000+00:00",
      "2026-10-25T01:00:00.000+00:00–2026-10-25T02:00:00.000+00:00",
    ]);
    expect(hoursOf(slots[0]!)).toBe(2);
    expect(slots.reduce((sum, s) => sum + hoursOf(s), 0)).toBe(25);
  });

  it("keeps ordinary hours on the wall clock either side of each change", () => {
    const spring = days("2026-03-27T12:00:00.000Z", ["2026-03-28", "2026-03-29"], { hours: NINE_TO_FIVE });
    expect(spring.map((d) => d.slots[0]!.startTime)).toEqual([
      "2026-03-28T09:00:00.000+00:00",
      "2026-03-29T09:00:00.000+01:00",
    ]);
    const autumn = days("2026-10-24T06:00:00.000Z", ["2026-10-24", "2026-10-25"], { hours: NINE_TO_FIVE });
    expect(autumn.map((d) => futureOnly(d.slots)[0]!.startTime)).toEqual([
      "2026-10-24T09:00:00.000+01:00",
      "2026-10-25T09:00:00.000+00:00",
    ]);
    expect(autumn.map((d) => futureOnly(d.slots).at(-1)!.endTime)).toEqual([
      "2026-10-24T17:00:00.000+01:00",
      "2026-10-25T17:00:00.000+00:00",
    ]);
  });
});

describe("listSlotDays: opening ranges", () => {
  // Friday 20 November 2026, 12:00 GMT. Friday nights 20:00–02:00 only.
  const NOW = "2026-11-20T12:00:00.000Z";
  const LATE = week({ "5": [{ open: "20:00", close: "02:00" }] });

  it("a range across midnight lists its after-midnight slots under the next date", () => {
    const [fri, sat] = days(NOW, ["2026-11-20", "2026-11-21"], { hours: LATE });
    expect(times(fri!.slots)).toEqual([
      "2026-11-20T20:00:00.000+00:00–2026-11-20T21:00:00.000+00:00",
      "2026-11-20T21:00:00.000+00:00–2026-11-20T22:00:00.000+00:00",
      "2026-11-20T22:00:00.000+00:00–2026-11-20T23:00:00.000+00:00",
      "2026-11-20T23:00:00.000+00:00–2026-11-21T00:00:00.000+00:00",
    ]);
    expect(sat!.slotDate).toBe("2026-11-21");
    expect(times(sat!.slots)).toEqual([
      "2026-11-21T00:00:00.000+00:00–2026-11-21T01:00:00.000+00:00",
      "2026-11-21T01:00:00.000+00:00–2026-11-21T02:00:00.000+00:00",
    ]);
  });

  it("lists the after-midnight slots of yesterday's range when the listing starts today", () => {
    const [sat] = days(NOW, ["2026-11-21", "2026-11-21"], { hours: LATE });
    expect(sat!.slots).toHaveLength(2);
  });

  it("a holiday on the range's own day removes all of it, after midnight included", () => {
    const [fri, sat] = days(
      NOW,
      ["2026-11-20", "2026-11-21"],
      { hours: LATE },
      { holidays: { "2026-11-20": "Staff party" } },
    );
    expect(fri).toEqual({ slotDate: "2026-11-20", holidayMessage: "Staff party", slots: [] });
    expect(sat).toEqual({ slotDate: "2026-11-21", holidayMessage: null, slots: [] });
  });

  it("never runs a slot past a range's close, and splits lunch and evening ranges apart", () => {
    const kitchen = week({
      "1": [
        { open: "11:30", close: "14:30" },
        { open: "17:00", close: "19:00" },
      ],
    });
    const [day] = days("2026-11-23T08:00:00.000Z", ["2026-11-23", "2026-11-23"], { hours: kitchen });
    expect(times(day!.slots)).toEqual([
      "2026-11-23T11:30:00.000+00:00–2026-11-23T12:30:00.000+00:00",
      "2026-11-23T12:30:00.000+00:00–2026-11-23T13:30:00.000+00:00",
      "2026-11-23T13:30:00.000+00:00–2026-11-23T14:30:00.000+00:00",
      "2026-11-23T17:00:00.000+00:00–2026-11-23T18:00:00.000+00:00",
      "2026-11-23T18:00:00.000+00:00–2026-11-23T19:00:00.000+00:00",
    ]);
    const [short] = days("2026-11-23T08:00:00.000Z", ["2026-11-23", "2026-11-23"], {
      hours: week({ "1": [{ open: "09:00", close: "11:30" }] }),
    });
    expect(times(short!.slots)).toEqual([
      "2026-11-23T09:00:00.000+00:00–2026-11-23T10:00:00.000+00:00",
      "2026-11-23T10:00:00.000+00:00–2026-11-23T11:00:00.000+00:00",
    ]);
  });
});

describe("listSlotDays: holidays", () => {
  it("carries the holiday's message on its day, with no slots, and leaves the days around it alone", () => {
    const list = days(
      "2026-12-23T10:00:00.000Z",
      ["2026-12-24", "2026-12-26"],
      { hours: NINE_TO_FIVE },
      {
        holidays: { "2026-12-25": "Closed for Christmas Day." },
      },
    );
    expect(list.map((d) => [d.slotDate, d.holidayMessage, d.slots.length])).toEqual([
      ["2026-12-24", null, 8],
      ["2026-12-25", "Closed for Christmas Day.", 0],
      ["2026-12-26", null, 8],
    ]);
  });

  it("offers no ASAP on a holiday", () => {
    const [today] = days(
      "2026-12-25T10:00:00.000Z",
      ["2026-12-25", "2026-12-25"],
      {},
      { holidays: { "2026-12-25": "Closed" } },
    );
    expect(today).toEqual({ slotDate: "2026-12-25", holidayMessage: "Closed", slots: [] });
  });
});

describe("listSlotDays: cut-off", () => {
  const HEADINGLEY = { hours: everyDay({ open: "09:00", close: "20:00" }), cutOffTime: "16:00", leadTimeSeconds: 3600 };

  it("a slot closes at its day's cut-off when that comes before 5 minutes ahead of its start", () => {
    // Monday 23 November 2026, 10:00 GMT.
    const [today] = days("2026-11-23T10:00:00.000Z", ["2026-11-23", "2026-11-23"], HEADINGLEY);
    const future = futureOnly(today!.slots);
    expect(future[0]!.startTime).toBe("2026-11-23T11:00:00.000+00:00");
    expect(future[0]!.expires).toBe("2026-11-23T10:55:00.000+00:00");
    const evening = future.find((s) => s.startTime === "2026-11-23T17:00:00.000+00:00")!;
    expect(evening.expires).toBe("2026-11-23T16:00:00.000+00:00");
    expect(today!.slots[0]!.info.isAsap).toBe(true);
    expect(today!.slots[0]!.expires).toBe("2026-11-23T16:00:00.000+00:00");
  });

  it("after the cut-off today offers nothing, tomorrow everything", () => {
    const [today, tomorrow] = days("2026-11-23T16:00:01.000Z", ["2026-11-23", "2026-11-24"], HEADINGLEY);
    expect(today!.slots).toEqual([]);
    expect(tomorrow!.slots).toHaveLength(11);
    expect(tomorrow!.slots[0]!.startTime).toBe("2026-11-24T09:00:00.000+00:00");
  });

  it("ASAP closes with the session less the lead time when that comes first", () => {
    const [today] = days("2026-11-23T15:00:00.000Z", ["2026-11-23", "2026-11-23"], {
      hours: everyDay({ open: "09:00", close: "17:00" }),
      cutOffTime: "18:00",
    });
    expect(today!.slots[0]!.info.isAsap).toBe(true);
    expect(today!.slots[0]!.expires).toBe("2026-11-23T16:15:00.000+00:00");
  });
});

describe("listSlotDays: the window of days", () => {
  const NOW = "2026-11-23T08:10:00.000Z";

  it("lists today and orderDaysInAdvance days after it (today is day 0), no further", () => {
    const list = days(NOW, ["2026-11-23", "2026-11-30"], { orderDaysInAdvance: 2 });
    expect(list.map((d) => d.slotDate)).toEqual(["2026-11-23", "2026-11-24", "2026-11-25"]);
    expect(list[2]!.slots).toHaveLength(24);
    expect(days(NOW, ["2026-11-26", "2026-11-30"], { orderDaysInAdvance: 2 })).toEqual([]);
  });

  it("lists only the requested dates within it", () => {
    expect(days(NOW, ["2026-11-24", "2026-11-24"]).map((d) => d.slotDate)).toEqual(["2026-11-24"]);
  });

  it("lists a closed day (no hours that weekday) with no slots", () => {
    const weekdays = week({ "1": [{ open: "09:00", close: "17:00" }], "2": [{ open: "09:00", close: "17:00" }] });
    // Saturday 28 November 2026.
    const list = days("2026-11-28T08:00:00.000Z", ["2026-11-28", "2026-11-30"], { hours: weekdays });
    expect(list.map((d) => [d.slotDate, d.slots.length])).toEqual([
      ["2026-11-28", 0],
      ["2026-11-29", 0],
      ["2026-11-30", 8],
    ]);
  });
});

describe("listSlotDays: slot types", () => {
  const NOW = "2026-11-23T12:00:00.000Z";

  it("hasOnlyAsapSlotType: today's ASAP and nothing else, whatever the days in advance", () => {
    const list = days(NOW, ["2026-11-23", "2026-11-25"], {
      hasOnlyAsapSlotType: true,
      hasFutureSlotType: true,
      orderDaysInAdvance: 3,
    });
    expect(list).toHaveLength(1);
    expect(list[0]!.slots.map((s) => s.info.isAsap)).toEqual([true]);
  });

  it("without hasFutureSlotType: ASAP only, and nothing once the method closes", () => {
    const asapOnly = { hasFutureSlotType: false, hours: everyDay({ open: "11:00", close: "23:00" }) };
    expect(days(NOW, ["2026-11-23", "2026-11-24"], asapOnly)[0]!.slots.map((s) => s.info.isAsap)).toEqual([true]);
    expect(days("2026-11-23T23:30:00.000Z", ["2026-11-24", "2026-11-24"], asapOnly)).toEqual([]);
    expect(days("2026-11-23T22:30:00.000Z", ["2026-11-23", "2026-11-23"], asapOnly)).toEqual([
      { slotDate: "2026-11-23", holidayMessage: null, slots: [] },
    ]);
  });

  it("a pre-order-only method never offers ASAP, and honours its long lead time", () => {
    const [today, tomorrow] = days(NOW, ["2026-11-23", "2026-11-24"], {
      preorderOnly: true,
      leadTimeSeconds: 86400,
      slotMinutes: 120,
    });
    expect(today!.slots).toEqual([]);
    expect(tomorrow!.slots[0]!.startTime).toBe("2026-11-24T12:00:00.000+00:00");
    expect(tomorrow!.slots.every((s) => !s.info.isAsap)).toBe(true);
  });

  it("lists nothing for a missing or disabled method, and days without slots while orders are paused or the store is closed", () => {
    expect(days(NOW, ["2026-11-23", "2026-11-23"], null)).toEqual([]);
    expect(days(NOW, ["2026-11-23", "2026-11-23"], { enabled: false })).toEqual([]);
    const empty = [{ slotDate: "2026-11-23", holidayMessage: null, slots: [] }];
    expect(days(NOW, ["2026-11-23", "2026-11-23"], {}, { paused: true })).toEqual(empty);
    expect(days(NOW, ["2026-11-23", "2026-11-23"], {}, { closed: true })).toEqual(empty);
  });
});

describe("listSlotDays: a summer evening from 22:00 store time", () => {
  // Monday 2 June 2025. The store trades 09:00–23:00 and takes future orders for today only.
  const evening = { hours: everyDay({ open: "09:00", close: "23:00" }), orderDaysInAdvance: 0, leadTimeSeconds: 1800 };

  it("at 21:59 BST lists today alone", () => {
    expect(days("2025-06-02T20:59:00.000Z", ["2025-06-02", "2025-06-03"], evening).map((d) => d.slotDate)).toEqual([
      "2025-06-02",
    ]);
    expect(daysOffered(rules(evening), new Date("2025-06-02T20:59:00.000Z"), "Europe/London")).toBe(0);
  });

  it("at 22:15 BST (21:15 UTC) also lists tomorrow, with its slots from opening", () => {
    const [today, tomorrow] = days("2025-06-02T21:15:00.000Z", ["2025-06-02", "2025-06-03"], evening);
    expect(today!.slots.map((s) => s.info.isAsap)).toEqual([true]);
    expect(today!.slots[0]!.expires).toBe("2025-06-02T22:30:00.000+01:00");
    expect(tomorrow!.slotDate).toBe("2025-06-03");
    expect(tomorrow!.slots).toHaveLength(14);
    expect(tomorrow!.slots[0]!.startTime).toBe("2025-06-03T09:00:00.000+01:00");
  });

  it("reads the hour in the store's time zone, not UTC: 22:30 UTC is 23:30 BST, still the evening", () => {
    expect(daysOffered(rules(evening), new Date("2025-06-02T21:00:00.000Z"), "Europe/London")).toBe(1);
    expect(daysOffered(rules(evening), new Date("2025-06-02T21:00:00.000Z"), "UTC")).toBe(0);
  });

  it("a store that takes no future orders gains no evening day", () => {
    expect(
      daysOffered(
        rules({ ...evening, hasFutureSlotType: false }),
        new Date("2025-06-02T21:15:00.000Z"),
        "Europe/London",
      ),
    ).toBe(0);
  });
});

describe("listSlotDays: capacity", () => {
  const NOW = "2026-11-23T08:10:00.000Z";

  it("marks a slot full when its held places reach the capacity, and capacity 0 as unavailable", () => {
    const nine = Date.parse("2026-11-23T09:00:00.000Z");
    const ten = Date.parse("2026-11-23T10:00:00.000Z");
    const [day] = days(
      NOW,
      ["2026-11-23", "2026-11-23"],
      { slotCapacity: 3 },
      {
        held: new Map([
          [nine, 3],
          [ten, 2],
        ]),
      },
    );
    const future = futureOnly(day!.slots);
    expect(future.slice(0, 3).map((s) => s.info.status)).toEqual(["full", "available", "available"]);
    expect(day!.slots[0]!.info).toEqual({ isAsap: true, status: "available", fulfilmentIn: 45 });
    const [none] = days(NOW, ["2026-11-23", "2026-11-23"], { slotCapacity: 0 });
    expect(futureOnly(none!.slots).every((s) => s.info.status === "unavailable")).toBe(true);
  });
});

describe("findListedSlot", () => {
  const NOW = "2026-11-23T08:10:00.000Z";
  const list = days(NOW, ["2026-11-23", "2026-11-24"]);

  it("finds a future slot by its exact start, whatever offset the instant is written in", () => {
    const found = findListedSlot(list, Date.parse("2026-11-24T15:00:00.000+00:00"));
    expect(found?.slot.startTime).toBe("2026-11-24T15:00:00.000+00:00");
    expect(found?.end).toBe(Date.parse("2026-11-24T16:00:00Z"));
    expect(findListedSlot(list, Date.parse("2026-11-24T15:30:00.000Z"))).toBeNull();
  });

  it("takes a start from a listing a few minutes old as the ASAP slot, but not one from long ago", () => {
    expect(findListedSlot(list, Date.parse("2026-11-23T08:10:00.000Z"))?.slot.info.isAsap).toBe(true);
    expect(findListedSlot(list, Date.parse("2026-11-23T08:02:00.000Z"))?.slot.info.isAsap).toBe(true);
    expect(findListedSlot(list, Date.parse("2026-11-23T07:59:00.000Z"))).toBeNull();
    expect(findListedSlot(list, Date.parse("2026-11-23T08:11:00.000Z"))).toBeNull();
  });
});
