import { z } from "zod";
import { basketSchema } from "./basket";
import { endpoint } from "./endpoint";

/*
 * Loyalty points (spec 2 §3 basket loyaltyPoints and loyalty; §7 loyalty/progress and loyalty/summary; decision
 * 0022). A store's scheme sets what a pound earns, what a point is worth and the limits of a spend; tiers are reached
 * by what the member has spent. Members only.
 */

/** Our words: the spec lists the limits (spec 2 §9 "loyalty limits come from the basket loyaltyPoints fields"), not messages. */
export const LOYALTY_MESSAGES = {
  noScheme: "This store does not have a loyalty scheme.",
  notEnoughPoints: "You do not have that many points.",
  belowMinimumSpend: (minimum: number, name: string) => `You can spend ${minimum} ${name} or more at a time.`,
  aboveMaximumSpend: (maximum: number, name: string) => `You can spend up to ${maximum} ${name} on one order.`,
  basketTooSmall: (minimum: string) => `Points can be spent on orders of ${minimum} or more.`,
  spent: (points: number, name: string) => `${points} ${name} will be taken off this order.`,
  removed: "Points are no longer being spent on this order.",
} as const;

const pence = z.number().int().nonnegative();

export const loyaltySchemeSchema = z.object({
  pointsName: z.string(),
  /** Points per £1 of the order's subtotal after discounts. */
  pointsPerPound: z.number().nonnegative(),
  /** What a point takes off, in pence. */
  pointValuePence: z.number().nonnegative(),
  minimumPointsSpend: z.number().int().nonnegative(),
  maximumPointsSpend: z.number().int().nonnegative(),
  minimumBasketValue: pence,
  tiers: z.array(z.object({ name: z.string(), fromSpend: pence })),
});
export type LoyaltyScheme = z.infer<typeof loyaltySchemeSchema>;

export const loyaltyTierProgressSchema = z.object({
  /** What the member has spent on orders that earned points (pence). */
  spent: pence,
  /** The tier reached; null before the first (when the first starts above 0). */
  tier: z.string().nullable(),
  /** The next tier and what is left to spend to reach it; null at the top. */
  next: z.object({ name: z.string(), spendToReach: pence }).nullable(),
});

/**
 * Ours: spends loyalty points on the member's basket (0 stops spending them). Refused with 400 (field `points`) when
 * the store has no scheme, the member has fewer points, the number is outside the scheme's minimum and maximum, or the
 * basket is worth less than its minimum basket value. Answers the basket, whose loyaltyPoints.deductCost is the saving.
 */
export const basketLoyaltySpend = endpoint({
  method: "POST",
  path: "/api/basket/loyalty/spend",
  auth: "token",
  request: z.object({ basketToken: z.string().min(1).max(128), points: z.number().int().min(0).max(1_000_000) }),
  response: z.object({ message: z.string(), basket: basketSchema }),
});

/** Spec 2 §7 GET member/loyalty/progress?storeId: the member's balance and tier progress at a store's scheme. */
export const loyaltyProgress = endpoint({
  method: "GET",
  path: "/api/member/loyalty/progress",
  auth: "token",
  request: z.object({ storeId: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: z.object({
    progress: loyaltyTierProgressSchema.extend({ balance: z.number().int().nonnegative(), balanceValue: pence }),
    store: z.object({ id: z.number().int().positive(), storeName: z.string(), scheme: loyaltySchemeSchema.nullable() }),
  }),
});

export const loyaltyHistoryEntrySchema = z.object({
  kind: z.enum(["earn", "spend"]),
  /** Positive when earned, negative when spent. */
  points: z.number().int(),
  businessOrderId: z.string(),
  storeName: z.string(),
  at: z.string(),
});

/** Spec 2 §7 GET member/loyalty/summary: the member's balance and their points' history, newest first (50 at most). */
export const loyaltySummary = endpoint({
  method: "GET",
  path: "/api/member/loyalty/summary",
  auth: "token",
  request: z.object({}),
  response: z.object({
    balance: z.number().int().nonnegative(),
    earned: z.number().int().nonnegative(),
    spent: z.number().int().nonnegative(),
    history: z.array(loyaltyHistoryEntrySchema),
  }),
});
