import { describe, expect, it } from "vitest";
import { type Basket, type BasketLine } from "#contract";
import {
  BASKET_EMPTY_MESSAGE,
  LOGIN_TO_ORDER_MESSAGE,
  VERIFY_MOBILE_TO_ORDER_MESSAGE,
  basketProblems,
  dealPath,
  estimateBasket,
  freeFromProgress,
  goodsValue,
  maxCustomTip,
  maxItemsReached,
  memberSavingHint,
  minimumSpendMessage,
  parsePence,
  parseQuantity,
  stepTip,
  tipChoices,
} from "./basket";

function line(id: string, quantity: number, unit: number, extra: Partial<BasketLine> = {}): BasketLine {
  return {
    basketLineId: id,
    menuItemId: 100 + quantity,
    quantity,
    name: `Item ${id}`,
    price: unit * quantity,
    unitPrice: unit,
    variant: null,
    sizeId: null,
    options: [],
    isAlcohol: false,
    ageRestriction: null,
    menuItem: { name: `Item ${id}`, slug: `item-${id}`, image: null, categorySlug: "dairy-2" },
    checkoutConflicts: [],
    ...extra,
  };
}

function basket(overrides: Partial<Basket> = {}, method: Partial<Basket["fulfilmentMethod"]> = {}): Basket {
  const items = overrides.items ?? [line("a", 2, 250), line("b", 1, 1000)];
  const subtotal = items.reduce((sum, l) => sum + l.price, 0);
  return {
    basketToken: "token",
    storeId: 1,
    items,
    savings: 0,
    promotions: [],
    missedPromotions: [],
    missedMembershipPriceDiscount: 0,
    acceptedAge: null,
    maxBasketItems: 0,
    loyaltyPoints: {
      accumulatedPoints: 0,
      currencyToPointsRatio: 1,
      deductCost: 0,
      loyaltyOrdersToBeEarned: 0,
      loyaltyPointsName: "Larder points",
      loyaltyReferRewardAccumulated: 0,
      loyaltySystem: "points",
      maximumPointsSpend: 0,
      minimumBasketValue: 0,
      minimumPointsSpend: 0,
      pointsToBeEarned: 15,
      pointsToCurrencyRatio: 0.01,
      pointsToSpend: 0,
    },
    loyalty: null,
    credit: null,
    addresses: [],
    fulfilmentMethod: {
      type: "delivery",
      datetime: null,
      freeFrom: 4000,
      minSpend: 1000,
      zoneFreeDeliveryMessage: null,
      cost: 299,
      ...method,
    },
    fees: [{ code: "DELIVERY", amount: 299 }],
    orderSubtotal: subtotal,
    orderSubtotalAfterDiscounts: subtotal,
    orderTotal: subtotal + 299,
    totalItemsQuantity: items.reduce((sum, l) => sum + l.quantity, 0),
    coupon: null,
    tips: { type: "driver", amount: 0 },
    selectedSlot: null,
    ...overrides,
  };
}

const guest = { signedIn: false, mobileVerified: false };
const member = { signedIn: true, mobileVerified: false };
const verifiedMember = { signedIn: true, mobileVerified: true };

