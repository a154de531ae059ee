import { rethrowIfUnavailable } from "~/models/error-page";
import { api, PAYMENT_MESSAGES, type PaymentMethodName, type PlacedOrder } from "#contract";
import type { Logger } from "~/services/logger.server";
import type { Shopper } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import {
  cardGatewayProblem,
  googlePayNextStep,
  paymentContextFor,
  paymentDisabledReason,
  paymentOptions,
} from "~/models/payment-options";
import { checkHeldSlotTimes } from "~/routes/stores/slots.server";
import { paymentReturnUrls, refusalMessage, rememberPlacedOrder, type CheckoutData } from "./checkout.server";

/** The ways this order may be paid (spec 2 §4 payment options), why paying is off now, and what stops a card. */
export function paymentState(d: CheckoutData) {
  const options = paymentOptions(paymentContextFor(d.store, d.basket, d.gateways));
  const disabledReason = paymentDisabledReason({
    storeClosed: d.storeNotice !== null && !d.store.ordersPaused,
    storePaused: d.store.ordersPaused,
    slotValid: d.basket.selectedSlot !== null,
  });
  return {
    options,
    disabledReason,
    cardProblem: options.includes("card") ? cardGatewayProblem(d.store, d.gateways) : null,
  };
}

export type PaymentStart =
  | { kind: "placed"; order: PlacedOrder }
  /** Off to the gateway: its card page, or a 3-D Secure challenge. */
  | { kind: "redirect"; href: string }
  | { kind: "refused"; message: string };

/**
 * Makes the draft order from the basket as it now is, then pays for it (spec 2 §4: create the order, then pay).
 * Both calls are safe to repeat: the platform answers an unchanged basket with the same draft, and a draft with an
 * open payment with that payment, so a double submit charges once.
 */
export async function startPayment(
  shopper: Shopper,
  log: Logger,
  request: Request,
  data: CheckoutData,
  paymentMethod: PaymentMethodName,
  idempotencyKey: string | undefined,
  /**
   * What pays instead of the gateway's hosted page: a card token from the gateway's card fields, a member's saved
   * card with its security code (cardId, cvv), or a wallet's payment token as the device gave it (Apple Pay
   * paymentData, Google Pay tokenizationData.token). `saveCard`: a member keeps the new card once it is paid.
   */
  wallet?: {
    token?: string;
    appleTokenData?: Record<string, unknown>;
    googleTokenData?: Record<string, unknown>;
    cardId?: string;
    cvv?: string;
    saveCard?: boolean;
  },
): Promise<PaymentStart> {
  const { checkout, store } = data;
  const contact = checkout.contact;
  if (!data.basket.selectedSlot)
    return {
      kind: "refused",
      message: "Invalid time slot selected. Please select a different time slot for your order.",
    };
  // Spec 1 §5: the held slot's times are checked where the order is placed; an ASAP hold may be swapped for another.
  const times = await checkHeldSlotTimes(shopper, store, data.basket, new Date());
  if (!times.ok) return { kind: "refused", message: times.message };
  const basket = times.basket;
  const slot = basket.selectedSlot;
  if (!slot)
    return {
      kind: "refused",
      message: "Invalid time slot selected. Please select a different time slot for your order.",
    };
  if (!contact) return { kind: "refused", message: "Please enter your name, e-mail address and mobile number." };
  const gateway =
    paymentMethod === "cash"
      ? null
      : (store.paymentMethods.find((m) => m.name === paymentMethod)?.settings.paymentGateways[0] ?? null);
  try {
    const draft = await shopper.api.call(
      api.processOrder,
      {
        basketToken: basket.basketToken,
        storeId: store.id,
        fulfilmentMethod: basket.fulfilmentMethod.type,
        fulfilmentDetails: {
          time: { date: slot.date, requestedTime: slot.start, asap: shopper.session.get("slotTiming") === "asap" },
        },
        instructions: checkout.instructions,
        channel: store.allowedMarketingChannels[0]?.id ?? null,
        paymentGateway: gateway,
        firstname: contact.firstName,
        lastname: contact.lastName,
        emailAddress: contact.email,
        phoneNumber: contact.phoneNumber,
        platform: "website",
        expectedTotal: basket.orderTotal,
      },
      idempotencyKey ? { idempotencyKey: `${idempotencyKey}:order` } : {},
    );
    const paid = await shopper.api.call(
      api.makePayment,
      {
        draftOrderId: draft.draftOrderId,
        paymentMethod,
        paymentGateway: gateway,
        ...paymentReturnUrls(request, draft.draftOrderId),
        ...wallet,
      },
      idempotencyKey ? { idempotencyKey: `${idempotencyKey}:pay` } : {},
    );
    if (paid.order) {
      rememberPlacedOrder(shopper, paid.order, store.id);
      return { kind: "placed", order: paid.order };
    }
    const href = paid.gatewayData?._links.redirect?.href;
    if (href) return { kind: "redirect", href };
    // Spec 2 §4: a Google Pay payment answered with its id but no business order id is verified, then succeeds.
    const next = paymentMethod === "googlepay" ? googlePayNextStep(paid) : null;
    if (next?.kind === "verify") {
      const verified = await shopper.api.call(api.verifyPayment, {
        draftOrderId: draft.draftOrderId,
        paymentId: next.paymentId,
        paymentGateway: gateway,
      });
      if (verified.status === "placed" && verified.order) {
        rememberPlacedOrder(shopper, verified.order, store.id);
        return { kind: "placed", order: verified.order };
      }
    }
    return { kind: "refused", message: PAYMENT_MESSAGES.paymentIssue };
  } catch (error) {
    // Unavailable for now: the "try again in a moment" page; the payment form's idempotency key makes the reload safe.
    rethrowIfUnavailable(error);
    if (!(error instanceof PlatformError) || error.status >= 500) {
      log.error("checkout.payment_failed", {
        message: error instanceof Error ? error.message : String(error),
        method: paymentMethod,
      });
    }
    const fallback = paymentMethod === "card" ? PAYMENT_MESSAGES.cardPaymentError : PAYMENT_MESSAGES.paymentError;
    return { kind: "refused", message: refusalMessage(error, fallback) };
  }
}
