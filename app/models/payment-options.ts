/**
 * The payment step's rules (spec 2 §4, §5, §9): which ways of paying are shown, which wallet buttons, why the pay
 * buttons are disabled, and what follows a Google Pay or Apple Pay answer. The option rules themselves are the
 * contract's (payment-rules.ts, shared with the platform, which refuses any option not shown here).
 *
 * Browser code imports this file, so it takes only types from the zod contract files; its messages are the contract's
 * PAYMENT_MESSAGES, from the zod-free payment-rules.ts.
 */
import type { Basket } from "#contract/basket";
import {
  availablePaymentOptions,
  GATEWAY_NAME,
  gatewayFor,
  PAYMENT_MESSAGES,
  type PaymentMethodName,
  type PaymentOptionContext,
  type StorePaymentMethod,
} from "#contract/payment-rules";
import { CHECKOUT_TEXT } from "./checkout";
import { STORE_CLOSED_MESSAGE, STORE_PAUSED_MESSAGE } from "./store-list";

export {
  CARD_SECURITY_CODE_LENGTH,
  savedCardReady,
  splitPayerName,
  type PaymentMethodName,
} from "#contract/payment-rules";

/** The contract's PAYMENT_MESSAGES the browser shows. */
export const PAYMENT_TEXT = {
  paymentIssue: PAYMENT_MESSAGES.paymentIssue,
  applePayError: PAYMENT_MESSAGES.applePayError,
  googlePayError: PAYMENT_MESSAGES.googlePayError,
  googlePayProcessing: PAYMENT_MESSAGES.googlePayProcessing,
  gatewayNotSupported: PAYMENT_MESSAGES.gatewayNotSupported,
  paymentCancelled: PAYMENT_MESSAGES.paymentCancelled,
  cardFormLoad: PAYMENT_MESSAGES.cardFormLoad,
  cardDetails: PAYMENT_MESSAGES.cardDetails,
} as const;

/** Spec 2 §5: the one gateway card payments go through. */
export const CARD_GATEWAY = GATEWAY_NAME;

/** Spec 2 §9. */
export const GOOGLE_PAY_REDIRECT_DELAY_MS = 100;
export const CARD_SCRIPT_TIMEOUT_MS = 15_000;

/** What the page calls each option. */
export const PAYMENT_OPTION_LABELS: Record<PaymentMethodName, string> = {
  card: "Card",
  applepay: "Apple Pay",
  googlepay: "Google Pay",
  cash: "Cash",
};

/** The store fields the payment rules read (store details' paymentMethods; a StoreDetails fits). */
export interface StorePaymentMethods {
  paymentMethods: readonly StorePaymentMethod[];
}

/** The option rules' view of this store and basket. `gateways` are the business profile's gateway names. */
export function paymentContextFor(
  store: StorePaymentMethods,
  basket: Pick<Basket, "fulfilmentMethod" | "selectedSlot" | "items">,
  gateways: readonly string[],
): PaymentOptionContext {
  const slot = basket.selectedSlot;
  return {
    paymentMethods: store.paymentMethods,
    fulfilmentMethod: basket.fulfilmentMethod.type,
    slot: slot ? { date: slot.date, end: slot.end, denyPayments: slot.denyPayments } : null,
    basketHasAlcohol: basket.items.some((line) => line.isAlcohol),
    gateways,
  };
}

/** Spec 2 §5: the options shown, in the order the step lists them. */
export function paymentOptions(context: PaymentOptionContext): PaymentMethodName[] {
  return availablePaymentOptions(context);
}

/**
 * Spec 2 §5: card payments go through checkoutcom only. 'Payment gateway is not supported' when the card method
 * would pay through any other gateway; null when it pays through checkoutcom, or when the store has no card method
 * or no gateway for it (then card is simply not offered).
 */
export function cardGatewayProblem(store: StorePaymentMethods, gateways: readonly string[]): string | null {
  const card = store.paymentMethods.find((method) => method.name === "card");
  if (!card) return null;
  const gateway = gatewayFor(card, gateways);
  return gateway === null || gateway === CARD_GATEWAY ? null : PAYMENT_TEXT.gatewayNotSupported;
}

