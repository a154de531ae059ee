import { describe, expect, it } from "vitest";
import {
  CARD_SECURITY_CODE_LENGTH,
  PAYMENT_OPTION_ORDER,
  availablePaymentOptions,
  gatewayFor,
  normaliseClock,
  paymentOptionAvailable,
  savedCardReady,
  slotEndClock,
  splitPayerName,
  type PaymentOptionContext,
  type StorePaymentMethod,
} from "./payment-rules";

function method(name: string, overrides: Partial<StorePaymentMethod["settings"]> = {}): StorePaymentMethod {
  return {
    name,
    settings: {
      enabledForMethod: { delivery: true, collection: true },
      cutOffTime: null,
      paymentGateways: name === "cash" ? [] : ["checkoutcom"],
      ...overrides,
    },
  };
}

/** A delivery slot 20:30–21:00 on 6 June 2025 (BST), no alcohol, every method on checkoutcom. */
function context(overrides: Partial<PaymentOptionContext> = {}): PaymentOptionContext {
  return {
    paymentMethods: [method("card"), method("applepay"), method("googlepay"), method("cash")],
    fulfilmentMethod: "delivery",
    slot: { date: "2025-06-06", end: "2025-06-06T21:00:00+01:00", denyPayments: [] },
    basketHasAlcohol: false,
    gateways: ["checkoutcom"],
    ...overrides,
  };
}

/** Cash with a cut-off, for a basket with alcohol and a slot ending at `end` on 6 June. */
function cashWithAlcohol(cutOffTime: string | null, end: string | null): boolean {
  return paymentOptionAvailable(
    "cash",
    context({
      paymentMethods: [method("cash", { cutOffTime })],
      basketHasAlcohol: true,
      slot: end === null ? null : { date: "2025-06-06", end, denyPayments: [] },
    }),
  );
}

