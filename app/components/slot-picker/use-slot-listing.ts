import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { SLOT_REFRESH_MS } from "~/models/slots";

/**
 * Spec 1 §4: the listing refreshes every 60 s, and the selection is checked again at store-local midnight. Each
 * listing (listedAt) starts its own count to midnight, which the server measured by its clock (revalidateInMs): a
 * browser's own clock may be hours out. Nothing is counted while there is no listing.
 */
export function useListingRefresh(listedAt: string | null, revalidateInMs: number | null): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const every = window.setInterval(() => void revalidate(), SLOT_REFRESH_MS);
    const untilMidnight = revalidateInMs !== null ? Math.max(1000, revalidateInMs) : null;
    const midnight =
      untilMidnight !== null && untilMidnight < 2 ** 31 - 1
        ? window.setTimeout(() => void revalidate(), untilMidnight)
        : null;
    return () => {
      window.clearInterval(every);
      if (midnight !== null) window.clearTimeout(midnight);
    };
  }, [listedAt, revalidateInMs, revalidate]);
}

/** A new idempotency key for each listing the page shows: a post repeated from the same listing is one reservation. */
export function useListingKey(listing: unknown): string | undefined {
  const [keyed, setKeyed] = useState(() => ({ for: listing, key: newIdempotencyKey() }));
  if (keyed.for !== listing) setKeyed({ for: listing, key: newIdempotencyKey() });
  return keyed.key;
}

function newIdempotencyKey(): string | undefined {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : undefined;
}
