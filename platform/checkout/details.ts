import {
  CHECKOUT_MESSAGES,
  matchesPostcodeRules,
  normaliseUkMobile,
  type CheckoutAddress,
  type ContactDetails,
} from "../contract";
import { addressFields, fieldText, isPlainObject } from "../contract/address-rules";
import { displayPostcode } from "../stores/service";

// In the contract since member accounts read mobiles too; still exported here for checkout's callers.
export { maskEmail, normaliseUkMobile } from "../contract";

/*
 * The checkout's own rules on what a shopper types: contact details and addresses. Pure functions (no database),
 * so the same rules are unit-tested once and used by every call that takes these fields.
 */

/** Spec 2 §5 leaves the bounds out; these keep what reaches the store and the gateway sane. */
export const NAME_MAX = 50;
const EMAIL_MAX = 254;
const LINE_MAX = 100;
const TOWN_MAX = 60;
const TELEPHONE_MAX = 20;

export type ContactField = "firstName" | "lastName" | "email" | "phoneNumber";
export type AddressField =
  | "addressLine1"
  | "addressLine2"
  | "town"
  | "county"
  | "postcode"
  | "countryCode"
  | "firstName"
  | "lastName"
  | "email"
  | "telephone";

/** A field the shopper must put right: `message` is the spec's words for it, `problem` says exactly what is wrong. */
export interface FieldProblem<F extends string = string> {
  field: F;
  message: string;
  problem: string;
}

export type Checked<T, F extends string> = { ok: true; value: T } | { ok: false; error: FieldProblem<F> };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

