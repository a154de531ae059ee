import { describe, expect, it } from "vitest";
import { ALWAYS, everyDay, week } from "./testing/hours";
import {
  holidayWindow,
  methodOpenState,
  storeDates,
  type MethodRules,
  type OpenStateInput,
  type StoreFlags,
} from "./open-state";

const rules = (overrides: Partial<MethodRules> = {}): MethodRules => ({
  enabled: true,
  preorderOnly: false,
  hours: ALWAYS,
  leadTimeSeconds: 1800,
  cutOffTime: null,
  orderDaysInAdvance: 7,
  hasOnlyAsapSlotType: false,
  hasFutureSlotType: true,
  ...overrides,
});
const flags = (overrides: Partial<StoreFlags> = {}): StoreFlags => ({
  timeZone: "Europe/London",
  temporarilyClosed: false,
  ordersPaused: false,
  ...overrides,
});

function state(
  now: string,
  method: Partial<MethodRules> | null = {},
  extra: { store?: Partial<StoreFlags>; holidays?: Record<string, string> } = {},
) {
  const input: OpenStateInput = {
    method: method === null ? null : rules(method),
    store: flags(extra.store),
    holidays: new Map(Object.entries(extra.holidays ?? {})),
    now: new Date(now),
  };
  return methodOpenState(input);
}

// Weekday hours of an ordinary lunch-and-evening kitchen (Mon–Fri), like the demo's Covent Garden store.
const KITCHEN = week({
  "1": [
    { open: "11:30", close: "14:30" },
    { open: "17:00", close: "22:30" },
  ],
  "2": [
    { open: "11:30", close: "14:30" },
    { open: "17:00", close: "22:30" },
  ],
  "3": [
    { open: "11:30", close: "14:30" },
    { open: "17:00", close: "22:30" },
  ],
  "4": [
    { open: "11:30", close: "14:30" },
    { open: "17:00", close: "22:30" },
  ],
  "5": [
    { open: "11:30", close: "14:30" },
    { open: "17:00", close: "22:30" },
  ],
});

describe("methodOpenState: closed by the store's settings", () => {
  // Monday 2 June 2025, 10:00 BST.
  const NOW = "2025-06-02T09:00:00.000Z";

  it("is closed when the store has no row for the method", () => {
    expect(state(NOW, null)).toEqual({
      status: "closed",
      earliestOpeningDate: null,
      cutOffDateTime: null,
      openingHoursToday: [],
      holidayMessage: null,
    });
  });

  it("is closed when the method is disabled, whatever the hours", () => {
    const s = state(NOW, { enabled: false });
    expect(s.status).toBe("closed");
    expect(s.earliestOpeningDate).toBeNull();
    expect(s.openingHoursToday).toEqual([{ open: "00:00", close: "24:00" }]);
  });

  it("is closed when the store is temporarily closed", () => {
    expect(state(NOW, {}, { store: { temporarilyClosed: true } })).toMatchObject({
      status: "closed",
      earliestOpeningDate: null,
    });
  });

  it("is closed when orders are paused, even for a pre-order-only method", () => {
    expect(state(NOW, {}, { store: { ordersPaused: true } })).toMatchObject({
      status: "closed",
      earliestOpeningDate: null,
    });
    expect(state(NOW, { preorderOnly: true }, { store: { ordersPaused: true } }).status).toBe("closed");
  });
});

