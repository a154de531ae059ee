import { z } from "zod";
import type { Address } from "../contract";
import { describeAddress } from "../contract";
import { getJson, joinUrl, type HttpOptions } from "./fetch-json";
import { LocationServiceError, type AddressLookup } from "../ports/location-service";
import { postcodeDisplay, postcodeKey } from "./service";

const SERVICE = "getAddress.io";
export const GETADDRESS_DEFAULT_URL = "https://api.getAddress.io";

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? "");

const addressPartsSchema = z.object({
  line_1: text,
  line_2: text,
  line_3: text,
  line_4: text,
  town_or_city: text,
  county: text,
  // Present on /get answers and on newer /find answers; otherwise the postcode's centre is used.
  postcode: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
});

const getSchema = addressPartsSchema.extend({ postcode: z.string(), latitude: z.number(), longitude: z.number() });
const findSchema = z.object({
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  addresses: z.array(addressPartsSchema),
});
const autocompleteSchema = z.object({
  suggestions: z.array(z.object({ address: z.string(), id: z.string(), url: z.string().optional() })),
});

type AddressParts = z.infer<typeof addressPartsSchema>;

function toAddress(parts: AddressParts, fallback: { postcode: string; latitude: number; longitude: number }): Address {
  return {
    addressLine1: parts.line_1.trim(),
    // Our address has two lines; the service's third and fourth (locality, etc.) belong with the second.
    addressLine2: [parts.line_2, parts.line_3, parts.line_4]
      .map((l) => l.trim())
      .filter((l) => l !== "")
      .join(", "),
    town: parts.town_or_city.trim(),
    county: parts.county.trim(),
    postcode: postcodeDisplay(parts.postcode ?? fallback.postcode),
    countryCode: "GB",
    latitude: parts.latitude ?? fallback.latitude,
    longitude: parts.longitude ?? fallback.longitude,
  };
}

/**
 * Address lookups from getAddress.io (https://documentation.getaddress.io): autocomplete, the address
 * behind an autocomplete id, and the addresses of a postcode. The API key travels in the query string, so
 * errors and logs name the call, never the URL.
 */
export function getAddressLookup(options: { apiKey: string; baseUrl?: string } & HttpOptions): AddressLookup {
  const base = options.baseUrl ?? GETADDRESS_DEFAULT_URL;
  const get = (label: string, path: string, query: Record<string, string> = {}) =>
    getJson(
      SERVICE,
      label,
      joinUrl(base, `${path}?${new URLSearchParams({ ...query, "api-key": options.apiKey })}`),
      options,
    );

  /** Statuses every call treats alike: a refused key or an exhausted quota is the service failing us. */
  function failure(label: string, status: number): LocationServiceError {
    if (status === 429) return new LocationServiceError(SERVICE, 503, `${label} answered 429 (request limit reached)`);
    if (status === 401 || status === 403)
      return new LocationServiceError(SERVICE, 502, `${label} answered ${status} (API key refused)`);
    return new LocationServiceError(SERVICE, 502, `${label} answered ${status}`);
  }
  const malformed = (label: string) =>
    new LocationServiceError(SERVICE, 502, `${label} answered in an unexpected shape`);

  return {
    async autocomplete(term, { limit }) {
      const label = "GET /autocomplete/{term}";
      const typed = term.trim();
      if (typed.length < 2) return [];
      const { status, body } = await get(label, `/autocomplete/${encodeURIComponent(typed)}`, { top: String(limit) });
      // 400: the service found the term unusable, which for the shopper is simply "no matches".
      if (status === 400 || status === 404) return [];
      if (status !== 200) throw failure(label, status);
      const parsed = autocompleteSchema.safeParse(body);
      if (!parsed.success) throw malformed(label);
      return parsed.data.suggestions.slice(0, limit).map((s) => ({
        description: s.address,
        placeId: s.id,
        latitude: null,
        longitude: null,
        address: null,
      }));
    },

    async placeDetails(placeId) {
      const label = "GET /get/{id}";
      const { status, body } = await get(label, `/get/${encodeURIComponent(placeId)}`);
      if (status === 400 || status === 404) return null;
      if (status !== 200) throw failure(label, status);
      const parsed = getSchema.safeParse(body);
      if (!parsed.success) throw malformed(label);
      const address = toAddress(parsed.data, parsed.data);
      return { latitude: address.latitude, longitude: address.longitude, address };
    },

    async addressesByPostcode(postcode) {
      const label = "GET /find/{postcode}";
      const key = postcodeKey(postcode);
      if (!/^[A-Z0-9]{5,7}$/.test(key)) return null;
      const { status, body } = await get(label, `/find/${encodeURIComponent(key)}`, { expand: "true" });
      // 400 is getAddress.io's answer to a postcode it considers invalid; 404 to one it does not know.
      if (status === 400 || status === 404) return null;
      if (status !== 200) throw failure(label, status);
      const parsed = findSchema.safeParse(body);
      if (!parsed.success) throw malformed(label);
      const found = parsed.data;
      return found.addresses.map((parts) => toAddress(parts, found)).filter((a) => describeAddress(a) !== "");
    },
  };
}
