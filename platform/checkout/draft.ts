import { randomBytes } from "node:crypto";
import type { Basket, ContactDetails } from "../contract";
import type { OrderLineSnapshot, StoredAddress, StoredMarketing } from "../db/schema";
import { hashInput } from "../idempotency";

/** 32 random bytes, base64url: draft order ids and status tokens travel in URLs and must not be guessable. */
export function newOrderSecret(): string {
  return randomBytes(32).toString("base64url");
}

export interface DraftSource {
  storeId: number;
  fulfilmentMethod: "delivery" | "collection";
  memberId: number | null;
  basket: Basket;
  slot: { date: string; start: string; end: string; asap: boolean };
  timing: "asap" | "future" | "preorder";
  contact: ContactDetails;
  deliveryAddress: StoredAddress | null;
  billingAddress: StoredAddress | null;
  instructions: string | null;
  marketing: StoredMarketing | null;
  channel: string | null;
  platform: string;
  paymentGateway: string | null;
}

/** The lines as the order keeps them: what was bought, as it was priced when the draft was made. */
export function snapshotLines(basket: Basket): OrderLineSnapshot[] {
  return basket.items.map((line) => ({
    basketLineId: line.basketLineId,
    menuItemId: line.menuItemId,
    name: line.name,
    variant: line.variant,
    quantity: line.quantity,
    price: line.price,
    sizeId: line.sizeId,
    optionIds: line.options.map((o) => o.id),
  }));
}

export interface DraftTotals {
  subtotal: number;
  savings: number;
  coupon: number;
  fee: number;
  tip: number;
  /** The member's credit the order spends (decision 0039); total is after it. */
  credit: number;
  total: number;
  /** Loyalty points spent on the order (only when they take something off), what they took off, and what it earns. */
  loyalty: { pointsSpent: number; pence: number; pointsEarned: number };
}

export function snapshotTotals(basket: Basket): DraftTotals {
  return {
    subtotal: basket.orderSubtotal,
    savings: basket.savings,
    coupon: basket.coupon?.deductCost ?? 0,
    fee: basket.fees.reduce((sum, fee) => sum + fee.amount, 0),
    tip: basket.tips.amount,
    credit: basket.credit?.applied ?? 0,
    total: basket.orderTotal,
    loyalty: {
      pointsSpent: basket.loyaltyPoints.deductCost > 0 ? basket.loyaltyPoints.pointsToSpend : 0,
      pence: basket.loyaltyPoints.deductCost,
      pointsEarned: basket.loyaltyPoints.pointsToBeEarned,
    },
  };
}

/**
 * A hash of everything a draft order is made from. The same basket, unchanged, hashes the same (so a resubmitted
 * checkout answers the draft it already made); a change to anything the store, the shopper or the charge would see
 * — a line, a price, the slot, an address, the contact details — makes a new draft. Key order does not matter.
 */
export function draftHash(source: DraftSource): string {
  const { basket } = source;
  return hashInput({
    storeId: source.storeId,
    fulfilmentMethod: source.fulfilmentMethod,
    memberId: source.memberId,
    lines: basket.items.map((line) => ({
      basketLineId: line.basketLineId,
      menuItemId: line.menuItemId,
      sizeId: line.sizeId,
      options: line.options.map((o) => o.id),
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      price: line.price,
    })),
    couponCode: basket.coupon?.code ?? null,
    totals: snapshotTotals(basket),
    slot: source.slot,
    timing: source.timing,
    contact: source.contact,
    deliveryAddress: source.deliveryAddress,
    billingAddress: source.billingAddress,
    instructions: source.instructions,
    marketing: source.marketing,
    channel: source.channel,
    platform: source.platform,
    paymentGateway: source.paymentGateway,
  });
}
