/**
 * Which ways of paying an order may offer (spec 2 §5), for both halves: the storefront shows exactly these options
 * and the platform refuses any other. No zod here: the browser bundle imports this file.
 */

export type PaymentMethodName = "cash" | "card" | "applepay" | "googlepay";

/** The one gateway card and wallet payments go through (spec 2 §5). */
export const GATEWAY_NAME = "checkoutcom";

/** A store's setting for one way of paying (store details' paymentMethods). */
export interface StorePaymentMethod {
  name: string;
  settings: {
    enabledForMethod: { delivery: boolean; collection: boolean };
    /** HH:mm:ss, store-local: the cash cut-off for baskets with alcohol. Null when there is none. */
    cutOffTime: string | null;
    /** Gateway names the method pays through; cash needs none. */
    paymentGateways: readonly string[];
  };
}

export interface PaymentOptionContext {
  paymentMethods: readonly StorePaymentMethod[];
  fulfilmentMethod: "delivery" | "collection";
  /**
   * The basket's slot: `date` YYYY-MM-DD and `end` an ISO-8601 instant written in the store's offset (as the
   * platform writes them), and the payment names the slot refuses. Null when no slot is held.
   */
  slot: { date: string; end: string; denyPayments: readonly string[] } | null;
  basketHasAlcohol: boolean;
  /** The gateways the business has (business profile paymentGateways, by name). */
  gateways: readonly string[];
}

export const PAYMENT_OPTION_ORDER: readonly PaymentMethodName[] = ["card", "applepay", "googlepay", "cash"];

/**
 * The slot's end as store-local HH:mm:ss for comparing with a cut-off. An end on a later date than the slot's own
 * (a slot to midnight) reads as 24:00:00 or later, so it is later than any cut-off that day.
 */
export function slotEndClock(slot: { date: string; end: string }): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(slot.end);
  if (!match) return null;
  const [, endDate, hh, mm, ss] = match as unknown as [string, string, string, string, string | undefined];
  const days =
    endDate > slot.date
      ? Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${slot.date}T00:00:00Z`)) / 86_400_000)
      : 0;
  const hours = Number(hh) + days * 24;
  return `${String(hours).padStart(2, "0")}:${mm}:${ss ?? "00"}`;
}

/** A cut-off as HH:mm:ss ("21:00" reads as "21:00:00"); null when it is not a time. */
export function normaliseClock(value: string | null | undefined): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value?.trim() ?? "");
  if (!match) return null;
  return `${match[1]!.padStart(2, "0")}:${match[2]}:${match[3] ?? "00"}`;
}

/**
 * Spec 2 §5: an option is shown only when the slot does not deny it, it is enabled for the fulfilment method, a
 * gateway exists for it (cash needs none), and — for cash — not when the basket has alcohol and the cash cut-off
 * is earlier than the slot's end.
 */
export function paymentOptionAvailable(name: PaymentMethodName, context: PaymentOptionContext): boolean {
  const setting = context.paymentMethods.find((m) => m.name === name);
  if (!setting) return false;
  if (context.slot?.denyPayments.includes(name)) return false;
  if (!setting.settings.enabledForMethod[context.fulfilmentMethod]) return false;
  if (name === "cash") {
    if (!context.basketHasAlcohol) return true;
    const cutOff = normaliseClock(setting.settings.cutOffTime);
    if (cutOff === null) return true;
    // Without a slot the end is unknown; cash for alcohol waits until one is chosen.
    const end = context.slot ? slotEndClock(context.slot) : null;
    return end !== null && !(cutOff < end);
  }
  return gatewayFor(setting, context.gateways) !== null;
}

/** The gateway a method pays through: the first of its gateways the business has. */
export function gatewayFor(setting: StorePaymentMethod, gateways: readonly string[]): string | null {
  return setting.settings.paymentGateways.find((g) => gateways.includes(g)) ?? null;
}

/** Every option the order may offer, in the order the payment step lists them. */
export function availablePaymentOptions(context: PaymentOptionContext): PaymentMethodName[] {
  return PAYMENT_OPTION_ORDER.filter((name) => paymentOptionAvailable(name, context));
}

/** Spec 2 §5: a saved card pays only when it is the selected one and its security code has exactly 3 characters. */
export const CARD_SECURITY_CODE_LENGTH = 3;
export function savedCardReady(card: { id: string; cvv?: string | null }, selectedCardId: string | null): boolean {
  return card.id === selectedCardId && typeof card.cvv === "string" && card.cvv.length === CARD_SECURITY_CODE_LENGTH;
}

/**
 * Spec 2 §4: a wallet payer's name is split into first and last name at the first space; a single word is all
 * first name.
 */
export function splitPayerName(name: string | null | undefined): { firstName: string; lastName: string } {
  const trimmed = (name ?? "").trim().replace(/\s+/g, " ");
  const at = trimmed.indexOf(" ");
  if (at < 0) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1) };
}

/** The payment endpoints' words (contract/payments.ts). */
export const PAYMENT_MESSAGES = {
  // Spec 2 §8, word for word.
  paymentIssue: "There was an issue processing your payment",
  paymentError: "An error occurred while processing the payment.",
  cardPaymentError: "An error occurred while processing the card payment.",
  applePayError: "An error occurred while processing the Apple Pay payment.",
  googlePayError: "An error occurred while processing the Google Pay payment.",
  googlePayProcessing: "There was an error processing with Google Pay",
  cardFormLoad: "There was an error loading the card form",
  cardDetails: "There was an error with card details. Try with another card or reload the page before trying again.",
  cardExists: "Card already exists!",
  gatewayNotSupported: "Payment gateway is not supported",
  validationError: "There was a validation error, please make sure your details are correct.",
  // Ours, where the spec has none.
  methodNotAvailable: "That way of paying is not available for this order.",
  orderAlreadyPlaced: "This order has already been placed.",
  paymentCancelled: "Your payment was cancelled. Nothing was charged.",
  applePayUnavailable: "Apple Pay is not available on this site.",
  savedCardsForMembers: "Saved cards are for members. Please enter your card details.",
  paymentPending: "Your payment is still being checked. Please wait a moment and refresh this page.",
} as const;
