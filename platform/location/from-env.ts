import type { Db } from "../db/open";
import { GETADDRESS_DEFAULT_URL, getAddressLookup } from "./get-address";
import type { FetchLike } from "./fetch-json";
import { postcodesIoLookup } from "./postcodes-io";
import { composeLocationService, embeddedLocationService } from "./service";
import type { LocationService } from "../ports/location-service";

/** The environment variables the location service reads (all optional: unset means the embedded tables). */
export interface LocationEnv {
  /** e.g. https://api.postcodes.io: postcode geocoding and reverse lookups. */
  POSTCODES_IO_URL?: string;
  /** getAddress.io key: address autocomplete, place details and addresses by postcode. */
  GETADDRESS_API_KEY?: string;
  /** Defaults to https://api.getAddress.io. */
  GETADDRESS_URL?: string;
  /** Per call to an outside service; default 3000. */
  LOCATION_TIMEOUT_MS?: string | number;
}

/** The location service the configuration asks for: each outside service where configured, embedded tables otherwise. */
export function locationServiceFromEnv(db: Db, env: LocationEnv, options: { fetch?: FetchLike } = {}): LocationService {
  const blank = (v: string | undefined) => v === undefined || v.trim() === "";
  const timeout = Number(env.LOCATION_TIMEOUT_MS ?? 3000);
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new Error(`LOCATION_TIMEOUT_MS must be a positive number of milliseconds`);
  const http = { timeoutMs: timeout, ...(options.fetch ? { fetch: options.fetch } : {}) };
  return composeLocationService({
    embedded: embeddedLocationService(db),
    postcodesIo: blank(env.POSTCODES_IO_URL)
      ? undefined
      : postcodesIoLookup({ baseUrl: env.POSTCODES_IO_URL!.trim(), ...http }),
    addressLookup: blank(env.GETADDRESS_API_KEY)
      ? undefined
      : getAddressLookup({
          apiKey: env.GETADDRESS_API_KEY!.trim(),
          baseUrl: blank(env.GETADDRESS_URL) ? GETADDRESS_DEFAULT_URL : env.GETADDRESS_URL!.trim(),
          ...http,
        }),
  });
}
