import { describe, expect, it } from "vitest";
import {
  applyDeals,
  basketCredit,
  canonicalOptionIds,
  couponDeduction,
  fulfilmentCharge,
  priceBasket,
  resolveChoice,
  type PricedItem,
  type PricingInput,
  type PricingLine,
} from "./pricing";

const item = (id: number, pricePence: number, extra: Partial<PricedItem> = {}): PricedItem => ({
  id,
  pricePence,
  memberPricePence: null,
  sizes: [],
  optionGroups: [],
  ageRestriction: null,
  availableForDelivery: true,
  availableForCollection: true,
  ...extra,
});

const line = (lineId: string, it: PricedItem | null, quantity = 1, extra: Partial<PricingLine> = {}): PricingLine => ({
  lineId,
  menuItemId: it?.id ?? 999,
  quantity,
  sizeId: null,
  optionIds: [],
  item: it,
  ...extra,
});

const delivery = { enabled: true, costPence: 399, freeFromPence: 4000, minSpendPence: 1500, deliveryTiers: null };

const basketOf = (lines: PricingLine[], extra: Partial<PricingInput> = {}): PricingInput => ({
  method: "delivery",
  lines,
  deals: [],
  methodRow: delivery,
  distanceKm: null,
  loyalty: { scheme: null, member: null },
  creditBalance: 0,
  member: false,
  membershipPricing: false,
  coupon: null,
  tipPence: 0,
  acceptedAge: null,
  ...extra,
});

const pizza = item(10, 900, {
  sizes: [
    { id: 101, name: "Small", pricePence: 900, memberPricePence: null },
    { id: 102, name: "Large", pricePence: 1300, memberPricePence: 1100 },
  ],
  optionGroups: [
    {
      id: 1,
      name: "Crust",
      minChoices: 1,
      maxChoices: 1,
      options: [
        { id: 11, name: "Thin", pricePence: 0 },
        { id: 12, name: "Stuffed", pricePence: 150 },
      ],
    },
    {
      id: 2,
      name: "Extras",
      minChoices: 0,
      maxChoices: 2,
      options: [
        { id: 21, name: "Extra cheese", pricePence: 100 },
        { id: 22, name: "Olives", pricePence: 80 },
        { id: 23, name: "Chillies", pricePence: 50 },
      ],
    },
  ],
});

describe("resolveChoice", () => {
  it("needs one of the item's sizes when it has sizes, and none when it has not", () => {
    expect(resolveChoice(pizza, null, [11])).toEqual({ ok: false, reason: "a size must be chosen" });
    expect(resolveChoice(pizza, 999, [11]).ok).toBe(false);
    expect(resolveChoice(item(1, 100), 101, []).ok).toBe(false);
    expect(resolveChoice(item(1, 100), null, [])).toEqual({ ok: true, size: null, options: [] });
  });

  it("keeps each group between its minimum and maximum and refuses options of no group or chosen twice", () => {
    expect(resolveChoice(pizza, 101, []).ok).toBe(false); // crust is required
    expect(resolveChoice(pizza, 101, [11, 12]).ok).toBe(false); // one crust only
    expect(resolveChoice(pizza, 101, [11, 21, 22, 23]).ok).toBe(false); // two extras at most
    expect(resolveChoice(pizza, 101, [11, 77]).ok).toBe(false);
    expect(resolveChoice(pizza, 101, [11, 21, 21]).ok).toBe(false);
    const ok = resolveChoice(pizza, 102, [12, 21]);
    expect(ok.ok && ok.size?.name).toBe("Large");
    expect(ok.ok && ok.options.map((o) => o.name)).toEqual(["Stuffed", "Extra cheese"]);
  });

  it("orders option ids one way so equal choices compare equal", () => {
    expect(canonicalOptionIds([21, 11, 12])).toEqual([11, 12, 21]);
  });
});

