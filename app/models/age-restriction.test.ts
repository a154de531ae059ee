import { describe, expect, it } from "vitest";
import { acceptedAddKey, ageCheckHref, ageConfirmLabel, ageQuestion, needsAgeCheck } from "./age-restriction";

describe("needsAgeCheck (spec 2 §4: the accepted age must be at least the item's)", () => {
  it("asks when no age has been accepted", () => {
    expect(needsAgeCheck(null, 18)).toBe(true);
    expect(needsAgeCheck(undefined, 16)).toBe(true);
  });

  it("asks when the accepted age is below the item's", () => {
    expect(needsAgeCheck(16, 18)).toBe(true);
  });

  it("does not ask when the accepted age is the item's or more", () => {
    expect(needsAgeCheck(18, 18)).toBe(false);
    expect(needsAgeCheck(21, 18)).toBe(false);
  });

  it("does not ask for items without an age", () => {
    expect(needsAgeCheck(null, null)).toBe(false);
    expect(needsAgeCheck(null, 0)).toBe(false);
  });
});

describe("the question", () => {
  it("is worded with the age", () => {
    expect(ageQuestion(18)).toBe("Are you 18 or over?");
    expect(ageConfirmLabel(18)).toBe("Yes, I am 18 or over");
  });

  it("the page address carries the add's fields", () => {
    const href = ageCheckHref({
      menuItemId: 7,
      age: 18,
      itemName: "Red wine",
      addToBasketOnAccept: {
        menuItemId: 7,
        quantity: 2,
        sizeId: 3,
        options: [4, 5],
        basketLineId: "l-abc-7",
        idempotencyKey: "add-abc-7",
        bannerAdvertId: 9,
        redirectTo: "/stores/x-1/category/wine-2",
      },
    });
    const url = new URL(href, "http://x");
    expect(url.pathname).toBe("/basket/age-check");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      age: "18",
      menuItemId: "7",
      quantity: "2",
      sizeId: "3",
      basketLineId: "l-abc-7",
      idempotencyKey: "add-abc-7",
      bannerAdvertId: "9",
      redirectTo: "/stores/x-1/category/wine-2",
    });
    expect(url.searchParams.getAll("option")).toEqual(["4", "5"]);
  });

  it("the add after a yes has its own idempotency key", () => {
    expect(acceptedAddKey("add-abc-7")).toBe("add-abc-7-age");
  });
});