describe("methodOpenState: open, pre-order and closed by the clock", () => {
  it("is open round the clock for 24-hour hours, the earliest fulfilment being now plus the lead time", () => {
    const s = state("2025-06-02T09:00:00.000Z", { leadTimeSeconds: 2700 });
    expect(s.status).toBe("open");
    expect(s.earliestOpeningDate).toBe("2025-06-02T09:45:00.000Z");
    expect(s.openingHoursToday).toEqual([{ open: "00:00", close: "24:00" }]);
  });

  it("tells the earliest fulfilment to the whole minute, at or after now plus the lead time", () => {
    expect(state("2025-06-02T09:00:30.500Z", { leadTimeSeconds: 2700 }).earliestOpeningDate).toBe(
      "2025-06-02T09:46:00.000Z",
    );
    expect(state("2025-06-02T09:00:59.999Z", { leadTimeSeconds: 2700 }).earliestOpeningDate).toBe(
      "2025-06-02T09:46:00.000Z",
    );
  });

  it("stays open at 23:50 in a 24-hour store when the lead time runs past midnight", () => {
    // Sunday 1 June 2025, 23:50 BST; 45 minutes of lead time ends at 00:35 on Monday.
    const s = state("2025-06-01T22:50:00.000Z", { leadTimeSeconds: 2700 });
    expect(s.status).toBe("open");
    expect(s.earliestOpeningDate).toBe("2025-06-01T23:35:00.000Z");
  });

  it("is pre-order before opening when it takes future orders, earliest at the opening", () => {
    // Monday 10:00 BST; the kitchen opens at 11:30 and 40 minutes of lead time fits before then.
    const s = state("2025-06-02T09:00:00.000Z", { hours: KITCHEN, leadTimeSeconds: 2400 });
    expect(s.status).toBe("preorder");
    expect(s.earliestOpeningDate).toBe("2025-06-02T10:30:00.000Z");
    expect(s.openingHoursToday).toEqual([
      { open: "11:30", close: "14:30" },
      { open: "17:00", close: "22:30" },
    ]);
  });

  it("puts the earliest fulfilment after the opening when the lead time reaches past it", () => {
    // Monday 11:00 BST, lead time 40 minutes: 11:40, inside the first range.
    const s = state("2025-06-02T10:00:00.000Z", { hours: KITCHEN, leadTimeSeconds: 2400 });
    expect(s.status).toBe("preorder");
    expect(s.earliestOpeningDate).toBe("2025-06-02T10:40:00.000Z");
  });

  it("is open inside a range when now plus the lead time fits before it closes", () => {
    const s = state("2025-06-02T12:00:00.000Z", { hours: KITCHEN, leadTimeSeconds: 2400 }); // 13:00 BST
    expect(s.status).toBe("open");
    expect(s.earliestOpeningDate).toBe("2025-06-02T12:40:00.000Z");
  });

  it("is open when now plus the lead time lands exactly on the close", () => {
    expect(state("2025-06-02T12:50:00.000Z", { hours: KITCHEN, leadTimeSeconds: 2400 }).status).toBe("open"); // 13:50 + 40 = 14:30
  });

  it("is pre-order inside a range when the lead time no longer fits, earliest in the next range", () => {
    // 14:00 BST + 40 minutes = 14:40, after the 14:30 close: the evening range at 17:00 is next.
    const s = state("2025-06-02T13:00:00.000Z", { hours: KITCHEN, leadTimeSeconds: 2400 });
    expect(s.status).toBe("preorder");
    expect(s.earliestOpeningDate).toBe("2025-06-02T16:00:00.000Z");
  });

  it("is closed outside hours when the method takes ASAP orders only, still naming its next opening", () => {
    const asapOnly = {
      hours: KITCHEN,
      leadTimeSeconds: 2400,
      hasOnlyAsapSlotType: true,
      hasFutureSlotType: false,
      orderDaysInAdvance: 0,
    };
    const s = state("2025-06-02T09:00:00.000Z", asapOnly);
    expect(s.status).toBe("closed");
    expect(s.earliestOpeningDate).toBe("2025-06-02T10:30:00.000Z");
    expect(state("2025-06-02T12:00:00.000Z", asapOnly).status).toBe("open");
  });

  it("lets ASAP-only win when both slot-type flags are set", () => {
    expect(
      state("2025-06-02T09:00:00.000Z", { hours: KITCHEN, hasOnlyAsapSlotType: true, hasFutureSlotType: true }).status,
    ).toBe("closed");
  });

  it("is closed when it takes no future orders", () => {
    expect(state("2025-06-02T09:00:00.000Z", { hours: KITCHEN, hasFutureSlotType: false }).status).toBe("closed");
  });

  it("looks ahead only orderDaysInAdvance days for the next opening", () => {
    // Friday 6 June 2025, 23:00 BST: the kitchen next opens on Monday 9 June, three days on.
    const friday = "2025-06-06T22:00:00.000Z";
    expect(state(friday, { hours: KITCHEN, orderDaysInAdvance: 3 })).toMatchObject({
      status: "preorder",
      earliestOpeningDate: "2025-06-09T10:30:00.000Z",
    });
    expect(state(friday, { hours: KITCHEN, orderDaysInAdvance: 2 })).toMatchObject({
      status: "closed",
      earliestOpeningDate: null,
    });
    expect(state(friday, { hours: KITCHEN }).openingHoursToday).toHaveLength(2);
    expect(state("2025-06-07T10:00:00.000Z", { hours: KITCHEN }).openingHoursToday).toEqual([]); // Saturday
  });
});