describe("unit and line prices", () => {
  it("is the size price plus the chosen options, times the quantity", () => {
    const result = priceBasket(basketOf([line("a", pizza, 2, { sizeId: 102, optionIds: [12, 21] })]));
    expect(result.lines[0]).toMatchObject({
      unitPrice: 1300 + 150 + 100,
      price: 2 * 1550,
      variant: "Large, Stuffed, Extra cheese",
    });
    expect(result.lines[0]!.options).toEqual([
      { id: 12, name: "Stuffed", price: 150 },
      { id: 21, name: "Extra cheese", price: 100 },
    ]);
    expect(result.orderSubtotal).toBe(3100);
  });

  it("is the item price when the item has no sizes, with no variant", () => {
    const result = priceBasket(basketOf([line("a", item(1, 250), 3)]));
    expect(result.lines[0]).toMatchObject({ unitPrice: 250, price: 750, variant: null, options: [] });
    expect(result.orderSubtotal).toBe(750);
    expect(result.totalItemsQuantity).toBe(3);
  });

  it("charges members of a store with membership pricing the lower member price, and counts the saving", () => {
    const cheddar = item(2, 325, { memberPricePence: 275 });
    const lines = [line("a", cheddar, 2), line("b", pizza, 1, { sizeId: 102, optionIds: [11] })];
    const member = priceBasket(basketOf(lines, { member: true, membershipPricing: true }));
    expect(member.lines.map((l) => l.unitPrice)).toEqual([275, 1100]);
    expect(member.orderSubtotal).toBe(550 + 1100);
    expect(member.memberSavings).toBe(100 + 200);
    expect(member.savings).toBe(300);
    expect(member.missedMembershipPriceDiscount).toBe(0);
  });

  it("shows guests what member prices would save them, at full price", () => {
    const cheddar = item(2, 325, { memberPricePence: 275 });
    const guest = priceBasket(basketOf([line("a", cheddar, 2)], { member: false, membershipPricing: true }));
    expect(guest.lines[0]!.unitPrice).toBe(325);
    expect(guest.savings).toBe(0);
    expect(guest.missedMembershipPriceDiscount).toBe(100);
  });

  it("ignores member prices at a store without membership pricing, and member prices that are not lower", () => {
    const cheddar = item(2, 325, { memberPricePence: 275 });
    const odd = item(3, 200, { memberPricePence: 250 });
    const result = priceBasket(
      basketOf([line("a", cheddar), line("b", odd)], { member: true, membershipPricing: false }),
    );
    expect(result.orderSubtotal).toBe(525);
    expect(result.savings).toBe(0);
    const guest = priceBasket(basketOf([line("b", odd)], { membershipPricing: true }));
    expect(guest.missedMembershipPriceDiscount).toBe(0);
  });
});

describe("checkout conflicts", () => {
  it("keeps a withdrawn item's line at 0, out of every total but the item count", () => {
    const result = priceBasket(basketOf([line("a", item(1, 500)), line("gone", null, 2)]));
    expect(result.lines[1]).toMatchObject({
      lineId: "gone",
      unitPrice: 0,
      price: 0,
      counted: false,
      checkoutConflicts: [{ code: "ITEM_UNAVAILABLE", message: "Item is no longer available." }],
    });
    expect(result.orderSubtotal).toBe(500);
    expect(result.totalItemsQuantity).toBe(3);
  });

  it("treats an item not sold for the basket's method, or a size the menu dropped, as unavailable", () => {
    const deliveryOnly = item(1, 500, { availableForCollection: false });
    expect(
      priceBasket(basketOf([line("a", deliveryOnly)], { method: "collection" })).lines[0]!.checkoutConflicts[0]!.code,
    ).toBe("ITEM_UNAVAILABLE");
    expect(priceBasket(basketOf([line("a", deliveryOnly)])).lines[0]!.checkoutConflicts).toEqual([]);
    expect(priceBasket(basketOf([line("a", pizza, 1, { sizeId: 999, optionIds: [11] })])).lines[0]!.counted).toBe(
      false,
    );
  });

  it("flags an age-restricted item above the accepted age, still priced", () => {
    const wine = item(5, 899, { ageRestriction: 18 });
    const unconfirmed = priceBasket(basketOf([line("a", wine)]));
    expect(unconfirmed.lines[0]!.checkoutConflicts).toEqual([
      { code: "AGE_RESTRICTED", message: "You must be 18 or over to buy this item." },
    ]);
    expect(unconfirmed.orderSubtotal).toBe(899);
    expect(priceBasket(basketOf([line("a", wine)], { acceptedAge: 16 })).lines[0]!.checkoutConflicts).toHaveLength(1);
    expect(priceBasket(basketOf([line("a", wine)], { acceptedAge: 18 })).lines[0]!.checkoutConflicts).toEqual([]);
  });
});

