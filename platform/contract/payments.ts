import { z } from "zod";
import { endpoint } from "./endpoint";
import type { PaymentMethodName } from "./payment-rules";

export { GATEWAY_NAME, PAYMENT_MESSAGES } from "./payment-rules";

/*
 * Payments (spec 2 §4, §5, §7, §8). One card gateway, named checkoutcom: in production checkout.com itself, by
 * default an embedded stand-in for its sandbox. Cash needs no gateway.
 *
 * However often a payment call is resubmitted, refreshed or retried, an order is charged at most once, and every
 * charge the gateway approves ends in a placed order.
 */

export const PAYMENT_METHODS = [
  "cash",
  "card",
  "applepay",
  "googlepay",
] as const satisfies readonly PaymentMethodName[];
export type { PaymentMethodName } from "./payment-rules";

const draftOrderId = z.string().min(1).max(80);
/** Return addresses: absolute http(s) URLs (the gateway sends the shopper's browser there). */
const returnUrl = z
  .string()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, "must be an absolute http(s) URL");

/** What the storefront needs of a placed order: its number and the unguessable token of its status page. */
export const placedOrderSchema = z.object({ businessOrderId: z.string(), statusToken: z.string() });
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/** The gateway's answer in checkout.com's own terms (spec 2 §7). */
export const gatewayDataSchema = z.object({
  approved: z.boolean(),
  /** checkout.com's status: Authorized, Captured, Declined, Pending, Canceled … */
  status: z.string(),
  /** The payment's id (pay_…), or the hosted payment page's (hpp_…) while the shopper is still to pay. */
  id: z.string().nullable(),
  response_summary: z.string().nullable(),
  _links: z.object({ redirect: z.object({ href: z.string() }).optional() }),
});
export type GatewayData = z.infer<typeof gatewayDataSchema>;

/**
 * Pays for a draft order. Cash places the order at once. Card without a token or saved card opens the gateway's
 * hosted card page (`_links.redirect.href`); with a token (card form script, Apple Pay, Google Pay) the payment is
 * requested at once and is approved, declined, or Pending with a 3-D Secure redirect. `order` is set once the order
 * is placed.
 *
 * A second call for the same order while a payment is still open answers that payment again; a call for a placed
 * order answers the placed order. A new charge is tried only after the last one was declined or cancelled.
 *
 * Saved cards (members only, decision 0023): `cardId` with its `cvv` pays by card with the member's saved card, as a
 * token payment does (approved, declined, or Pending with a 3-D Secure redirect). The cvv must be exactly 3 digits,
 * else 400 VALIDATION_ERROR before any gateway call; another member's card is 404 CARD_NOT_FOUND; a guest giving
 * `cardId` or `saveCard` is 403 SAVED_CARDS_FOR_MEMBERS. `saveCard: true` (with a token, or on the hosted card page)
 * keeps the card once the gateway approves the payment, unless the member has it already.
 */
export const makePayment = endpoint({
  method: "POST",
  path: "/api/payment/makePayment",
  auth: "token",
  request: z.object({
    draftOrderId,
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentGateway: z.string().max(40).nullish(),
    successUrl: returnUrl,
    failureUrl: returnUrl,
    cancelUrl: returnUrl,
    /** The wallet flavour (GooglePayExpress …); informational. */
    type: z.string().max(40).nullish(),
    saveCard: z.boolean().optional(),
    cvv: z.string().max(4).nullish(),
    cardId: z.string().max(80).nullish(),
    token: z.string().max(400).nullish(),
    googleTokenData: z.record(z.string(), z.unknown()).nullish(),
    appleTokenData: z.record(z.string(), z.unknown()).nullish(),
  }),
  response: z.object({ gatewayData: gatewayDataSchema.nullable(), order: placedOrderSchema.nullable() }),
});

export const paymentOutcomeSchema = z.object({
  /** placed: the order is in; declined, cancelled: nothing was charged; pending: the gateway has not decided. */
  status: z.enum(["placed", "declined", "cancelled", "pending"]),
  order: placedOrderSchema.nullable(),
  /** The gateway's words for a decline, when it gave any. */
  responseSummary: z.string().nullable(),
});
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

/**
 * After the gateway sends the shopper back: asks the gateway for the payment by id and settles the draft order. Safe
 * to repeat (a refreshed or replayed return page): a placed order stays placed and is charged once.
 */
export const verifyPayment = endpoint({
  method: "POST",
  path: "/api/payment/verifyPayment",
  auth: "token",
  request: z.object({
    draftOrderId,
    paymentId: z.string().min(1).max(80),
    paymentGateway: z.string().max(40).nullish(),
  }),
  response: paymentOutcomeSchema,
});

/**
 * Ours: the shopper came back from the gateway by its cancel link. The open payment is closed so the next attempt
 * starts afresh — unless the gateway says it was paid after all, when the order is placed.
 */
export const cancelPayment = endpoint({
  method: "POST",
  path: "/api/payment/cancelPayment",
  auth: "token",
  request: z.object({ draftOrderId }),
  response: paymentOutcomeSchema,
});

/**
 * Ours: checkout.com's webhook (payment events, at least once and in any order), signed in its Cko-Signature header
 * with the webhook's signature key. The body is read as it is: only the payment id and reference are taken from it,
 * and the gateway is asked what became of the payment. 401 for a bad signature, 404 when webhooks are not set up,
 * 503 when the gateway cannot be asked (checkout.com then sends it again).
 */
export const checkoutComWebhook = endpoint({
  method: "POST",
  path: "/api/payment/webhooks/checkoutcom",
  auth: "none",
  request: z.record(z.string(), z.unknown()),
  response: z.object({ received: z.literal(true), outcome: z.enum(["placed", "closed", "pending", "ignored"]) }),
  maxBodyBytes: 64 * 1024,
});

/**
 * Apple Pay merchant validation: the platform asks Apple's validation URL for a merchant session with the
 * business's merchant identity. 422 when Apple Pay is not set up for this site (the storefront then leaves for a
 * page of its own).
 */
export const validateApplePayMerchant = endpoint({
  method: "POST",
  path: "/api/payment/validateApplePayMerchant",
  auth: "token",
  request: z.object({
    storeId: z.number().int().positive().max(2_147_483_647),
    domain: z.string().min(1).max(253),
    validationURL: z.string().url().max(2000),
  }),
  response: z.record(z.string(), z.unknown()),
});