describe("basket validity (spec 2 §4)", () => {
  it("is valid with items, no conflicts, the minimum met and no coupon requirement", () => {
    expect(basketProblems(basket(), guest)).toEqual([]);
  });

  it("an empty basket says so and nothing else", () => {
    expect(basketProblems(basket({ items: [] }), guest)).toEqual([{ message: BASKET_EMPTY_MESSAGE }]);
  });

  it("a line with a checkout conflict blocks, named by the line", () => {
    const gone = line("c", 1, 300, {
      name: "Oat milk",
      checkoutConflicts: [{ code: "ITEM_UNAVAILABLE", message: "Item is no longer available." }],
    });
    const problems = basketProblems(basket({ items: [line("a", 2, 250), gone, line("b", 1, 1000)] }), guest);
    expect(problems).toEqual([{ message: "Oat milk: Item is no longer available.", basketLineId: "c" }]);
  });

  it("the minimum spend blocks until met, judged after deal savings", () => {
    const short = basket({ items: [line("a", 1, 800)] });
    expect(basketProblems(short, guest)).toEqual([{ message: "Spend £2.00 more to reach the £10.00 minimum order" }]);
    const exactly = basket({ items: [line("a", 1, 1000)] });
    expect(basketProblems(exactly, guest)).toEqual([]);
    const afterDeal = basket({
      items: [line("a", 1, 1200)],
      promotions: [{ id: 3, name: "Two for £5", times: 1, saving: 300, lineIds: ["a"] }],
    });
    expect(minimumSpendMessage(afterDeal)).toBe("Spend £1.00 more to reach the £10.00 minimum order");
  });

  it("no minimum (0) never blocks", () => {
    expect(minimumSpendMessage(basket({ items: [line("a", 1, 1)] }, { minSpend: 0 }))).toBeNull();
  });

  const coupon = (requirement: "none" | "registered" | "registered_with_verification") => ({
    code: "X",
    deductCost: 100,
    name: "X",
    registeredMemberRequirement: requirement,
    needsReAppliedAfterAuth: false,
  });

  it("a registered-only coupon needs a signed-in member", () => {
    expect(basketProblems(basket({ coupon: coupon("registered") }), guest)).toEqual([
      { message: LOGIN_TO_ORDER_MESSAGE },
    ]);
    expect(basketProblems(basket({ coupon: coupon("registered") }), member)).toEqual([]);
  });

  it("a verification coupon needs a member with a verified mobile", () => {
    expect(basketProblems(basket({ coupon: coupon("registered_with_verification") }), guest)).toEqual([
      { message: LOGIN_TO_ORDER_MESSAGE },
    ]);
    expect(basketProblems(basket({ coupon: coupon("registered_with_verification") }), member)).toEqual([
      { message: VERIFY_MOBILE_TO_ORDER_MESSAGE },
    ]);
    expect(basketProblems(basket({ coupon: coupon("registered_with_verification") }), verifiedMember)).toEqual([]);
    expect(basketProblems(basket({ coupon: coupon("none") }), guest)).toEqual([]);
  });

  it("lists every problem at once, in order", () => {
    const gone = line("c", 1, 300, {
      checkoutConflicts: [{ code: "AGE_RESTRICTED", message: "You must be 18 or over to buy this item." }],
    });
    const problems = basketProblems(basket({ items: [gone], coupon: coupon("registered") }), guest).map(
      (p) => p.message,
    );
    expect(problems).toEqual([
      "Item c: You must be 18 or over to buy this item.",
      "Spend £7.00 more to reach the £10.00 minimum order",
      LOGIN_TO_ORDER_MESSAGE,
    ]);
  });
});

describe("max basket items (spec 2 §4)", () => {
  it("is reached when the quantity plus the queue reaches the maximum", () => {
    expect(maxItemsReached(9, 0, 10)).toBe(false);
    expect(maxItemsReached(10, 0, 10)).toBe(true);
    expect(maxItemsReached(9, 1, 10)).toBe(true);
    expect(maxItemsReached(12, 0, 10)).toBe(true);
  });

  it("0 means no limit", () => {
    expect(maxItemsReached(10_000, 50, 0)).toBe(false);
  });
});

describe("Free From (spec 2 §9, UX basket)", () => {
  it("says how much more for free delivery", () => {
    const progress = freeFromProgress(basket({ items: [line("a", 1, 3580)] }), 299);
    expect(progress).toEqual({
      kind: "short",
      short: 420,
      progress: 3580 / 4000,
      message: "Spend £4.20 more for free delivery",
    });
  });

  it("says free delivery from the threshold on", () => {
    expect(freeFromProgress(basket({ items: [line("a", 1, 4000)] }), 299)).toEqual({
      kind: "reached",
      message: "You get free delivery",
    });
  });

  it("judges after deal savings", () => {
    const b = basket({
      items: [line("a", 1, 4100)],
      promotions: [{ id: 1, name: "Deal", times: 1, saving: 200, lineIds: ["a"] }],
    });
    expect(goodsValue(b)).toBe(3900);
    expect(freeFromProgress(b, 299)).toMatchObject({ kind: "short", message: "Spend £1.00 more for free delivery" });
  });

  it("names collection for a collection basket", () => {
    expect(
      freeFromProgress(basket({ items: [line("a", 1, 100)] }, { type: "collection", freeFrom: 500 }), 50),
    ).toMatchObject({
      message: "Spend £4.00 more for free collection",
    });
  });

  it("is silent when the fee is never waived or costs nothing", () => {
    expect(freeFromProgress(basket({}, { freeFrom: null }), 299)).toEqual({ kind: "none" });
    expect(freeFromProgress(basket({}, { freeFrom: 4000 }), 0)).toEqual({ kind: "none" });
  });
});

