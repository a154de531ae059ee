import { describe, expect, it } from "vitest";
import { LOYALTY_MESSAGES } from "../contract";
import { LARDER_LOYALTY } from "../db/seed";
import { basketLoyalty, pointsDeduction, pointsEarned, spendRefusal, tierProgress } from "./rules";

const scheme = LARDER_LOYALTY;

describe("loyalty rules", () => {
  it("earns per whole pound, at the scheme's rate", () => {
    expect(pointsEarned(scheme, 1999)).toBe(19);
    expect(pointsEarned({ ...scheme, pointsPerPound: 2.5 }, 1000)).toBe(25);
    expect(pointsEarned(scheme, 0)).toBe(0);
  });

  it("allows a spend within the balance, the minimum and maximum, on a basket of the minimum value", () => {
    expect(spendRefusal(scheme, 500, 0, 0)).toBeNull();
    expect(spendRefusal(null, 500, 100, 5000)).toBe(LOYALTY_MESSAGES.noScheme);
    expect(spendRefusal(scheme, 500, 600, 5000)).toBe(LOYALTY_MESSAGES.notEnoughPoints);
    expect(spendRefusal(scheme, 500, 99, 5000)).toBe("You can spend 100 Larder points or more at a time.");
    expect(spendRefusal(scheme, 5000, 2001, 5000)).toBe("You can spend up to 2000 Larder points on one order.");
    expect(spendRefusal(scheme, 500, 100, 999)).toBe("Points can be spent on orders of £10.00 or more.");
    expect(spendRefusal(scheme, 500, 100, 1000)).toBeNull();
  });

  it("takes the points' worth off, never more than the basket, and nothing once the spend is no longer allowed", () => {
    expect(pointsDeduction(scheme, { balance: 500, spentPence: 0, pointsToSpend: 300 }, 2000)).toBe(300);
    expect(
      pointsDeduction(
        { ...scheme, pointValuePence: 10, minimumBasketValuePence: 0 },
        { balance: 500, spentPence: 0, pointsToSpend: 300 },
        2000,
      ),
    ).toBe(2000);
    expect(pointsDeduction(scheme, { balance: 200, spentPence: 0, pointsToSpend: 300 }, 2000)).toBe(0);
    expect(pointsDeduction(scheme, { balance: 500, spentPence: 0, pointsToSpend: 300 }, 900)).toBe(0);
    expect(pointsDeduction(scheme, null, 2000)).toBe(0);
  });

  it("finds the tier reached and what is left to the next", () => {
    expect(tierProgress(scheme.tiers, 0)).toEqual({ tier: "Bronze", next: { name: "Silver", spendToReach: 10_000 } });
    expect(tierProgress(scheme.tiers, 12_000)).toEqual({
      tier: "Silver",
      next: { name: "Gold", spendToReach: 13_000 },
    });
    expect(tierProgress(scheme.tiers, 30_000)).toEqual({ tier: "Gold", next: null });
    expect(tierProgress([{ name: "Club", fromSpendPence: 5000 }], 0)).toEqual({
      tier: null,
      next: { name: "Club", spendToReach: 5000 },
    });
  });

  it("gives a basket its loyalty fields: earned after the points' deduction, and the next tier after this basket", () => {
    const member = { balance: 400, spentPence: 9000, pointsToSpend: 200 };
    const result = basketLoyalty(scheme, member, 2500);
    expect(result.deduction).toBe(200);
    expect(result.points).toMatchObject({
      accumulatedPoints: 400,
      deductCost: 200,
      pointsToSpend: 200,
      pointsToBeEarned: 23,
      loyaltySystem: "points",
      minimumBasketValue: 1000,
    });
    expect(result.tier).toEqual({ nextTierIn: 0, reachingTier: "Silver" });
    expect(basketLoyalty(scheme, { ...member, spentPence: 0 }, 2500).tier).toEqual({
      nextTierIn: 10_000 - 2300,
      reachingTier: "Silver",
    });
    expect(basketLoyalty(scheme, null, 2500)).toMatchObject({
      deduction: 0,
      tier: null,
      points: { pointsToBeEarned: 25, accumulatedPoints: 0 },
    });
    expect(basketLoyalty(null, member, 2500)).toMatchObject({
      deduction: 0,
      tier: null,
      points: { loyaltySystem: "none", pointsToBeEarned: 0 },
    });
  });
});
