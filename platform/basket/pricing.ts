import { BASKET_MESSAGES } from "../contract";
import type { BasketPromotion, MissedPromotion } from "../contract";
import type { DealSection, DeliveryTier, ItemOption, ItemOptionGroup, ItemSize, StoreLoyalty } from "../db/schema";
import { basketLoyalty, type LoyaltyPoints, type MemberLoyalty } from "../loyalty/rules";

/*
 * The basket's money, worked out from plain rows: no database, no clock. Every amount is integer pence.
 *
 * Definitions (the contract's basket fields):
 *  - unit price: the size's price (the item's when it has no sizes) plus the chosen options. A member of a
 *    store with membership pricing pays the member price of the size or item instead, when it is lower.
 *  - line price: unit price × quantity. orderSubtotal: the sum of the line prices (so member prices are
 *    already in it for members).
 *  - deals: each complete deal charges its price instead of the units it uses; dealSavings is what that saves.
 *  - the "deal subtotal" = orderSubtotal − dealSavings. Free From, the coupon and its minimum spend are all
 *    judged on it.
 *  - orderSubtotalAfterDiscounts = orderSubtotal − dealSavings − the coupon's deduction.
 *  - savings = dealSavings + memberSavings (the coupon is shown on its own, as coupon.deductCost).
 *  - orderTotal = orderSubtotalAfterDiscounts − what loyalty points take off + the fee + the tip (delivery only) − the
 *    member's credit (all of it, up to that total: decision 0039).
 * Lines that cannot be bought as they stand (ITEM_UNAVAILABLE) stay in the basket at price 0 and count in no
 * total but totalItemsQuantity, which counts every line shown.
 */

export type Method = "delivery" | "collection";

export interface PricedItem {
  id: number;
  pricePence: number;
  memberPricePence: number | null;
  sizes: ItemSize[];
  optionGroups: ItemOptionGroup[];
  ageRestriction: number | null;
  availableForDelivery: boolean;
  availableForCollection: boolean;
}

export interface PricingLine {
  lineId: string;
  menuItemId: number;
  quantity: number;
  sizeId: number | null;
  optionIds: number[];
  /** The item as the store's menu has it now; null when it is no longer on that menu. */
  item: PricedItem | null;
}

export interface PricingDeal {
  id: number;
  name: string;
  pricePence: number;
  sections: DealSection[];
}

export interface PricingMethod {
  enabled: boolean;
  costPence: number;
  freeFromPence: number | null;
  minSpendPence: number;
  deliveryTiers: DeliveryTier[] | null;
}

export interface PricingCoupon {
  kind: "percent" | "fixed";
  value: number;
  minSpendPence: number;
  /** False once the coupon has expired or been switched off: it stays on the basket but deducts nothing. */
  usable: boolean;
}

export interface PricingInput {
  method: Method;
  lines: PricingLine[];
  /** The menu's deals for the method, in the order they are tried (the menu's order). */
  deals: readonly PricingDeal[];
  /** The store's row for the method; undefined when the store has none. */
  methodRow: PricingMethod | undefined;
  /** Kilometres from the store to where the order goes; null when not known. */
  distanceKm: number | null;
  /** Signed-in member, and the store prices for members. */
  member: boolean;
  membershipPricing: boolean;
  coupon: PricingCoupon | null;
  tipPence: number;
  acceptedAge: number | null;
  /** The store's loyalty scheme (null: none) and, for a member, their points and the points chosen for this basket. */
  loyalty: { scheme: StoreLoyalty | null; member: MemberLoyalty | null };
  /** The member's credit balance, pence; 0 for guests and while the referral scheme is hidden. */
  creditBalance: number;
}

export interface LineConflict {
  code: "ITEM_UNAVAILABLE" | "AGE_RESTRICTED";
  message: string;
}

export interface PricedLine {
  lineId: string;
  unitPrice: number;
  price: number;
  variant: string | null;
  size: ItemSize | null;
  options: { id: number; name: string; price: number }[];
  checkoutConflicts: LineConflict[];
  /** Whether the line counts in the totals (false when its item cannot be bought). */
  counted: boolean;
}

export interface FulfilmentCharge {
  cost: number;
  freeFrom: number | null;
  minSpend: number;
}