describe("methodOpenState: pre-order-only methods", () => {
  it("is pre-order while open, the earliest fulfilment a lead time away", () => {
    const s = state("2025-06-02T09:00:00.000Z", { preorderOnly: true, leadTimeSeconds: 86400, orderDaysInAdvance: 14 });
    expect(s.status).toBe("preorder");
    expect(s.earliestOpeningDate).toBe("2025-06-03T09:00:00.000Z");
  });

  it("is closed when no fulfilment fits within its days in advance", () => {
    const s = state("2025-06-02T09:00:00.000Z", {
      preorderOnly: true,
      leadTimeSeconds: 3 * 86400,
      orderDaysInAdvance: 2,
    });
    expect(s).toMatchObject({ status: "closed", earliestOpeningDate: null });
  });
});

describe("methodOpenState: cut-off", () => {
  // Weekdays 09:00–20:00 with a 16:00 same-day cut-off, like the demo's Headingley delivery.
  const CUT_OFF = {
    hours: week({ "1": [{ open: "09:00", close: "20:00" }], "2": [{ open: "09:00", close: "20:00" }] }),
    leadTimeSeconds: 3600,
    cutOffTime: "16:00",
  };

  it("is open before the cut-off and reports today's cut-off instant", () => {
    const s = state("2025-06-02T14:30:00.000Z", CUT_OFF); // 15:30 BST
    expect(s.status).toBe("open");
    expect(s.cutOffDateTime).toBe("2025-06-02T15:00:00.000Z");
  });

  it("is still open at the cut-off minute itself", () => {
    expect(state("2025-06-02T15:00:00.000Z", CUT_OFF).status).toBe("open");
  });

  it("is pre-order for the next trading day once the cut-off has passed, though the store is still in hours", () => {
    const s = state("2025-06-02T15:01:00.000Z", CUT_OFF); // 16:01 BST
    expect(s.status).toBe("preorder");
    expect(s.earliestOpeningDate).toBe("2025-06-03T08:00:00.000Z");
    expect(s.cutOffDateTime).toBe("2025-06-02T15:00:00.000Z");
  });

  it("reports no cut-off on a day without hours, and none for a method without a cut-off", () => {
    expect(state("2025-06-04T10:00:00.000Z", CUT_OFF).cutOffDateTime).toBeNull(); // Wednesday: no ranges
    expect(state("2025-06-02T10:00:00.000Z", { ...CUT_OFF, cutOffTime: null }).cutOffDateTime).toBeNull();
  });

  it("takes the cut-off in GMT in winter", () => {
    expect(state("2025-12-01T10:00:00.000Z", CUT_OFF).cutOffDateTime).toBe("2025-12-01T16:00:00.000Z");
  });
});

describe("methodOpenState: holidays", () => {
  const HOLIDAY = { "2025-06-02": "Closed for the staff party." };

  it("is not open on a holiday; it pre-orders for the next day and shows the holiday message", () => {
    const s = state("2025-06-02T09:00:00.000Z", {}, { holidays: HOLIDAY });
    expect(s.status).toBe("preorder");
    expect(s.earliestOpeningDate).toBe("2025-06-02T23:00:00.000Z"); // midnight BST on Tuesday
    expect(s.holidayMessage).toBe("Closed for the staff party.");
    expect(s.openingHoursToday).toEqual([]);
    expect(s.cutOffDateTime).toBeNull();
  });

  it("is closed on a holiday when it takes ASAP orders only", () => {
    expect(state("2025-06-02T09:00:00.000Z", { hasOnlyAsapSlotType: true }, { holidays: HOLIDAY }).status).toBe(
      "closed",
    );
  });

  it("reports the message of today's date only", () => {
    expect(state("2025-06-03T09:00:00.000Z", {}, { holidays: HOLIDAY }).holidayMessage).toBeNull();
  });
});

