import type { Address, AddressSuggestion, NearbyPostcode } from "../contract";

export interface GeocodedPostcode {
  /** Display form, e.g. "SW1A 1AA". */
  postcode: string;
  latitude: number;
  longitude: number;
}

export interface Point {
  latitude: number;
  longitude: number;
}

export interface NearOptions {
  limit: number;
  radiusMetres: number;
}

export interface PlaceDetails {
  latitude: number;
  longitude: number;
  address: Address;
}

/** Postcode lookups: what postcodes.io offers. */
export interface PostcodeLookup {
  /** A postcode's centre, or null when the postcode is unknown. */
  geocode(postcode: string): Promise<GeocodedPostcode | null>;
  /** Postcodes within the radius of a point, nearest first. */
  postcodesNear(point: Point, options: NearOptions): Promise<NearbyPostcode[]>;
}

/** Street-address lookups: what an address-autocomplete service offers. */
export interface AddressLookup {
  /** Every address of a postcode, or null when the postcode is unknown. */
  addressesByPostcode(postcode: string): Promise<Address[] | null>;
  autocomplete(term: string, options: { limit: number }): Promise<AddressSuggestion[]>;
  /** The full address behind a suggestion's placeId, or null when the id is unknown. */
  placeDetails(placeId: string): Promise<PlaceDetails | null>;
}

/**
 * Where postcodes and addresses come from. The embedded default reads the database's postcode and address tables;
 * production adapters (postcodes.io, an address-autocomplete service) implement parts of it and
 * `composeLocationService` fills the rest from the embedded tables.
 */
export interface LocationService extends PostcodeLookup, AddressLookup {
  /** Addresses within the radius of a point, nearest first. */
  addressesNear(point: Point, options: NearOptions): Promise<AddressSuggestion[]>;
}

/**
 * A failure of an outside location service (timeout, refusal, nonsense answer). Handlers log it and answer
 * with its status (502 or 503) and message, never a 500.
 */
export class LocationServiceError extends Error {
  readonly status: 502 | 503;
  readonly service: string;
  readonly detail: string;

  constructor(service: string, status: 502 | 503, detail: string) {
    super(
      status === 503
        ? "The address lookup service is not responding. Please try again in a moment."
        : "The address lookup service could not answer. Please try again in a moment.",
    );
    this.status = status;
    this.service = service;
    this.detail = detail;
  }
}
