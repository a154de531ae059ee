import { z } from "zod";
import { endpoint } from "./endpoint";

export { BASKET_MESSAGES } from "./basket-rules";

// Money is integer pence throughout; the storefront formats pounds only for display.
const pence = z.number().int().nonnegative();
const basketMethod = z.enum(["delivery", "collection"]);

/** One line of the basket (spec 2 §3). */
export const basketLineSchema = z.object({
  basketLineId: z.string(),
  menuItemId: z.number().int().positive(),
  quantity: z.number().int().positive(),
  name: z.string(),
  /** Pence, for the whole line at the shopper's price (member price for members), before deals and coupons. */
  price: pence,
  /** Pence for one unit: size price plus options. */
  unitPrice: pence,
  /** Size and options as one line of text ("Large, Extra cheese"); null when plain. */
  variant: z.string().nullable(),
  sizeId: z.number().int().positive().nullable(),
  options: z.array(z.object({ id: z.number().int().positive(), name: z.string(), price: pence })),
  isAlcohol: z.boolean(),
  ageRestriction: z.number().int().positive().nullable(),
  menuItem: z.object({ name: z.string(), slug: z.string(), image: z.string().nullable(), categorySlug: z.string() }),
  /** Why the line cannot be checked out as it stands (item withdrawn, not sold for the method …). */
  checkoutConflicts: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type BasketLine = z.infer<typeof basketLineSchema>;

export const basketFeeSchema = z.object({ code: z.enum(["DELIVERY", "COLLECTION"]), amount: pence });
export type BasketFee = z.infer<typeof basketFeeSchema>;

export const basketCouponSchema = z.object({
  code: z.string(),
  deductCost: pence,
  name: z.string(),
  registeredMemberRequirement: z.enum(["none", "registered", "registered_with_verification"]),
  needsReAppliedAfterAuth: z.boolean(),
});
export type BasketCoupon = z.infer<typeof basketCouponSchema>;

/** The slot the basket holds a place in; null once the hold has expired or been released. */
export const basketSelectedSlotSchema = z.object({
  /** YYYY-MM-DD in the store's time zone. */
  date: z.string(),
  /** ISO-8601 instants in the store's time zone. */
  start: z.string(),
  end: z.string(),
  /** When the hold lapses and the place is offered to others again; null if a platform sets no limit. */
  expires: z.string().nullable(),
  /** Payment method names not allowed for this slot, as the slot listing gives them. */
  denyPayments: z.array(z.string()),
});
export type BasketSelectedSlot = z.infer<typeof basketSelectedSlotSchema>;

/** A deal the basket completes, and what it saves. */
export const basketPromotionSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  times: z.number().int().positive(),
  saving: pence,
  lineIds: z.array(z.string()),
});
export type BasketPromotion = z.infer<typeof basketPromotionSchema>;

/** A deal the basket has begun but not completed ("offer incomplete"), with the lines that count towards it. */
export const missedPromotionSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  lineIds: z.array(z.string()),
});
export type MissedPromotion = z.infer<typeof missedPromotionSchema>;

export const basketLoyaltyPointsSchema = z.object({
  accumulatedPoints: z.number().int().nonnegative(),
  currencyToPointsRatio: z.number().nonnegative(),
  deductCost: pence,
  loyaltyOrdersToBeEarned: z.number().int().nonnegative(),
  loyaltyPointsName: z.string(),
  loyaltyReferRewardAccumulated: z.number().int().nonnegative(),
  loyaltySystem: z.string(),
  maximumPointsSpend: z.number().int().nonnegative(),
  minimumBasketValue: pence,
  minimumPointsSpend: z.number().int().nonnegative(),
  pointsToBeEarned: z.number().int().nonnegative(),
  pointsToCurrencyRatio: z.number().nonnegative(),
  /** Ours: the points the member chose to spend on this basket (deductCost is what they take off). */
  pointsToSpend: z.number().int().nonnegative(),
});