describe("deals", () => {
  // Meal deal: a main (items 1 or 2), a snack (3) and a drink (4 or 5) for £5.
  const mealDeal = {
    id: 7,
    name: "Meal deal",
    pricePence: 500,
    sections: [
      { id: 1, name: "Main", quantity: 1, itemIds: [1, 2] },
      { id: 2, name: "Snack", quantity: 1, itemIds: [3] },
      { id: 3, name: "Drink", quantity: 1, itemIds: [4, 5] },
    ],
  };
  const lines = (...specs: [string, number, number, number][]) =>
    specs.map(([lineId, menuItemId, quantity, unitPrice]) => ({ lineId, menuItemId, quantity, unitPrice }));

  it("charges the deal price for one complete set and reports the saving and its lines", () => {
    const outcome = applyDeals([mealDeal], lines(["m", 1, 1, 350], ["s", 3, 1, 120], ["d", 4, 1, 150]));
    expect(outcome.promotions).toEqual([{ id: 7, name: "Meal deal", times: 1, saving: 120, lineIds: ["m", "s", "d"] }]);
    expect(outcome.saving).toBe(120);
    expect(outcome.missedPromotions).toEqual([]);
  });

  it("uses the dearest units, applies as often as sets complete, and reports the rest as missed", () => {
    const outcome = applyDeals(
      [mealDeal],
      lines(["cheap", 1, 1, 300], ["dear", 2, 2, 400], ["s", 3, 2, 100], ["d1", 4, 1, 100], ["d2", 5, 2, 180]),
    );
    // Two sets: the two dear mains, both snacks, both dear drinks: (400+100+180)×2 − 500×2 = 360.
    expect(outcome.promotions).toEqual([
      { id: 7, name: "Meal deal", times: 2, saving: 360, lineIds: ["dear", "s", "d2"] },
    ]);
    expect(outcome.missedPromotions).toEqual([{ id: 7, name: "Meal deal", lineIds: ["cheap", "d1"] }]);
  });

  it("never applies a deal that would not save money", () => {
    const outcome = applyDeals([mealDeal], lines(["m", 1, 1, 200], ["s", 3, 1, 100], ["d", 4, 1, 150]));
    expect(outcome.promotions).toEqual([]);
    expect(outcome.saving).toBe(0);
    // Complete, just not worth it: not an incomplete offer either.
    expect(outcome.missedPromotions).toEqual([]);
  });

  it("lets a unit serve one deal only, in the order the deals come", () => {
    const twoMains = {
      id: 8,
      name: "Two mains",
      pricePence: 600,
      sections: [{ id: 4, name: "Mains", quantity: 2, itemIds: [1, 2] }],
    };
    const outcome = applyDeals([twoMains, mealDeal], lines(["a", 1, 2, 400], ["s", 3, 1, 100], ["d", 4, 1, 150]));
    expect(outcome.promotions).toEqual([{ id: 8, name: "Two mains", times: 1, saving: 200, lineIds: ["a"] }]);
    expect(outcome.missedPromotions).toEqual([{ id: 7, name: "Meal deal", lineIds: ["s", "d"] }]);
  });

  it("reports a deal with only some of its parts as missed, and ignores deals with none", () => {
    const outcome = applyDeals([mealDeal], lines(["m", 1, 1, 350]));
    expect(outcome.missedPromotions).toEqual([{ id: 7, name: "Meal deal", lineIds: ["m"] }]);
    expect(applyDeals([mealDeal], lines(["x", 99, 1, 350])).missedPromotions).toEqual([]);
  });

  it("skips a deal that asks for nothing", () => {
    const empty = {
      id: 9,
      name: "Nothing",
      pricePence: 0,
      sections: [{ id: 5, name: "None", quantity: 0, itemIds: [1] }],
    };
    expect(applyDeals([empty], lines(["m", 1, 1, 350])).promotions).toEqual([]);
  });

  it("takes deal savings off the subtotal and adds them to savings", () => {
    const result = priceBasket(
      basketOf([line("m", item(1, 350)), line("s", item(3, 120)), line("d", item(4, 150))], { deals: [mealDeal] }),
    );
    expect(result.orderSubtotal).toBe(620);
    expect(result.dealSavings).toBe(120);
    expect(result.savings).toBe(120);
    expect(result.orderSubtotalAfterDiscounts).toBe(500);
    expect(result.orderTotal).toBe(500 + 399);
  });

  it("leaves unavailable lines out of deals", () => {
    const result = priceBasket(
      basketOf(
        [line("m", item(1, 350)), line("s", item(3, 120, { availableForDelivery: false })), line("d", item(4, 150))],
        { deals: [mealDeal] },
      ),
    );
    expect(result.promotions).toEqual([]);
    expect(result.missedPromotions).toEqual([{ id: 7, name: "Meal deal", lineIds: ["m", "d"] }]);
  });
});

