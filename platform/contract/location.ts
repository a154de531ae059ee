import { z } from "zod";
import { endpoint } from "./endpoint";

export { LOCATION_MESSAGES } from "./location-rules";

// ---------------------------------------------------------------------------------------------------------
// Shapes shared by the location endpoints
// ---------------------------------------------------------------------------------------------------------

/**
 * A UK street address. Optional parts are empty strings rather than null, as the address services send
 * them, so "is it blank?" is one test everywhere. Coordinates are the address's own where known, else its
 * postcode's centre.
 */
export const addressSchema = z.object({
  addressLine1: z.string(),
  addressLine2: z.string(),
  town: z.string(),
  county: z.string(),
  /** Display form, e.g. "SW1A 2AA". */
  postcode: z.string(),
  countryCode: z.literal("GB"),
  latitude: z.number(),
  longitude: z.number(),
});
export type Address = z.infer<typeof addressSchema>;

/**
 * One address offered while the shopper types or picks from a list. Autocomplete services often give only a
 * description and an id: then coordinates and address are null and `getPlaceDetails` fills them in.
 */
export const addressSuggestionSchema = z.object({
  /** e.g. "10 Downing Street, London, SW1A 2AA". */
  description: z.string(),
  /** Embedded: "addr:<id>" or "postcode:<KEY>"; with an address service, that service's id. */
  placeId: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  address: addressSchema.nullable(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

/**
 * Spec 1 §5: a suggestion found from coordinates is kept only when its address has a first or second line
 * and a town; without them it cannot be delivered to nor shown as a place.
 */
export function isUsableSuggestion(suggestion: AddressSuggestion): boolean {
  const address = suggestion.address;
  if (!address) return false;
  const hasLine = address.addressLine1.trim() !== "" || address.addressLine2.trim() !== "";
  return hasLine && address.town.trim() !== "";
}

export function usableSuggestions(suggestions: readonly AddressSuggestion[]): AddressSuggestion[] {
  return suggestions.filter(isUsableSuggestion);
}

/** "10 Downing Street, London, SW1A 2AA": the address's non-blank parts joined with commas (spec 1 §3). */
export function describeAddress(address: Pick<Address, "addressLine1" | "addressLine2" | "town" | "postcode">): string {
  return [address.addressLine1, address.addressLine2, address.town, address.postcode]
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join(", ");
}

/**
 * A number that may arrive as a query-string value. Blank text is refused rather than read as 0, which
 * would silently put the shopper in the Gulf of Guinea.
 */
const coordinate = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value),
    z.number().finite().min(min).max(max),
  );
const latitude = coordinate(-90, 90);
const longitude = coordinate(-180, 180);

/** Free text the handler checks itself, so the spec's own messages answer a malformed postcode. */
const postcodeText = z.string().max(40);
/** Accepted for compatibility ("Uk"); the platform holds UK data only. */
const country = z.string().max(60).optional();

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

/** A postcode's centre. Unknown: 404 'Unable to find location'; malformed: 400 '{POSTCODE} is not a valid postcode'. */
export const geocode = endpoint({
  method: "POST",
  path: "/api/location/geocode",
  auth: "token",
  request: z.object({ postcode: postcodeText, country }),
  response: z.object({ postcode: z.string(), latitude: z.number(), longitude: z.number() }),
});

export const nearbyPostcodeSchema = z.object({
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  distanceMetres: z.number().nonnegative(),
});
export type NearbyPostcode = z.infer<typeof nearbyPostcodeSchema>;

/** The postcodes nearest a point (lat, lng in the query): at most 5 within 2 km, nearest first; none is an empty list. */
export const getPostcodeByCoordinates = endpoint({
  method: "POST",
  path: "/api/location/getPostcodeByCoordinates",
  auth: "token",
  request: z.object({ lat: latitude, lng: longitude }),
  response: z.object({ result: z.array(nearbyPostcodeSchema) }),
});

/** Addresses near a point (at most 10 within about 1 km, nearest first), only those usable as a place. */
export const getAddressesByCoordinates = endpoint({
  method: "POST",
  path: "/api/location/getAddressesByCoordinates",
  auth: "token",
  request: z.object({ latitude, longitude }),
  response: z.object({ suggestions: z.array(addressSuggestionSchema) }),
});

/** Every address of a postcode. Unknown postcode: 404 'Unable to find location'. */
export const getAddressesByPostcode = endpoint({
  method: "POST",
  path: "/api/location/getAddressesByPostcode",
  auth: "token",
  request: z.object({ postcode: postcodeText, country }),
  response: z.object({ addresses: z.array(addressSchema) }),
});

/** Addresses matching typed text (term in the query): at most 10; fewer than 2 characters gives none. */
export const getAutocompleteAddresses = endpoint({
  method: "POST",
  path: "/api/location/getAutocompleteAddresses",
  auth: "token",
  request: z.object({ term: z.string().max(200) }),
  response: z.object({ suggestions: z.array(addressSuggestionSchema) }),
});

/** A suggestion's coordinates and full address (placeId in the query). Unknown: 404 'Unable to get address info, try another address.'. */
export const getPlaceDetails = endpoint({
  method: "POST",
  path: "/api/location/getPlaceDetails",
  auth: "token",
  request: z.object({ placeId: z.string().min(1).max(500) }),
  response: z.object({ latitude: z.number(), longitude: z.number(), address: addressSchema }),
});

/**
 * "E-mail me when you deliver here", left when no store serves a postcode. The same e-mail and postcode
 * twice is stored once; rate-limited per client address.
 */
export const futureContactRequest = endpoint({
  method: "POST",
  path: "/api/location/futureContactRequest",
  auth: "token",
  request: z.object({ email: z.string().max(320), postcode: postcodeText }),
  response: z.object({ ok: z.literal(true) }),
  maxBodyBytes: 4 * 1024,
});
