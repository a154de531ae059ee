/**
 * The deep links' words (contract/marketing.ts) for both halves. No zod here: the browser bundle imports this file.
 */

/** Spec 2 §8's deep-link error codes; the messages are the spec's where it gives one. */
export const DEEP_LINK_ERRORS = {
  unrecoverable: { code: "UNRECOVERABLE_ERROR", message: "This link cannot be used." },
  storeSearchRequired: { code: "STORE_SEARCH_REQUIRED", message: "You need to search for stores with a postcode!" },
  incompatibleStore: {
    code: "INCOMPATIBLE_STORE",
    message: "Your basket is for another store, or this store does not serve your location.",
  },
} as const;