export const basketSchema = z.object({
  basketToken: z.string().min(1),
  storeId: z.number().int().positive(),
  items: z.array(basketLineSchema),
  /** Pence saved by deals and member prices (not the coupon, which is `coupon.deductCost`). */
  savings: pence,
  /** Deals the basket completes, each with how often and what it saves (part of `savings`). */
  promotions: z.array(basketPromotionSchema),
  missedPromotions: z.array(missedPromotionSchema),
  /** What a guest would save with member prices, pence; 0 for members and stores without membership pricing. */
  missedMembershipPriceDiscount: pence,
  /** The age the shopper confirmed (age-restricted items need at least theirs); null until asked. */
  acceptedAge: z.number().int().positive().nullable(),
  /** The store's maximum total quantity for this method; 0 means no limit. */
  maxBasketItems: z.number().int().nonnegative(),
  loyaltyPoints: basketLoyaltyPointsSchema,
  loyalty: z.object({ nextTierIn: pence, reachingTier: z.string() }).nullable(),
  addresses: z.array(z.unknown()),
  fulfilmentMethod: z.object({
    type: basketMethod,
    /** The chosen time, ISO-8601; null until a slot is chosen. */
    datetime: z.string().nullable(),
    /** Order subtotal (pence) from which the fee is waived; null when it never is. */
    freeFrom: pence.nullable(),
    minSpend: pence,
    zoneFreeDeliveryMessage: z.string().nullable(),
    /** The fee for this method as the basket stands, pence. */
    cost: pence,
  }),
  fees: z.array(basketFeeSchema),
  /**
   * Pence: the lines at the shopper's price (member prices already in for members), before deals and the
   * coupon. Lines with an ITEM_UNAVAILABLE conflict count as 0 here and in every total.
   */
  orderSubtotal: pence,
  /**
   * Pence: orderSubtotal less deal savings less the coupon's deduction. Free From, the coupon's percentage and
   * its minimum spend are judged on orderSubtotal less deal savings (before the coupon).
   */
  orderSubtotalAfterDiscounts: pence,
  /**
   * Pence, what is left to pay by card, wallet or cash: orderSubtotalAfterDiscounts less what loyalty points take off,
   * plus the fee and the driver tip (delivery only), less the member's credit. Never below zero.
   */
  orderTotal: pence,
  /**
   * A member's credit (contract/referral.ts): their balance and what this order spends of it (all of it, up to the
   * total). Null for guests, members without credit, and when the referral scheme is hidden.
   */
  credit: z.object({ balance: pence, applied: pence }).nullable(),
  /** Every line's quantity, unavailable lines included (they are still listed). */
  totalItemsQuantity: z.number().int().nonnegative(),
  /**
   * The applied coupon. `deductCost` is 0 while its minimum spend is not met (or once it has expired): it stays
   * on the basket so the shopper sees it come back into effect.
   */
  coupon: basketCouponSchema.nullable(),
  tips: z.object({ type: z.literal("driver"), amount: pence }),
  selectedSlot: basketSelectedSlotSchema.nullable(),
});
export type Basket = z.infer<typeof basketSchema>;

/** Basket tokens are 32 random bytes in base64url (43 characters); anything much longer is not one of ours. */
const basketTokenInput = z.string().max(128);

export const retrieveBasket = endpoint({
  method: "POST",
  path: "/api/basket/retrieve",
  auth: "token",
  request: z.object({
    storeId: z.number().int().positive().max(2_147_483_647),
    fulfilmentMethod: basketMethod,
    /** Absent, empty or unknown: a new basket is created. */
    basketToken: basketTokenInput.nullish(),
  }),
  response: basketSchema,
});

const fulfilmentLocationSchema = z
  .object({
    postcode: z.string().trim().max(10).nullish(),
    latitude: z.number().min(-90).max(90).nullish(),
    longitude: z.number().min(-180).max(180).nullish(),
  })
  .nullish();

/** The chosen item: size and option ids as the item offers them; checked against the menu by the platform. */
const menuItemChoiceSchema = z.object({
  menuItemId: z.number().int().positive().max(2_147_483_647),
  quantity: z.number().int().min(1).max(99),
  sizeId: z.number().int().positive().max(2_147_483_647).nullish(),
  options: z.array(z.number().int().positive().max(2_147_483_647)).max(50).default([]),
});
export type MenuItemChoice = z.input<typeof menuItemChoiceSchema>;

