import { z } from "zod";
import { endpoint } from "./endpoint";

// Money is integer pence throughout; the storefront formats pounds only for display.
const pence = z.number().int().nonnegative();
const basketMethod = z.enum(["delivery", "collection"]);

/** One line of the basket (spec 2 §3). */
export const basketLineSchema = z.object({
  basketLineId: z.string(),
  menuItemId: z.number().int().positive(),
  quantity: z.number().int().positive(),
  name: z.string(),
  /** Pence, for the whole line. */
  price: pence,
  variant: z.string().nullable(),
  isAlcohol: z.boolean(),
  menuItem: z.object({ name: z.string() }),
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

export const basketSchema = z.object({
  basketToken: z.string().min(1),
  storeId: z.number().int().positive(),
  items: z.array(basketLineSchema),
  /** Pence saved by promotions and member prices. */
  savings: pence,
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
  orderSubtotal: pence,
  orderSubtotalAfterDiscounts: pence,
  orderTotal: pence,
  totalItemsQuantity: z.number().int().nonnegative(),
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

/**
 * Changes the basket. For now only the fulfilment method: switching releases the basket's slot (slots are per
 * method). Basket lines and attributes (`updates`) join with the basket issue; until then they are refused.
 */
export const updateBasket = endpoint({
  method: "POST",
  path: "/api/basket/update",
  auth: "token",
  request: z.strictObject({
    basketToken: basketTokenInput.min(1),
    fulfilmentMethod: basketMethod.optional(),
  }),
  response: basketSchema,
});

export const BASKET_MESSAGES = {
  /** Spec 2 §8, shown when the store refuses the switch. */
  cannotSwapMethod: "We cannot swap fulfilment method at the moment",
  notFound: "Basket not found.",
  otherSession: "This basket belongs to another session.",
  otherStore: "This basket is for another store.",
} as const;
