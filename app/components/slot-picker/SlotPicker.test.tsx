import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Slot, SlotDay } from "~/models/slots";
import { SlotPicker, type SlotPickerProps } from "./SlotPicker";

const LONDON = "Europe/London";

function slot(
  startTime: string,
  endTime: string,
  status = "available",
  isAsap = false,
  fulfilmentIn: number | null = null,
): Slot {
  return {
    startTime,
    endTime,
    slotDate: startTime.slice(0, 10),
    info: { isAsap, status, fulfilmentIn },
    expires: null,
    denyPayments: [],
  };
}

const asap = slot("2026-07-15T11:40:00Z", "2026-07-15T12:10:00Z", "available", true, 30);
const oneToTwo = slot("2026-07-15T12:00:00Z", "2026-07-15T13:00:00Z");
const twoToThree = slot("2026-07-15T13:00:00Z", "2026-07-15T14:00:00Z", "FULL");
const threeToFour = slot("2026-07-15T14:00:00Z", "2026-07-15T15:00:00Z", "unavailable");
const tomorrowNine = slot("2026-07-16T08:00:00Z", "2026-07-16T09:00:00Z");

const days: SlotDay[] = [
  { slotDate: "2026-07-15", holidayMessage: null, slots: [oneToTwo, asap, twoToThree, threeToFour] },
  { slotDate: "2026-07-16", holidayMessage: null, slots: [tomorrowNine] },
  { slotDate: "2026-07-17", holidayMessage: "Closed for the summer fête", slots: [] },
  { slotDate: "2026-07-18", holidayMessage: null, slots: [] },
];

const base: SlotPickerProps = {
  slotDays: days,
  selectedDate: "2026-07-15",
  selectedStart: null,
  timeZone: LONDON,
  today: "2026-07-15",
  method: "delivery",
  costText: "£2.99",
  action: "/stores/victoria-street-1/time-slots",
  csrf: "csrf-token-1",
  dayHref: (slotDate) => `/stores/victoria-street-1/time-slots?day=${slotDate}`,
};

/** The server's HTML, as a browser with JavaScript off receives it. */
function render(props: Partial<SlotPickerProps> = {}): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => <SlotPicker {...base} {...props} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

function attr(element: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1] ?? null;
}

const radios = (html: string) => html.match(/<input[^>]*type="radio"[^>]*>/g) ?? [];
const labels = (html: string) => html.match(/<label\b[\s\S]*?<\/label>/g) ?? [];
const text = (fragment: string) => fragment.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&");

