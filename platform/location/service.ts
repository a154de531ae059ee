import { eq } from "drizzle-orm";
import type { Db } from "../db/open";
import { postcodes } from "../db/schema";

export interface GeocodedPostcode {
  /** Display form, e.g. "SW1A 1AA". */
  postcode: string;
  latitude: number;
  longitude: number;
}

/**
 * Where postcodes and addresses come from. The embedded default reads the database's postcode and address tables;
 * production adapters (postcodes.io, an address-autocomplete service) implement the same interface.
 */
export interface LocationService {
  /** A postcode's centre, or null when the postcode is unknown. */
  geocode(postcode: string): Promise<GeocodedPostcode | null>;
}

/** Upper-case, no spaces: the key of the postcode table. */
export function postcodeKey(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}

export function embeddedLocationService(db: Db): LocationService {
  return {
    async geocode(postcode) {
      const [row] = await db.select().from(postcodes).where(eq(postcodes.postcode, postcodeKey(postcode))).limit(1);
      return row ? { postcode: row.display, latitude: row.lat, longitude: row.lng } : null;
    },
  };
}
