import { z } from "zod";
import { getJson, joinUrl, type HttpOptions } from "./fetch-json";
import { LocationServiceError, type PostcodeLookup } from "../ports/location-service";
import { postcodeKey } from "./service";

const SERVICE = "postcodes.io";

/** postcodes.io caps reverse lookups at 2 km and 100 results. */
const MAX_RADIUS_METRES = 2000;
const MAX_LIMIT = 100;

const placeSchema = z.object({
  postcode: z.string(),
  // Terminated and some special postcodes have no grid reference: null coordinates.
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

const lookupSchema = z.object({ status: z.literal(200), result: placeSchema });
const reverseSchema = z.object({
  status: z.literal(200),
  result: z.array(placeSchema.extend({ distance: z.number().optional() })).nullable(),
});

/** Postcode lookups from postcodes.io (https://postcodes.io/docs), or a server speaking its API. */
export function postcodesIoLookup(options: { baseUrl: string } & HttpOptions): PostcodeLookup {
  const get = (label: string, path: string) => getJson(SERVICE, label, joinUrl(options.baseUrl, path), options);
  const malformed = (label: string) =>
    new LocationServiceError(SERVICE, 502, `${label} answered in an unexpected shape`);

  return {
    async geocode(postcode) {
      const key = postcodeKey(postcode);
      // Nothing to ask about; postcodes.io would answer 404 to an empty path anyway.
      if (!/^[A-Z0-9]{2,8}$/.test(key)) return null;
      const label = "GET /postcodes/{postcode}";
      const { status, body } = await get(label, `/postcodes/${encodeURIComponent(key)}`);
      if (status === 404) return null;
      if (status !== 200) throw new LocationServiceError(SERVICE, 502, `${label} answered ${status}`);
      const parsed = lookupSchema.safeParse(body);
      if (!parsed.success) throw malformed(label);
      const { result } = parsed.data;
      if (result.latitude === null || result.longitude === null) return null;
      return { postcode: result.postcode, latitude: result.latitude, longitude: result.longitude };
    },

    async postcodesNear(point, { limit, radiusMetres }) {
      const label = "GET /postcodes?lon&lat";
      const query = new URLSearchParams({
        lon: String(point.longitude),
        lat: String(point.latitude),
        radius: String(Math.min(MAX_RADIUS_METRES, Math.max(1, Math.round(radiusMetres)))),
        limit: String(Math.min(MAX_LIMIT, Math.max(1, limit))),
      });
      const { status, body } = await get(label, `/postcodes?${query}`);
      // postcodes.io answers 400 to coordinates outside its range: no postcode there.
      if (status === 400 || status === 404) return [];
      if (status !== 200) throw new LocationServiceError(SERVICE, 502, `${label} answered ${status}`);
      const parsed = reverseSchema.safeParse(body);
      if (!parsed.success) throw malformed(label);
      return (parsed.data.result ?? [])
        .flatMap((r) =>
          r.latitude === null || r.longitude === null
            ? []
            : [
                {
                  postcode: r.postcode,
                  latitude: r.latitude,
                  longitude: r.longitude,
                  distanceMetres: Math.round(r.distance ?? 0),
                },
              ],
        )
        .filter((r) => r.distanceMetres <= radiusMetres)
        .sort((a, b) => a.distanceMetres - b.distanceMetres)
        .slice(0, limit);
    },
  };
}
