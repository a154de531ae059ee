import { describe, expect, it } from "vitest";
import {
  addDays,
  clockTime,
  cutOffPassed,
  dayLabel,
  heldSlotText,
  hasUsableTimes,
  isValidAsapSlot,
  isValidFutureSlot,
  noSlotsMessage,
  sameInstant,
  slotLabel,
  slotRulesFor,
  slotsForDisplay,
  slotStatus,
  slotTimeRange,
  storeDate,
  storeHour,
  validateSlotTimes,
} from "./slots";
import { at, hourSlot, LONDON, slot } from "./slots-test-data";

describe("store-local date and hour (Intl, Europe/London)", () => {
  it("reads the hour in the store's zone, not UTC, on a summer evening past 22:00", () => {
    expect(storeHour(at("2026-07-15T21:30:00Z"), LONDON)).toBe(22);
    expect(storeDate(at("2026-07-15T21:30:00Z"), LONDON)).toBe("2026-07-15");
    // 23:30 UTC is already tomorrow in BST.
    expect(storeDate(at("2026-07-15T23:30:00Z"), LONDON)).toBe("2026-07-16");
    expect(storeHour(at("2026-07-15T23:30:00Z"), LONDON)).toBe(0);
  });

  it("follows the spring change on 2026-03-29: 01:00 GMT becomes 02:00 BST", () => {
    expect(storeHour(at("2026-03-29T00:59:59Z"), LONDON)).toBe(0);
    expect(storeHour(at("2026-03-29T01:00:00Z"), LONDON)).toBe(2);
    expect(storeDate(at("2026-03-29T23:00:00Z"), LONDON)).toBe("2026-03-30");
    expect(storeDate(at("2026-03-28T23:30:00Z"), LONDON)).toBe("2026-03-28");
  });

  it("follows the autumn change on 2026-10-25: the hour from 01:00 is lived twice", () => {
    expect(storeHour(at("2026-10-25T00:30:00Z"), LONDON)).toBe(1);
    expect(storeHour(at("2026-10-25T01:30:00Z"), LONDON)).toBe(1);
    expect(storeDate(at("2026-10-24T23:30:00Z"), LONDON)).toBe("2026-10-25");
    expect(storeDate(at("2026-10-25T23:30:00Z"), LONDON)).toBe("2026-10-25");
  });

  it("reads midnight as hour 0, never 24", () => {
    expect(storeHour(at("2026-01-15T00:00:00Z"), LONDON)).toBe(0);
  });
});

describe("addDays", () => {
  it("moves calendar dates across clock changes, month and year ends", () => {
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDays("2026-10-25", 1)).toBe("2026-10-26");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-07-15", 14)).toBe("2026-07-29");
  });

  it("refuses what is not a date", () => {
    expect(() => addDays("15/07/2026", 1)).toThrow("Not a YYYY-MM-DD date: 15/07/2026");
  });
});

describe("slot status", () => {
  it("is compared without regard to case", () => {
    expect(slotStatus(slot("2026-07-15T09:00:00Z", "2026-07-15T10:00:00Z", { status: "AVAILABLE" }))).toBe("available");
    expect(slotStatus(slot("2026-07-15T09:00:00Z", "2026-07-15T10:00:00Z", { status: "Full" }))).toBe("full");
  });

  it("counts anything unknown as unavailable", () => {
    expect(slotStatus(slot("2026-07-15T09:00:00Z", "2026-07-15T10:00:00Z", { status: "closed" }))).toBe("unavailable");
    expect(slotStatus(slot("2026-07-15T09:00:00Z", "2026-07-15T10:00:00Z", { status: "" }))).toBe("unavailable");
  });
});

describe("isValidAsapSlot (spec 1 §4)", () => {
  const cutOff = "2026-07-15T19:00:00Z"; // 20:00 BST
  const asap = slot("2026-07-15T12:30:00Z", "2026-07-15T13:00:00Z", { asap: true });

  it("is valid when available, flagged ASAP and before the cut-off", () => {
    expect(isValidAsapSlot(asap, at("2026-07-15T12:00:00Z"), cutOff)).toBe(true);
    expect(
      isValidAsapSlot({ ...asap, info: { ...asap.info, status: "Available" } }, at("2026-07-15T12:00:00Z"), cutOff),
    ).toBe(true);
  });

  it("is invalid once the cut-off is reached", () => {
    expect(isValidAsapSlot(asap, at("2026-07-15T18:59:59Z"), cutOff)).toBe(true);
    expect(isValidAsapSlot(asap, at("2026-07-15T19:00:00Z"), cutOff)).toBe(false);
    expect(cutOffPassed(at("2026-07-15T19:00:00Z"), cutOff)).toBe(true);
  });

  it("is invalid when not flagged ASAP or not available", () => {
    expect(
      isValidAsapSlot({ ...asap, info: { ...asap.info, isAsap: false } }, at("2026-07-15T12:00:00Z"), cutOff),
    ).toBe(false);
    expect(
      isValidAsapSlot({ ...asap, info: { ...asap.info, status: "FULL" } }, at("2026-07-15T12:00:00Z"), cutOff),
    ).toBe(false);
    expect(
      isValidAsapSlot({ ...asap, info: { ...asap.info, status: "unavailable" } }, at("2026-07-15T12:00:00Z"), cutOff),
    ).toBe(false);
  });

  it("has no cut-off to pass when the method has none", () => {
    expect(isValidAsapSlot(asap, at("2026-07-15T22:30:00Z"), null)).toBe(true);
    expect(cutOffPassed(at("2026-07-15T22:30:00Z"), null)).toBe(false);
  });
});

