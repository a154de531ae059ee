/**
 * Basket rules the basket page, the store bar and the bottom navigation share (spec 2 §3, §4, §8, §9): whether the
 * basket can go to checkout and why not, the store's item limit, the Free From and minimum-spend messages, driver
 * tip choices, and the quantities shown while a change is on its way.
 *
 * Browser code imports this file, so it takes only types from the contract's zod files (zod stays on the server); the
 * spec's messages are the contract's BASKET_MESSAGES, from its zod-free basket-rules.ts.
 */
import type { Basket, BasketCoupon, BasketLine } from "#contract/basket";
import { BASKET_MESSAGES } from "#contract/basket-rules";
import { formatPence } from "./money";
import { dealPath as storeDealPath } from "./store-paths";

export const BASKET_EMPTY_MESSAGE = BASKET_MESSAGES.empty;
export const LOGIN_TO_ORDER_MESSAGE = BASKET_MESSAGES.loginToOrder;
export const OFFER_INCOMPLETE_MESSAGE = BASKET_MESSAGES.offerIncomplete;
export const QUANTITY_ERROR_MESSAGE = BASKET_MESSAGES.quantityError;
export const REMOVE_ERROR_MESSAGE = BASKET_MESSAGES.removeError;
export const COUPON_ADDED_MESSAGE = BASKET_MESSAGES.couponAdded;
export const COUPON_REMOVED_MESSAGE = BASKET_MESSAGES.couponRemoved;
export const METHOD_MISMATCH_MESSAGE = BASKET_MESSAGES.methodMismatch;
export const NO_STORE_MESSAGE = BASKET_MESSAGES.noStore;
/** The contract's own words (the spec gives none) for a coupon that needs a verified mobile number. */
export const VERIFY_MOBILE_TO_ORDER_MESSAGE = BASKET_MESSAGES.couponVerified;
/** Ours: what the page says above the checkout button when nothing stands in the way. */
export const BASKET_READY_MESSAGE = "Your basket is ready for checkout";
export const TIP_DELIVERY_ONLY_MESSAGE = BASKET_MESSAGES.tipDeliveryOnly;
export const BASKET_CLEARED_MESSAGE = "Your basket is empty.";
export const TIP_UPDATED_MESSAGE = "Your driver tip is updated.";
export const ITEM_REMOVED_MESSAGE = "Item removed from your basket.";
export const QUANTITY_UPDATED_MESSAGE = "Basket updated.";

export interface Shopper {
  signedIn: boolean;
  /** Whether the member's mobile number is verified; false for guests. */
  mobileVerified: boolean;
}

/** One reason the basket cannot go to checkout, and the line it is about when it is about one. */
export interface BasketProblem {
  message: string;
  basketLineId?: string;
}

/**
 * The value Free From and the minimum spend are judged on: the lines at the shopper's price less what completed
 * deals save, before any coupon (the platform judges Free From the same way).
 */
export function goodsValue(basket: Pick<Basket, "orderSubtotal" | "promotions">): number {
  const dealSavings = basket.promotions.reduce((sum, promotion) => sum + promotion.saving, 0);
  return Math.max(0, basket.orderSubtotal - dealSavings);
}

/** Spec 2 §4 coupon requirements: registered needs a signed-in member, registered_with_verification a verified mobile. */
export function couponRequirementProblem(
  coupon: Pick<BasketCoupon, "registeredMemberRequirement"> | null,
  shopper: Shopper,
): string | null {
  if (!coupon) return null;
  const requirement = coupon.registeredMemberRequirement;
  if (requirement === "none") return null;
  if (!shopper.signedIn) return LOGIN_TO_ORDER_MESSAGE;
  if (requirement === "registered_with_verification" && !shopper.mobileVerified) return VERIFY_MOBILE_TO_ORDER_MESSAGE;
  return null;
}

/** 'Spend £x more to reach the £y minimum order', or null when the minimum is met (or there is none). */
export function minimumSpendMessage(
  basket: Pick<Basket, "orderSubtotal" | "promotions" | "fulfilmentMethod">,
  symbol?: string,
): string | null {
  const minimum = basket.fulfilmentMethod.minSpend;
  const short = minimum - goodsValue(basket);
  if (minimum <= 0 || short <= 0) return null;
  return `Spend ${formatPence(short, { symbol })} more to reach the ${formatPence(minimum, { symbol })} minimum order`;
}

