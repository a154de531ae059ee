/**
 * Addresses and locations (spec 1 §3, §5, §8; spec 2 §3). Addresses arrive from several places — the platform,
 * address look-ups, older saved data with legacy field names — so everything here accepts `unknown` and
 * normalises before it decides.
 */
import { firstText, fieldText, isPlainObject, normaliseAddress, type PostalAddress } from "#contract/address-rules";
import { LOCATION_MESSAGES } from "#contract/location-rules";
import { SLOT_MESSAGES } from "#contract/slot-rules";

export const NOT_A_VALID_ADDRESS = "Not a valid address";
export const UNABLE_TO_FIND_LOCATION = LOCATION_MESSAGES.locationNotFound;
export const UNABLE_TO_GET_ADDRESS_INFO = LOCATION_MESSAGES.placeNotFound;
export const DEVICE_LOCATION_FAILED = "Unable to find your location, try manually adding your postcode / address";
export const DEVICE_LOCATION_NO_MATCH_TOAST =
  "Sorry, no matching locations for your detected location. Please try entering your address.";
export const LOCATION_REQUIRED = SLOT_MESSAGES.locationRequired;
export const LOCATION_REQUIRED_USER_MESSAGE = "Please enter your postcode or allow location access to select a store.";

export type Address = PostalAddress;

/** An address suggestion from a look-up; coordinates are null when the place details must still be fetched. */
export interface AddressSuggestion {
  description: string;
  placeId: string;
  latitude: number | null;
  longitude: number | null;
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
  return ["postcode", "description", "address"].some((key) => fieldText(input[key]).length > 0);
}