describe("methodOpenState: a range across midnight, 22:00–02:00", () => {
  const LATE = { hours: everyDay({ open: "22:00", close: "02:00" }), leadTimeSeconds: 1800 };

  it("is open after midnight in the range that opened the evening before", () => {
    const s = state("2025-06-03T00:00:00.000Z", LATE); // Tuesday 01:00 BST
    expect(s.status).toBe("open");
    expect(s.earliestOpeningDate).toBe("2025-06-03T00:30:00.000Z");
  });

  it("is pre-order late in the range when the lead time runs past 02:00", () => {
    const s = state("2025-06-03T00:45:00.000Z", LATE); // 01:45 BST + 30 minutes = 02:15
    expect(s.status).toBe("preorder");
    expect(s.earliestOpeningDate).toBe("2025-06-03T21:00:00.000Z"); // 22:00 BST that evening
  });

  it("is pre-order in the afternoon, before the evening opening", () => {
    expect(state("2025-06-02T14:00:00.000Z", LATE)).toMatchObject({
      status: "preorder",
      earliestOpeningDate: "2025-06-02T21:00:00.000Z",
    });
  });

  it("loses the part after midnight when the day it opened is a holiday", () => {
    const s = state("2025-06-03T00:00:00.000Z", LATE, { holidays: { "2025-06-02": "Closed Monday night." } });
    expect(s.status).toBe("preorder");
    expect(s.earliestOpeningDate).toBe("2025-06-03T21:00:00.000Z");
    expect(s.holidayMessage).toBeNull(); // it is Tuesday in London now
  });

  it("applies the trading day's cut-off after midnight", () => {
    // Cut-off 23:00 on Monday; at 00:30 on Tuesday Monday's range takes no more orders.
    const s = state("2025-06-02T23:30:00.000Z", { ...LATE, cutOffTime: "23:00" });
    expect(s.status).toBe("preorder");
    expect(s.earliestOpeningDate).toBe("2025-06-03T21:00:00.000Z");
  });
});

describe("methodOpenState: GMT → BST (Sunday 30 March 2025, clocks go forward at 01:00 GMT)", () => {
  const LATE = { hours: everyDay({ open: "22:00", close: "02:00" }), leadTimeSeconds: 1800 };

  it("closes Saturday night's 22:00–02:00 range at 02:00 BST, one hour earlier by the clock on the wall", () => {
    // 00:45 GMT on Sunday: 30 minutes of lead time ends at 01:15 UTC, after the 01:00 UTC close.
    const s = state("2025-03-30T00:45:00.000Z", LATE);
    expect(s.status).toBe("preorder");
    expect(s.earliestOpeningDate).toBe("2025-03-30T21:00:00.000Z"); // 22:00 BST on Sunday
    // The same wall-clock moment a week earlier, without a change, is open until 02:00 GMT.
    expect(state("2025-03-23T00:45:00.000Z", LATE).status).toBe("open");
  });

  it("opens a 09:00 range at 08:00 UTC on the day of the change", () => {
    const DAY = { hours: everyDay({ open: "09:00", close: "17:00" }), leadTimeSeconds: 900 };
    expect(state("2025-03-30T08:30:00.000Z", DAY).status).toBe("open"); // 09:30 BST
    expect(state("2025-03-29T08:30:00.000Z", DAY).status).toBe("preorder"); // 08:30 GMT the day before
    expect(state("2025-03-29T08:30:00.000Z", DAY).earliestOpeningDate).toBe("2025-03-29T09:00:00.000Z");
  });

  it("gives a 00:00–24:00 Sunday 23 hours", () => {
    const SUNDAY = { hours: week({ "7": [{ open: "00:00", close: "24:00" }] }) };
    // 23:30 BST: the day ends at 23:00 UTC.
    expect(state("2025-03-30T22:30:00.000Z", { ...SUNDAY, leadTimeSeconds: 1200 }).status).toBe("open");
    const late = state("2025-03-30T22:30:00.000Z", { ...SUNDAY, leadTimeSeconds: 2400 });
    expect(late.status).toBe("preorder");
    expect(late.earliestOpeningDate).toBe("2025-04-05T23:00:00.000Z"); // next Sunday, 00:00 BST
    // Its first minute is midnight GMT.
    expect(state("2025-03-30T00:00:00.000Z", { ...SUNDAY, leadTimeSeconds: 0 }).status).toBe("open");
    expect(state("2025-03-29T23:59:00.000Z", { ...SUNDAY, leadTimeSeconds: 0 }).status).toBe("preorder");
  });

  it("moves a range opening in the missing hour to the moment the clocks resume", () => {
    // 01:30 does not exist on 30 March 2025 in London; the range starts at 02:30 BST, 01:30 UTC.
    const s = state("2025-03-30T00:10:00.000Z", {
      hours: week({ "7": [{ open: "01:30", close: "05:00" }] }),
      leadTimeSeconds: 0,
    });
    expect(s).toMatchObject({ status: "preorder", earliestOpeningDate: "2025-03-30T01:30:00.000Z" });
  });
});