describe("paymentOptionAvailable (spec 2 §5)", () => {
  it("shows every method the store has, enabled, with a gateway", () => {
    for (const name of PAYMENT_OPTION_ORDER) expect(paymentOptionAvailable(name, context()), name).toBe(true);
    expect(availablePaymentOptions(context())).toEqual(["card", "applepay", "googlepay", "cash"]);
  });

  it("hides a method the store does not have", () => {
    expect(availablePaymentOptions(context({ paymentMethods: [method("cash"), method("card")] }))).toEqual([
      "card",
      "cash",
    ]);
    expect(availablePaymentOptions(context({ paymentMethods: [] }))).toEqual([]);
  });

  describe("the selected slot", () => {
    it("hides what it denies", () => {
      const slot = { date: "2025-06-06", end: "2025-06-06T21:00:00+01:00", denyPayments: ["cash", "googlepay"] };
      expect(availablePaymentOptions(context({ slot }))).toEqual(["card", "applepay"]);
      expect(paymentOptionAvailable("cash", context({ slot }))).toBe(false);
    });
    it("denies by method name only", () => {
      const slot = { date: "2025-06-06", end: "2025-06-06T21:00:00+01:00", denyPayments: ["other"] };
      expect(availablePaymentOptions(context({ slot }))).toEqual(["card", "applepay", "googlepay", "cash"]);
    });
    it("denies nothing when there is none", () => {
      expect(availablePaymentOptions(context({ slot: null }))).toEqual(["card", "applepay", "googlepay", "cash"]);
    });
  });

  describe("the fulfilment method", () => {
    it("hides a method not enabled for it", () => {
      const deliveryOnly = { enabledForMethod: { delivery: true, collection: false } };
      const paymentMethods = [method("card", deliveryOnly), method("cash", deliveryOnly), method("applepay")];
      expect(availablePaymentOptions(context({ paymentMethods, fulfilmentMethod: "delivery" }))).toEqual([
        "card",
        "applepay",
        "cash",
      ]);
      expect(availablePaymentOptions(context({ paymentMethods, fulfilmentMethod: "collection" }))).toEqual([
        "applepay",
      ]);
    });
    it("hides a method enabled for neither", () => {
      const off = method("card", { enabledForMethod: { delivery: false, collection: false } });
      expect(paymentOptionAvailable("card", context({ paymentMethods: [off], fulfilmentMethod: "delivery" }))).toBe(
        false,
      );
      expect(paymentOptionAvailable("card", context({ paymentMethods: [off], fulfilmentMethod: "collection" }))).toBe(
        false,
      );
    });
  });

  describe("gateways", () => {
    it("hides card and wallets when the business has none of their gateways", () => {
      expect(availablePaymentOptions(context({ gateways: [] }))).toEqual(["cash"]);
      expect(availablePaymentOptions(context({ gateways: ["stripe"] }))).toEqual(["cash"]);
    });
    it("hides a method that names no gateway", () => {
      expect(
        paymentOptionAvailable("card", context({ paymentMethods: [method("card", { paymentGateways: [] })] })),
      ).toBe(false);
    });
    it("shows a method when any one of its gateways is the business's", () => {
      const card = method("card", { paymentGateways: ["stripe", "checkoutcom"] });
      expect(paymentOptionAvailable("card", context({ paymentMethods: [card], gateways: ["checkoutcom"] }))).toBe(true);
      expect(paymentOptionAvailable("card", context({ paymentMethods: [card], gateways: ["stripe"] }))).toBe(true);
      expect(paymentOptionAvailable("card", context({ paymentMethods: [card], gateways: ["adyen"] }))).toBe(false);
    });
    it("needs none for cash", () => {
      expect(
        paymentOptionAvailable(
          "cash",
          context({ gateways: [], paymentMethods: [method("cash", { paymentGateways: [] })] }),
        ),
      ).toBe(true);
      expect(
        paymentOptionAvailable(
          "cash",
          context({ gateways: [], paymentMethods: [method("cash", { paymentGateways: ["stripe"] })] }),
        ),
      ).toBe(true);
    });
  });

  describe("cash with alcohol and a cut-off (compared as HH:mm:ss)", () => {
    it("is hidden when the cut-off is earlier than the slot's end", () => {
      expect(cashWithAlcohol("20:59:59", "2025-06-06T21:00:00+01:00")).toBe(false);
      expect(cashWithAlcohol("20:00", "2025-06-06T21:00:00+01:00")).toBe(false);
      expect(cashWithAlcohol("9:00", "2025-06-06T10:00:00+01:00")).toBe(false);
    });
    it("is shown when the cut-off equals the slot's end", () => {
      expect(cashWithAlcohol("21:00:00", "2025-06-06T21:00:00+01:00")).toBe(true);
      expect(cashWithAlcohol("21:00", "2025-06-06T21:00:00+01:00")).toBe(true);
      expect(cashWithAlcohol("21:00:00", "2025-06-06T21:00+01:00")).toBe(true);
    });
    it("is shown when the cut-off is later than the slot's end", () => {
      expect(cashWithAlcohol("21:00:01", "2025-06-06T21:00:00+01:00")).toBe(true);
      expect(cashWithAlcohol("23:00", "2025-06-06T21:00:00.000+01:00")).toBe(true);
    });
    it("compares clock times, not text: 9:00 is before 10:00", () => {
      expect(cashWithAlcohol("10:00", "2025-06-06T09:30:00+01:00")).toBe(true);
    });
    it("is hidden for a slot ending at midnight, later than any cut-off that day", () => {
      expect(cashWithAlcohol("23:59:59", "2025-06-07T00:00:00+01:00")).toBe(false);
      expect(cashWithAlcohol("23:59", "2025-06-07T00:00:00+01:00")).toBe(false);
    });
    it("is shown without a cut-off, or with one that is not a time", () => {
      expect(cashWithAlcohol(null, "2025-06-07T00:00:00+01:00")).toBe(true);
      expect(cashWithAlcohol("", "2025-06-06T21:00:00+01:00")).toBe(true);
      expect(cashWithAlcohol("late", "2025-06-06T21:00:00+01:00")).toBe(true);
    });
    it("is hidden without a slot, until one is chosen and the end is known", () => {
      expect(cashWithAlcohol("21:00", null)).toBe(false);
      expect(cashWithAlcohol(null, null)).toBe(true);
    });
    it("is hidden when the slot's end cannot be read", () => {
      expect(cashWithAlcohol("21:00", "soon")).toBe(false);
    });
    it("does not apply without alcohol", () => {
      const paymentMethods = [method("cash", { cutOffTime: "12:00" })];
      expect(paymentOptionAvailable("cash", context({ paymentMethods, basketHasAlcohol: false }))).toBe(true);
      expect(paymentOptionAvailable("cash", context({ paymentMethods, basketHasAlcohol: false, slot: null }))).toBe(
        true,
      );
    });
    it("does not apply to other methods", () => {
      const paymentMethods = [method("card", { cutOffTime: "12:00" })];
      expect(paymentOptionAvailable("card", context({ paymentMethods, basketHasAlcohol: true }))).toBe(true);
    });
    it("still gives way to the slot's denial and the method's switch", () => {
      const slot = { date: "2025-06-06", end: "2025-06-06T21:00:00+01:00", denyPayments: ["cash"] };
      expect(paymentOptionAvailable("cash", context({ slot }))).toBe(false);
      const off = method("cash", { enabledForMethod: { delivery: false, collection: true } });
      expect(paymentOptionAvailable("cash", context({ paymentMethods: [off] }))).toBe(false);
    });
  });
});

