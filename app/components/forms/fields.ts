import type { SubmissionResult } from "@conform-to/react";

/*
 * The part of Conform's field metadata the form parts read. Conform's own `FieldMetadata` satisfies it; declaring the
 * narrow shape lets a part take a field of any form without naming that form's schema.
 */
export interface FormField {
  id: string;
  name: string;
  errorId: string;
  errors?: string[] | undefined;
  /** The value the last post sent back (Conform's reply), so a refused form keeps what was typed. */
  initialValue?: unknown;
  /** Changes when the server sends a new value, so an uncontrolled input takes it. */
  key?: string | undefined;
}

/**
 * A one-field form's field from the server's last Conform reply, named as Conform names it (`{form}-{name}`,
 * `{id}-error`): for small forms (the basket's coupon and points) that need no more of Conform in the browser.
 */
export function replyField(formId: string, name: string, lastResult: SubmissionResult<string[]> | null | undefined): FormField & { value: unknown } {
  const id = `${formId}-${name}`;
  const errors = lastResult?.error?.[name] ?? undefined;
  return { id, name, errorId: `${id}-error`, errors: errors ?? undefined, value: lastResult?.initialValue?.[name] };
}

/** A message for the error summary: the id of the field it is about (the summary links to it) and the words. */
export interface FieldError {
  field: string;
  message: string;
}

/** Each field's first error, in the order the fields appear on the page (the GOV.UK summary's order). */
export function fieldErrors(fields: readonly FormField[]): FieldError[] {
  return fields.flatMap((f) => (f.errors?.[0] ? [{ field: f.id, message: f.errors[0] }] : []));
}

/** The values of a checkbox group as the last post sent them back, or null when nothing was posted. */
export function postedOptions(field: FormField): string[] | null {
  const value = field.initialValue;
  if (value === undefined) return null;
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/**
 * A field of a form that is not posted (a GET form: the finder's postcode, read from the query), in the shape the
 * form parts take: its error comes from the page's data rather than from a Conform reply.
 */
export function queryField(id: string, name: string, error: string | null): FormField {
  return { id, name, errorId: `${id}-error`, errors: error ? [error] : undefined };
}

/**
 * Conform's "start afresh" answer. A form whose page stays where it is after a success (the post redirects back to
 * it) has no answer on the page then; given this instead, Conform clears the last refusal's errors and values.
 */
const FRESH_FORM: SubmissionResult<string[]> = { initialValue: null };

export function answerOrFresh(answer: SubmissionResult<string[]> | null | undefined): SubmissionResult<string[]> {
  return answer ?? FRESH_FORM;
}
