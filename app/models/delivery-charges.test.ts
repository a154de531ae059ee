import { describe, expect, it } from "vitest";
import { deliveryCharges } from "./delivery-charges";

const tiered = {
  deliveryTiers: [
    { upToKm: 3, cost: 299 },
    { upToKm: 1.5, cost: 199 },
    { upToKm: 5, cost: 0 },
  ],
  cost: 199,
  freeFrom: 3000,
  minSpend: 1000,
};

describe("delivery charges (spec 1 §3 deliveryTiers)", () => {
  it("lists each tier as a distance band, nearest first, in the spec's money format", () => {
    expect(deliveryCharges(tiered, { symbol: "£", locationKnown: false }).rows).toEqual([
      { band: "Up to 1.5 km", fee: "£1.99" },
      { band: "1.5 km to 3 km", fee: "£2.99" },
      { band: "3 km to 5 km", fee: "Free" },
    ]);
  });
  it("gives Free From, the minimum spend and, with a location, the shopper's own charge", () => {
    const charges = deliveryCharges(tiered, { symbol: "£", locationKnown: true });
    expect(charges.freeFrom).toBe("£30.00");
    expect(charges.minSpend).toBe("£10.00");
    expect(charges.yours).toBe("£1.99");
    expect(deliveryCharges(tiered, { symbol: "£", locationKnown: false }).yours).toBeNull();
  });
  it("shows one charge for any distance when the store has no tiers, and leaves out what the store does not ask", () => {
    const flat = deliveryCharges(
      { deliveryTiers: null, cost: 499, freeFrom: null, minSpend: 0 },
      { symbol: "£", locationKnown: true },
    );
    expect(flat.rows).toEqual([{ band: "Any distance", fee: "£4.99" }]);
    expect(flat.freeFrom).toBeNull();
    expect(flat.minSpend).toBeNull();
    expect(
      deliveryCharges(
        { deliveryTiers: [], cost: 0, freeFrom: null, minSpend: 0 },
        { symbol: "£", locationKnown: false },
      ).rows,
    ).toEqual([{ band: "Any distance", fee: "Free" }]);
  });
});
