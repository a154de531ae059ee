import { describe, expect, it } from "vitest";
import {
  BASKET_MESSAGES,
  CHECKOUT_MESSAGES,
  GATEWAY_NAME,
  PAYMENT_MESSAGES,
  PAYMENT_METHODS,
  type Basket,
  type StoreDetails,
} from "#contract";
import type { StorePaymentMethod } from "#contract/payment-rules";
import {
  CARD_GATEWAY,
  CARD_SCRIPT_TIMEOUT_MS,
  CARD_SECURITY_CODE_LENGTH,
  GOOGLE_PAY_REDIRECT_DELAY_MS,
  IDLE_PAYMENT_PROGRESS,
  PAYMENT_OPTION_LABELS,
  PAYMENT_TEXT,
  applePayOutcome,
  beginPayment,
  cardGatewayProblem,
  googlePayNextStep,
  paymentContextFor,
  paymentDisabledReason,
  paymentOptions,
  savedCardReady,
  settlePayment,
  type StorePaymentMethods,
  walletButtons,
} from "./payment-options";

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

const store: StorePaymentMethods = {
  paymentMethods: [method("cash", { cutOffTime: "21:00" }), method("card"), method("applepay"), method("googlepay")],
};

type Slot = NonNullable<Basket["selectedSlot"]>;
const slot: Slot = {
  date: "2025-06-06",
  start: "2025-06-06T20:30:00+01:00",
  end: "2025-06-06T21:00:00+01:00",
  expires: null,
  denyPayments: [],
};

function basket(
  overrides: { type?: "delivery" | "collection"; slot?: Slot | null; alcohol?: boolean[] } = {},
): Pick<Basket, "fulfilmentMethod" | "selectedSlot" | "items"> {
  return {
    fulfilmentMethod: {
      type: overrides.type ?? "delivery",
      datetime: null,
      freeFrom: null,
      minSpend: 0,
      zoneFreeDeliveryMessage: null,
      cost: 0,
    },
    selectedSlot: overrides.slot === undefined ? slot : overrides.slot,
    items: (overrides.alcohol ?? [false]).map((isAlcohol, i) => ({
      basketLineId: `l${i}`,
      menuItemId: i + 1,
      quantity: 1,
      name: `Item ${i}`,
      price: 100,
      unitPrice: 100,
      variant: null,
      sizeId: null,
      options: [],
      isAlcohol,
      ageRestriction: isAlcohol ? 18 : null,
      menuItem: { name: `Item ${i}`, slug: `item-${i}`, image: null, categorySlug: "drinks" },
      checkoutConflicts: [],
    })),
  };
}

describe("messages and constants", () => {
  it("are the contract's PAYMENT_MESSAGES word for word", () => {
    for (const [key, value] of Object.entries(PAYMENT_TEXT)) {
      expect(value, key).toBe(PAYMENT_MESSAGES[key as keyof typeof PAYMENT_MESSAGES]);
    }
    expect(Object.keys(PAYMENT_TEXT).sort()).toEqual(
      [
        "applePayError",
        "cardDetails",
        "cardFormLoad",
        "gatewayNotSupported",
        "googlePayError",
        "googlePayProcessing",
        "paymentCancelled",
        "paymentIssue",
      ].sort(),
    );
  });
  it("name the one card gateway as the contract does", () => {
    expect(CARD_GATEWAY).toBe(GATEWAY_NAME);
    expect(CARD_GATEWAY).toBe("checkoutcom");
  });
  it("hold the spec 2 §9 timings and the card security code length", () => {
    expect(GOOGLE_PAY_REDIRECT_DELAY_MS).toBe(100);
    expect(CARD_SCRIPT_TIMEOUT_MS).toBe(15_000);
    expect(CARD_SECURITY_CODE_LENGTH).toBe(3);
  });
  it("name and label every payment method", () => {
    expect(PAYMENT_OPTION_LABELS).toEqual({
      card: "Card",
      applepay: "Apple Pay",
      googlepay: "Google Pay",
      cash: "Cash",
    });
    expect(Object.keys(PAYMENT_OPTION_LABELS).sort()).toEqual([...PAYMENT_METHODS].sort());
  });
});

describe("paymentContextFor", () => {
  it("takes the platform's StoreDetails as it is (checked by the compiler)", () => {
    const fits = (details: StoreDetails): StorePaymentMethods => details;
    expect(fits({ paymentMethods: [] } as unknown as StoreDetails).paymentMethods).toEqual([]);
  });
  it("reads the store's methods, the basket's method and slot, and the business's gateways", () => {
    const denied: Slot = { ...slot, denyPayments: ["cash"] };
    expect(paymentContextFor(store, basket({ type: "collection", slot: denied }), ["checkoutcom"])).toEqual({
      paymentMethods: store.paymentMethods,
      fulfilmentMethod: "collection",
      slot: { date: "2025-06-06", end: "2025-06-06T21:00:00+01:00", denyPayments: ["cash"] },
      basketHasAlcohol: false,
      gateways: ["checkoutcom"],
    });
  });
  it("has no slot without a held slot", () => {
    expect(paymentContextFor(store, basket({ slot: null }), []).slot).toBeNull();
  });
  it("finds alcohol on any line", () => {
    expect(paymentContextFor(store, basket({ alcohol: [false, true, false] }), []).basketHasAlcohol).toBe(true);
    expect(paymentContextFor(store, basket({ alcohol: [false, false] }), []).basketHasAlcohol).toBe(false);
    expect(paymentContextFor(store, basket({ alcohol: [] }), []).basketHasAlcohol).toBe(false);
  });
});

