/**
 * The basket's words (contract/basket.ts) for both halves. No zod here: the browser bundle imports this file.
 */

export const BASKET_MESSAGES = {
  /** Spec 2 §8, shown when the store refuses the switch. */
  cannotSwapMethod: "We cannot swap fulfilment method at the moment",
  notFound: "Basket not found.",
  otherSession: "This basket belongs to another session.",
  otherStore: "This basket is for another store.",
  // Spec 2 §8, word for word.
  empty: "You haven't added any items to your basket",
  offerIncomplete: "offer incomplete",
  storeClosed: "This store is currently closed",
  storePaused: "This store is currently paused",
  itemUnavailable: "Item is no longer available.",
  quantityError: "There was an error updating basket item quantity.",
  removeError: "There was an error removing item from basket.",
  loginToOrder: "Please Login or Create An Account to order with this store",
  methodMismatch: "Basket fulfillment method mismatch",
  noStore: "Cannot perform basket action - no store selected",
  noToken: "Failed to initialize basket - no token returned",
  couponAdded: "Coupon added successfully",
  couponRemoved: "Coupon removed successfully",
  fulfilmentSwitched: "Fulfilment switched successfully.",
  // Ours, where the spec has none.
  lineNotFound: "This item is no longer in your basket.",
  maxItems: "Your basket is full: this store takes at most {max} items for {method}.",
  ageRestricted: "You must be {age} or over to buy this item.",
  invalidChoice: "Please choose the options this item needs.",
  couponUnknown: "That coupon code is not recognised.",
  couponExpired: "That coupon has expired.",
  couponRegistered: "This coupon is for registered members. Please log in or create an account to use it.",
  couponVerified:
    "This coupon is for members with a verified mobile number. Please log in and verify your mobile to use it.",
  couponMinSpend: "This coupon needs a spend of at least {amount} before delivery.",
  botCheckFailed: "We could not check that this request came from a person. Please try again.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  tipDeliveryOnly: "Driver tips are for delivery orders only.",
  tipInvalid: "Please choose a tip of up to {max} in steps of {step}.",
  tipsDisabled: "This store does not take driver tips.",
  lineIdTaken: "That basket line already holds another item.",
  lineQuantityMax: "You can have at most {max} of one item in your basket.",
} as const;
