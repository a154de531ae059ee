import { LOYALTY_MESSAGES } from "../contract";
import type { StoreLoyalty } from "../db/schema";

/*
 * The loyalty rules (decision 0022), pure: what a basket earns, what spending points takes off, which spends are
 * allowed, and the tiers. The basket and the order placement use them; the ledger keeps the points.
 */

/** The basket's loyaltyPoints fields (spec 2 §3), plus the points the member chose to spend. */
export interface LoyaltyPoints {
  accumulatedPoints: number;
  currencyToPointsRatio: number;
  deductCost: number;
  loyaltyOrdersToBeEarned: number;
  loyaltyPointsName: string;
  loyaltyReferRewardAccumulated: number;
  loyaltySystem: string;
  maximumPointsSpend: number;
  minimumBasketValue: number;
  minimumPointsSpend: number;
  pointsToBeEarned: number;
  pointsToCurrencyRatio: number;
  pointsToSpend: number;
}

/** What a member has: their balance, what they have spent on orders that earned points, and the points chosen for this basket. */
export interface MemberLoyalty {
  balance: number;
  spentPence: number;
  pointsToSpend: number;
}

/** Points earned by an order worth `valuePence` (its subtotal after every discount): per whole pound. */
export function pointsEarned(scheme: StoreLoyalty, valuePence: number): number {
  return Math.max(0, Math.floor(Math.floor(valuePence / 100) * scheme.pointsPerPound));
}

/** Why spending `points` is refused, or null when it is allowed (0 is always allowed: it stops spending). */
export function spendRefusal(
  scheme: StoreLoyalty | null,
  balance: number,
  points: number,
  basketValuePence: number,
): string | null {
  if (points === 0) return null;
  if (!scheme) return LOYALTY_MESSAGES.noScheme;
  if (points > balance) return LOYALTY_MESSAGES.notEnoughPoints;
  if (points < scheme.minimumPointsSpend)
    return LOYALTY_MESSAGES.belowMinimumSpend(scheme.minimumPointsSpend, scheme.pointsName);
  if (scheme.maximumPointsSpend > 0 && points > scheme.maximumPointsSpend)
    return LOYALTY_MESSAGES.aboveMaximumSpend(scheme.maximumPointsSpend, scheme.pointsName);
  if (basketValuePence < scheme.minimumBasketValuePence)
    return LOYALTY_MESSAGES.basketTooSmall(`£${(scheme.minimumBasketValuePence / 100).toFixed(2)}`);
  return null;
}

/**
 * What the chosen points take off a basket worth `valuePence`: nothing when the spend is no longer allowed (the basket
 * shrank below the minimum, the balance fell), never more than the basket is worth.
 */
export function pointsDeduction(scheme: StoreLoyalty | null, member: MemberLoyalty | null, valuePence: number): number {
  if (!scheme || !member || member.pointsToSpend === 0) return 0;
  if (spendRefusal(scheme, member.balance, member.pointsToSpend, valuePence) !== null) return 0;
  return Math.min(valuePence, Math.floor(member.pointsToSpend * scheme.pointValuePence));
}

/** The tier `spentPence` has reached and the next one; tiers are sorted by where they start. */
export function tierProgress(
  tiers: StoreLoyalty["tiers"],
  spentPence: number,
): { tier: string | null; next: { name: string; spendToReach: number } | null } {
  const sorted = [...tiers].sort((a, b) => a.fromSpendPence - b.fromSpendPence);
  const reached = sorted.filter((t) => t.fromSpendPence <= spentPence).at(-1) ?? null;
  const next = sorted.find((t) => t.fromSpendPence > spentPence) ?? null;
  return {
    tier: reached?.name ?? null,
    next: next ? { name: next.name, spendToReach: next.fromSpendPence - spentPence } : null,
  };
}

/**
 * The basket's loyalty fields for a basket worth `valuePence` after discounts, and what its points take off. Without
 * a scheme everything is zero and the system is "none"; a guest sees what the order would earn, with no balance.
 */
export function basketLoyalty(
  scheme: StoreLoyalty | null,
  member: MemberLoyalty | null,
  valuePence: number,
): { points: LoyaltyPoints; deduction: number; tier: { nextTierIn: number; reachingTier: string } | null } {
  const deduction = pointsDeduction(scheme, member, valuePence);
  const points: LoyaltyPoints = {
    accumulatedPoints: member?.balance ?? 0,
    currencyToPointsRatio: scheme?.pointsPerPound ?? 0,
    deductCost: deduction,
    loyaltyOrdersToBeEarned: 0,
    loyaltyPointsName: scheme?.pointsName ?? "",
    loyaltyReferRewardAccumulated: 0,
    loyaltySystem: scheme ? "points" : "none",
    maximumPointsSpend: scheme?.maximumPointsSpend ?? 0,
    minimumBasketValue: scheme?.minimumBasketValuePence ?? 0,
    minimumPointsSpend: scheme?.minimumPointsSpend ?? 0,
    pointsToBeEarned: scheme ? pointsEarned(scheme, valuePence - deduction) : 0,
    pointsToCurrencyRatio: scheme ? scheme.pointValuePence / 100 : 0,
    pointsToSpend: member?.pointsToSpend ?? 0,
  };
  let tier = null;
  if (scheme && member) {
    const { next } = tierProgress(scheme.tiers, member.spentPence);
    if (next) tier = { nextTierIn: Math.max(0, next.spendToReach - (valuePence - deduction)), reachingTier: next.name };
  }
  return { points, deduction, tier };
}