export interface PricingResult {
  lines: PricedLine[];
  orderSubtotal: number;
  memberSavings: number;
  dealSavings: number;
  savings: number;
  promotions: BasketPromotion[];
  missedPromotions: MissedPromotion[];
  missedMembershipPriceDiscount: number;
  /** What Free From and the coupon are judged on: orderSubtotal − dealSavings. */
  dealSubtotal: number;
  /** The coupon's deduction; null when the basket has no coupon. */
  couponDeduction: number | null;
  orderSubtotalAfterDiscounts: number;
  fulfilment: FulfilmentCharge;
  fee: { code: "DELIVERY" | "COLLECTION"; amount: number };
  tip: number;
  orderTotal: number;
  totalItemsQuantity: number;
  loyaltyPoints: LoyaltyPoints;
  /** The basket's `loyalty` (spec 2 §3): the next tier and what is left to spend to reach it after this basket. */
  loyaltyTier: { nextTierIn: number; reachingTier: string } | null;
  /** The member's credit and what this basket spends of it; null without credit. */
  credit: { balance: number; applied: number } | null;
}

// ---------------------------------------------------------------------------------------------------------
// Choices
// ---------------------------------------------------------------------------------------------------------

export type ResolvedChoice = { ok: true; size: ItemSize | null; options: ItemOption[] } | { ok: false; reason: string };

/**
 * Checks a size and options against the item: a size is needed exactly when the item has sizes, and must be
 * one of them; every option must belong to one of the item's groups, none twice, and each group must get
 * between its minChoices and maxChoices.
 */
export function resolveChoice(
  item: Pick<PricedItem, "sizes" | "optionGroups">,
  sizeId: number | null,
  optionIds: readonly number[],
): ResolvedChoice {
  let size: ItemSize | null = null;
  if (item.sizes.length > 0) {
    if (sizeId === null) return { ok: false, reason: "a size must be chosen" };
    size = item.sizes.find((s) => s.id === sizeId) ?? null;
    if (!size) return { ok: false, reason: `size ${sizeId} is not one of the item's sizes` };
  } else if (sizeId !== null) {
    return { ok: false, reason: "the item comes in one size" };
  }
  if (new Set(optionIds).size !== optionIds.length) return { ok: false, reason: "an option is chosen twice" };
  const chosen = new Set(optionIds);
  const options: ItemOption[] = [];
  let matched = 0;
  for (const group of item.optionGroups) {
    const picked = group.options.filter((o) => chosen.has(o.id));
    if (picked.length < group.minChoices || picked.length > group.maxChoices) {
      return { ok: false, reason: `${group.name}: choose between ${group.minChoices} and ${group.maxChoices}` };
    }
    matched += picked.length;
    options.push(...picked);
  }
  if (matched !== chosen.size) return { ok: false, reason: "an option does not belong to the item" };
  return { ok: true, size, options };
}