export interface ContactInput {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

/** Contact details as the checkout keeps them: trimmed, the mobile in national form. The first problem found wins. */
export function checkContactDetails(input: ContactInput): Checked<ContactDetails, ContactField> {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const email = input.email.trim();
  const name = (field: "firstName" | "lastName", value: string, message: string): FieldProblem<ContactField> | null => {
    if (value === "") return { field, message, problem: `${field} is required` };
    if (value.length > NAME_MAX) return { field, message, problem: `${field} must be at most ${NAME_MAX} characters` };
    return null;
  };
  const problem =
    name("firstName", firstName, CHECKOUT_MESSAGES.firstNameRequired) ??
    name("lastName", lastName, CHECKOUT_MESSAGES.lastNameRequired);
  if (problem) return { ok: false, error: problem };
  if (!isEmail(email))
    return {
      ok: false,
      error: { field: "email", message: CHECKOUT_MESSAGES.emailInvalid, problem: "email is not an e-mail address" },
    };
  const phoneNumber = normaliseUkMobile(input.phoneNumber);
  if (phoneNumber === null) {
    return {
      ok: false,
      error: {
        field: "phoneNumber",
        message: CHECKOUT_MESSAGES.phoneInvalid,
        problem: "phoneNumber is not a UK mobile number",
      },
    };
  }
  return { ok: true, value: { firstName, lastName, email, phoneNumber } };
}

/** An address with the current field names; null for anything but a plain object ('Invalid address object.'). */
export function normaliseAddressInput(input: unknown): Omit<CheckoutAddress, "type"> | null {
  if (!isPlainObject(input)) return null;
  return {
    firstName: fieldText(input.firstName),
    lastName: fieldText(input.lastName),
    email: fieldText(input.email),
    telephone: fieldText(input.telephone),
    ...addressFields(input),
  };
}

/** Postcodes as the business's rules test them: no whitespace, upper case. */
const compactPostcode = (postcode: string) => postcode.replace(/\s+/g, "").toUpperCase();

/**
 * Checks an address and puts it in the form the checkout keeps: country "GB" unless given, a UK postcode upper case
 * with one space before the inward code, and the names, e-mail and telephone taken from the contact details where
 * the address leaves them out. Non-UK postcodes are kept as typed (the rules are the UK's).
 */
export function checkAddress(
  input: unknown,
  type: CheckoutAddress["type"],
  options: { postcodeRules: readonly string[]; contact: ContactDetails | null },
): Checked<CheckoutAddress, AddressField> | null {
  const raw = normaliseAddressInput(input);
  if (!raw) return null;
  const fail = (field: AddressField, message: string, problem: string): Checked<CheckoutAddress, AddressField> => ({
    ok: false,
    error: { field, message, problem },
  });

  const countryCode = (raw.countryCode || "GB").toUpperCase();
  if (!/^[A-Z]{2}$/.test(countryCode))
    return fail("countryCode", CHECKOUT_MESSAGES.validationError, "countryCode must be two letters (ISO 3166-1)");
  if (raw.addressLine1 === "")
    return fail("addressLine1", CHECKOUT_MESSAGES.addressLine1Required, "addressLine1 is required");
  if (raw.addressLine1.length > LINE_MAX)
    return fail(
      "addressLine1",
      CHECKOUT_MESSAGES.addressLine1Required,
      `addressLine1 must be at most ${LINE_MAX} characters`,
    );
  if (raw.addressLine2.length > LINE_MAX)
    return fail(
      "addressLine2",
      CHECKOUT_MESSAGES.validationError,
      `addressLine2 must be at most ${LINE_MAX} characters`,
    );
  if (raw.town === "") return fail("town", CHECKOUT_MESSAGES.townRequired, "town is required");
  if (raw.town.length > TOWN_MAX)
    return fail("town", CHECKOUT_MESSAGES.townRequired, `town must be at most ${TOWN_MAX} characters`);
  if (raw.county.length > TOWN_MAX)
    return fail("county", CHECKOUT_MESSAGES.validationError, `county must be at most ${TOWN_MAX} characters`);

  let postcode: string;
  if (countryCode === "GB") {
    if (!matchesPostcodeRules(compactPostcode(raw.postcode), options.postcodeRules)) {
      return fail("postcode", CHECKOUT_MESSAGES.postcodeInvalid, "postcode is not a valid UK postcode");
    }
    postcode = displayPostcode(raw.postcode);
  } else {
    if (raw.postcode === "" || raw.postcode.length > 12)
      return fail("postcode", CHECKOUT_MESSAGES.postcodeInvalid, "postcode is required");
    postcode = raw.postcode;
  }

  const contact = options.contact;
  const firstName = raw.firstName || contact?.firstName || "";
  const lastName = raw.lastName || contact?.lastName || "";
  const email = raw.email || contact?.email || "";
  const telephone = raw.telephone || contact?.phoneNumber || "";
  if (firstName.length > NAME_MAX)
    return fail("firstName", CHECKOUT_MESSAGES.firstNameRequired, `firstName must be at most ${NAME_MAX} characters`);
  if (lastName.length > NAME_MAX)
    return fail("lastName", CHECKOUT_MESSAGES.lastNameRequired, `lastName must be at most ${NAME_MAX} characters`);
  if (email !== "" && !isEmail(email))
    return fail("email", CHECKOUT_MESSAGES.emailInvalid, "email is not an e-mail address");
  if (telephone.length > TELEPHONE_MAX)
    return fail("telephone", CHECKOUT_MESSAGES.phoneInvalid, `telephone must be at most ${TELEPHONE_MAX} characters`);

  return {
    ok: true,
    value: {
      type,
      firstName,
      lastName,
      email,
      telephone,
      addressLine1: raw.addressLine1,
      addressLine2: raw.addressLine2,
      town: raw.town,
      county: raw.county,
      postcode,
      countryCode,
    },
  };
}

/** "07700 900 982" → "07*** ***982"; anything that is not a UK mobile shows only its last three digits. */
export function maskMobile(mobile: string): string {
  const national = normaliseUkMobile(mobile);
  if (national) return `${national.slice(0, 2)}*** ***${national.slice(-3)}`;
  const digits = mobile.replace(/\D/g, "");
  return `*** ***${digits.slice(-3)}`;
}
