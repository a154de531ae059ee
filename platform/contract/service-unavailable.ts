// Kept apart from errors.ts, whose schema brings zod: the error page's words reach the browser's bundle from here.

/**
 * The platform cannot answer for now (its database is restarting or unreachable; a remote platform that does not
 * answer, or not in time): 503 with this code. The storefront shows its "try again in a moment" page for it.
 */
export const SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE";
export const SERVICE_UNAVAILABLE_MESSAGE = "The shop cannot be reached for a moment. Please try again.";
