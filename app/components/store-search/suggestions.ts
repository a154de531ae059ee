import { suggestionDescription, type AddressSuggestion } from "~/models/address";

/** Spec 1 §4: suggestions are looked up after the shopper stops typing for 400 ms. */
export const SUGGESTION_DEBOUNCE_MS = 400;

/** A single character matches half the country; the suggestion route answers nothing below two. */
export const SUGGESTION_MIN_LENGTH = 2;

/** The term to look up for what is in the box, or null when there is nothing worth asking about yet. */
export function lookupTermFor(value: string): string | null {
  const term = value.trim().replace(/\s+/g, " ");
  return term.length >= SUGGESTION_MIN_LENGTH ? term : null;
}

/** Spec 1 §5: device position with a 5 s time-out, low accuracy and no cached position. */
export const GEOLOCATION_OPTIONS: PositionOptions = { timeout: 5000, enableHighAccuracy: false, maximumAge: 0 };

/** The suggestion endpoint's URL for a term, keeping any query the endpoint already has. */
export function suggestionUrl(endpoint: string, term: string, base: string): string {
  const url = new URL(endpoint, base);
  url.searchParams.set("term", term);
  // Same-origin endpoints stay relative, as the server rendered them.
  return url.origin === new URL(base).origin ? `${url.pathname}${url.search}` : url.href;
}

function coordinate(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/**
 * Reads the endpoint's `{ suggestions }` answer without trusting it (no zod in the browser bundle): entries
 * without a place id or any text to show are dropped, as is anything that is not the expected shape.
 */
export function readSuggestions(body: unknown): AddressSuggestion[] {
  if (!body || typeof body !== "object") return [];
  const list = (body as { suggestions?: unknown }).suggestions;
  if (!Array.isArray(list)) return [];
  const out: AddressSuggestion[] = [];
  for (const item of list) {
    if (!item || typeof item !== "object") continue;
    const { placeId, latitude, longitude } = item as Record<string, unknown>;
    const description = suggestionDescription(item);
    if (typeof placeId !== "string" || !placeId.trim() || !description) continue;
    const lat = coordinate(latitude);
    const lng = coordinate(longitude);
    // Half a coordinate pair is no location: the place details are fetched instead.
    out.push({
      description,
      placeId,
      latitude: lat !== null && lng !== null ? lat : null,
      longitude: lat !== null && lng !== null ? lng : null,
    });
  }
  return out;
}

/** The fields an "address-choose" post carries for a suggestion. */
export function chooseFields(suggestion: AddressSuggestion): Record<string, string> {
  const fields: Record<string, string> = { placeId: suggestion.placeId, description: suggestion.description };
  if (suggestion.latitude !== null && suggestion.longitude !== null) {
    fields.latitude = String(suggestion.latitude);
    fields.longitude = String(suggestion.longitude);
  }
  return fields;
}

/** The next active option for an arrow key, wrapping at both ends; -1 means none. */
export function moveActive(active: number, count: number, key: "ArrowDown" | "ArrowUp"): number {
  if (count === 0) return -1;
  if (key === "ArrowDown") return active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}