describe("paymentOptions (spec 2 §5)", () => {
  const options = (b: ReturnType<typeof basket>, gateways = ["checkoutcom"], s = store) =>
    paymentOptions(paymentContextFor(s, b, gateways));

  it("shows every enabled option with a gateway, cards first", () => {
    expect(options(basket())).toEqual(["card", "applepay", "googlepay", "cash"]);
  });
  it("hides what the slot denies", () => {
    expect(options(basket({ slot: { ...slot, denyPayments: ["cash", "applepay"] } }))).toEqual(["card", "googlepay"]);
  });
  it("hides what is not enabled for the basket's method", () => {
    const s = {
      paymentMethods: [method("cash", { enabledForMethod: { delivery: false, collection: true } }), method("card")],
    };
    expect(options(basket({ type: "delivery" }), ["checkoutcom"], s)).toEqual(["card"]);
    expect(options(basket({ type: "collection" }), ["checkoutcom"], s)).toEqual(["card", "cash"]);
  });
  it("hides card and wallets without a gateway the business has; cash needs none", () => {
    expect(options(basket(), [])).toEqual(["cash"]);
  });
  it("hides cash for alcohol when the cut-off is earlier than the slot's end", () => {
    const late: Slot = { ...slot, start: "2025-06-06T21:00:00+01:00", end: "2025-06-06T21:30:00+01:00" };
    expect(options(basket({ slot: late, alcohol: [true] }))).not.toContain("cash");
    expect(options(basket({ slot: late, alcohol: [false] }))).toContain("cash");
    // Ends at 21:00, the cut-off itself: not earlier, so cash stays.
    expect(options(basket({ alcohol: [true] }))).toContain("cash");
  });
});

describe("cardGatewayProblem (spec 2 §5)", () => {
  it("is nothing when cards pay through checkoutcom", () => {
    expect(cardGatewayProblem(store, ["checkoutcom"])).toBeNull();
  });
  it("says 'Payment gateway is not supported' for any other gateway", () => {
    const s = { paymentMethods: [method("card", { paymentGateways: ["stripe"] })] };
    expect(cardGatewayProblem(s, ["stripe"])).toBe("Payment gateway is not supported");
    // The first gateway the business has is the one cards would use.
    const both = { paymentMethods: [method("card", { paymentGateways: ["stripe", "checkoutcom"] })] };
    expect(cardGatewayProblem(both, ["stripe", "checkoutcom"])).toBe("Payment gateway is not supported");
    expect(cardGatewayProblem(both, ["checkoutcom"])).toBeNull();
  });
  it("is nothing when the store has no card method or no gateway for it (cards are then not offered)", () => {
    expect(cardGatewayProblem({ paymentMethods: [method("cash")] }, ["checkoutcom"])).toBeNull();
    expect(cardGatewayProblem(store, [])).toBeNull();
  });
});

describe("walletButtons", () => {
  const on = { enableApplePayment: true, enableGooglePayment: true };
  const supported = { applePay: true, googlePay: true };
  const all = ["card", "applepay", "googlepay", "cash"] as const;

  it("shows a wallet that is supported, enabled and available", () => {
    expect(walletButtons(on, supported, [...all])).toEqual({ applePay: true, googlePay: true });
  });
  it("hides a wallet the browser does not support", () => {
    expect(walletButtons(on, { applePay: false, googlePay: true }, [...all])).toEqual({
      applePay: false,
      googlePay: true,
    });
    expect(walletButtons(on, { applePay: true, googlePay: false }, [...all])).toEqual({
      applePay: true,
      googlePay: false,
    });
  });
  it("hides a wallet the business has not enabled", () => {
    expect(walletButtons({ enableApplePayment: false, enableGooglePayment: true }, supported, [...all])).toEqual({
      applePay: false,
      googlePay: true,
    });
    expect(walletButtons({ enableApplePayment: true, enableGooglePayment: false }, supported, [...all])).toEqual({
      applePay: true,
      googlePay: false,
    });
  });
  it("hides a wallet that is not an available option", () => {
    expect(walletButtons(on, supported, ["card", "cash"])).toEqual({ applePay: false, googlePay: false });
    expect(walletButtons(on, supported, ["googlepay"])).toEqual({ applePay: false, googlePay: true });
  });
});

