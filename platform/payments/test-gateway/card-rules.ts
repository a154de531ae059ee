/**
 * The test gateway's card rules: what its hosted card page and its POST /tokens accept, and the outcome each test
 * card number stands for. The page's messages follow the GOV.UK Design System's wording for payment card fields.
 *
 * Only accepted brands pass (spec 2 §5: Visa, Mastercard, Discover and JCB); the security code is exactly 3 digits
 * (spec 2 §9), which no accepted brand contradicts (the 4-digit code is American Express's).
 */

export type CardScheme = "Visa" | "Mastercard" | "Discover" | "JCB";

/**
 * What paying with a card does in the test gateway. "processing" stands for an acquirer that answers later: the
 * payment is Pending without a 3-D Secure link when made, and Authorized when next read (only wallet test tokens ask
 * for it, for spec 2 §4's Google Pay answer "an id without a business order id", which is then verified).
 */
export type CardOutcome = "approve" | "decline" | "challenge" | "processing";

export const CARD_MESSAGES = {
  numberRequired: "Enter your card number",
  numberCharacters: "Enter your card number using only the numbers 0 to 9 and spaces",
  numberLength: "Card number must be between 12 and 19 digits",
  numberInvalid: "Enter a valid card number",
  brandNotAccepted: "We accept Visa, Mastercard, Discover and JCB",
  expiryRequired: "Enter the expiry date",
  expiryFormat: "Enter the expiry date in the format MM/YY",
  expiryMonth: "The expiry month must be between 01 and 12",
  expired: "The card has expired",
  securityCodeRequired: "Enter the security code",
  securityCodeInvalid: "The security code is the 3 digits on the back of your card",
} as const;

export const ACCEPTED_SCHEMES: readonly CardScheme[] = ["Visa", "Mastercard", "Discover", "JCB"];

/** The test cards the pages list, and what each does. */
export const TEST_CARDS: readonly { number: string; outcome: CardOutcome; description: string }[] = [
  { number: "4242 4242 4242 4242", outcome: "approve", description: "approved" },
  { number: "4544 2491 6767 3670", outcome: "decline", description: "declined" },
  {
    number: "4010 0617 0000 0021",
    outcome: "challenge",
    description: "asks for 3-D Secure (authenticate, fail or cancel)",
  },
];

const DECLINE_NUMBER = "4544249167673670";
const CHALLENGE_NUMBER = "4010061700000021";

export const SECURITY_CODE_LENGTH = 3;

export type Check<T> = { ok: true; value: T } | { ok: false; message: string };

/** The brand a card number's leading digits (its BIN range) belong to, among the accepted ones. */
export function cardScheme(digits: string): CardScheme | null {
  if (digits.startsWith("4")) return "Visa";
  const two = Number(digits.slice(0, 2));
  const three = Number(digits.slice(0, 3));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return "Mastercard";
  if (four === 6011 || (three >= 644 && three <= 649) || two === 65) return "Discover";
  if (four >= 3528 && four <= 3589) return "JCB";
  return null;
}

/** The Luhn (mod 10) check every card number carries in its last digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number as typed: digits and spaces (some people copy the groups as printed). */
export function checkCardNumber(input: string | null | undefined): Check<{ digits: string; scheme: CardScheme }> {
  const value = (input ?? "").trim();
  if (value === "") return { ok: false, message: CARD_MESSAGES.numberRequired };
  if (!/^[\d ]+$/.test(value)) return { ok: false, message: CARD_MESSAGES.numberCharacters };
  const digits = value.replace(/ /g, "");
  if (digits.length < 12 || digits.length > 19) return { ok: false, message: CARD_MESSAGES.numberLength };
  if (!luhnValid(digits)) return { ok: false, message: CARD_MESSAGES.numberInvalid };
  const scheme = cardScheme(digits);
  if (scheme === null) return { ok: false, message: CARD_MESSAGES.brandNotAccepted };
  return { ok: true, value: { digits, scheme } };
}

/**
 * An expiry date as typed: MM/YY or MM/YYYY. A slash, space or hyphen may separate the parts, or nothing
 * (0629), because the field offers a numeric keypad, which has no slash on some phones. A card is valid to the
 * end of its expiry month, judged by the gateway's clock in UTC.
 */
export function checkExpiry(input: string | null | undefined, now: Date): Check<{ month: number; year: number }> {
  const value = (input ?? "").trim();
  if (value === "") return { ok: false, message: CARD_MESSAGES.expiryRequired };
  const match = /^(\d{2})\s*[/\- ]?\s*(\d{2}|\d{4})$/.exec(value);
  if (!match) return { ok: false, message: CARD_MESSAGES.expiryFormat };
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return { ok: false, message: CARD_MESSAGES.expiryMonth };
  if (year * 12 + month < now.getUTCFullYear() * 12 + (now.getUTCMonth() + 1))
    return { ok: false, message: CARD_MESSAGES.expired };
  return { ok: true, value: { month, year } };
}

export function checkSecurityCode(input: string | null | undefined): Check<string> {
  const value = (input ?? "").trim();
  if (value === "") return { ok: false, message: CARD_MESSAGES.securityCodeRequired };
  if (!new RegExp(`^\\d{${SECURITY_CODE_LENGTH}}$`).test(value))
    return { ok: false, message: CARD_MESSAGES.securityCodeInvalid };
  return { ok: true, value };
}

export type CardField = "cardNumber" | "expiryDate" | "securityCode";

export interface CardDetails {
  digits: string;
  scheme: CardScheme;
  expiryMonth: number;
  expiryYear: number;
}

/** The hosted page's three fields together: the card, or one message per field in the page's order. */
export function checkCardForm(
  input: { cardNumber?: string | null; expiryDate?: string | null; securityCode?: string | null },
  now: Date,
): { ok: true; card: CardDetails } | { ok: false; errors: { field: CardField; message: string }[] } {
  const number = checkCardNumber(input.cardNumber);
  const expiry = checkExpiry(input.expiryDate, now);
  const code = checkSecurityCode(input.securityCode);
  const errors: { field: CardField; message: string }[] = [];
  if (!number.ok) errors.push({ field: "cardNumber", message: number.message });
  if (!expiry.ok) errors.push({ field: "expiryDate", message: expiry.message });
  if (!code.ok) errors.push({ field: "securityCode", message: code.message });
  if (!number.ok || !expiry.ok || !code.ok) return { ok: false, errors };
  return {
    ok: true,
    card: {
      digits: number.value.digits,
      scheme: number.value.scheme,
      expiryMonth: expiry.value.month,
      expiryYear: expiry.value.year,
    },
  };
}

/** What a valid card number does when paid with: the listed test cards as listed, any other number approves. */
export function cardOutcome(digits: string): CardOutcome {
  if (digits === DECLINE_NUMBER) return "decline";
  if (digits === CHALLENGE_NUMBER) return "challenge";
  return "approve";
}
