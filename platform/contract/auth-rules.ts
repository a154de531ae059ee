/**
 * Sign-in and account words and bounds (contract/auth.ts) for both halves. No zod here: the browser bundle imports
 * this file.
 */

/** The shortest password accepted; common passwords are refused whatever their length. */
export const PASSWORD_MIN_LENGTH = 8;

/** Spec 2 §8 authentication messages, and the platform's own where the spec has none. */
export const AUTH_MESSAGES = {
  sessionExpired: "Your session has expired. Please log in again.",
  emailTaken: "Your email address has already been registered",
  registerFailed: "There was an error creating your account",
  passwordUpdated: "Password has been updated.",
  otpSent: "One time password code has been sent",
  otpSendFailed: "Unable to send one time password code at this moment",
  otpIncorrect: "One time password code was incorrect",
  loginRequired: "Please Login or Create An Account to order with this store",
  /** Not in the spec: a wrong e-mail or password, worded so it does not tell which. */
  badCredentials: "Your email address or password is incorrect",
  passwordTooShort: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooCommon: "That password is too easy to guess. Please choose another",
  resetLinkInvalid: "This password reset link has expired or has already been used. Please request a new one.",
  resetRequested: "If that email address has an account, we have sent it a link to reset your password.",
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  socialFailed: "We could not sign you in with that account. Please try again or use your email address.",
  socialNoEmail: "Your account did not share a verified email address with us. Please use your email address instead.",
} as const;
