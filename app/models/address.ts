/**
 * Addresses and locations (spec 1 §3, §5, §8; spec 2 §3). Addresses arrive from several places — the platform,
 * address look-ups, older saved data with legacy field names — so everything here accepts `unknown` and
 * normalises before it decides.
 */

export const INVALID_ADDRESS_OBJECT = "Invalid address object.";
export const NOT_A_VALID_ADDRESS = "Not a valid address";
export const UNABLE_TO_FIND_LOCATION = "Unable to find location";
export const UNABLE_TO_GET_ADDRESS_INFO = "Unable to get address info, try another address.";
export const DEVICE_LOCATION_FAILED = "Unable to find your location, try manually adding your postcode / address";
export const DEVICE_LOCATION_NO_MATCH_TOAST =
  "Sorry, no matching locations for your detected location. Please try entering your address.";
export const LOCATION_REQUIRED =
  "Location is required to select a store. Please enter your postcode or allow location access.";
export const LOCATION_REQUIRED_USER_MESSAGE = "Please enter your postcode or allow location access to select a store.";

export interface Address {
  addressLine1: string;
  addressLine2: string;
  town: string;
  county: string;
  postcode: string;
  countryCode: string;
}

/** An address suggestion from a look-up; coordinates are null when the place details must still be fetched. */
export interface AddressSuggestion {
  description: string;
  placeId: string;
  latitude: number | null;
  longitude: number | null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === "string"
    ? value.trim()
    : typeof value === "number" && Number.isFinite(value)
      ? String(value)
      : "";
}

/** The first of the named fields holding non-blank text: the new name is listed first, so it wins. */
function firstText(input: Record<string, unknown>, keys: readonly string[]): string {
  for (const key of keys) {
    const value = text(input[key]);
    if (value) return value;
  }
  return "";
}

/**
 * An address with the current field names. Legacy `addressline1`/`line1` and `addressline2`/`line2` fill in for
 * a missing `addressLine1`/`addressLine2`. Throws 'Invalid address object.' for anything but a plain object.
 */
export function normaliseAddress(input: unknown): Address {
  if (!isPlainObject(input)) throw new Error(INVALID_ADDRESS_OBJECT);
  return {
    addressLine1: firstText(input, ["addressLine1", "addressline1", "line1"]),
    addressLine2: firstText(input, ["addressLine2", "addressline2", "line2"]),
    town: text(input.town),
    county: text(input.county),
    postcode: text(input.postcode),
    countryCode: text(input.countryCode),
  };
}

function tryNormalise(input: unknown): Address | null {
  return isPlainObject(input) ? normaliseAddress(input) : null;
}

/** Complete when addressLine1, countryCode and town are present. */
export function isAddressComplete(input: unknown): boolean {
  const address = tryNormalise(input);
  return Boolean(address && address.addressLine1 && address.countryCode && address.town);
}

/** One line for display: the non-blank parts joined with commas. */
export function formatAddress(input: unknown): string {
  const address = tryNormalise(input);
  if (!address) return "";
  return [address.addressLine1, address.addressLine2, address.town, address.county, address.postcode]
    .filter(Boolean)
    .join(", ");
}

/** Spec 1 §5: an address found from coordinates is offered only with a first or second line and a town. */
export function isUsableSuggestion(input: unknown): boolean {
  const address = tryNormalise(input);
  return Boolean(address && (address.addressLine1 || address.addressLine2) && address.town);
}

/** The text a suggestion shows: its description, else its formatted address (spec 1 §3). */
export function suggestionDescription(input: unknown): string {
  if (!isPlainObject(input)) return "";
  return firstText(input, ["description", "formattedAddress"]);
}

/** Spec 1 §5: the chosen address must have a description. */
export function validateChosenAddress(
  input: unknown,
): { ok: true; description: string } | { ok: false; message: string } {
  const description = suggestionDescription(input);
  return description ? { ok: true, description } : { ok: false, message: NOT_A_VALID_ADDRESS };
}

function coordinate(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim()) {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** A latitude and longitude that are both numbers in range, from `latitude`/`longitude` or `lat`/`lng`. */
export function coordinatePair(input: unknown): { latitude: number; longitude: number } | null {
  if (!isPlainObject(input)) return null;
  const latitude = coordinate(input.latitude ?? input.lat);
  const longitude = coordinate(input.longitude ?? input.lng);
  if (latitude === null || longitude === null) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/**
 * Spec 1 §5: a coordinate pair or non-blank text counts as a location — a string itself, or an object's
 * postcode, description or address text.
 */
export function hasLocation(input: unknown): boolean {
  if (typeof input === "string") return input.trim().length > 0;
  if (!isPlainObject(input)) return false;
  if (coordinatePair(input)) return true;
  return ["postcode", "description", "address"].some((key) => text(input[key]).length > 0);
}
