import { describe, expect, it } from "vitest";
import { dealProgress, sectionProgressText } from "./deal-progress";

const sections = [
  { id: 1, name: "Mains", quantity: 1, items: [{ id: 10 }, { id: 11 }] },
  { id: 2, name: "Sides", quantity: 2, items: [{ id: 20 }, { id: 21 }, { id: 10 }] },
];

describe("a multi-section deal's progress", () => {
  it("counts the basket's units of each section towards the next deal", () => {
    expect(
      dealProgress(
        sections,
        [
          { menuItemId: 11, quantity: 1 },
          { menuItemId: 20, quantity: 1 },
        ],
        0,
      ).map((s) => s.chosen),
    ).toEqual([1, 1]);
    expect(dealProgress(sections, [], 0).map((s) => s.chosen)).toEqual([0, 0]);
  });
  it("never counts one unit in two sections, nor more than a section takes", () => {
    // One unit of item 10 (in both sections) fills Mains only; five sides still count as two.
    expect(
      dealProgress(
        sections,
        [
          { menuItemId: 10, quantity: 1 },
          { menuItemId: 21, quantity: 5 },
        ],
        0,
      ).map((s) => s.chosen),
    ).toEqual([1, 2]);
  });
  it("sets aside the units the completed deals use", () => {
    const lines = [
      { menuItemId: 11, quantity: 2 },
      { menuItemId: 20, quantity: 3 },
    ];
    expect(dealProgress(sections, lines, 1).map((s) => s.chosen)).toEqual([1, 1]);
    expect(dealProgress(sections, lines, 2).map((s) => s.chosen)).toEqual([0, 0]);
  });
  it("says what is chosen and what is left", () => {
    expect(sectionProgressText({ quantity: 2, chosen: 1 })).toBe("1 of 2 chosen: choose 1 more");
    expect(sectionProgressText({ quantity: 2, chosen: 2 })).toBe("2 of 2 chosen");
  });
});