describe("methodOpenState: BST → GMT (Sunday 26 October 2025, clocks go back at 02:00 BST)", () => {
  const LATE = { hours: everyDay({ open: "22:00", close: "02:00" }), leadTimeSeconds: 1200 };

  it("keeps Saturday night's 22:00–02:00 range open through the repeated hour, five hours long", () => {
    expect(state("2025-10-25T21:00:00.000Z", LATE).status).toBe("open"); // 22:00 BST
    expect(state("2025-10-26T00:30:00.000Z", LATE).status).toBe("open"); // 01:30 BST, the first time
    expect(state("2025-10-26T01:30:00.000Z", LATE).status).toBe("open"); // 01:30 GMT, the second time
    expect(state("2025-10-26T01:45:00.000Z", LATE)).toMatchObject({
      status: "preorder",
      earliestOpeningDate: "2025-10-26T22:00:00.000Z", // 22:00 GMT on Sunday
    });
  });

  it("gives a 00:00–24:00 Sunday 25 hours", () => {
    const SUNDAY = { hours: week({ "7": [{ open: "00:00", close: "24:00" }] }) };
    // 23:30 GMT on Sunday: the day ends at midnight GMT, 00:00 UTC on Monday.
    expect(state("2025-10-26T23:30:00.000Z", { ...SUNDAY, leadTimeSeconds: 1800 }).status).toBe("open");
    expect(state("2025-10-26T23:30:00.000Z", { ...SUNDAY, leadTimeSeconds: 2400 })).toMatchObject({
      status: "preorder",
      earliestOpeningDate: "2025-11-02T00:00:00.000Z",
    });
    // It began at midnight BST, 23:00 UTC on Saturday.
    expect(state("2025-10-25T23:00:00.000Z", { ...SUNDAY, leadTimeSeconds: 0 }).status).toBe("open");
    expect(state("2025-10-25T22:59:00.000Z", { ...SUNDAY, leadTimeSeconds: 0 }).status).toBe("preorder");
  });

  it("reports Sunday's hours and cut-off in GMT once the clocks have gone back", () => {
    const s = state("2025-10-26T10:00:00.000Z", {
      hours: everyDay({ open: "09:00", close: "17:00" }),
      cutOffTime: "15:00",
    });
    expect(s.status).toBe("open");
    expect(s.cutOffDateTime).toBe("2025-10-26T15:00:00.000Z");
    expect(s.openingHoursToday).toEqual([{ open: "09:00", close: "17:00" }]);
  });
});

describe("store day helpers", () => {
  it("lists today and the following days in store time", () => {
    // 23:30 UTC on Monday 2 June is already Tuesday in London.
    expect(storeDates(new Date("2025-06-02T23:30:00.000Z"), "Europe/London", 2)).toEqual([
      "2025-06-03",
      "2025-06-04",
      "2025-06-05",
    ]);
    expect(storeDates(new Date("2025-06-02T09:00:00.000Z"), "Europe/London", 0)).toEqual(["2025-06-02"]);
  });

  it("covers yesterday for the holiday look-up window", () => {
    expect(holidayWindow(new Date("2025-06-02T09:00:00.000Z"), "Europe/London", 7)).toEqual({
      from: "2025-06-01",
      to: "2025-06-09",
    });
  });
});
