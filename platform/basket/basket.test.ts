import { describe, expect, it } from "vitest";
import { couponUsable, newBasketToken, ownsBasket } from "./basket";
import { formatPounds } from "./pricing";
import { maxTip, tipAllowed, tipRulesMessage } from "./tips";

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

describe("couponUsable", () => {
  const now = new Date("2025-06-02T09:00:00.000Z");
  const coupon = {
    code: "WELCOME10",
    name: "10% off",
    kind: "percent" as const,
    value: 10,
    requirement: "none" as const,
    minSpendPence: 0,
    validFrom: null,
    validUntil: null,
    active: true,
    storeIds: null,
    memberVoucher: false,
    terms: null,
    createdAt: now,
  };

  it("is usable while switched on and inside its dates", () => {
    expect(couponUsable(coupon, 1, now)).toBe(true);
    expect(couponUsable({ ...coupon, validFrom: now, validUntil: new Date(now.getTime() + 1) }, 1, now)).toBe(true);
  });

  it("is not before it starts, from the instant it ends, or when switched off", () => {
    expect(couponUsable({ ...coupon, validFrom: new Date(now.getTime() + 1) }, 1, now)).toBe(false);
    expect(couponUsable({ ...coupon, validUntil: now }, 1, now)).toBe(false);
    expect(couponUsable({ ...coupon, active: false }, 1, now)).toBe(false);
  });

  it("is for the stores it names, or every store when it names none", () => {
    expect(couponUsable({ ...coupon, storeIds: [2, 3] }, 2, now)).toBe(true);
    expect(couponUsable({ ...coupon, storeIds: [2, 3] }, 1, now)).toBe(false);
  });
});

describe("tips", () => {
  const rules = { tipLimitLevels: [0, 100, 200, 300], driverTipIncrement: 50 };

  it("takes the offered levels and whole increments up to twice the largest level", () => {
    expect(maxTip(rules)).toBe(600);
    for (const amount of [0, 50, 100, 250, 300, 600]) expect(tipAllowed(amount, rules), String(amount)).toBe(true);
    for (const amount of [1, 75, 650, 601, -50]) expect(tipAllowed(amount, rules), String(amount)).toBe(false);
  });

  it("takes a level that is not a whole increment", () => {
    expect(tipAllowed(125, { tipLimitLevels: [0, 125, 250], driverTipIncrement: 100 })).toBe(true);
    expect(tipAllowed(150, { tipLimitLevels: [0, 125, 250], driverTipIncrement: 100 })).toBe(false);
  });

  it("says what it takes", () => {
    expect(tipRulesMessage(rules)).toBe("Please choose a tip of up to £6.00 in steps of £0.50.");
  });
});

describe("formatPounds", () => {
  it("prints pence as the storefront does", () => {
    expect(formatPounds(1200)).toBe("£12.00");
    expect(formatPounds(5)).toBe("£0.05");
    expect(formatPounds(123456)).toBe("£1,234.56");
  });
});
