import { describe, expect, it } from "vitest";
import type { Basket } from "../contract";
import { draftHash, newOrderSecret, snapshotLines, snapshotTotals, type DraftSource } from "./draft";

const basket = {
  basketToken: "b",
  storeId: 1,
  items: [
    {
      basketLineId: "l1",
      menuItemId: 7,
      quantity: 2,
      name: "Sourdough",
      price: 700,
      unitPrice: 350,
      variant: "Large",
      sizeId: 71,
      options: [{ id: 2000701, name: "Seeds", price: 50 }],
      isAlcohol: false,
      ageRestriction: null,
      menuItem: { name: "Sourdough", slug: "sourdough-7", image: null, categorySlug: "bread-1" },
      checkoutConflicts: [],
    },
  ],
  savings: 0,
  promotions: [],
  orderSubtotal: 700,
  orderSubtotalAfterDiscounts: 630,
  orderTotal: 929,
  credit: null,
  fees: [{ code: "DELIVERY", amount: 199 }],
  coupon: {
    code: "WELCOME10",
    deductCost: 70,
    name: "10%",
    registeredMemberRequirement: "none",
    needsReAppliedAfterAuth: false,
  },
  tips: { type: "driver", amount: 100 },
  loyaltyPoints: { deductCost: 0, pointsToSpend: 0, pointsToBeEarned: 6 },
} as unknown as Basket;

const source: DraftSource = {
  storeId: 1,
  fulfilmentMethod: "delivery",
  memberId: null,
  basket,
  slot: { date: "2025-06-02", start: "2025-06-02T10:00:00.000Z", end: "2025-06-02T11:00:00.000Z", asap: false },
  timing: "future",
  contact: { firstName: "Sam", lastName: "Patel", email: "sam@example.com", phoneNumber: "07700900982" },
  deliveryAddress: null,
  billingAddress: null,
  instructions: null,
  marketing: null,
  channel: null,
  platform: "website",
  paymentGateway: null,
};

describe("draftHash", () => {
  it("is the same for the same basket, whatever the key order", () => {
    const reordered = Object.fromEntries(Object.entries(source).reverse()) as unknown as DraftSource;
    expect(draftHash(reordered)).toBe(draftHash(source));
    expect(draftHash({ ...source, basket: { ...basket } })).toBe(draftHash(source));
  });

  it("changes with anything the order is made from", () => {
    const line = basket.items[0]!;
    const changed: DraftSource[] = [
      { ...source, basket: { ...basket, items: [{ ...line, quantity: 3 }] } },
      { ...source, basket: { ...basket, items: [{ ...line, price: 701 }] } },
      { ...source, basket: { ...basket, items: [{ ...line, options: [] }] } },
      { ...source, basket: { ...basket, orderTotal: 930 } },
      { ...source, basket: { ...basket, coupon: null } },
      { ...source, basket: { ...basket, credit: { balance: 500, applied: 500 } } },
      { ...source, slot: { ...source.slot, start: "2025-06-02T11:00:00.000Z" } },
      { ...source, contact: { ...source.contact, phoneNumber: "07700900983" } },
      { ...source, instructions: "Ring twice" },
      { ...source, paymentGateway: "checkoutcom" },
      { ...source, memberId: 1 },
      { ...source, timing: "asap" },
    ];
    const hashes = new Set([draftHash(source), ...changed.map(draftHash)]);
    expect(hashes.size).toBe(changed.length + 1);
  });
});

describe("snapshots", () => {
  it("keeps each line as priced and the totals", () => {
    expect(snapshotLines(basket)).toEqual([
      {
        basketLineId: "l1",
        menuItemId: 7,
        name: "Sourdough",
        variant: "Large",
        quantity: 2,
        price: 700,
        sizeId: 71,
        optionIds: [2000701],
      },
    ]);
    expect(snapshotTotals(basket)).toEqual({
      subtotal: 700,
      savings: 0,
      coupon: 70,
      fee: 199,
      tip: 100,
      credit: 0,
      total: 929,
      loyalty: { pointsSpent: 0, pence: 0, pointsEarned: 6 },
    });
    // The member's credit the basket spends.
    const credited = { ...basket, credit: { balance: 1500, applied: 929 }, orderTotal: 0 } as unknown as Basket;
    expect(snapshotTotals(credited)).toMatchObject({ credit: 929, total: 0 });
    // Points chosen but taking nothing off (the basket fell below the minimum) are not spent.
    const unapplied = {
      ...basket,
      loyaltyPoints: { deductCost: 0, pointsToSpend: 200, pointsToBeEarned: 6 },
    } as unknown as Basket;
    expect(snapshotTotals(unapplied).loyalty.pointsSpent).toBe(0);
    const applied = {
      ...basket,
      loyaltyPoints: { deductCost: 200, pointsToSpend: 200, pointsToBeEarned: 4 },
    } as unknown as Basket;
    expect(snapshotTotals(applied).loyalty).toEqual({ pointsSpent: 200, pence: 200, pointsEarned: 4 });
  });
});

describe("newOrderSecret", () => {
  it("is 32 random bytes in base64url", () => {
    const a = newOrderSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newOrderSecret()).not.toBe(a);
  });
});
