/**
 * The location endpoints' words (contract/location.ts) for both halves. No zod here: the browser bundle imports this
 * file.
 */

/** Spec 1 §8: "{POSTCODE} is not a valid postcode". */
export function invalidPostcodeMessage(postcode: string): string {
  return `${postcode} is not a valid postcode`;
}

/** The messages these endpoints answer with, word for word as the spec gives them. */
export const LOCATION_MESSAGES = {
  postcodeRequired: "Please enter a valid postcode",
  postcodeInvalid: invalidPostcodeMessage,
  locationNotFound: "Unable to find location",
  placeNotFound: "Unable to get address info, try another address.",
  emailInvalid: "Please enter a valid email address",
  tooManyRequests: "Too many requests. Please try again later.",
} as const;
