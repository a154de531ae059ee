import { describe, expect, it } from "vitest";
import { costText, displayPostcode, fulfilmentCost, storeSlug } from "./service";

describe("store display pieces", () => {
  it("builds the slug from the text and the id", () => {
    expect(storeSlug({ slugText: "victoria-street", id: 1 })).toBe("victoria-street-1");
  });

  it("shows postcodes with the inward code apart", () => {
    expect(displayPostcode("SW1E5LB")).toBe("SW1E 5LB");
    expect(displayPostcode("m1 1ae")).toBe("M1 1AE");
    expect(displayPostcode("IV274AA")).toBe("IV27 4AA");
  });

  it("writes costs in pounds, and nothing as Free", () => {
    expect(costText(299)).toBe("£2.99");
    expect(costText(1000)).toBe("£10.00");
    expect(costText(5)).toBe("£0.05");
    expect(costText(0)).toBe("Free");
  });
});

describe("fulfilmentCost", () => {
  const tiered = {
    costPence: 399,
    deliveryTiers: [
      { upToKm: 3, costPence: 299 },
      { upToKm: 1.5, costPence: 199 },
      { upToKm: 4, costPence: 399 },
    ],
  };

  it("charges the first tier that reaches the distance, whatever order the tiers are stored in", () => {
    expect(fulfilmentCost(tiered, 0.53)).toBe(199);
    expect(fulfilmentCost(tiered, 1.5)).toBe(199);
    expect(fulfilmentCost(tiered, 1.51)).toBe(299);
    expect(fulfilmentCost(tiered, 3.9)).toBe(399);
  });

  it("charges the method's own cost beyond the tiers, without tiers, or without a distance", () => {
    expect(fulfilmentCost({ costPence: 450, deliveryTiers: [{ upToKm: 2, costPence: 100 }] }, 2.5)).toBe(450);
    expect(fulfilmentCost({ costPence: 349, deliveryTiers: null }, 1)).toBe(349);
    expect(fulfilmentCost({ costPence: 349, deliveryTiers: [] }, 1)).toBe(349);
    expect(fulfilmentCost(tiered, null)).toBe(399);
  });
});
