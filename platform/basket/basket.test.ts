import { describe, expect, it } from "vitest";
import { fulfilmentCharge, newBasketToken, ownsBasket } from "./basket";

describe("newBasketToken", () => {
  it("is 32 random bytes in base64url", () => {
    const tokens = new Set(Array.from({ length: 50 }, newBasketToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
    }
  });
});

describe("ownsBasket", () => {
  const guestBasket = { ownerFamily: "family-a", memberId: null };
  const memberBasket = { ownerFamily: "family-m", memberId: 7 };

  it("answers to the session that made it", () => {
    expect(ownsBasket(guestBasket, { family: "family-a", memberId: null })).toBe(true);
    expect(ownsBasket(guestBasket, { family: "family-b", memberId: null })).toBe(false);
  });

  it("answers to its member from any session, and to no other member", () => {
    expect(ownsBasket(memberBasket, { family: "family-n", memberId: 7 })).toBe(true);
    expect(ownsBasket(memberBasket, { family: "family-n", memberId: 8 })).toBe(false);
    expect(ownsBasket(memberBasket, { family: "family-n", memberId: null })).toBe(false);
  });

  it("never matches a guest basket by a missing member id", () => {
    expect(ownsBasket(guestBasket, { family: "family-z", memberId: 7 })).toBe(false);
  });
});

describe("fulfilmentCharge", () => {
  const delivery = { enabled: true, costPence: 399, freeFromPence: 4000, minSpendPence: 1500 };

  it("charges the method's cost below the free-from threshold", () => {
    expect(fulfilmentCharge(delivery, 0)).toEqual({ cost: 399, freeFrom: 4000, minSpend: 1500 });
    expect(fulfilmentCharge(delivery, 3999)).toEqual({ cost: 399, freeFrom: 4000, minSpend: 1500 });
  });

  it("waives it from the threshold up", () => {
    expect(fulfilmentCharge(delivery, 4000).cost).toBe(0);
    expect(fulfilmentCharge(delivery, 12000).cost).toBe(0);
  });

  it("never waives it when there is no threshold", () => {
    expect(fulfilmentCharge({ ...delivery, freeFromPence: null }, 100_000)).toEqual({ cost: 399, freeFrom: null, minSpend: 1500 });
  });

  it("charges nothing for a method the store lacks or has switched off", () => {
    expect(fulfilmentCharge(undefined, 0)).toEqual({ cost: 0, freeFrom: null, minSpend: 0 });
    expect(fulfilmentCharge({ ...delivery, enabled: false }, 0)).toEqual({ cost: 0, freeFrom: null, minSpend: 0 });
  });
});