describe("coupons", () => {
  const percent = (value: number, minSpendPence = 0) => ({
    kind: "percent" as const,
    value,
    minSpendPence,
    usable: true,
  });
  const fixed = (value: number, minSpendPence = 0) => ({ kind: "fixed" as const, value, minSpendPence, usable: true });

  it("takes a percentage of the deal subtotal, rounded down to the penny", () => {
    expect(couponDeduction(percent(10), 2345)).toBe(234);
    expect(couponDeduction(percent(15), 999)).toBe(149);
  });

  it("takes a fixed amount, never more than the subtotal", () => {
    expect(couponDeduction(fixed(500), 2345)).toBe(500);
    expect(couponDeduction(fixed(500), 320)).toBe(320);
  });

  it("takes nothing below its minimum spend or once no longer usable", () => {
    expect(couponDeduction(fixed(500, 2000), 1999)).toBe(0);
    expect(couponDeduction(fixed(500, 2000), 2000)).toBe(500);
    expect(couponDeduction({ ...percent(10), usable: false }, 5000)).toBe(0);
  });

  it("is judged after deals and before the fee", () => {
    const mealDeal = {
      id: 7,
      name: "Meal deal",
      pricePence: 1000,
      sections: [{ id: 1, name: "Any two", quantity: 2, itemIds: [1] }],
    };
    const result = priceBasket(
      basketOf([line("a", item(1, 1500), 2), line("b", item(2, 2000))], { deals: [mealDeal], coupon: percent(10) }),
    );
    // Subtotal 5000, deal saves 2000, coupon 10% of 3000 = 300; 3000 ≥ Free From £40? No: fee stays.
    expect(result).toMatchObject({
      orderSubtotal: 5000,
      dealSavings: 2000,
      dealSubtotal: 3000,
      couponDeduction: 300,
      orderSubtotalAfterDiscounts: 2700,
    });
    expect(result.fee).toEqual({ code: "DELIVERY", amount: 399 });
    expect(result.orderTotal).toBe(2700 + 399);
    // The coupon is not part of savings.
    expect(result.savings).toBe(2000);
  });

  it("reports no deduction when the basket has no coupon", () => {
    expect(priceBasket(basketOf([line("a", item(1, 1000))])).couponDeduction).toBeNull();
  });
});

describe("fulfilment fee", () => {
  const tiered = {
    ...delivery,
    deliveryTiers: [
      { upToKm: 3, costPence: 299 },
      { upToKm: 1.5, costPence: 199 },
      { upToKm: 4, costPence: 399 },
    ],
  };

  it("charges the nearest delivery tier that reaches the location, else the method's cost", () => {
    expect(fulfilmentCharge("delivery", tiered, 0, 1.2).cost).toBe(199);
    expect(fulfilmentCharge("delivery", tiered, 0, 1.5).cost).toBe(199);
    expect(fulfilmentCharge("delivery", tiered, 0, 2.9).cost).toBe(299);
    expect(fulfilmentCharge("delivery", { ...tiered, costPence: 450 }, 0, 4.5).cost).toBe(450);
    expect(fulfilmentCharge("delivery", { ...tiered, costPence: 450 }, 0, null).cost).toBe(450);
  });

  it("waives the fee from Free From up, judged on the deal subtotal", () => {
    expect(fulfilmentCharge("delivery", tiered, 3999, 1)).toEqual({ cost: 199, freeFrom: 4000, minSpend: 1500 });
    expect(fulfilmentCharge("delivery", tiered, 4000, 1)).toEqual({ cost: 0, freeFrom: 4000, minSpend: 1500 });
    expect(fulfilmentCharge("delivery", { ...delivery, freeFromPence: null }, 100_000, null).cost).toBe(399);
  });

  it("waives before the coupon: a coupon that takes the order below Free From keeps delivery free", () => {
    const result = priceBasket(
      basketOf([line("a", item(1, 4000))], { coupon: { kind: "percent", value: 10, minSpendPence: 0, usable: true } }),
    );
    expect(result.fee.amount).toBe(0);
    expect(result.orderTotal).toBe(3600);
  });

  it("charges collection its own cost and ignores tiers", () => {
    const collection = {
      enabled: true,
      costPence: 50,
      freeFromPence: null,
      minSpendPence: 0,
      deliveryTiers: [{ upToKm: 10, costPence: 1 }],
    };
    expect(fulfilmentCharge("collection", collection, 0, 1)).toEqual({ cost: 50, freeFrom: null, minSpend: 0 });
    const result = priceBasket(basketOf([line("a", item(1, 1000))], { method: "collection", methodRow: collection }));
    expect(result.fee).toEqual({ code: "COLLECTION", amount: 50 });
  });

  it("charges nothing for a method the store lacks or has switched off", () => {
    expect(fulfilmentCharge("delivery", undefined, 0, null)).toEqual({ cost: 0, freeFrom: null, minSpend: 0 });
    expect(fulfilmentCharge("delivery", { ...delivery, enabled: false }, 0, null)).toEqual({
      cost: 0,
      freeFrom: null,
      minSpend: 0,
    });
  });
});

