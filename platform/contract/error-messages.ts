/**
 * Words for errors of no particular call, for both halves. No zod here: the browser bundle imports this file.
 */

/**
 * Spec 1 §8 and spec 2 §8, word for word: what an error says when it brings no words of its own (errorDisplay, then
 * message, else this).
 */
export const SYSTEM_ERROR_MESSAGE = "There was an error on the system. Please try again.";