describe("isValidFutureSlot (spec 1 §4)", () => {
  const start = "2026-07-16T09:00:00Z";

  it("without an expiry, is valid until five minutes before the start", () => {
    const future = hourSlot(start);
    expect(isValidFutureSlot(future, at("2026-07-16T08:54:59Z"))).toBe(true);
    expect(isValidFutureSlot(future, at("2026-07-16T08:55:00Z"))).toBe(false);
  });

  it("with an expiry, is valid until the expiry instead", () => {
    expect(isValidFutureSlot(hourSlot(start, { expires: "2026-07-16T08:00:00Z" }), at("2026-07-16T08:30:00Z"))).toBe(
      false,
    );
    expect(isValidFutureSlot(hourSlot(start, { expires: "2026-07-16T08:00:00Z" }), at("2026-07-16T07:59:59Z"))).toBe(
      true,
    );
    expect(isValidFutureSlot(hourSlot(start, { expires: "2026-07-16T08:58:00Z" }), at("2026-07-16T08:57:00Z"))).toBe(
      true,
    );
  });

  it("needs the start still in the future even when the expiry is later", () => {
    expect(isValidFutureSlot(hourSlot(start, { expires: "2026-07-16T09:30:00Z" }), at("2026-07-16T09:00:00Z"))).toBe(
      false,
    );
    expect(isValidFutureSlot(hourSlot(start, { expires: "2026-07-16T09:30:00Z" }), at("2026-07-16T08:59:59Z"))).toBe(
      true,
    );
  });

  it("needs the slot available, whatever the case of its status", () => {
    expect(isValidFutureSlot(hourSlot(start, { status: "AVAILABLE" }), at("2026-07-16T07:00:00Z"))).toBe(true);
    expect(isValidFutureSlot(hourSlot(start, { status: "full" }), at("2026-07-16T07:00:00Z"))).toBe(false);
    expect(isValidFutureSlot(hourSlot(start, { status: "unavailable" }), at("2026-07-16T07:00:00Z"))).toBe(false);
  });

  it("counts five minutes in real time across the spring change (01:00 GMT → 02:00 BST)", () => {
    // Starts 02:00 BST on 2026-03-29, five real minutes after 00:55 GMT.
    const afterGap = hourSlot("2026-03-29T01:00:00Z");
    expect(isValidFutureSlot(afterGap, at("2026-03-29T00:54:59Z"))).toBe(true);
    expect(isValidFutureSlot(afterGap, at("2026-03-29T00:55:00Z"))).toBe(false);
  });

  it("is invalid when its start is not an instant", () => {
    expect(isValidFutureSlot({ ...hourSlot(start), startTime: "" }, at("2026-07-16T07:00:00Z"))).toBe(false);
  });
});