describe("paymentDisabledReason (spec 2 §4)", () => {
  it("is nothing for an open store and a valid slot", () => {
    expect(paymentDisabledReason({ storeClosed: false, storePaused: false, slotValid: true })).toBeNull();
  });
  it("names a pause, then a closure, then the slot", () => {
    expect(paymentDisabledReason({ storeClosed: true, storePaused: true, slotValid: false })).toBe(
      "This store is currently paused",
    );
    expect(paymentDisabledReason({ storeClosed: true, storePaused: false, slotValid: false })).toBe(
      "This store is currently closed",
    );
    expect(paymentDisabledReason({ storeClosed: false, storePaused: false, slotValid: false })).toBe(
      "Invalid time slot selected. Please select a different time slot for your order.",
    );
  });
  it("uses the contract's words", () => {
    expect(paymentDisabledReason({ storeClosed: false, storePaused: true, slotValid: true })).toBe(
      BASKET_MESSAGES.storePaused,
    );
    expect(paymentDisabledReason({ storeClosed: true, storePaused: false, slotValid: true })).toBe(
      BASKET_MESSAGES.storeClosed,
    );
    expect(paymentDisabledReason({ storeClosed: false, storePaused: false, slotValid: false })).toBe(
      CHECKOUT_MESSAGES.invalidSlot,
    );
  });
});

describe("payment in progress", () => {
  it("starts a payment only while none is under way", () => {
    const started = beginPayment(IDLE_PAYMENT_PROGRESS, "googlepay");
    expect(started).toEqual({ inProgress: "googlepay", status: "" });
    expect(beginPayment(started!, "card")).toBeNull();
    expect(beginPayment(settlePayment("error"), "card")).toEqual({ inProgress: "card", status: "" });
  });
  it("clears the marker when a payment ends, either way", () => {
    expect(settlePayment("success")).toEqual({ inProgress: null, status: "success" });
    expect(settlePayment("error")).toEqual({ inProgress: null, status: "error" });
  });
});

describe("googlePayNextStep (spec 2 §4)", () => {
  const data = (status: string, id: string | null, href?: string) => ({
    status,
    id,
    _links: href ? { redirect: { href } } : {},
  });

  it("redirects after 100 ms when Pending with a redirect link", () => {
    expect(
      googlePayNextStep({ gatewayData: data("Pending", "pay_1", "https://gw.example/3ds/pay_1"), order: null }),
    ).toEqual({
      kind: "redirect",
      href: "https://gw.example/3ds/pay_1",
      delayMs: 100,
    });
  });
  it("verifies a payment whose id came back without a business order id", () => {
    expect(googlePayNextStep({ gatewayData: data("Authorized", "pay_2"), order: null })).toEqual({
      kind: "verify",
      paymentId: "pay_2",
    });
    // Pending without a link has nowhere to send the shopper: ask the gateway instead.
    expect(googlePayNextStep({ gatewayData: data("Pending", "pay_3"), order: null })).toEqual({
      kind: "verify",
      paymentId: "pay_3",
    });
    expect(googlePayNextStep({ gatewayData: data("Captured", "pay_4"), order: { businessOrderId: "" } })).toEqual({
      kind: "verify",
      paymentId: "pay_4",
    });
  });
  it("succeeds with a placed order", () => {
    expect(googlePayNextStep({ gatewayData: data("Captured", "pay_5"), order: { businessOrderId: "1001" } })).toEqual({
      kind: "success",
    });
    expect(googlePayNextStep({ gatewayData: null, order: { businessOrderId: "1001" } })).toEqual({ kind: "success" });
  });
  it("fails with the Google Pay error otherwise", () => {
    const error = { kind: "error", message: "An error occurred while processing the Google Pay payment." };
    expect(googlePayNextStep({ gatewayData: null, order: null })).toEqual(error);
    expect(googlePayNextStep({ gatewayData: data("Declined", null), order: null })).toEqual(error);
  });
});

describe("applePayOutcome (spec 2 §4)", () => {
  it("succeeds only with approved true", () => {
    expect(applePayOutcome({ approved: true }, false)).toEqual({ kind: "success" });
  });
  it("fails without approval", () => {
    const error = { kind: "error", message: "An error occurred while processing the Apple Pay payment." };
    expect(applePayOutcome({ approved: false }, false)).toEqual(error);
    expect(applePayOutcome({}, false)).toEqual(error);
    expect(applePayOutcome(null, false)).toEqual(error);
  });
  it("treats a cancel as an error", () => {
    expect(applePayOutcome(null, true)).toEqual({
      kind: "error",
      message: "Your payment was cancelled. Nothing was charged.",
    });
    expect(applePayOutcome({ approved: false }, true)).toEqual({
      kind: "error",
      message: "Your payment was cancelled. Nothing was charged.",
    });
  });
  it("lets an approval win over a cancel that came with it (the charge was made)", () => {
    expect(applePayOutcome({ approved: true }, true)).toEqual({ kind: "success" });
  });
});

describe("re-exported rules", () => {
  it("take a saved card only when selected with a 3-character security code", () => {
    expect(savedCardReady({ id: "c1", cvv: "123" }, "c1")).toBe(true);
    expect(savedCardReady({ id: "c1", cvv: "12" }, "c1")).toBe(false);
  });
});