/**
 * Spec 2 §4: the basket is valid only when it has items, no line has a checkout conflict, the minimum spend is met
 * and the coupon's requirement is met. Every problem is listed, in that order, so the shopper sees them all at once.
 */
export function basketProblems(
  basket: Pick<Basket, "items" | "orderSubtotal" | "promotions" | "fulfilmentMethod" | "coupon">,
  shopper: Shopper,
  symbol?: string,
): BasketProblem[] {
  if (basket.items.length === 0) return [{ message: BASKET_EMPTY_MESSAGE }];
  const problems: BasketProblem[] = [];
  for (const line of basket.items) {
    for (const conflict of line.checkoutConflicts)
      problems.push({ message: `${line.name}: ${conflict.message}`, basketLineId: line.basketLineId });
  }
  const minimum = minimumSpendMessage(basket, symbol);
  if (minimum) problems.push({ message: minimum });
  const coupon = couponRequirementProblem(basket.coupon, shopper);
  if (coupon) problems.push({ message: coupon });
  return problems;
}

/**
 * Spec 2 §4: the limit is reached when the total quantity plus what is still queued reaches the store's maximum for
 * the method; 0 means no limit.
 */
export function maxItemsReached(totalQuantity: number, queuedQuantity: number, maxBasketItems: number): boolean {
  if (maxBasketItems <= 0) return false;
  return totalQuantity + queuedQuantity >= maxBasketItems;
}

export type FreeFromProgress =
  | { kind: "none" }
  | { kind: "reached"; message: string }
  | {
      kind: "short";
      message: string;
      /** Pence still to spend. */ short: number;
      /** 0–1, for a progress bar. */ progress: number;
    };

/**
 * The Free From label (spec 2 §9) as progress: 'Spend £4.20 more for free delivery' until the threshold, then 'You
 * get free delivery'. Nothing when the method never waives its fee or costs nothing anyway.
 */
export function freeFromProgress(
  basket: Pick<Basket, "orderSubtotal" | "promotions" | "fulfilmentMethod">,
  baseCost: number,
  symbol?: string,
): FreeFromProgress {
  const { freeFrom, type } = basket.fulfilmentMethod;
  if (freeFrom === null || baseCost <= 0) return { kind: "none" };
  const goods = goodsValue(basket);
  if (goods >= freeFrom) return { kind: "reached", message: `You get free ${type}` };
  const short = freeFrom - goods;
  return {
    kind: "short",
    short,
    progress: freeFrom > 0 ? goods / freeFrom : 1,
    message: `Spend ${formatPence(short, { symbol })} more for free ${type}`,
  };
}

export interface TipChoice {
  amount: number;
  label: string;
  /** The store's isDriverTipEmojiEnabled: a face that grows happier with the tip; null when the store has none. */
  emoji: string | null;
}

/** Ours: the faces of the tip choices, from no tip up; larger tips than there are faces keep the last. */
export const TIP_EMOJI = ["😐", "🙂", "😊", "😄", "🤩"] as const;

/**
 * The business profile's tip levels as radio choices: each once, smallest first, 0 read as 'No tip'. With the store's
 * isDriverTipEmojiEnabled each choice carries a face: the neutral one for no tip, then happier ones as tips grow.
 */
export function tipChoices(tipLimitLevels: readonly number[], symbol?: string, withEmoji = false): TipChoice[] {
  const levels = [...new Set(tipLimitLevels.filter((level) => Number.isInteger(level) && level >= 0))].sort(
    (a, b) => a - b,
  );
  const firstFace = levels[0] === 0 ? 0 : 1;
  return levels.map((amount, index) => ({
    amount,
    label: amount === 0 ? "No tip" : formatPence(amount, { symbol }),
    emoji: withEmoji ? TIP_EMOJI[Math.min(index + firstFace, TIP_EMOJI.length - 1)]! : null,
  }));
}