/** Option ids in one canonical order, so equal choices compare (and are stored) equal. */
export function canonicalOptionIds(optionIds: readonly number[]): number[] {
  return [...optionIds].sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------------------
// Lines
// ---------------------------------------------------------------------------------------------------------

interface LineMoney {
  line: PricedLine;
  /** Per unit: what a member saves against the full price (0 when there is no lower member price). */
  memberSavingPerUnit: number;
}

function priceLine(line: PricingLine, input: PricingInput): LineMoney {
  const unavailable = (): LineMoney => ({
    line: {
      lineId: line.lineId,
      unitPrice: 0,
      price: 0,
      variant: null,
      size: null,
      options: [],
      checkoutConflicts: [{ code: "ITEM_UNAVAILABLE", message: BASKET_MESSAGES.itemUnavailable }],
      counted: false,
    },
    memberSavingPerUnit: 0,
  });
  const { item } = line;
  if (!item) return unavailable();
  const sold = input.method === "delivery" ? item.availableForDelivery : item.availableForCollection;
  const choice = resolveChoice(item, line.sizeId, line.optionIds);
  // A size or option the menu has since dropped makes the line as unbuyable as a withdrawn item.
  if (!sold || !choice.ok) return unavailable();

  const fullBase = choice.size ? choice.size.pricePence : item.pricePence;
  const memberBase = choice.size ? choice.size.memberPricePence : item.memberPricePence;
  const memberSavingPerUnit =
    input.membershipPricing && memberBase !== null && memberBase < fullBase ? fullBase - memberBase : 0;
  const optionsPrice = choice.options.reduce((sum, o) => sum + o.pricePence, 0);
  const unitPrice = (input.member ? fullBase - memberSavingPerUnit : fullBase) + optionsPrice;

  const conflicts: LineConflict[] = [];
  if (item.ageRestriction !== null && (input.acceptedAge === null || input.acceptedAge < item.ageRestriction)) {
    conflicts.push({
      code: "AGE_RESTRICTED",
      message: BASKET_MESSAGES.ageRestricted.replace("{age}", String(item.ageRestriction)),
    });
  }
  const parts = [choice.size?.name, ...choice.options.map((o) => o.name)].filter((p): p is string => Boolean(p));
  return {
    line: {
      lineId: line.lineId,
      unitPrice,
      price: unitPrice * line.quantity,
      variant: parts.length > 0 ? parts.join(", ") : null,
      size: choice.size,
      options: choice.options.map((o) => ({ id: o.id, name: o.name, price: o.pricePence })),
      checkoutConflicts: conflicts,
      counted: true,
    },
    memberSavingPerUnit,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Deals
// ---------------------------------------------------------------------------------------------------------

interface Unit {
  lineIndex: number;
  lineId: string;
  menuItemId: number;
  price: number;
  used: boolean;
}

/** The dearest free units for each section of the deal, or null when some section cannot be filled. */
function pickForDeal(deal: PricingDeal, units: readonly Unit[]): Unit[] | null {
  const taken = new Set<Unit>();
  for (const section of deal.sections) {
    const wanted = new Set(section.itemIds);
    // `units` is sorted dearest first, then basket order, so the first matches are the ones to use.
    const found = units.filter((u) => !u.used && !taken.has(u) && wanted.has(u.menuItemId)).slice(0, section.quantity);
    if (found.length < section.quantity) return null;
    for (const u of found) taken.add(u);
  }
  return [...taken];
}

export interface DealOutcome {
  promotions: BasketPromotion[];
  missedPromotions: MissedPromotion[];
  saving: number;
}

/**
 * Multi-section discounts. Deals are tried in the order given; each is applied as many times as the free
 * units complete it, using the dearest units each time (the shopper saves most), and only while it saves
 * money. A unit serves at most one deal. A deal is missed ("offer incomplete") when units that could go
 * towards it are left over but do not complete it; its lineIds are those units' lines.
 */
export function applyDeals(
  deals: readonly PricingDeal[],
  lines: readonly { lineId: string; menuItemId: number; quantity: number; unitPrice: number }[],
): DealOutcome {
  const units: Unit[] = [];
  lines.forEach((line, lineIndex) => {
    for (let i = 0; i < line.quantity; i++)
      units.push({ lineIndex, lineId: line.lineId, menuItemId: line.menuItemId, price: line.unitPrice, used: false });
  });
  units.sort((a, b) => b.price - a.price || a.lineIndex - b.lineIndex);
  const inBasketOrder = (ids: Set<number>) => [...ids].sort((a, b) => a - b).map((i) => lines[i]!.lineId);

  const promotions: BasketPromotion[] = [];
  let saving = 0;
  for (const deal of deals) {
    // A deal asking for nothing would complete for ever.
    if (deal.sections.reduce((n, s) => n + Math.max(0, s.quantity), 0) === 0) continue;
    let times = 0;
    let dealSaving = 0;
    const used = new Set<number>();
    for (;;) {
      const picked = pickForDeal(deal, units);
      if (!picked) break;
      const full = picked.reduce((sum, u) => sum + u.price, 0);
      if (full <= deal.pricePence) break;
      for (const u of picked) {
        u.used = true;
        used.add(u.lineIndex);
      }
      times += 1;
      dealSaving += full - deal.pricePence;
    }
    if (times > 0) {
      promotions.push({ id: deal.id, name: deal.name, times, saving: dealSaving, lineIds: inBasketOrder(used) });
      saving += dealSaving;
    }
  }

  const missedPromotions: MissedPromotion[] = [];
  for (const deal of deals) {
    const items = new Set(deal.sections.flatMap((s) => s.itemIds));
    const leftOver = units.filter((u) => !u.used && items.has(u.menuItemId));
    if (leftOver.length === 0 || pickForDeal(deal, units) !== null) continue;
    missedPromotions.push({
      id: deal.id,
      name: deal.name,
      lineIds: inBasketOrder(new Set(leftOver.map((u) => u.lineIndex))),
    });
  }
  return { promotions, missedPromotions, saving };
}

// ---------------------------------------------------------------------------------------------------------
// Fees, coupon, loyalty
// ---------------------------------------------------------------------------------------------------------

/**
 * The fee for the method as the basket stands. Delivery is priced by the first tier (nearest first) whose
 * distance reaches the order's location, else the method's cost (also when the location is unknown). The fee
 * is waived from Free From up, judged on the deal subtotal (before the coupon). A store without the method,
 * or with it switched off, charges nothing here: whether it can be used at all is the store's status.
 */
export function fulfilmentCharge(
  method: Method,
  row: PricingMethod | undefined,
  dealSubtotal: number,
  distanceKm: number | null,
): FulfilmentCharge {
  if (!row || !row.enabled) return { cost: 0, freeFrom: null, minSpend: 0 };
  let cost = row.costPence;
  if (method === "delivery" && distanceKm !== null && row.deliveryTiers && row.deliveryTiers.length > 0) {
    const tier = [...row.deliveryTiers].sort((a, b) => a.upToKm - b.upToKm).find((t) => distanceKm <= t.upToKm);
    if (tier) cost = tier.costPence;
  }
  const waived = row.freeFromPence !== null && dealSubtotal >= row.freeFromPence;
  return { cost: waived ? 0 : cost, freeFrom: row.freeFromPence, minSpend: row.minSpendPence };
}

/**
 * What the coupon takes off the deal subtotal: a percentage (rounded down to the penny) or a fixed amount
 * (never more than the subtotal). Nothing when its minimum spend is not met or it is no longer usable.
 */
export function couponDeduction(coupon: PricingCoupon, dealSubtotal: number): number {
  if (!coupon.usable || dealSubtotal < coupon.minSpendPence) return 0;
  if (coupon.kind === "percent") return Math.floor((dealSubtotal * Math.min(100, Math.max(0, coupon.value))) / 100);
  return Math.min(Math.max(0, coupon.value), dealSubtotal);
}

/** The member's credit on a basket: all of it is spent, up to the total before it. Null with no balance. */
export function basketCredit(balance: number, totalBeforeCredit: number): { balance: number; applied: number } | null {
  if (balance <= 0) return null;
  return { balance, applied: Math.min(balance, Math.max(0, totalBeforeCredit)) };
}

// ---------------------------------------------------------------------------------------------------------
// The whole basket
// ---------------------------------------------------------------------------------------------------------

export function priceBasket(input: PricingInput): PricingResult {
  const priced = input.lines.map((line) => ({ source: line, ...priceLine(line, input) }));
  const counted = priced.filter((p) => p.line.counted);

  const orderSubtotal = counted.reduce((sum, p) => sum + p.line.price, 0);
  const memberSavingsAll = counted.reduce((sum, p) => sum + p.memberSavingPerUnit * p.source.quantity, 0);
  const memberSavings = input.member ? memberSavingsAll : 0;
  const missedMembershipPriceDiscount = input.member ? 0 : memberSavingsAll;

  const deals = applyDeals(
    input.deals,
    counted.map((p) => ({
      lineId: p.line.lineId,
      menuItemId: p.source.menuItemId,
      quantity: p.source.quantity,
      unitPrice: p.line.unitPrice,
    })),
  );
  const dealSubtotal = orderSubtotal - deals.saving;
  const deduction = input.coupon ? couponDeduction(input.coupon, dealSubtotal) : null;
  const orderSubtotalAfterDiscounts = dealSubtotal - (deduction ?? 0);

  const fulfilment = fulfilmentCharge(input.method, input.methodRow, dealSubtotal, input.distanceKm);
  const tip = input.method === "delivery" ? input.tipPence : 0;
  const loyalty = basketLoyalty(input.loyalty.scheme, input.loyalty.member, orderSubtotalAfterDiscounts);
  const beforeCredit = Math.max(0, orderSubtotalAfterDiscounts - loyalty.deduction + fulfilment.cost + tip);
  const credit = basketCredit(input.creditBalance, beforeCredit);

  return {
    lines: priced.map((p) => p.line),
    orderSubtotal,
    memberSavings,
    dealSavings: deals.saving,
    savings: deals.saving + memberSavings,
    promotions: deals.promotions,
    missedPromotions: deals.missedPromotions,
    missedMembershipPriceDiscount,
    dealSubtotal,
    couponDeduction: deduction,
    orderSubtotalAfterDiscounts,
    fulfilment,
    fee: { code: input.method === "delivery" ? "DELIVERY" : "COLLECTION", amount: fulfilment.cost },
    tip,
    orderTotal: beforeCredit - (credit?.applied ?? 0),
    totalItemsQuantity: input.lines.reduce((n, line) => n + line.quantity, 0),
    loyaltyPoints: loyalty.points,
    loyaltyTier: loyalty.tier,
    credit,
  };
}

/** Pence as the storefront prints them ("£1,234.50"), for messages the platform writes itself. */
export function formatPounds(pence: number): string {
  const abs = Math.abs(Math.round(pence));
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${pence < 0 ? "-" : ""}£${pounds}.${String(abs % 100).padStart(2, "0")}`;
}
