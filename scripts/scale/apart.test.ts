import { describe, expect, it } from "vitest";
import {
  APART_STORE,
  crossings,
  lackingRequired,
  marksOf,
  ownMarks,
  requiredMarks,
  spreadOf,
  type ShopperFacts,
} from "./apart";

/** Pieces of the storefront's pages as they render them: the store bar, checkout's and the basket's facts. */
const storeBar = (time: string, total: string) =>
  `<nav aria-label="Your store"><span class="a">Collection time</span><span class="b">${time}</span>` +
  `<a href="/stores/x/time-slots">Change<span class="h"> time</span></a>` +
  `<a href="/basket"><span class="a">Basket</span> <span class="b">${total}</span></a></nav>`;
const checkoutOptions = (time: string) =>
  `<dl><div><dt>Collection time</dt><dd>${time}<!-- --> <a id="choose-time" href="/t">Change time</a></dd></div></dl>`;

const facts: ShopperFacts = {
  lineIds: ["alicia-line-45", "alicia-line-36"],
  firstName: "Alicia",
  email: "alicia.apart.x@example.com",
  member: true,
  day: "2026-12-09",
  heldAt: "2026-12-09T23:30:00.000+00:00",
  slotText: "Tomorrow 23:30–00:00",
  total: "£16.50",
};

describe("the two shoppers' marks (scripts/scale/apart.ts)", () => {
  it("tags the held time however a page words it, the totals, lines, names and the form's checked time", () => {
    const html =
      storeBar("Tomorrow 23:30–00:00", "£16.50") +
      checkoutOptions("Thu 10 Dec, 23:30–00:00") +
      `<p>Subtotal £16.50</p><p>Total £16.50</p><p>Total to pay: £16.50</p>` +
      `<form method="post" action="/basket"><input type="hidden" name="basketLineId" value="alicia-line-45"/></form>` +
      `<input name="firstName" value="Alicia"/><input value="alicia.apart.x@example.com" name="email"/>` +
      `<input type="radio" name="timeSlotDate" value="2026-12-09T23:00:00.000+00:00"/>` +
      `<input type="radio" name="timeSlotDate" checked="" value="2026-12-09T23:30:00.000+00:00"/>` +
      `<script>window.x = "Bruno";</script>`;
    const marks = marksOf({ status: 200, html });
    expect([...marks].filter((mark) => /^[a-z]+:./.test(mark)).sort()).toEqual([
      "answer:200",
      "held:2026-12-09T23:30:00.000+00:00",
      "line:alicia-line-45",
      "name:Alicia",
      "name:alicia.apart.x@example.com",
      "slot:Thu 10 Dec 23:30–00:00",
      "slot:Tomorrow 23:30–00:00",
      "total:£16.50",
    ]);
    // Every word of the text too, and nothing from scripts.
    expect(marks.has("Tomorrow")).toBe(true);
    expect(marks.has("Subtotal")).toBe(true);
    expect([...marks].some((mark) => mark.includes("Bruno"))).toBe(false);
  });

  it("marks a redirect by its status and where it points, and a page without a held time by none", () => {
    const marks = marksOf({ status: 303, html: "", location: "/login?redirectTo=%2Fmember" });
    expect([...marks]).toEqual(["answer:303", "to:/login?redirectTo=%2Fmember"]);
    const none = marksOf({ status: 200, html: storeBar("Choose a time", "£0.00") });
    expect([...none].filter((mark) => mark.startsWith("slot:"))).toEqual([]);
  });

  it("takes as a shopper's own what each of their reads shows and none of the other's", () => {
    const own = ownMarks(
      [
        new Set(["Alicia", "Basket", "slot:Tomorrow 23:30–00:00", "toast"]),
        new Set(["Alicia", "Basket", "slot:Tomorrow 23:30–00:00"]),
      ],
      [new Set(["Bruno", "Basket"]), new Set(["Bruno", "Basket"])],
    );
    expect([...own].sort()).toEqual(["Alicia", "slot:Tomorrow 23:30–00:00"]);
  });

  it("names a leak and a missing own mark, with the page and the instance that answered, tagged marks first", () => {
    const own = new Set(["Bruno", "slot:Thu 10 Dec 23:30–00:00"]);
    const others = new Set(["Alicia", "slot:Tomorrow 23:30–00:00"]);
    const seen = new Set(["Alicia", "slot:Tomorrow 23:30–00:00", "Bruno"]);
    expect(crossings({ who: "bruno", other: "alicia", path: "/basket", seen, servedBy: "b" }, own, others)).toEqual([
      "bruno was shown alicia's slot:Tomorrow 23:30–00:00, Alicia on /basket (answered by instance b)",
      "bruno was not shown their own slot:Thu 10 Dec 23:30–00:00 on /basket (answered by instance b)",
    ]);
    expect(crossings({ who: "bruno", other: "alicia", path: "/basket", seen: own }, own, others)).toEqual([]);
    const many = new Set(Array.from({ length: 10 }, (_, i) => `w${i}`));
    expect(crossings({ who: "a", other: "b", path: "/p", seen: many }, new Set(), many)[0]).toMatch(
      / and 2 more on \/p$/,
    );
  });

  it("requires each shopper's lines, time, total and names where their pages show them", () => {
    const required = requiredMarks(facts);
    expect(required.get("/basket")).toEqual([
      "line:alicia-line-45",
      "line:alicia-line-36",
      "slot:Tomorrow 23:30–00:00",
      "total:£16.50",
    ]);
    expect(required.get(`${APART_STORE}/time-slots?day=2026-12-09`)).toEqual([
      "held:2026-12-09T23:30:00.000+00:00",
      "slot:Tomorrow 23:30–00:00",
    ]);
    expect(required.get("/member")).toEqual(["answer:200", "Alicia", "alicia.apart.x@example.com"]);
    expect(requiredMarks({ ...facts, member: false }).get("/member")).toEqual(["answer:303"]);
    expect(lackingRequired("alicia", "/checkout/payment", new Set(["total:£16.50"]), ["total:£16.50"])).toEqual([]);
    expect(lackingRequired("alicia", "/checkout/options", new Set(), ["slot:Tomorrow 23:30–00:00"])).toEqual([
      "alicia's own marks on /checkout/options lack slot:Tomorrow 23:30–00:00 " +
        "(not shown on both reads, or shown to the other too)",
    ]);
  });

  it("counts the answers per instance and the consecutive pairs answered by different ones", () => {
    expect(spreadOf(["a", "b", "c", "a", "a", "b"])).toEqual({ counts: { a: 3, b: 2, c: 1 }, pairs: 5, apart: 4 });
    expect(spreadOf([])).toEqual({ counts: {}, pairs: 0, apart: 0 });
  });
});
