import type { LoyaltyScheme } from "#contract/loyalty";
import { formatPence } from "./money";

/*
 * The loyalty page's words (spec 2 §2 /member/loyalty, loyalty rewards modal): pure, so the page, the dialog and the
 * rewards page say the same thing.
 */

export interface SchemeSettings {
  pointsName: string;
  pointsPerPound: number;
  pointValuePence: number;
  minimumPointsSpend: number;
  maximumPointsSpend: number;
  minimumBasketValue: number;
  tiers: readonly { name: string; fromSpend: number }[];
}

/** "120 Larder points, worth £1.20". */
export function balanceText(balance: number, pointsName: string, valuePence: number, symbol = "£"): string {
  return `${balance} ${pointsName}, worth ${formatPence(valuePence, { symbol })}`;
}

/** "Spend £90.00 more to reach Silver", or the top tier's words. */
export function nextTierText(
  next: { name: string; spendToReach: number } | null,
  tier: string | null,
  symbol = "£",
): string {
  if (next) return `Spend ${formatPence(next.spendToReach, { symbol })} more to reach ${next.name}`;
  return tier ? `You have reached ${tier}, our top tier.` : "Every order counts towards your tier.";
}

/** How far from the current tier's start to the next one's (0–100), for a progress bar. */
export function tierProgressPercent(
  spent: number,
  tiers: readonly { name: string; fromSpend: number }[],
  next: { name: string; spendToReach: number } | null,
): number {
  if (!next) return 100;
  const target = spent + next.spendToReach;
  const from = tiers.filter((t) => t.fromSpend <= spent).reduce((max, t) => Math.max(max, t.fromSpend), 0);
  if (target <= from) return 100;
  return Math.max(0, Math.min(100, Math.round(((spent - from) / (target - from)) * 100)));
}

/** The scheme explained, a sentence a setting (the rewards dialog and page). */
export function schemeRules(scheme: SchemeSettings, symbol = "£"): string[] {
  const name = scheme.pointsName;
  const earn = scheme.pointsPerPound === 1 ? `1 point` : `${scheme.pointsPerPound} points`;
  return [
    `You earn ${earn} for every ${symbol}1 you spend on an order, after any discounts.`,
    `Each point is worth ${formatPence(scheme.pointValuePence, { symbol })} off a later order.`,
    `You can use between ${scheme.minimumPointsSpend} and ${scheme.maximumPointsSpend} ${name} on one order.`,
    `Points can be used on orders of ${formatPence(scheme.minimumBasketValue, { symbol })} or more.`,
  ];
}

/** The tiers, each with what reaches it. */
export function tierRules(scheme: SchemeSettings, symbol = "£"): string[] {
  return scheme.tiers.map((tier) =>
    tier.fromSpend === 0
      ? `${tier.name}: from your first order`
      : `${tier.name}: once you have spent ${formatPence(tier.fromSpend, { symbol })}`,
  );
}

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** A history entry's date, "26 Nov 2026" (the same on server and browser). */
export function historyDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

export interface LoyaltyHistoryView {
  kind: "earn" | "spend";
  points: number;
  orderNumber: string;
  storeName: string;
  at: string;
}

export interface LoyaltyStoreView {
  storeName: string;
  /** Null when the store has no scheme. */
  scheme: LoyaltyScheme | null;
  balanceValue: number;
  tier: string | null;
  spent: number;
  next: { name: string; spendToReach: number } | null;
}

export interface LoyaltyPageData {
  balance: number;
  earned: number;
  spent: number;
  history: LoyaltyHistoryView[];
  /** The session's store and its scheme; null without a chosen store (or one that is gone). */
  store: LoyaltyStoreView | null;
}