describe("validateSlotTimes (spec 1 §5)", () => {
  const now = at("2026-07-15T12:00:00Z");
  const cutOff = "2026-07-15T19:00:00Z";
  const equalAsap = slot("2026-07-15T12:30:00Z", "2026-07-15T12:30:00Z", { asap: true });

  it("passes a slot with distinct start and end", () => {
    const good = hourSlot("2026-07-15T14:00:00Z");
    expect(validateSlotTimes(good)).toEqual({ ok: true, slot: good, substituted: false });
  });

  it("reports a missing start or end", () => {
    const message = "Invalid slot data: missing startTime or endTime";
    const good = hourSlot("2026-07-15T14:00:00Z");
    expect(validateSlotTimes({ ...good, startTime: null })).toEqual({ ok: false, message });
    expect(validateSlotTimes({ ...good, endTime: undefined })).toEqual({ ok: false, message });
    expect(validateSlotTimes({ ...good, endTime: "" })).toEqual({ ok: false, message });
    expect(validateSlotTimes({ ...good, startTime: "soon" })).toEqual({ ok: false, message });
  });

  it("refuses a non-ASAP slot with equal start and end", () => {
    expect(validateSlotTimes(slot("2026-07-15T14:00:00Z", "2026-07-15T14:00:00Z"))).toEqual({
      ok: false,
      message: "Invalid time slot selected. Please select a different time slot for your order.",
    });
  });

  it("treats the same instant written with different offsets as equal", () => {
    expect(validateSlotTimes(slot("2026-07-15T15:00:00+01:00", "2026-07-15T14:00:00Z")).ok).toBe(false);
    expect(sameInstant("2026-07-15T15:00:00+01:00", "2026-07-15T14:00:00Z")).toBe(true);
  });

  it("substitutes another valid ASAP slot for an ASAP slot with equal start and end", () => {
    const other = slot("2026-07-15T12:35:00Z", "2026-07-15T13:05:00Z", { asap: true });
    expect(validateSlotTimes(equalAsap, { candidates: [equalAsap, other], now, storeCutOff: cutOff })).toEqual({
      ok: true,
      slot: other,
      substituted: true,
    });
  });

  it("refuses an ASAP slot with equal start and end when no valid ASAP slot can replace it", () => {
    const message = "Invalid time slot selected. Please try again or contact support.";
    const full = slot("2026-07-15T12:35:00Z", "2026-07-15T13:05:00Z", { asap: true, status: "full" });
    const alsoEqual = slot("2026-07-15T12:40:00Z", "2026-07-15T12:40:00Z", { asap: true });
    const future = hourSlot("2026-07-15T14:00:00Z");
    const fine = slot("2026-07-15T12:35:00Z", "2026-07-15T13:05:00Z", { asap: true });
    expect(validateSlotTimes(equalAsap)).toEqual({ ok: false, message });
    expect(
      validateSlotTimes(equalAsap, { candidates: [equalAsap, full, alsoEqual, future], now, storeCutOff: cutOff }),
    ).toEqual({ ok: false, message });
    // Past the cut-off no ASAP slot is valid, so none can stand in.
    expect(
      validateSlotTimes(equalAsap, { candidates: [fine], now: at("2026-07-15T19:00:00Z"), storeCutOff: cutOff }),
    ).toEqual({ ok: false, message });
  });

  it("knows usable times", () => {
    expect(hasUsableTimes(hourSlot("2026-07-15T14:00:00Z"))).toBe(true);
    expect(hasUsableTimes(slot("2026-07-15T14:00:00Z", "2026-07-15T14:00:00Z"))).toBe(false);
    expect(hasUsableTimes({ startTime: "2026-07-15T14:00:00Z" })).toBe(false);
  });
});

describe("no slots", () => {
  it("says 'There are not available slots for today' for today, and that no times are left for a later day", () => {
    expect(noSlotsMessage("2026-07-15", "2026-07-15")).toBe("There are not available slots for today");
    expect(noSlotsMessage("2026-07-16", "2026-07-15")).toBe("No times left on this day");
  });
});

describe("heldSlotText (store bar, basket, checkout)", () => {
  const held = {
    date: "2026-07-16",
    start: "2026-07-16T09:00:00+01:00",
    end: "2026-07-16T10:00:00+01:00",
    isAsap: false,
  };
  it("names the held slot by its day and times, ASAP as such, and nothing held as the caller's words", () => {
    expect(heldSlotText(held, "2026-07-15", LONDON, "Choose a time")).toBe("Tomorrow 09:00–10:00");
    expect(heldSlotText(held, "2026-07-15", LONDON, null, ", ")).toBe("Tomorrow, 09:00–10:00");
    expect(heldSlotText({ ...held, isAsap: true }, "2026-07-15", LONDON, null)).toBe("As soon as possible");
    expect(heldSlotText(null, "2026-07-15", LONDON, "No time chosen yet")).toBe("No time chosen yet");
  });
});