/**
 * The custom tip stepper: one driverTipIncrement up or down from the current tip, kept on the increment's grid
 * (a tip of a listed level off the grid moves to the nearest grid step in that direction), never below 0 and
 * never above `max`.
 */
export function stepTip(current: number, direction: 1 | -1, increment: number, max: number): number {
  const step = Math.max(1, Math.floor(increment));
  const onGrid = current % step === 0;
  const next =
    direction === 1
      ? onGrid
        ? current + step
        : Math.ceil(current / step) * step
      : onGrid
        ? current - step
        : Math.floor(current / step) * step;
  return Math.min(Math.max(0, next), Math.max(0, max));
}

/**
 * The largest custom tip the stepper offers: twice the largest listed level, or ten increments when no level is
 * above 0. The platform has the last word; this only keeps the + button from walking off into refusals.
 */
export function maxCustomTip(tipLimitLevels: readonly number[], increment: number): number {
  const largest = Math.max(0, ...tipLimitLevels);
  return largest > 0 ? largest * 2 : Math.max(1, increment) * 10;
}

/** Pending quantity changes by line id (the value is the new absolute quantity; 0 removes). */
export type PendingQuantities = ReadonlyMap<string, number>;

export interface BasketEstimate {
  lines: (BasketLine & { pending: boolean })[];
  totalItemsQuantity: number;
  orderSubtotal: number;
  orderTotal: number;
  /** The member's credit this estimate spends (all of it, up to the total before credit). */
  creditApplied: number;
  /** True when any figure is an estimate waiting for the platform's answer. */
  pending: boolean;
}

/**
 * What the page shows while quantity changes are on their way: each line at its new quantity and price (the
 * shopper's unit price from the line as the platform last priced it), removed lines gone, and the totals moved by
 * the same difference. Deals, fees and coupons are the platform's to recompute, so the answer replaces this. Credit
 * is spent as the platform spends it: as much as there is, up to the total before it.
 */
export function estimateBasket(
  basket: Pick<Basket, "items" | "totalItemsQuantity" | "orderSubtotal" | "orderTotal" | "credit">,
  pending: PendingQuantities,
): BasketEstimate {
  let quantityDelta = 0;
  let priceDelta = 0;
  const lines: BasketEstimate["lines"] = [];
  for (const line of basket.items) {
    const wanted = pending.get(line.basketLineId);
    if (wanted === undefined || wanted === line.quantity) {
      lines.push({ ...line, pending: false });
      continue;
    }
    const unit = line.quantity > 0 ? Math.round(line.price / line.quantity) : line.unitPrice;
    const price = unit * wanted;
    quantityDelta += wanted - line.quantity;
    priceDelta += price - line.price;
    if (wanted > 0) lines.push({ ...line, quantity: wanted, price, pending: true });
  }
  const beforeCredit = Math.max(0, basket.orderTotal + (basket.credit?.applied ?? 0) + priceDelta);
  const creditApplied = Math.min(basket.credit?.balance ?? 0, beforeCredit);
  return {
    lines,
    totalItemsQuantity: Math.max(0, basket.totalItemsQuantity + quantityDelta),
    orderSubtotal: Math.max(0, basket.orderSubtotal + priceDelta),
    orderTotal: beforeCredit - creditApplied,
    creditApplied,
    pending: quantityDelta !== 0 || priceDelta !== 0 || lines.length !== basket.items.length,
  };
}

/** A deal page link from a deal's id: the deal page answers 301 to its canonical slug, so the text is a placeholder. */
export function dealPath(storeSlug: string, dealId: number): string {
  return storeDealPath(storeSlug, `deal-${dealId}`);
}

/** The quantity a form field asks for: a whole number 0–99, else null. */
export function parseQuantity(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,2}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** Whole pence from a form field (the tip forms post pence), else null. */
export function parsePence(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,7}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** The member-price hint for guests (basket missedMembershipPriceDiscount): 'Members save £x', or null. */
export function memberSavingHint(
  basket: Pick<Basket, "missedMembershipPriceDiscount">,
  symbol?: string,
): string | null {
  return basket.missedMembershipPriceDiscount > 0
    ? `Members save ${formatPence(basket.missedMembershipPriceDiscount, { symbol })}`
    : null;
}
