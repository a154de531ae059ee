/**
 * Addresses as both halves read them (spec 2 §3). They arrive from the platform, from address look-ups and from
 * older saved data with legacy field names, so each is read from `unknown` and put in one form before anything is
 * decided about it. No zod here: the browser bundle imports this file.
 */

/** Spec 2 §8, word for word: what the platform answers for an address that is not an object. */
export const INVALID_ADDRESS_OBJECT = "Invalid address object.";

/** The address fields, with their current names. */
export interface PostalAddress {
  addressLine1: string;
  addressLine2: string;
  town: string;
  county: string;
  postcode: string;
  countryCode: string;
}

/** An object as JSON makes one: not null, an array, a date or any other class's instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The text of a field: strings trimmed, finite numbers as written (a house number sent as a number), else blank. */
export function fieldText(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/** The first non-blank of the named fields: the current name comes first, so it wins over a legacy alias. */
export function firstText(input: Record<string, unknown>, keys: readonly string[]): string {
  for (const key of keys) {
    const value = fieldText(input[key]);
    if (value !== "") return value;
  }
  return "";
}

/**
 * An object's address fields with their current names, trimmed, the missing ones blank: legacy `addressline1`/`line1`
 * and `addressline2`/`line2` fill in for a blank `addressLine1`/`addressLine2`.
 */
export function addressFields(input: Record<string, unknown>): PostalAddress {
  return {
    addressLine1: firstText(input, ["addressLine1", "addressline1", "line1"]),
    addressLine2: firstText(input, ["addressLine2", "addressline2", "line2"]),
    town: fieldText(input.town),
    county: fieldText(input.county),
    postcode: fieldText(input.postcode),
    countryCode: fieldText(input.countryCode),
  };
}

/** An address in that form. Throws 'Invalid address object.' for anything but a plain object, as the platform answers. */
export function normaliseAddress(input: unknown): PostalAddress {
  if (!isPlainObject(input)) throw new Error(INVALID_ADDRESS_OBJECT);
  return addressFields(input);
}