describe("SlotPicker day tabs", () => {
  const html = render();
  const nav = /<nav[^>]*aria-label="Days"[^>]*>[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
  const links = nav.match(/<a\b[^>]*>[\s\S]*?<\/a>/g) ?? [];

  it("are links in a navigation landmark named 'Days', one per listed day", () => {
    expect(links.map(text)).toEqual(["Today", "Tomorrow", "Fri 17 Jul", "Sat 18 Jul"]);
    expect(links.map((link) => attr(link, "href"))).toEqual(
      days.map((day) => `/stores/victoria-street-1/time-slots?day=${day.slotDate}`),
    );
  });

  it("mark the day on show, and only that one, as current", () => {
    expect(links.map((link) => attr(link, "aria-current"))).toEqual(["page", null, null, null]);
    const later = (render({ selectedDate: "2026-07-16" }).match(/<a\b[^>]*>/g) ?? []).map((link) =>
      attr(link, "aria-current"),
    );
    expect(later).toEqual([null, "page", null, null]);
  });

  it("show the first listed day when the asked-for day is not listed", () => {
    const html = render({ selectedDate: "2026-08-01" });
    expect(attr(/<a\b[^>]*aria-current="page"[^>]*>/.exec(html)![0], "href")).toContain("day=2026-07-15");
    expect(html).toContain("Choose a delivery time for Today");
  });
});

describe("SlotPicker slot list, without JavaScript", () => {
  const html = render({ selectedStart: "2026-07-15T13:00:00+01:00", idempotencyKey: "key-1" });
  const form = /<form\b[\s\S]*<\/form>/.exec(html)?.[0] ?? "";

  it("is a plain post to the route carrying csrf, intent and idempotency key", () => {
    const open = /^<form[^>]*>/.exec(form)![0];
    expect(attr(open, "method")).toBe("post");
    expect(attr(open, "action")).toBe("/stores/victoria-street-1/time-slots");
    const hidden = Object.fromEntries(
      (form.match(/<input type="hidden"[^>]*>/g) ?? []).map((input) => [attr(input, "name"), attr(input, "value")]),
    );
    expect(hidden).toEqual({ csrf: "csrf-token-1", intent: "reserve", idempotencyKey: "key-1" });
  });

  it("groups the slots in a fieldset whose legend names the method and day", () => {
    expect(form).toMatch(/<fieldset[^>]*>\s*<legend[^>]*>Choose a delivery time for Today<\/legend>/);
    expect(text(render({ method: "collection", selectedDate: "2026-07-16" }))).toContain(
      "Choose a collection time for Tomorrow",
    );
  });

  it("shows the cost once above the list and ties it to the fieldset", () => {
    const cost = /<p id="([^"]+)"[^>]*>([\s\S]*?)<\/p>/.exec(form)!;
    expect(text(cost[2]!)).toBe("Delivery cost: £2.99");
    expect(attr(/<fieldset[^>]*>/.exec(form)![0], "aria-describedby")).toBe(cost[1]);
    expect(html.split("£2.99")).toHaveLength(2);
    expect(form.indexOf("Delivery cost")).toBeLessThan(form.indexOf('type="radio"'));
    const free = render({ method: "collection", costText: "Free" });
    expect(text(free)).toContain("Collection cost: Free");
    const none = render({ costText: null });
    expect(attr(/<fieldset[^>]*>/.exec(none)![0], "aria-describedby")).toBeNull();
    expect(none).not.toContain("cost:");
  });

  it("lists one radio per slot, ASAP first, each valued with its start and labelled with its time in the store's zone", () => {
    expect(radios(form).map((radio) => attr(radio, "name"))).toEqual(Array(4).fill("timeSlotDate"));
    expect(radios(form).map((radio) => attr(radio, "value"))).toEqual(
      [asap, oneToTwo, twoToThree, threeToFour].map((s) => s.startTime),
    );
    expect(labels(form).map(text)).toEqual([
      "As soon as possible (about 30 min)",
      "13:00–14:00",
      "14:00–15:00Full",
      "15:00–16:00Unavailable",
    ]);
    expect(labels(render({ timeZone: "UTC" })).map(text)[1]).toBe("12:00–13:00");
  });

  it("ties every label to its radio", () => {
    for (const [index, label] of labels(form).entries()) {
      const radio = radios(label)[0]!;
      expect(attr(label, "for")).toBe(attr(radio, "id"));
      expect(attr(radio, "id")).toBe(attr(radios(form)[index]!, "id"));
    }
  });

  it("checks the held slot, matched by instant whatever its offset", () => {
    expect(radios(form).map((radio) => /\schecked=""/.test(radio))).toEqual([false, true, false, false]);
    expect(radios(render()).some((radio) => /\schecked=""/.test(radio))).toBe(false);
  });

  it("checks the ASAP row for a held ASAP slot, at its listed start or flagged after a refresh moved the start", () => {
    const checked = (html: string) => radios(html).map((radio) => /\schecked=""/.test(radio));
    expect(checked(render({ selectedStart: asap.startTime }))).toEqual([true, false, false, false]);
    // The hold was made a minute earlier: its start is no longer the listed one.
    expect(checked(render({ selectedStart: "2026-07-15T11:39:00Z", selectedIsAsap: true }))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(checked(render({ selectedStart: "2026-07-15T11:39:00Z" }))).toEqual([false, false, false, false]);
  });

  it("disables full and unavailable slots and says so", () => {
    expect(radios(form).map((radio) => /\sdisabled=""/.test(radio))).toEqual([false, false, true, true]);
  });

  it("keeps the held slot choosable when its own hold has filled it", () => {
    const heldFull = render({ selectedStart: twoToThree.startTime });
    const radio = radios(heldFull)[2]!;
    expect(radio).toMatch(/\schecked=""/);
    expect(radio).not.toMatch(/\sdisabled=""/);
    expect(labels(heldFull).map(text)[2]).toBe("14:00–15:00");
  });

  it("ends with a 'Reserve this time' submit button, so it works without JavaScript", () => {
    expect(form).toMatch(/<button type="submit"[^>]*>Reserve this time<\/button>\s*<\/div>\s*<\/form>$/);
    expect(form).not.toContain("aria-busy");
  });

  it("says what it is doing while a reservation is pending", () => {
    const busy = render({ pending: true });
    expect(busy).toMatch(/<button type="submit"[^>]*aria-busy="true"[^>]*>Reserving…<\/button>/);
    expect(busy).toMatch(/<p role="status"[^>]*>Reserving your time…<\/p>/);
    expect(html).toMatch(/<p role="status"[^>]*><\/p>/);
  });

  it("writes no style attributes (the CSP forbids them)", () => {
    expect(html).not.toMatch(/\sstyle="/);
  });
});

describe("SlotPicker days without slots", () => {
  it("shows a holiday's message instead of slots", () => {
    const html = render({ selectedDate: "2026-07-17" });
    expect(text(html)).toContain("Closed for the summer fête");
    expect(html).not.toContain("<form");
    expect(radios(html)).toHaveLength(0);
  });

  it("says 'There are not available slots for today' for an empty today", () => {
    const html = render({ slotDays: [{ slotDate: "2026-07-15", holidayMessage: null, slots: [] }] });
    expect(text(html)).toContain("There are not available slots for today");
    expect(html).not.toContain("<form");
  });

  it("says no times are left on a later empty day", () => {
    expect(text(render({ selectedDate: "2026-07-18" }))).toContain("No times left on this day");
  });

  it("with nothing listed at all, shows today's message and no tabs", () => {
    const html = render({ slotDays: [] });
    expect(text(html)).toContain("There are not available slots for today");
    expect(html).not.toContain("<nav");
  });
});
