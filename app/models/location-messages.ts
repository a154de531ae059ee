/** Spec 1 §8 and spec 2 §8: store-finding messages not tied to an address (those live in ./address). */
export const STORE_DETAILS_FAILED_MESSAGE = "Failed to fetch store details";
export const FUTURE_CONTACT_THANKS = "Thanks, you will be emailed when we delivery in your area.";
