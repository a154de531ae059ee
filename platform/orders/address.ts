import type { CheckoutAddress } from "../contract";
import type { StoredAddress } from "../db/schema";

/** The address as the contract shows it: the stored one without the point it geocoded to. */
export function publicAddress(stored: StoredAddress | null | undefined): CheckoutAddress | null {
  if (!stored) return null;
  const { lat: _lat, lng: _lng, ...address } = stored;
  return address;
}
