/**
 * Spec 1 §3 "Recent postcode search": the last three searches, offered again under the store search. The same
 * list is kept in the browser's localStorage (with JavaScript) and in a cookie (without), so parsing never
 * trusts what it reads.
 */

/** The localStorage key, and the cookie's name. */
export const RECENT_SEARCHES_KEY = "recent-postcodes";
export const MAX_RECENT_SEARCHES = 3;
/** Longer descriptions are cut so three entries always fit in one cookie. */
const MAX_ADDRESS_LENGTH = 200;

export interface RecentSearch {
  /** Upper-cased; null when an address was chosen without a known postcode. */
  postcode: string | null;
  /** The chosen address's description, or null for a postcode search. */
  address: string | null;
  /** Milliseconds since the epoch. */
  timestamp: number;
}

function normalise(entry: { postcode?: unknown; address?: unknown; timestamp?: unknown }): RecentSearch | null {
  if (entry.postcode !== undefined && entry.postcode !== null && typeof entry.postcode !== "string") return null;
  if (entry.address !== undefined && entry.address !== null && typeof entry.address !== "string") return null;
  const timestamp = entry.timestamp;
  if (typeof timestamp !== "number" || !Number.isFinite(timestamp)) return null;
  const postcode = (entry.postcode ?? "").trim().replace(/\s+/g, " ").toUpperCase() || null;
  const address = (entry.address ?? "").trim().slice(0, MAX_ADDRESS_LENGTH) || null;
  return { postcode, address, timestamp };
}

/** An entry with neither a postcode nor an address is blank (spec 1 §5) and is never kept or offered. */
export function isBlankRecentSearch(entry: Pick<RecentSearch, "postcode" | "address">): boolean {
  return !entry.postcode?.trim() && !entry.address?.trim();
}

function sameSearch(a: RecentSearch, b: RecentSearch): boolean {
  return a.postcode === b.postcode && a.address === b.address;
}

/** The list with `entry` first; an older entry for the same postcode and address is replaced, not repeated. */
export function addRecentSearch(list: readonly RecentSearch[], entry: RecentSearch): RecentSearch[] {
  const added = normalise(entry);
  if (!added || isBlankRecentSearch(added)) return list.slice(0, MAX_RECENT_SEARCHES);
  return [added, ...list.filter((e) => !sameSearch(e, added))].slice(0, MAX_RECENT_SEARCHES);
}

/** Reads a stored list; junk of any kind reads as an empty list, and bad or blank entries are dropped. */
export function parseRecentSearches(text: string | null | undefined): RecentSearch[] {
  if (!text) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const kept: RecentSearch[] = [];
  for (const item of data) {
    if (!item || typeof item !== "object" || Array.isArray(item)) continue;
    const entry = normalise(item as Record<string, unknown>);
    if (!entry || isBlankRecentSearch(entry) || kept.some((k) => sameSearch(k, entry))) continue;
    kept.push(entry);
    if (kept.length === MAX_RECENT_SEARCHES) break;
  }
  return kept;
}

export function serialiseRecentSearches(list: readonly RecentSearch[]): string {
  return JSON.stringify(
    list
      .filter((e) => !isBlankRecentSearch(e))
      .slice(0, MAX_RECENT_SEARCHES)
      .map(({ postcode, address, timestamp }) => ({ postcode, address, timestamp })),
  );
}
