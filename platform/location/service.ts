import { and, asc, between, eq, gte, ilike, like, lte, notExists, or, sql } from "drizzle-orm";
import type { Address, AddressSuggestion } from "../contract";
import { describeAddress } from "../contract";
import type { Db } from "../db/open";
import { addresses, postcodes } from "../db/schema";
import type { AddressLookup, LocationService, Point, PostcodeLookup } from "../ports/location-service";
import { sharedRead } from "../shared-reads";
import { distanceKm } from "../stores/geo";

/** Upper-case, no spaces: the key of the postcode table. */
export function postcodeKey(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}

/** "sw1a2aa" → "SW1A 2AA": the inward code is always the last three characters. */
export function postcodeDisplay(text: string): string {
  const key = postcodeKey(text);
  return key.length > 3 ? `${key.slice(0, -3)} ${key.slice(-3)}` : key;
}

const METRES_PER_DEGREE_LAT = 111_320;

/** A box round a point a little larger than the circle, so an index-friendly range test can pre-filter. */
function boundingBox(point: Point, radiusMetres: number) {
  const dLat = radiusMetres / METRES_PER_DEGREE_LAT;
  const dLng = radiusMetres / (METRES_PER_DEGREE_LAT * Math.max(0.01, Math.cos((point.latitude * Math.PI) / 180)));
  return {
    minLat: point.latitude - dLat,
    maxLat: point.latitude + dLat,
    minLng: point.longitude - dLng,
    maxLng: point.longitude + dLng,
  };
}

function metresBetween(a: Point, b: Point): number {
  return distanceKm({ lat: a.latitude, lng: a.longitude }, { lat: b.latitude, lng: b.longitude }) * 1000;
}

type AddressRow = typeof addresses.$inferSelect;
type PostcodeRow = typeof postcodes.$inferSelect;

function addressFromRow(row: AddressRow): Address {
  return {
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2 ?? "",
    town: row.town,
    county: row.county ?? "",
    postcode: postcodeDisplay(row.postcode),
    countryCode: "GB",
    latitude: row.lat,
    longitude: row.lng,
  };
}

function suggestionFromAddress(id: number, address: Address): AddressSuggestion {
  return {
    description: describeAddress(address),
    placeId: `addr:${id}`,
    latitude: address.latitude,
    longitude: address.longitude,
    address,
  };
}

/** A postcode with no street addresses on file (an imported one) still makes a place: its centre. */
function addressFromPostcode(row: PostcodeRow): Address {
  return {
    addressLine1: "",
    addressLine2: "",
    town: row.town ?? "",
    county: "",
    postcode: row.display,
    countryCode: "GB",
    latitude: row.lat,
    longitude: row.lng,
  };
}

function suggestionFromPostcode(row: PostcodeRow): AddressSuggestion {
  return {
    description: row.town ? `${row.display}, ${row.town}` : row.display,
    placeId: `postcode:${row.postcode}`,
    latitude: row.lat,
    longitude: row.lng,
    address: addressFromPostcode(row),
  };
}

/** LIKE treats % and _ as wildcards and \ as escape; typed text must match literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The last key that can start with `prefix`: keys hold only A–Z and 0–9, and Z sorts after all of them in any
 * collation, so a range test up to this bound can use the primary-key index whatever the database's locale.
 */
function prefixUpperBound(prefix: string): string {
  return `${prefix}ZZZZZZZ`;
}