describe("gatewayFor", () => {
  it("is the first of the method's gateways that the business has", () => {
    const card = method("card", { paymentGateways: ["stripe", "checkoutcom"] });
    expect(gatewayFor(card, ["checkoutcom", "stripe"])).toBe("stripe");
    expect(gatewayFor(card, ["checkoutcom"])).toBe("checkoutcom");
  });
  it("is null when the business has none of them", () => {
    expect(gatewayFor(method("card"), [])).toBeNull();
    expect(gatewayFor(method("card"), ["stripe"])).toBeNull();
    expect(gatewayFor(method("cash"), ["checkoutcom"])).toBeNull();
  });
});

describe("slotEndClock", () => {
  it("reads the store-local clock time of the end", () => {
    expect(slotEndClock({ date: "2025-06-06", end: "2025-06-06T21:30:00+01:00" })).toBe("21:30:00");
    expect(slotEndClock({ date: "2025-06-06", end: "2025-06-06T09:05:07.123+01:00" })).toBe("09:05:07");
    expect(slotEndClock({ date: "2025-06-06", end: "2025-06-06T21:30+01:00" })).toBe("21:30:00");
  });
  it("reads an end on the next day as 24 hours or more", () => {
    expect(slotEndClock({ date: "2025-06-06", end: "2025-06-07T00:00:00+01:00" })).toBe("24:00:00");
    expect(slotEndClock({ date: "2025-06-06", end: "2025-06-07T00:30:00+01:00" })).toBe("24:30:00");
    expect(slotEndClock({ date: "2025-12-31", end: "2026-01-01T00:00:00Z" })).toBe("24:00:00");
    expect(slotEndClock({ date: "2025-06-06", end: "2025-06-08T01:00:00+01:00" })).toBe("49:00:00");
  });
  it("is null for an end that is not an ISO-8601 date and time", () => {
    expect(slotEndClock({ date: "2025-06-06", end: "21:00" })).toBeNull();
    expect(slotEndClock({ date: "2025-06-06", end: "" })).toBeNull();
  });
});

describe("normaliseClock", () => {
  it("writes times as HH:mm:ss", () => {
    expect(normaliseClock("21:00")).toBe("21:00:00");
    expect(normaliseClock("21:00:00")).toBe("21:00:00");
    expect(normaliseClock("9:05")).toBe("09:05:00");
    expect(normaliseClock(" 07:30:15 ")).toBe("07:30:15");
  });
  it("is null for anything else", () => {
    for (const bad of ["", "21", "2100", "21:0", "21:00:0", "late", "21:00pm", "121:00"])
      expect(normaliseClock(bad), bad).toBeNull();
    expect(normaliseClock(null)).toBeNull();
    expect(normaliseClock(undefined)).toBeNull();
  });
});

describe("savedCardReady (spec 2 §5)", () => {
  it("needs the card selected and a security code of exactly 3 characters", () => {
    expect(CARD_SECURITY_CODE_LENGTH).toBe(3);
    expect(savedCardReady({ id: "card_1", cvv: "123" }, "card_1")).toBe(true);
  });
  it("refuses a card that is not the selected one", () => {
    expect(savedCardReady({ id: "card_1", cvv: "123" }, "card_2")).toBe(false);
    expect(savedCardReady({ id: "card_1", cvv: "123" }, null)).toBe(false);
  });
  it("refuses a security code of any other length, or none", () => {
    for (const cvv of ["", "1", "12", "1234", null, undefined])
      expect(savedCardReady({ id: "card_1", cvv }, "card_1"), String(cvv)).toBe(false);
    expect(savedCardReady({ id: "card_1" }, "card_1")).toBe(false);
  });
});

describe("splitPayerName (spec 2 §4)", () => {
  it("splits at the first space", () => {
    expect(splitPayerName("Ada Lovelace")).toEqual({ firstName: "Ada", lastName: "Lovelace" });
  });
  it("keeps everything after the first space as the last name", () => {
    expect(splitPayerName("Ada King Lovelace")).toEqual({ firstName: "Ada", lastName: "King Lovelace" });
    expect(splitPayerName("Ada   King  Lovelace")).toEqual({ firstName: "Ada", lastName: "King Lovelace" });
  });
  it("reads one word as the first name alone", () => {
    expect(splitPayerName("Ada")).toEqual({ firstName: "Ada", lastName: "" });
  });
  it("reads blank or missing as empty", () => {
    expect(splitPayerName("")).toEqual({ firstName: "", lastName: "" });
    expect(splitPayerName("   ")).toEqual({ firstName: "", lastName: "" });
    expect(splitPayerName(null)).toEqual({ firstName: "", lastName: "" });
    expect(splitPayerName(undefined)).toEqual({ firstName: "", lastName: "" });
  });
  it("ignores leading and trailing spaces", () => {
    expect(splitPayerName("  Ada Lovelace  ")).toEqual({ firstName: "Ada", lastName: "Lovelace" });
    expect(splitPayerName(" Ada ")).toEqual({ firstName: "Ada", lastName: "" });
  });
});
