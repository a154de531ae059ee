import { describe, expect, it } from "vitest";
import { acceptedAddKey, ageCheckHref, ageConfirmLabel, ageQuestion } from "./age-restriction";

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
