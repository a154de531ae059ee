import { href } from "react-router";
/**
 * Checkout rules (spec 2 §3, §4, §8, §9): which steps are valid and where a shopper must go next, whether a guest may
 * check out, the contact and address forms' checks, the toasts an address change brings, and the marketing
 * choices as the form posts them.
 *
 * Browser code imports this file, so it takes only types from the contract's zod files (zod stays on the server); the
 * messages are the contract's CHECKOUT_MESSAGES, from its zod-free checkout-rules.ts.
 */
import type { BasketCoupon } from "#contract/basket";
import { CHECKOUT_MESSAGES } from "#contract/checkout-rules";
import { isAddressComplete } from "./address";
import { formatPence } from "./money";
import { matchesPostcodeRules } from "./postcode";

// ---------------------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------------------

export const CHECKOUT_TEXT = {
  // The contract's, named one by one: a spread would bring all its words into the browser's bundle.
  loginToOrder: CHECKOUT_MESSAGES.loginToOrder,
  deliveryCostIncreased: CHECKOUT_MESSAGES.deliveryCostIncreased,
  deliveryCostDecreased: CHECKOUT_MESSAGES.deliveryCostDecreased,
  deliveryCostChanged: CHECKOUT_MESSAGES.deliveryCostChanged,
  deliveryCostChangedReview: CHECKOUT_MESSAGES.deliveryCostChangedReview,
  deliveryAddressFailed: CHECKOUT_MESSAGES.deliveryAddressFailed,
  unableToDeliver: CHECKOUT_MESSAGES.unableToDeliver,
  invalidAddressObject: CHECKOUT_MESSAGES.invalidAddressObject,
  validationError: CHECKOUT_MESSAGES.validationError,
  invalidSlot: CHECKOUT_MESSAGES.invalidSlot,
  marketingUpdated: CHECKOUT_MESSAGES.marketingUpdated,
  marketingUpdateError: CHECKOUT_MESSAGES.marketingUpdateError,
  firstNameRequired: CHECKOUT_MESSAGES.firstNameRequired,
  lastNameRequired: CHECKOUT_MESSAGES.lastNameRequired,
  emailInvalid: CHECKOUT_MESSAGES.emailInvalid,
  phoneInvalid: CHECKOUT_MESSAGES.phoneInvalid,
  addressLine1Required: CHECKOUT_MESSAGES.addressLine1Required,
  townRequired: CHECKOUT_MESSAGES.townRequired,
  postcodeInvalid: CHECKOUT_MESSAGES.postcodeInvalid,
  // Ours, in the GOV.UK style of the contract's field messages; the contract has no words for these.
  emailRequired: "Enter your email address",
  phoneRequired: "Enter your mobile number",
  termsRequired: "You must accept the terms and conditions to place an order",
  firstNameTooLong: "First name must be 50 characters or fewer",
  lastNameTooLong: "Last name must be 50 characters or fewer",
  postcodeRequired: "Enter postcode",
  addressLine1TooLong: "Address line 1 must be 100 characters or fewer",
  addressLine2TooLong: "Address line 2 must be 100 characters or fewer",
  townTooLong: "Town or city must be 100 characters or fewer",
  countyTooLong: "County must be 100 characters or fewer",
  couponRemoved: "Your coupon {code} has been removed from your basket.",
} as const;

/** Spec 2 §9, word for word. */
export const CHECKOUT_SUBTITLES = {
  login: "Save everything and earn points",
  register: "Earn rewards and much much more!",
  guest: "No ties and just for one off orders",
} as const;
export const MARKETING_TITLE = "Marketing Preferences";

export const NAME_MAX_LENGTH = 50;
export const ADDRESS_LINE_MAX_LENGTH = 100;
/** RFC 5321's limit on a forward path, the same bound the platform's registration check takes. */
export const EMAIL_MAX_LENGTH = 254;

export type ToastKind = "error" | "success" | "info";
export interface CheckoutToast {
  kind: ToastKind;
  message: string;
}

// ---------------------------------------------------------------------------------------------------------
// Steps (spec 2 §2, §4)
// ---------------------------------------------------------------------------------------------------------

export type CheckoutStep = "login" | "register" | "options" | "details" | "delivery" | "billing" | "payment";

