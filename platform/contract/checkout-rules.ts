/**
 * Checkout's words (contract/checkout.ts) for both halves. No zod here: the browser bundle imports this file.
 */

import { INVALID_ADDRESS_OBJECT } from "./address-rules";

export const CHECKOUT_MESSAGES = {
  // Spec 2 §8, word for word.
  deliveryAddressFailed: "Failed to set delivery address. Please try again.",
  unableToDeliver: "Unable to deliver to this address. Please try a different location.",
  deliveryCostIncreased: "Delivery cost has increased by {amount}",
  deliveryCostDecreased: "Delivery cost has decreased by {amount}",
  deliveryCostChanged: "Delivery cost has changed",
  deliveryCostChangedReview: "Delivery cost has changed. Please review your order and try again.",
  addressUpdateError: "There was an error updating your address",
  invalidAddressObject: INVALID_ADDRESS_OBJECT,
  validationError: "There was a validation error, please make sure your details are correct.",
  loginToOrder: "Please Login or Create An Account to order with this store",
  invalidSlotDate: "Time slot date provided was not valid. Date must be a date after or equal to today",
  invalidSlot: "Invalid time slot selected. Please select a different time slot for your order.",
  marketingUpdated: "Your marketing preferences updated successfully",
  marketingUpdateError: "There was an error updating your marketing preferences",
  // Ours, where the spec has none.
  noSlot: "Please choose a time slot for your order.",
  noContact: "Please enter your name, e-mail address and mobile number.",
  noDeliveryAddress: "Please enter your delivery address.",
  noBillingAddress: "Please enter your billing address.",
  pricesChanged: "Prices in your basket have changed. Please review your order and try again.",
  draftNotFound: "We could not find that order. Please go back to your basket and try again.",
  orderNotFound: "Order not found.",
  guestMarketingNeedsBasket: "A basket token is required to keep a guest's marketing preferences.",
  firstNameRequired: "Enter your first name",
  lastNameRequired: "Enter your last name",
  emailInvalid: "Enter an email address in the correct format, like name@example.com",
  phoneInvalid: "Enter a UK mobile number, like 07700 900 982",
  addressLine1Required: "Enter address line 1, typically the building and street",
  townRequired: "Enter town or city",
  postcodeInvalid: "Enter a real postcode",
} as const;
