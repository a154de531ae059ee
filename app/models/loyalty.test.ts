import { describe, expect, it } from "vitest";
import { LARDER_LOYALTY } from "../../platform/db/seed";
import { schemeOf } from "../../platform/loyalty/service";
import { balanceText, historyDate, nextTierText, schemeRules, tierProgressPercent, tierRules } from "./loyalty";

// The demo brand's Larder points as the platform shows them (the seed's settings through the contract's view).
const scheme = schemeOf(LARDER_LOYALTY)!;

describe("loyalty words", () => {
  it("says the balance and what it is worth", () => {
    expect(balanceText(120, "Larder points", 120)).toBe("120 Larder points, worth £1.20");
  });

  it("says what is left to the next tier, or that the top is reached", () => {
    expect(nextTierText({ name: "Silver", spendToReach: 9000 }, "Bronze")).toBe("Spend £90.00 more to reach Silver");
    expect(nextTierText(null, "Gold")).toBe("You have reached Gold, our top tier.");
  });

  it("measures the progress from the current tier's start", () => {
    expect(tierProgressPercent(1000, scheme.tiers, { name: "Silver", spendToReach: 9000 })).toBe(10);
    expect(tierProgressPercent(17500, scheme.tiers, { name: "Gold", spendToReach: 7500 })).toBe(50);
    expect(tierProgressPercent(30000, scheme.tiers, null)).toBe(100);
  });

  it("explains the scheme from its settings", () => {
    expect(schemeRules(scheme)).toEqual([
      "You earn 1 point for every £1 you spend on an order, after any discounts.",
      "Each point is worth £0.01 off a later order.",
      "You can use between 100 and 2000 Larder points on one order.",
      "Points can be used on orders of £10.00 or more.",
    ]);
    expect(tierRules(scheme)).toEqual([
      "Bronze: from your first order",
      "Silver: once you have spent £100.00",
      "Gold: once you have spent £250.00",
    ]);
  });

  it("dates history entries, and leaves a bad date blank", () => {
    expect(historyDate("2026-11-26T18:00:00.000Z")).toBe("26 Nov 2026");
    expect(historyDate("nonsense")).toBe("");
  });
});