export const CHECKOUT_STEP_ORDER: readonly CheckoutStep[] = [
  "login",
  "register",
  "options",
  "details",
  "delivery",
  "billing",
  "payment",
];

/**
 * Where each step is done. The delivery address is entered on the details page. Login and register are two ways
 * through one step (spec 2 §2 sign-in choices), each on its own page.
 */
export const CHECKOUT_STEP_PATHS: Record<CheckoutStep, string> = {
  login: href("/checkout/login"),
  register: href("/checkout/create"),
  options: href("/checkout/options"),
  details: href("/checkout/details"),
  delivery: href("/checkout/details"),
  billing: href("/checkout/payment/billing-address"),
  payment: href("/checkout/payment"),
};

export type CouponRequirement = BasketCoupon["registeredMemberRequirement"];

export interface CheckoutFacts {
  /** The sign-in choice made ("guest"), or "member" when the shopper holds a member token; null before either. */
  mode: "guest" | "member" | null;
  method: "delivery" | "collection";
  /** The store's flag. */
  guestCheckoutAllowed: boolean;
  /** The basket coupon's requirement; null without a coupon. */
  couponRequirement: CouponRequirement | null;
  contact: { firstName: string; lastName: string; email: string; phoneNumber: string } | null;
  acceptedTerms: boolean;
  /** checkRegistrationStatus said the guest's e-mail must sign in. */
  loginRequired: boolean;
  deliveryAddress: unknown | null;
  billingAddress: unknown | null;
}

function couponNeedsRegistration(requirement: CouponRequirement | null): boolean {
  return requirement === "registered" || requirement === "registered_with_verification";
}

/** Spec 2 §4: guest checkout only when the store allows it and the coupon does not require registration. */
export function guestCheckoutPermitted(
  facts: Pick<CheckoutFacts, "guestCheckoutAllowed" | "couponRequirement">,
): boolean {
  return facts.guestCheckoutAllowed && !couponNeedsRegistration(facts.couponRequirement);
}

/** A member, or a guest who chose guest checkout where it is permitted (that guest holds a guest session). */
function authenticated(facts: CheckoutFacts): boolean {
  if (facts.mode === "member") return true;
  return facts.mode === "guest" && guestCheckoutPermitted(facts);
}

function filled(value: string | null | undefined): boolean {
  return typeof value === "string" && value.trim().length > 0;
}

/** Spec 2 §4 step validity, word for word where the spec words it. */
export function stepValid(step: CheckoutStep, facts: CheckoutFacts): boolean {
  switch (step) {
    case "login":
    case "register":
      // "Login and register steps are valid when authenticated."
      return authenticated(facts);
    case "options":
      // "The options step is valid for members." Our reading for guests: a guest has passed the options step once
      // they chose guest checkout and the store and coupon permit it, otherwise no guest could ever pay.
      return authenticated(facts);
    case "delivery":
      // "The delivery step is valid for collection, or when there is a delivery address." — a complete one.
      return facts.method === "collection" || isAddressComplete(facts.deliveryAddress);
    case "details": {
      // "The details step needs all detail fields, accepted terms, no required login and a valid delivery."
      const c = facts.contact;
      const fields =
        c !== null && filled(c.firstName) && filled(c.lastName) && filled(c.email) && filled(c.phoneNumber);
      return fields && facts.acceptedTerms && !facts.loginRequired && stepValid("delivery", facts);
    }
    case "billing":
      // "The billing step needs a billing address." — a complete one.
      return isAddressComplete(facts.billingAddress);
    case "payment":
      return CHECKOUT_STEP_ORDER.filter((s) => s !== "payment").every((s) => stepValid(s, facts));
  }
}

/** The first step of `steps` that is not valid — where the shopper must go — or null when all are. */
export function firstInvalidStep(
  facts: CheckoutFacts,
  steps: readonly CheckoutStep[] = CHECKOUT_STEP_ORDER,
): CheckoutStep | null {
  return steps.find((step) => !stepValid(step, facts)) ?? null;
}

/** Login and register are alternatives (spec 2 §2 sign-in choices): either opens from the start. */
const SIGN_IN_STEPS: readonly CheckoutStep[] = ["login", "register"];

