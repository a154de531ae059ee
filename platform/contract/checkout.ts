import { z } from "zod";
import { basketSchema } from "./basket";
import { endpoint } from "./endpoint";
import { placedOrderSchema } from "./payments";

export { CHECKOUT_MESSAGES } from "./checkout-rules";

/*
 * Checkout (spec 2 §3, §4, §7): the guest's registration check, contact details, delivery and billing addresses,
 * instructions, the guest side of marketing preferences, and the draft order made from a valid basket.
 *
 * Money is integer pence. Addresses cross the wire with the current field names; the platform also takes the
 * legacy aliases (addressline1, addressline2, line1, line2) on the way in and answers with the current names.
 */

const pence = z.number().int().nonnegative();
const basketToken = z.string().min(1).max(128);

/** A checkout address as the platform keeps it (spec 2 §3 "Delivery and billing addresses"). */
export const checkoutAddressSchema = z.object({
  type: z.enum(["delivery", "billing"]),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  telephone: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  town: z.string(),
  county: z.string(),
  /** Upper case with the single space before the inward code ("SW1A 1AA"). */
  postcode: z.string(),
  /** ISO 3166-1 alpha-2; "GB" for the UK. */
  countryCode: z.string(),
});
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

export const contactDetailsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
});
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

/** One marketing consent as the shopper gave it: 'in' means opted in (spec 2 §3). */
export const marketingOptionSchema = z.object({
  type: z.string().trim().min(1).max(40),
  opted: z.enum(["in", "out"]),
  text: z.string().max(300),
});
export type MarketingOption = z.infer<typeof marketingOptionSchema>;

/** Everything the checkout has gathered for a basket so far. */
export const checkoutStateSchema = z.object({
  basketToken: z.string(),
  contact: contactDetailsSchema.nullable(),
  deliveryAddress: checkoutAddressSchema.nullable(),
  billingAddress: checkoutAddressSchema.nullable(),
  instructions: z.string().nullable(),
  marketing: z
    .object({ marketingChannelId: z.number().int().nullable(), options: z.array(marketingOptionSchema) })
    .nullable(),
  /**
   * The order this basket became, once placed (its lines are then emptied): a resubmitted or refreshed payment step
   * finds the order it already made instead of an empty basket.
   */
  placedOrder: placedOrderSchema.nullable(),
});
export type CheckoutState = z.infer<typeof checkoutStateSchema>;

/** Ours: what the checkout has gathered for the basket (the storefront reads it to draw each step). */
export const retrieveCheckout = endpoint({
  method: "POST",
  path: "/api/checkout/retrieve",
  auth: "token",
  request: z.object({ basketToken }),
  response: checkoutStateSchema,
});

/**
 * Spec 2 §4: a guest's e-mail may force sign-in when the store checks member e-mails. `contacts` lists where a
 * one-time code could be sent, masked.
 */
export const checkRegistrationStatus = endpoint({
  method: "POST",
  path: "/api/guest/checkRegistrationStatus",
  auth: "token",
  request: z.object({ email: z.string().trim().min(3).max(254), basketToken }),
  response: z.object({
    loginRequired: z.boolean(),
    contacts: z.array(z.object({ type: z.enum(["mobile", "email"]), value: z.string() })),
  }),
});

export const setContactDetails = endpoint({
  method: "POST",
  path: "/api/checkout/setContactDetails",
  auth: "token",
  request: z.object({
    basketToken,
    firstName: z.string().max(200),
    lastName: z.string().max(200),
    email: z.string().max(400),
    phoneNumber: z.string().max(100),
  }),
  response: checkoutStateSchema,
});

/** Ours: the shopper's note for the store or driver, kept until the order is made. */
export const setInstructions = endpoint({
  method: "POST",
  path: "/api/checkout/setInstructions",
  auth: "token",
  request: z.object({ basketToken, instructions: z.string().max(2000).nullable() }),
  response: checkoutStateSchema,
});

/** The coupon a changed address took off the basket, and why (shown as an error toast, spec 2 §4). */
export const removedCouponSchema = z.object({ code: z.string(), reason: z.string() });

/**
 * The delivery fee before and after an address change, pence. The storefront words it (spec 2 §8): increased by,
 * decreased by, or a plain change when either side is unknown.
 */