describe("driver tips (spec 2 §9)", () => {
  it("offers each level once, smallest first, 0 as 'No tip'", () => {
    expect(tipChoices([200, 0, 100, 300, 100])).toEqual([
      { amount: 0, label: "No tip", emoji: null },
      { amount: 100, label: "£1.00", emoji: null },
      { amount: 200, label: "£2.00", emoji: null },
      { amount: 300, label: "£3.00", emoji: null },
    ]);
  });

  it("gives each choice a face when the store has isDriverTipEmojiEnabled: neutral for no tip, happier as tips grow", () => {
    expect(tipChoices([0, 100, 200, 300, 500, 800], "£", true).map((c) => c.emoji)).toEqual([
      "😐",
      "🙂",
      "😊",
      "😄",
      "🤩",
      "🤩",
    ]);
    // Without a 'No tip' level the neutral face is never used: every choice is a tip.
    expect(tipChoices([100, 200], "£", true).map((c) => c.emoji)).toEqual(["🙂", "😊"]);
  });

  it("steps by the increment, on its grid, within 0 and the maximum", () => {
    expect(stepTip(0, 1, 50, 600)).toBe(50);
    expect(stepTip(100, 1, 50, 600)).toBe(150);
    expect(stepTip(100, -1, 50, 600)).toBe(50);
    expect(stepTip(0, -1, 50, 600)).toBe(0);
    expect(stepTip(600, 1, 50, 600)).toBe(600);
    expect(stepTip(120, 1, 50, 600)).toBe(150);
    expect(stepTip(120, -1, 50, 600)).toBe(100);
  });

  it("caps custom tips at twice the largest level", () => {
    expect(maxCustomTip([0, 100, 200, 300], 50)).toBe(600);
    expect(maxCustomTip([0], 25)).toBe(250);
  });
});

describe("estimate while changes are pending", () => {
  it("moves the line and totals by the change, and drops removed lines", () => {
    const b = basket();
    const estimate = estimateBasket(
      b,
      new Map([
        ["a", 3],
        ["b", 0],
      ]),
    );
    expect(estimate.lines.map((l) => [l.basketLineId, l.quantity, l.price, l.pending])).toEqual([["a", 3, 750, true]]);
    expect(estimate.totalItemsQuantity).toBe(3);
    expect(estimate.orderSubtotal).toBe(750);
    expect(estimate.orderTotal).toBe(750 + 299);
    expect(estimate.pending).toBe(true);
  });

  it("uses the line's own price per unit (member prices included)", () => {
    const b = basket({ items: [line("a", 2, 300, { price: 500 })] });
    expect(estimateBasket(b, new Map([["a", 4]])).lines[0]?.price).toBe(1000);
  });

  it("spends the member's credit as the platform does: all of it, up to the total before it", () => {
    // Before credit: 500 + 1000 + the 299 fee = 1799; 400 of credit applied, so the basket's total is 1399.
    const b = basket({ orderTotal: 1399, credit: { balance: 400, applied: 400 } });
    const fewer = estimateBasket(b, new Map([["b", 0]]));
    expect(fewer.creditApplied).toBe(400);
    expect(fewer.orderTotal).toBe(1799 - 1000 - 400);
    // More credit than the order: nothing to pay, never below zero, and only what the order costs is spent.
    const big = basket({ orderTotal: 0, credit: { balance: 5000, applied: 1799 } });
    const less = estimateBasket(big, new Map([["a", 1]]));
    expect(less.creditApplied).toBe(1799 - 250);
    expect(less.orderTotal).toBe(0);
  });

  it("changes nothing without pending quantities", () => {
    const b = basket();
    const estimate = estimateBasket(b, new Map([["a", 2]]));
    expect(estimate.pending).toBe(false);
    expect(estimate.orderSubtotal).toBe(b.orderSubtotal);
  });
});

describe("helpers", () => {
  it("links a deal by id for the deal page to redirect to its slug", () => {
    expect(dealPath("victoria-street-1", 7)).toBe("/stores/victoria-street-1/deal/deal-7");
  });

  it("hints the member saving for guests", () => {
    expect(memberSavingHint(basket({ missedMembershipPriceDiscount: 135 }))).toBe("Members save £1.35");
    expect(memberSavingHint(basket())).toBeNull();
  });

  it("reads quantities 0–99 and whole pence only", () => {
    expect(parseQuantity("0")).toBe(0);
    expect(parseQuantity("99")).toBe(99);
    expect(parseQuantity("100")).toBeNull();
    expect(parseQuantity("-1")).toBeNull();
    expect(parseQuantity("1.5")).toBeNull();
    expect(parseQuantity(null)).toBeNull();
    expect(parsePence("250")).toBe(250);
    expect(parsePence("2.50")).toBeNull();
  });
});
