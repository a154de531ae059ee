import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from "#contract/auth-rules";
import { CHECKOUT_TEXT, isEmailAddress, validateContactDetails } from "./checkout";

/*
 * The member forms' own checks (spec 2 §2 login, register, forgotten password, reset): the words a field shows before
 * the platform is asked. The platform checks again and has the last word (a common password, an e-mail taken).
 * Browser code imports this file, so nothing from the contract's zod files (zod stays on the server): the length and
 * the words the contract has are from its zod-free auth-rules.ts.
 */

export { PASSWORD_MIN_LENGTH };

export const ACCOUNT_TEXT = {
  passwordRequired: "Enter your password",
  newPasswordRequired: "Enter a new password",
  passwordTooShort: AUTH_MESSAGES.passwordTooShort,
  codeRequired: "Enter the 6-digit code",
  codeInvalid: "The code is the 6 digits we sent you, like 123456",
} as const;

/** The longest password a form takes (the platform's own bound). */
export const PASSWORD_MAX_LENGTH = 200;

export type RegistrationField = "firstName" | "lastName" | "email" | "mobile" | "password";
export interface RegistrationInput {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  mobile?: string | undefined;
  password?: string | undefined;
}

export function emailError(value: string | undefined): string | null {
  const email = value?.trim() ?? "";
  if (!email) return CHECKOUT_TEXT.emailRequired;
  return isEmailAddress(email) ? null : CHECKOUT_TEXT.emailInvalid;
}

/** A password being chosen (register, reset): long enough. What is too easy to guess, the platform says. */
export function newPasswordError(value: string | undefined): string | null {
  if (!value) return ACCOUNT_TEXT.newPasswordRequired;
  return value.length < PASSWORD_MIN_LENGTH ? ACCOUNT_TEXT.passwordTooShort : null;
}

export function validateRegistration(input: RegistrationInput): Partial<Record<RegistrationField, string>> {
  const contact = validateContactDetails({
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phoneNumber: input.mobile,
    acceptTerms: "yes",
  });
  const errors: Partial<Record<RegistrationField, string>> = {};
  if (contact.firstName) errors.firstName = contact.firstName;
  if (contact.lastName) errors.lastName = contact.lastName;
  if (contact.email) errors.email = contact.email;
  if (contact.phoneNumber) errors.mobile = contact.phoneNumber;
  const password = newPasswordError(input.password);
  if (password) errors.password = password;
  return errors;
}

/** The six digits of a one-time code, as typed (spaces allowed), or null. */
export function normaliseCode(value: string | undefined): string | null {
  const digits = (value ?? "").replace(/\s+/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

export function codeError(value: string | undefined): string | null {
  if (!value?.trim()) return ACCOUNT_TEXT.codeRequired;
  return normaliseCode(value) ? null : ACCOUNT_TEXT.codeInvalid;
}
