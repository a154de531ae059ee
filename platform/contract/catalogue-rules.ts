// Rules and constants the browser needs too. No zod here: this file is bundled for the browser.

/** Spec 1 §4 / §9: item search fires from 2 characters, 600 ms after typing stops. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 600;

/** Spec 2 §9: banner impressions flush 3500 ms after the view, or the banner's display seconds × 1000 + 500. */
export const BANNER_FLUSH_MS = 3500;
export function bannerFlushDelayMs(displaySeconds: number | null | undefined): number {
  return displaySeconds && displaySeconds > 0 ? displaySeconds * 1000 + 500 : BANNER_FLUSH_MS;
}

/** Client platform name sent with banner events (spec 1 §9). */
export { CLIENT_PLATFORM } from "./client-identity";

export const SEARCH_MESSAGES = {
  /** Spec 1 §8 toast. */
  searchFailed: "Error searching for items",
  noItemFoundHint: "No items found. Check the spelling or try a shorter word.",
} as const;
