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

export const basketSelectedSlotSchema = z.object({
  /** YYYY-MM-DD in the store's time zone. */
  date: z.string(),
  /** ISO-8601 instants. */
  start: z.string(),
  end: z.string(),
  expires: z.string().nullable(),
  denyPayments: z.boolean(),
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