describe("tips, totals and loyalty", () => {
  it("adds the driver tip to delivery orders only", () => {
    const lines = [line("a", item(1, 1000))];
    expect(priceBasket(basketOf(lines, { tipPence: 150 }))).toMatchObject({ tip: 150, orderTotal: 1000 + 399 + 150 });
    const collection = { enabled: true, costPence: 0, freeFromPence: null, minSpendPence: 0, deliveryTiers: null };
    expect(priceBasket(basketOf(lines, { method: "collection", methodRow: collection, tipPence: 150 }))).toMatchObject({
      tip: 0,
      orderTotal: 1000,
    });
  });

  it("earns points per whole pound after discounts, and takes spent points off the total", () => {
    const scheme = {
      pointsName: "Larder points",
      pointsPerPound: 1,
      pointValuePence: 1,
      minimumPointsSpend: 100,
      maximumPointsSpend: 2000,
      minimumBasketValuePence: 1000,
      tiers: [],
    };
    const coupon = { kind: "fixed" as const, value: 500, minSpendPence: 0, usable: true };
    const guest = priceBasket(basketOf([line("a", item(1, 2550))], { coupon, loyalty: { scheme, member: null } }));
    expect(guest.loyaltyPoints).toMatchObject({
      loyaltySystem: "points",
      loyaltyPointsName: "Larder points",
      pointsToBeEarned: 20,
      accumulatedPoints: 0,
      deductCost: 0,
    });
    const member = { balance: 600, spentPence: 0, pointsToSpend: 250 };
    const spending = priceBasket(basketOf([line("a", item(1, 2550))], { coupon, loyalty: { scheme, member } }));
    expect(spending.loyaltyPoints).toMatchObject({
      accumulatedPoints: 600,
      deductCost: 250,
      pointsToSpend: 250,
      pointsToBeEarned: 18,
    });
    expect(spending.orderTotal).toBe(2550 - 500 - 250 + 399);
    // No scheme: nothing earned, nothing spent.
    expect(priceBasket(basketOf([line("a", item(1, 2550))])).loyaltyPoints).toMatchObject({
      loyaltySystem: "none",
      pointsToBeEarned: 0,
      deductCost: 0,
    });
  });

  it("spends the member's credit after everything else, up to the total, never below zero", () => {
    const lines = [line("a", item(1, 1000))];
    expect(priceBasket(basketOf(lines)).credit).toBeNull();
    const some = priceBasket(basketOf(lines, { creditBalance: 500, tipPence: 100 }));
    expect(some).toMatchObject({ credit: { balance: 500, applied: 500 }, orderTotal: 1000 + 399 + 100 - 500 });
    const more = priceBasket(basketOf(lines, { creditBalance: 5000 }));
    expect(more).toMatchObject({ credit: { balance: 5000, applied: 1399 }, orderTotal: 0 });
    // After the points: credit takes what they leave.
    const scheme = {
      pointsName: "Larder points",
      pointsPerPound: 1,
      pointValuePence: 1,
      minimumPointsSpend: 100,
      maximumPointsSpend: 2000,
      minimumBasketValuePence: 0,
      tiers: [],
    };
    const both = priceBasket(
      basketOf(lines, {
        creditBalance: 5000,
        loyalty: { scheme, member: { balance: 300, spentPence: 0, pointsToSpend: 300 } },
      }),
    );
    expect(both).toMatchObject({ credit: { applied: 1399 - 300 }, orderTotal: 0, loyaltyPoints: { deductCost: 300 } });
    expect(basketCredit(0, 1000)).toBeNull();
    expect(basketCredit(200, 0)).toEqual({ balance: 200, applied: 0 });
  });

  it("prices an empty basket at the fee alone", () => {
    expect(priceBasket(basketOf([]))).toMatchObject({
      orderSubtotal: 0,
      orderSubtotalAfterDiscounts: 0,
      orderTotal: 399,
      totalItemsQuantity: 0,
      savings: 0,
    });
  });
});
