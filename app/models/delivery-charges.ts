import type { MethodState } from "#contract/stores";
import { formatPence } from "./money";

/** One row of the delivery charges table: how far from the store, and what delivery costs there. */
export interface DeliveryChargeRow {
  band: string;
  fee: string;
}

export interface DeliveryCharges {
  rows: DeliveryChargeRow[];
  /** "£30.00" when delivery is free from an order value, else null (spec 2: "Free From" labels that threshold). */
  freeFrom: string | null;
  /** "£10.00" when the store asks for a minimum spend, else null. */
  minSpend: string | null;
  /** What this shopper pays, when their location is known. */
  yours: string | null;
}

const km = (n: number) => `${Number.isInteger(n) ? n : Number(n.toFixed(2))} km`;
const fee = (pence: number, symbol: string) => (pence === 0 ? "Free" : formatPence(pence, { symbol }));

/**
 * The store's delivery charges (spec 1 §3 orderMethods.delivery.deliveryTiers): each tier is a distance band from
 * the store, nearest first, priced as the platform prices it (the first tier reaching the distance). The tiers cover
 * the store's delivery area (the seed checks it), so nothing is listed beyond the last. Without tiers delivery costs
 * the same everywhere: the method's cost.
 */
export function deliveryCharges(
  delivery: Pick<MethodState, "deliveryTiers" | "cost" | "freeFrom" | "minSpend">,
  options: { symbol: string; locationKnown: boolean },
): DeliveryCharges {
  const tiers = [...(delivery.deliveryTiers ?? [])].sort((a, b) => a.upToKm - b.upToKm);
  const rows: DeliveryChargeRow[] = tiers.length
    ? tiers.map((tier, i) => ({
        band: i === 0 ? `Up to ${km(tier.upToKm)}` : `${km(tiers[i - 1]!.upToKm)} to ${km(tier.upToKm)}`,
        fee: fee(tier.cost, options.symbol),
      }))
    : [{ band: "Any distance", fee: fee(delivery.cost, options.symbol) }];
  return {
    rows,
    freeFrom: delivery.freeFrom !== null ? formatPence(delivery.freeFrom, { symbol: options.symbol }) : null,
    minSpend: delivery.minSpend > 0 ? formatPence(delivery.minSpend, { symbol: options.symbol }) : null,
    yours: options.locationKnown ? fee(delivery.cost, options.symbol) : null,
  };
}