describe("dayLabel", () => {
  it("names today and tomorrow", () => {
    expect(dayLabel("2026-07-15", "2026-07-15")).toBe("Today");
    expect(dayLabel("2026-07-16", "2026-07-15")).toBe("Tomorrow");
  });

  it("names later days by short weekday, day and month", () => {
    expect(dayLabel("2026-11-25", "2026-11-23")).toBe("Wed 25 Nov");
    expect(dayLabel("2026-07-17", "2026-07-15")).toBe("Fri 17 Jul");
  });

  it("counts tomorrow by the calendar across clock changes and month ends", () => {
    expect(dayLabel("2026-03-30", "2026-03-29")).toBe("Tomorrow");
    expect(dayLabel("2026-03-31", "2026-03-29")).toBe("Tue 31 Mar");
    expect(dayLabel("2026-10-26", "2026-10-25")).toBe("Tomorrow");
    expect(dayLabel("2026-04-01", "2026-03-31")).toBe("Tomorrow");
  });

  it("reads today from an instant in the store's zone", () => {
    // 23:30 UTC on the 15th is 00:30 BST on the 16th.
    expect(dayLabel("2026-07-16", at("2026-07-15T23:30:00Z"), LONDON)).toBe("Today");
    expect(dayLabel("2026-07-17", at("2026-07-15T23:30:00Z"), LONDON)).toBe("Tomorrow");
    expect(dayLabel("2026-07-16", at("2026-07-15T22:59:00Z"), LONDON)).toBe("Tomorrow");
  });
});

describe("slot times and labels (en-GB, 24-hour, store zone)", () => {
  it("shows the range in BST in summer and GMT in winter", () => {
    expect(slotTimeRange(hourSlot("2026-07-15T08:00:00Z"), LONDON)).toBe("09:00–10:00");
    expect(slotTimeRange(hourSlot("2026-01-15T09:00:00Z"), LONDON)).toBe("09:00–10:00");
  });

  it("shows a late summer slot running to midnight", () => {
    expect(slotTimeRange(hourSlot("2026-07-15T22:00:00Z"), LONDON)).toBe("23:00–00:00");
  });

  it("shows the clock-change hours as the wall clock reads them", () => {
    expect(slotTimeRange(hourSlot("2026-03-29T00:30:00Z"), LONDON)).toBe("00:30–02:30");
    expect(slotTimeRange(hourSlot("2026-10-25T00:30:00Z"), LONDON)).toBe("01:30–01:30");
    expect(slotTimeRange(hourSlot("2026-10-25T02:00:00Z"), LONDON)).toBe("02:00–03:00");
  });

  it("reads instants written with any offset", () => {
    expect(clockTime("2026-07-15T09:00:00+01:00", LONDON)).toBe("09:00");
    expect(clockTime("2026-07-15T09:00:00+01:00", "UTC")).toBe("08:00");
  });

  it("labels an ASAP slot with its estimate, or 'ASAP' in short", () => {
    const asap = (fulfilmentIn: number | null) =>
      slot("2026-07-15T12:30:00Z", "2026-07-15T13:00:00Z", { asap: true, fulfilmentIn });
    expect(slotLabel(asap(30), LONDON)).toBe("As soon as possible (about 30 min)");
    expect(slotLabel(asap(60), LONDON)).toBe("As soon as possible (about 1 hr)");
    expect(slotLabel(asap(95), LONDON)).toBe("As soon as possible (about 1 hr 35 min)");
    expect(slotLabel(asap(null), LONDON)).toBe("As soon as possible");
    expect(slotLabel(asap(30), LONDON, "short")).toBe("ASAP");
  });

  it("labels a future slot with its time range", () => {
    expect(slotLabel(hourSlot("2026-07-15T08:00:00Z"), LONDON)).toBe("09:00–10:00");
    expect(slotLabel(hourSlot("2026-07-15T08:00:00Z"), LONDON, "short")).toBe("09:00–10:00");
  });

  it("lists ASAP first and keeps the platform's order otherwise", () => {
    const nine = hourSlot("2026-07-15T08:00:00Z");
    const ten = hourSlot("2026-07-15T09:00:00Z");
    const asap = slot("2026-07-15T12:30:00Z", "2026-07-15T13:00:00Z", { asap: true });
    expect(slotsForDisplay([nine, asap, ten])).toEqual([asap, nine, ten]);
  });
});

describe("slotRulesFor", () => {
  const method = { cutOffDateTime: "2026-07-15T19:00:00Z", hasFutureSlotType: true, orderDaysInAdvance: 5 };
  it("takes the method's slot settings and the store's zone", () => {
    const store = {
      info: { storeTimeZone: "Europe/Dublin" },
      orderMethods: { delivery: method, collection: { ...method, orderDaysInAdvance: 2 } },
    };
    expect(slotRulesFor(store, "collection")).toEqual({
      timeZone: "Europe/Dublin",
      cutOffDateTime: "2026-07-15T19:00:00Z",
      hasFutureSlotType: true,
      orderDaysInAdvance: 2,
    });
  });
  it("falls back to Europe/London when the store names no zone", () => {
    expect(
      slotRulesFor({ info: { storeTimeZone: "" }, orderMethods: { delivery: method, collection: method } }, "delivery")
        .timeZone,
    ).toBe(LONDON);
  });
});
