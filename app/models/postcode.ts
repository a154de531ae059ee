/**
 * Spec 1 §5 postcode rules, shared by the widget in the browser and the route that handles its posts. Kept free of
 * zod (the messages are the contract's, from its zod-free location-rules.ts) so it costs the browser bundle next to
 * nothing.
 */
import { invalidPostcodeMessage, LOCATION_MESSAGES } from "#contract/location-rules";

/** The field allows at most 8 characters ("SW1A 1AA"). */
export const POSTCODE_MAX_LENGTH = 8;

export const EMPTY_POSTCODE_MESSAGE = LOCATION_MESSAGES.postcodeRequired;

export { invalidPostcodeMessage };

/** What the field holds: trimmed, upper-cased, inner runs of whitespace as one space, at most 8 characters. */
export function cleanPostcodeInput(raw: unknown): string {
  if (typeof raw !== "string") return "";
  return raw.trim().replace(/\s+/g, " ").toUpperCase().slice(0, POSTCODE_MAX_LENGTH).trimEnd();
}

/** The value the rules are tested against: every whitespace character removed, upper-cased. */
export function compactPostcode(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

/** Display form: one space before the inward code (the last three characters), e.g. "SW1A 1AA". */
export function formatPostcode(raw: string): string {
  const compact = compactPostcode(raw);
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/**
 * Whether a postcode passes any one of the business's rules. A rule that is not a valid regular expression is
 * skipped: a bad entry in the profile must not take the store search down with an exception.
 */
export function matchesPostcodeRules(raw: string, rules: readonly string[]): boolean {
  const value = compactPostcode(raw);
  if (!value) return false;
  return rules.some((rule) => {
    try {
      return new RegExp(rule).test(value);
    } catch {
      return false;
    }
  });
}

export type PostcodeValidation = { ok: true; postcode: string } | { ok: false; message: string };

export function validatePostcode(raw: unknown, rules: readonly string[]): PostcodeValidation {
  const cleaned = cleanPostcodeInput(raw);
  if (!cleaned) return { ok: false, message: EMPTY_POSTCODE_MESSAGE };
  if (!matchesPostcodeRules(cleaned, rules)) return { ok: false, message: invalidPostcodeMessage(cleaned) };
  return { ok: true, postcode: formatPostcode(cleaned) };
}

/** The field's last searched value and the error that search ended with, if any. */
export interface PostcodeSearchState {
  value: string;
  error: string | null;
}

export type PostcodeSearchStep =
  /** Go ahead and search the platform with `postcode` (display form); any earlier error is cleared. */
  | { search: true; postcode: string; state: { value: string; error: null } }
  /** Do not call the platform; show `state.error` on the field. */
  | { search: false; state: { value: string; error: string } };

/** True when `raw` is the value whose search just failed, so it must fail the same way again. */
export function isRepeatOfFailedSearch(previous: PostcodeSearchState | null | undefined, raw: unknown): boolean {
  if (!previous?.error) return false;
  return compactPostcode(cleanPostcodeInput(raw)) === compactPostcode(cleanPostcodeInput(previous.value));
}

/**
 * A search submitted from the field (spec 1 §5). The same value searched again straight after an error gets
 * that error again without asking the platform, even when the error came from the platform (an unknown
 * postcode) rather than from the rules.
 */
export function postcodeSearchState(
  previous: PostcodeSearchState | null | undefined,
  raw: unknown,
  rules: readonly string[],
): PostcodeSearchStep {
  const value = cleanPostcodeInput(raw);
  if (previous?.error && isRepeatOfFailedSearch(previous, value)) {
    return { search: false, state: { value, error: previous.error } };
  }
  const result = validatePostcode(value, rules);
  if (!result.ok) return { search: false, state: { value, error: result.message } };
  return { search: true, postcode: result.postcode, state: { value: result.postcode, error: null } };
}

/**
 * The error to keep showing while the shopper edits the field: it clears once the value becomes valid, and no
 * new error appears until the next search.
 */
export function postcodeErrorAfterInput(
  previous: PostcodeSearchState | null | undefined,
  raw: unknown,
  rules: readonly string[],
): string | null {
  if (!previous?.error) return null;
  return validatePostcode(raw, rules).ok ? null : previous.error;
}