/**
 * Whether the shopper may open a step: every step before it is valid. Steps done on the same page count as one, so
 * the delivery step (entered on the details page) is reachable as soon as the details page is, not only once the
 * details — which need a valid delivery — are complete.
 */
export function stepReachable(step: CheckoutStep, facts: CheckoutFacts): boolean {
  if (SIGN_IN_STEPS.includes(step)) return true;
  const path = CHECKOUT_STEP_PATHS[step];
  const firstOnPage = CHECKOUT_STEP_ORDER.findIndex((s) => CHECKOUT_STEP_PATHS[s] === path);
  return CHECKOUT_STEP_ORDER.slice(0, firstOnPage).every((s) => stepValid(s, facts));
}

/**
 * Why this shopper may not check out as a guest: 'Please Login or Create An Account to order with this store'
 * when the store does not allow guests, the coupon needs registration, or the guest's e-mail must sign in.
 * Members have no such blocker. Empty when nothing blocks.
 */
export function checkoutBlockers(facts: CheckoutFacts): string[] {
  if (facts.mode === "member") return [];
  if (!guestCheckoutPermitted(facts) || facts.loginRequired) return [CHECKOUT_TEXT.loginToOrder];
  return [];
}

// ---------------------------------------------------------------------------------------------------------
// Contact details form
// ---------------------------------------------------------------------------------------------------------

export interface ContactDetailsInput {
  firstName: string | null | undefined;
  lastName: string | null | undefined;
  email: string | null | undefined;
  phoneNumber: string | null | undefined;
  /** A checkbox posts "on" (or the value it is given) when ticked and nothing when not. */
  acceptTerms: boolean | string | null | undefined;
}
export type ContactField = keyof ContactDetailsInput;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Whether a checkbox value means ticked: true, or any posted value but "false", "off" and "0". */
export function isTicked(value: boolean | string | null | undefined): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value !== "string") return false;
  const v = value.trim().toLowerCase();
  return v !== "" && v !== "false" && v !== "off" && v !== "0";
}

/**
 * A UK mobile number in its national form ("07700900982"), or null. Accepts 07 and nine more digits, or the same
 * after +44 or 0044 in place of the 0 (with "(0)" after the country code tolerated); spaces and dashes are ignored.
 */
export function normaliseMobile(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const compact = value.replace(/[\s-]+/g, "").replace(/^(\+44|0044)\(0\)/, "$1");
  const match = /^(?:0|\+44|0044)(7\d{9})$/.exec(compact);
  return match ? `0${match[1]}` : null;
}

/** Whether an e-mail address has the shape name@domain.tld (the platform has the last word). */
export function isEmailAddress(value: string | null | undefined): boolean {
  const v = value?.trim() ?? "";
  return v.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(v);
}

/** The contact form's field errors, GOV.UK style; empty when the details may be sent. */
export function validateContactDetails(input: ContactDetailsInput): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  const first = input.firstName?.trim() ?? "";
  const last = input.lastName?.trim() ?? "";
  const email = input.email?.trim() ?? "";
  const phone = input.phoneNumber?.trim() ?? "";
  if (!first) errors.firstName = CHECKOUT_TEXT.firstNameRequired;
  else if (first.length > NAME_MAX_LENGTH) errors.firstName = CHECKOUT_TEXT.firstNameTooLong;
  if (!last) errors.lastName = CHECKOUT_TEXT.lastNameRequired;
  else if (last.length > NAME_MAX_LENGTH) errors.lastName = CHECKOUT_TEXT.lastNameTooLong;
  if (!email) errors.email = CHECKOUT_TEXT.emailRequired;
  else if (!isEmailAddress(email)) errors.email = CHECKOUT_TEXT.emailInvalid;
  if (!phone) errors.phoneNumber = CHECKOUT_TEXT.phoneRequired;
  else if (normaliseMobile(phone) === null) errors.phoneNumber = CHECKOUT_TEXT.phoneInvalid;
  if (!isTicked(input.acceptTerms)) errors.acceptTerms = CHECKOUT_TEXT.termsRequired;
  return errors;
}

// ---------------------------------------------------------------------------------------------------------
// Address form
// ---------------------------------------------------------------------------------------------------------

