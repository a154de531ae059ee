import { describe, expect, it } from "vitest";
import { idFromSlug, storeIsClosed, type MethodState, type MethodStatus } from "./stores";

describe("idFromSlug", () => {
  it("takes the number after the last dash", () => {
    expect(idFromSlug("victoria-street-1")).toBe(1);
    expect(idFromSlug("covent-garden-kitchen-3")).toBe(3);
    expect(idFromSlug("shop-2024-15")).toBe(15);
  });

  it("reads the last path segment of an SEO url, ignoring trailing slashes", () => {
    expect(idFromSlug("/stores/new-street-13/")).toBe(13);
    expect(idFromSlug("stores/leith-walk-12")).toBe(12);
  });

  it("gives null when there is no positive number after the last dash", () => {
    for (const slug of [
      "victoria-street",
      "victoria-street-",
      "1",
      "victoria-street-1a",
      "victoria-street-0",
      "",
      "-99999999999999999999",
    ]) {
      expect(idFromSlug(slug), slug).toBeNull();
    }
  });
});

function method(status: MethodStatus, canDeliver: boolean): MethodState {
  return {
    enabledForMethod: true,
    canDeliver,
    status,
    leadTime: 1800,
    earliestOpeningDate: null,
    cutOffDateTime: null,
    openingHoursToday: [],
    holidayMessage: null,
    orderDaysInAdvance: 7,
    hasOnlyAsapSlotType: false,
    hasFutureSlotType: true,
    maxBasketItems: 0,
    cost: 0,
    costText: "Free",
    freeFrom: null,
    minSpend: 0,
    deliveryTiers: null,
    freeFulfilmentMessage: null,
  };
}

describe("storeIsClosed (spec 1 §4)", () => {
  it("is closed only when neither method can serve the shopper open or by pre-order", () => {
    expect(storeIsClosed({ delivery: method("closed", true), collection: method("closed", true) })).toBe(true);
    expect(storeIsClosed({ delivery: method("open", false), collection: method("preorder", false) })).toBe(true);
    expect(storeIsClosed({ delivery: method("open", true), collection: method("closed", true) })).toBe(false);
    expect(storeIsClosed({ delivery: method("closed", true), collection: method("preorder", true) })).toBe(false);
  });
});