/** Client-chosen line ids (spec 2 §3): a retried add names the same line. */
const basketLineId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "letters, digits, - and _ only");

/**
 * Changes the basket: the fulfilment method (switching releases the slot, as slots are per method), line
 * quantities (0 removes the line) and attributes (the confirmed age).
 */
export const updateBasket = endpoint({
  method: "POST",
  path: "/api/basket/update",
  auth: "token",
  request: z.strictObject({
    basketToken: basketTokenInput.min(1),
    fulfilmentMethod: basketMethod.optional(),
    updates: z
      .strictObject({
        basketLines: z
          .array(z.strictObject({ basketLineId, quantity: z.number().int().min(0).max(99) }))
          .max(200)
          .optional(),
        attributes: z.strictObject({ acceptedAge: z.number().int().min(1).max(120).optional() }).optional(),
      })
      .optional(),
  }),
  response: basketSchema,
});

export const clearBasket = endpoint({
  method: "POST",
  path: "/api/basket/clear",
  auth: "token",
  request: z.object({ basketToken: basketTokenInput.min(1) }),
  response: basketSchema,
});

/**
 * Adds an item. The same item in the same size with the same options joins the existing line; otherwise a
 * new line with the given id. Refused when the item is not on the store's menu for the method, when its
 * size or options break the item's rules, when the store's maximum would be passed, and when the item is
 * age-restricted beyond the basket's accepted age (errorCode AGE_RESTRICTED, `ageRestriction` in the body).
 */
export const addBasketItem = endpoint({
  method: "POST",
  path: "/api/basket/item/add",
  auth: "token",
  request: z.object({
    storeId: z.number().int().positive().max(2_147_483_647),
    fulfilmentMethod: basketMethod,
    basketToken: basketTokenInput.min(1),
    basketLineId: basketLineId.optional(),
    menuItem: menuItemChoiceSchema,
    bannerAdvertId: z.number().int().positive().max(2_147_483_647).nullish(),
    fulfilmentLocation: fulfilmentLocationSchema,
  }),
  response: basketSchema,
});

/** Replaces a line's item choice and quantity (quantity here is the new quantity, not a change). */
export const updateBasketItem = endpoint({
  method: "POST",
  path: "/api/basket/item/update",
  auth: "token",
  request: z.object({
    basketToken: basketTokenInput.min(1),
    basketLineId,
    menuItem: menuItemChoiceSchema,
    fulfilmentLocation: fulfilmentLocationSchema,
  }),
  response: basketSchema,
});

export const removeBasketItem = endpoint({
  method: "POST",
  path: "/api/basket/item/remove",
  auth: "token",
  request: z.object({ basketToken: basketTokenInput.min(1), basketLineId }),
  response: basketSchema,
});

/**
 * Applies a coupon. `verifyToken` is the bot check's token (spec 2 §5): with the built-in check, the
 * storefront's honeypot answer; with reCAPTCHA, the widget's response token.
 */
export const applyCoupon = endpoint({
  method: "POST",
  path: "/api/basket/coupon/apply",
  auth: "token",
  request: z.object({
    basketToken: basketTokenInput.min(1),
    verifyToken: z.string().max(4000),
    coupon: z.string().trim().min(1).max(40),
  }),
  response: z.object({ coupon: basketCouponSchema, basket: basketSchema }),
});

export const removeCoupon = endpoint({
  method: "POST",
  path: "/api/basket/coupon/remove",
  auth: "token",
  request: z.object({ basketToken: basketTokenInput.min(1) }),
  response: basketSchema,
});

/** Driver tips: delivery baskets only (409 errorCode FULFILMENT_METHOD_MISMATCH otherwise). */
export const updateTip = endpoint({
  method: "POST",
  path: "/api/basket/tip/update",
  auth: "token",
  request: z.object({
    basketToken: basketTokenInput.min(1),
    tip: z.object({ type: z.literal("driver").default("driver"), amount: z.number().int().min(0).max(100_00) }),
  }),
  response: basketSchema,
});