export function embeddedLocationService(db: Db): LocationService {
  // Postcodes are shared reference data: a look-up is kept in memory at the shared-data version (decision 0028;
  // migration 0011 bumps the version when the table changes), so a page or a hold asks the database once per postcode.
  function findPostcode(postcode: string): Promise<PostcodeRow | null> {
    const key = postcodeKey(postcode);
    return sharedRead(db, `postcode:${key}`, async () => {
      const [row] = await db.select().from(postcodes).where(eq(postcodes.postcode, key)).limit(1);
      return row ?? null;
    });
  }

  return {
    async geocode(postcode) {
      const row = await findPostcode(postcode);
      return row ? { postcode: row.display, latitude: row.lat, longitude: row.lng } : null;
    },

    async postcodesNear(point, { limit, radiusMetres }) {
      const box = boundingBox(point, radiusMetres);
      const rows = await db
        .select()
        .from(postcodes)
        .where(and(between(postcodes.lat, box.minLat, box.maxLat), between(postcodes.lng, box.minLng, box.maxLng)));
      return rows
        .map((row) => ({
          postcode: row.display,
          latitude: row.lat,
          longitude: row.lng,
          distanceMetres: Math.round(metresBetween(point, { latitude: row.lat, longitude: row.lng })),
        }))
        .filter((p) => p.distanceMetres <= radiusMetres)
        .sort((a, b) => a.distanceMetres - b.distanceMetres || a.postcode.localeCompare(b.postcode))
        .slice(0, limit);
    },

    async addressesNear(point, { limit, radiusMetres }) {
      const box = boundingBox(point, radiusMetres);
      const rows = await db
        .select()
        .from(addresses)
        .where(and(between(addresses.lat, box.minLat, box.maxLat), between(addresses.lng, box.minLng, box.maxLng)));
      return rows
        .map((row) => ({ row, metres: metresBetween(point, { latitude: row.lat, longitude: row.lng }) }))
        .filter((r) => r.metres <= radiusMetres)
        .sort((a, b) => a.metres - b.metres || a.row.id - b.row.id)
        .slice(0, limit)
        .map(({ row }) => suggestionFromAddress(row.id, addressFromRow(row)));
    },

    async addressesByPostcode(postcode) {
      const key = postcodeKey(postcode);
      const rows = await db.select().from(addresses).where(eq(addresses.postcode, key)).orderBy(asc(addresses.id));
      if (rows.length > 0) return rows.map(addressFromRow);
      // A postcode known without street addresses (imported from ONS data) is a place with no list.
      return (await findPostcode(key)) ? [] : null;
    },

    async autocomplete(term, { limit }) {
      const text = term.trim().replace(/\s+/g, " ");
      if (text.length < 2) return [];
      const key = postcodeKey(text);
      const { addressLine1, addressLine2, town, postcode: stored } = addresses;
      // The stored postcode (no space) written as people write it: SW1A1AA as SW1A 1AA.
      const spaced = sql`substr(${stored}, 1, length(${stored}) - 3) || ' ' || right(${stored}, 3)`;
      const haystack = sql`concat_ws(', ', ${addressLine1}, nullif(${addressLine2}, ''), ${town}, ${stored}, ${spaced})`;
      const addressRows = await db
        .select()
        .from(addresses)
        .where(
          or(
            ilike(haystack, `%${likeLiteral(text)}%`),
            key.length >= 2 ? ilike(addresses.postcode, `${likeLiteral(key)}%`) : undefined,
          ),
        )
        // Lines starting with the typed text first ("10 Downing" before "110 Downing"), then in a stable order.
        .orderBy(
          sql`case when ${addresses.addressLine1} ilike ${`${likeLiteral(text)}%`} then 0 else 1 end`,
          asc(addresses.postcode),
          asc(addresses.id),
        )
        .limit(limit);
      const found = addressRows.map((row) => suggestionFromAddress(row.id, addressFromRow(row)));
      if (found.length >= limit || !/^[A-Z0-9]+$/.test(key)) return found;
      // Postcodes typed in part whose streets are not on file (imported ones) are still places to choose.
      const postcodeRows = await db
        .select()
        .from(postcodes)
        .where(
          and(
            gte(postcodes.postcode, key),
            lte(postcodes.postcode, prefixUpperBound(key)),
            like(postcodes.postcode, `${key}%`),
            notExists(
              db
                .select({ one: sql`1` })
                .from(addresses)
                .where(eq(addresses.postcode, postcodes.postcode)),
            ),
          ),
        )
        .orderBy(asc(postcodes.postcode))
        .limit(limit - found.length);
      return [...found, ...postcodeRows.map(suggestionFromPostcode)];
    },

    async placeDetails(placeId) {
      const addressId = /^addr:(\d{1,9})$/.exec(placeId)?.[1];
      if (addressId) {
        const [row] = await db
          .select()
          .from(addresses)
          .where(eq(addresses.id, Number(addressId)))
          .limit(1);
        return row ? { latitude: row.lat, longitude: row.lng, address: addressFromRow(row) } : null;
      }
      const postcode = /^postcode:([A-Z0-9]{2,8})$/.exec(placeId)?.[1];
      if (postcode) {
        const row = await findPostcode(postcode);
        return row ? { latitude: row.lat, longitude: row.lng, address: addressFromPostcode(row) } : null;
      }
      return null;
    },
  };
}

/** Whether a placeId was made by the embedded service (so only the embedded tables can resolve it). */
export function isEmbeddedPlaceId(placeId: string): boolean {
  return /^(addr|postcode):/.test(placeId);
}

/**
 * One location service from the configured parts: postcode lookups from postcodes.io when configured,
 * street addresses from the address service when configured, the embedded tables for the rest.
 */
export function composeLocationService(parts: {
  embedded: LocationService;
  postcodesIo?: PostcodeLookup;
  addressLookup?: AddressLookup;
}): LocationService {
  const { embedded, addressLookup } = parts;
  const postcodeSource = parts.postcodesIo ?? embedded;
  const addressSource = addressLookup ?? embedded;
  return {
    geocode: (postcode) => postcodeSource.geocode(postcode),
    postcodesNear: (point, options) => postcodeSource.postcodesNear(point, options),
    addressesByPostcode: (postcode) => addressSource.addressesByPostcode(postcode),
    autocomplete: (term, options) => addressSource.autocomplete(term, options),
    async placeDetails(placeId) {
      if (isEmbeddedPlaceId(placeId)) return embedded.placeDetails(placeId);
      const fromList = /^find:([A-Z0-9]{5,7}):(\d{1,4})$/.exec(placeId);
      if (fromList && addressLookup) {
        const address = (await addressLookup.addressesByPostcode(fromList[1]!))?.[Number(fromList[2])];
        return address ? { latitude: address.latitude, longitude: address.longitude, address } : null;
      }
      return addressSource.placeDetails(placeId);
    },
    async addressesNear(point, options) {
      if (!addressLookup) return embedded.addressesNear(point, options);
      // Address services look up by postcode, not by point: take the nearest postcode's addresses.
      const [nearest] = await postcodeSource.postcodesNear(point, { limit: 1, radiusMetres: options.radiusMetres });
      if (!nearest) return [];
      const found = (await addressLookup.addressesByPostcode(nearest.postcode)) ?? [];
      const key = postcodeKey(nearest.postcode);
      return (
        found
          // The place id names the postcode list and the position in it, which placeDetails can look up again.
          .map((address, index) => ({ address, index, metres: metresBetween(point, address) }))
          .filter((a) => a.metres <= options.radiusMetres)
          .sort((a, b) => a.metres - b.metres || a.index - b.index)
          .slice(0, options.limit)
          .map(({ address, index }) => ({
            description: describeAddress(address),
            placeId: `find:${key}:${index}`,
            latitude: address.latitude,
            longitude: address.longitude,
            address,
          }))
      );
    },
  };
}