export const deliveryCostChangeSchema = z.object({ previous: pence.nullable(), current: pence.nullable() });
export type DeliveryCostChange = z.infer<typeof deliveryCostChangeSchema>;

export const setAddressResponseSchema = basketSchema.extend({
  removedCoupon: removedCouponSchema.nullable(),
  deliveryCostChange: deliveryCostChangeSchema.nullable(),
  checkout: checkoutStateSchema,
});
export type SetAddressResponse = z.infer<typeof setAddressResponseSchema>;

/**
 * `address` is checked by the platform itself: anything but an object is 'Invalid address object.' (400); an
 * address without a first line, a town or a valid postcode is a validation error naming the field.
 */
const addressRequest = z.object({ basketToken, address: z.unknown() });

/**
 * The delivery address: inside the store's delivery area, else 422 'Unable to deliver to this address. Please try
 * a different location.' (errorCode OUTSIDE_DELIVERY_AREA); any other failure 'Failed to set delivery address.
 * Please try again.'. The basket is priced for the new place, so the fee may change.
 */
export const setDeliveryAddress = endpoint({
  method: "POST",
  path: "/api/checkout/setDeliveryAddress",
  auth: "token",
  request: addressRequest,
  response: setAddressResponseSchema,
});

/** The billing address; `sameAsDelivery` copies the delivery address (the address itself may then be omitted). */
export const setBillingAddress = endpoint({
  method: "POST",
  path: "/api/checkout/setBillingAddress",
  auth: "token",
  request: addressRequest.extend({ address: z.unknown().optional(), sameAsDelivery: z.boolean().optional() }),
  response: setAddressResponseSchema,
});

/**
 * Spec 2 §7, guest side: a guest's consents are kept with the basket (and then the order); members' come with
 * member accounts. Without a member token the basketToken is required.
 */
export const updateMarketingPreferences = endpoint({
  method: "PUT",
  path: "/api/member/marketingPreferences/update",
  auth: "token",
  request: z.object({
    marketingOptions: z.array(marketingOptionSchema).max(20),
    marketingChannelId: z.number().int().nullable().optional(),
    basketToken: basketToken.optional(),
  }),
  response: z.object({ success: z.literal(true), message: z.string() }),
});

export const fulfilmentTimeSchema = z.object({
  /** YYYY-MM-DD, store-local. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "date must be YYYY-MM-DD"),
  /** The slot's start, ISO-8601 (or HH:mm store-local). */
  requestedTime: z.string().min(1).max(40),
  asap: z.boolean(),
});

/**
 * Spec 2 §7: a draft order from a valid basket only. Rechecked here, whatever the storefront showed: the slot hold
 * is live and is the time asked for, the store is open (or taking pre-orders) and not paused, the basket has items
 * without conflicts and meets the minimum spend, the coupon's requirement is met, guests may check out, the contact
 * details are complete and, for delivery, the address is inside the area. Prices are the menu's as they are now;
 * with `expectedTotal` (ours) a total that moved since the shopper last saw it is refused (409 PRICES_CHANGED or
 * DELIVERY_COST_CHANGED) so they can review it.
 *
 * The same basket, unchanged, answers the same draft (a resubmit makes no second order); a changed basket gets a
 * new draft and the old one is superseded.
 */
export const processOrder = endpoint({
  method: "POST",
  path: "/api/checkout/processOrder",
  auth: "token",
  request: z.object({
    basketToken,
    storeId: z.number().int().positive().max(2_147_483_647),
    fulfilmentMethod: z.enum(["delivery", "collection"]),
    fulfilmentDetails: z.object({ time: fulfilmentTimeSchema }),
    instructions: z.string().max(2000).nullish(),
    /** The marketing channel id the order came through (the store's allowedMarketingChannels). */
    channel: z.union([z.number().int(), z.string().max(40)]).nullish(),
    /** checkoutcom for card and wallet payments; null for cash. Anything else: 'Payment gateway is not supported'. */
    paymentGateway: z.string().max(40).nullish(),
    firstname: z.string().max(200),
    lastname: z.string().max(200),
    emailAddress: z.string().max(400),
    phoneNumber: z.string().max(100),
    platform: z.string().max(40).default("website"),
    expectedTotal: pence.optional(),
  }),
  response: z.object({
    businessOrderId: z.string(),
    draftOrderId: z.string(),
    /** Pence: what the shopper will pay. */
    total: pence,
  }),
});