export interface AddressFormInput {
  addressLine1: string | null | undefined;
  addressLine2: string | null | undefined;
  town: string | null | undefined;
  county: string | null | undefined;
  postcode: string | null | undefined;
}
export type AddressFormField = keyof AddressFormInput;

/**
 * The address form's field errors; empty when the address may be sent. The postcode is checked against the
 * business's postcode rules (business profile postcodeRules), whitespace and case ignored.
 */
export function validateAddressForm(
  input: AddressFormInput,
  postcodeRules: readonly string[],
): Partial<Record<AddressFormField, string>> {
  const errors: Partial<Record<AddressFormField, string>> = {};
  const line1 = input.addressLine1?.trim() ?? "";
  const line2 = input.addressLine2?.trim() ?? "";
  const town = input.town?.trim() ?? "";
  const county = input.county?.trim() ?? "";
  const postcode = input.postcode?.trim() ?? "";
  if (!line1) errors.addressLine1 = CHECKOUT_TEXT.addressLine1Required;
  else if (line1.length > ADDRESS_LINE_MAX_LENGTH) errors.addressLine1 = CHECKOUT_TEXT.addressLine1TooLong;
  if (line2.length > ADDRESS_LINE_MAX_LENGTH) errors.addressLine2 = CHECKOUT_TEXT.addressLine2TooLong;
  if (!town) errors.town = CHECKOUT_TEXT.townRequired;
  else if (town.length > ADDRESS_LINE_MAX_LENGTH) errors.town = CHECKOUT_TEXT.townTooLong;
  if (county.length > ADDRESS_LINE_MAX_LENGTH) errors.county = CHECKOUT_TEXT.countyTooLong;
  if (!postcode) errors.postcode = CHECKOUT_TEXT.postcodeRequired;
  else if (!matchesPostcodeRules(postcode, postcodeRules)) errors.postcode = CHECKOUT_TEXT.postcodeInvalid;
  return errors;
}

// ---------------------------------------------------------------------------------------------------------
// Toasts after an address change (spec 2 §4, §8)
// ---------------------------------------------------------------------------------------------------------

/**
 * The delivery fee moved with the address: an increase is an error toast, a decrease a success one, and a change
 * where either side is unknown a plain info one. Nothing when the fee is the same, or when neither side is known
 * (there is then no change to tell of).
 */
export function deliveryCostChangeToast(
  change: { previous: number | null; current: number | null } | null,
  symbol = "£",
): CheckoutToast | null {
  if (!change) return null;
  const { previous, current } = change;
  if (previous === null && current === null) return null;
  if (previous === null || current === null) return { kind: "info", message: CHECKOUT_TEXT.deliveryCostChanged };
  if (current === previous) return null;
  const amount = formatPence(Math.abs(current - previous), { symbol });
  return current > previous
    ? { kind: "error", message: CHECKOUT_TEXT.deliveryCostIncreased.replace("{amount}", amount) }
    : { kind: "success", message: CHECKOUT_TEXT.deliveryCostDecreased.replace("{amount}", amount) };
}

/** The coupon an address change took off the basket: the platform's reason as an error toast. */
export function removedCouponToast(removed: { code: string; reason: string } | null): CheckoutToast | null {
  if (!removed) return null;
  const reason = removed.reason.trim();
  return { kind: "error", message: reason || CHECKOUT_TEXT.couponRemoved.replace("{code}", removed.code.trim()) };
}

// ---------------------------------------------------------------------------------------------------------
// Marketing preferences (spec 2 §3)
// ---------------------------------------------------------------------------------------------------------

/**
 * The consents as the form posted them: each offered option once (first wins), in the order offered, 'in' when its
 * type was ticked. Ticked types that were not offered are ignored.
 */
export function marketingOptionsFromForm(
  offered: readonly { type: string; text: string }[],
  checked: readonly string[],
): { type: string; opted: "in" | "out"; text: string }[] {
  const ticked = new Set(checked.map((type) => type.trim()));
  const seen = new Set<string>();
  const options: { type: string; opted: "in" | "out"; text: string }[] = [];
  for (const option of offered) {
    if (seen.has(option.type)) continue;
    seen.add(option.type);
    options.push({ type: option.type, opted: ticked.has(option.type) ? "in" : "out", text: option.text });
  }
  return options;
}