/** A wallet button shows only where the browser supports it, the business enables it and the option is available. */
export function walletButtons(
  flags: { enableApplePayment: boolean; enableGooglePayment: boolean },
  support: { applePay: boolean; googlePay: boolean },
  options: readonly PaymentMethodName[],
): { applePay: boolean; googlePay: boolean } {
  return {
    applePay: flags.enableApplePayment && support.applePay && options.includes("applepay"),
    googlePay: flags.enableGooglePayment && support.googlePay && options.includes("googlepay"),
  };
}

/**
 * Spec 2 §4: pay buttons are disabled while the store is closed or the slot is invalid. A pause says more than
 * closed, so it is named first; the store's state before the slot's.
 */
export function paymentDisabledReason(state: {
  storeClosed: boolean;
  storePaused: boolean;
  slotValid: boolean;
}): string | null {
  if (state.storePaused) return STORE_PAUSED_MESSAGE;
  if (state.storeClosed) return STORE_CLOSED_MESSAGE;
  if (!state.slotValid) return CHECKOUT_TEXT.invalidSlot;
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Payment in progress (spec 2 §4)
// ---------------------------------------------------------------------------------------------------------

/** Spec 2 §4's markers, less GooglePayExpress: no express Google Pay button is offered (decision 0025). */
export type PaymentProgressMarker = "cash" | "card" | "applepay" | "googlepay";
export type PaymentStatus = "" | "success" | "error";

export interface PaymentProgress {
  /** The method whose payment is under way; null when none is. */
  inProgress: PaymentProgressMarker | null;
  status: PaymentStatus;
}

export const IDLE_PAYMENT_PROGRESS: PaymentProgress = { inProgress: null, status: "" };

/** A payment starts only while none is under way (a second tap must not start a second payment); null otherwise. */
export function beginPayment(progress: PaymentProgress, marker: PaymentProgressMarker): PaymentProgress | null {
  if (progress.inProgress !== null) return null;
  return { inProgress: marker, status: "" };
}

/** A payment ends in success or error; either way the in-progress marker is cleared. */
export function settlePayment(status: "success" | "error"): PaymentProgress {
  return { inProgress: null, status };
}

// ---------------------------------------------------------------------------------------------------------
// Wallet answers (spec 2 §4)
// ---------------------------------------------------------------------------------------------------------

export interface WalletPaymentResult {
  gatewayData: { status: string; id: string | null; _links: { redirect?: { href: string } } } | null;
  order: { businessOrderId: string } | null;
}

export type GooglePayNextStep =
  | { kind: "redirect"; href: string; delayMs: number }
  | { kind: "verify"; paymentId: string }
  | { kind: "success" }
  | { kind: "error"; message: string };

/**
 * What follows makePayment for Google Pay: Pending with a redirect link → the browser goes there after 100 ms (a
 * 3-D Secure challenge); an id without a business order id → verify the payment, then success; an order → success;
 * anything else → the Google Pay payment error.
 */
export function googlePayNextStep(result: WalletPaymentResult): GooglePayNextStep {
  const data = result.gatewayData;
  const href = data?._links.redirect?.href;
  if (data && data.status.toLowerCase() === "pending" && href)
    return { kind: "redirect", href, delayMs: GOOGLE_PAY_REDIRECT_DELAY_MS };
  const businessOrderId = result.order?.businessOrderId;
  if (data?.id && !businessOrderId) return { kind: "verify", paymentId: data.id };
  if (businessOrderId) return { kind: "success" };
  return { kind: "error", message: PAYMENT_TEXT.googlePayError };
}

export type ApplePayOutcome = { kind: "success" } | { kind: "error"; message: string };

/**
 * Apple Pay succeeds only with approved true; anything else fails, and a cancel is an error too. An approval wins
 * over a cancel that arrives with it: the charge is made, so the shopper must not be told it failed.
 */
export function applePayOutcome(result: { approved?: boolean } | null, cancelled: boolean): ApplePayOutcome {
  if (result?.approved === true) return { kind: "success" };
  if (cancelled) return { kind: "error", message: PAYMENT_TEXT.paymentCancelled };
  return { kind: "error", message: PAYMENT_TEXT.applePayError };
}
