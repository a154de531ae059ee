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
export function replyField(
  formId: string,
  name: string,
  lastResult: SubmissionResult<string[]> | null | undefined,
): FormField & { value: unknown } {
  const id = `${formId}-${name}`;
  const errors = lastResult?.error?.[name] ?? undefined;
  return { id, name, errorId: `${id}-error`, errors: errors ?? undefined, value: lastResult?.initialValue?.[name] };
}

/** A form as the server's last Conform reply describes it: its id and the errors about the whole form. */
export interface ReplyForm {
  id: string;
  errorId: string;
  errors: string[] | undefined;
}

/**
 * A form's metadata and fields from the server's last Conform reply, named as Conform names them, for forms whose
 * browser side needs no more of Conform than that: the server checks every post (parseWithZod) and the page shows
 * its reply. Conform's `useForm` would add 8 KB gzip to the page for the same result (issue 17). Fields are made on
 * first read, for any name of the schema.
 */
export function replyForm<Schema extends Record<string, unknown>>(
  formId: string,
  lastResult: SubmissionResult<string[]> | null | undefined,
): [ReplyForm, { [Name in keyof Schema & string]: FormField }] {
  const formErrors = lastResult?.error?.[""] ?? undefined;
  const form: ReplyForm = {
    id: formId,
    errorId: `${formId}-error`,
    errors: formErrors?.length ? formErrors : undefined,
  };
  const made = new Map<string, FormField>();
  const fields = new Proxy({} as { [Name in keyof Schema & string]: FormField }, {
    get(_, name) {
      if (typeof name !== "string") return undefined;
      let field = made.get(name);
      if (!field) {
        const { value, ...rest } = replyField(formId, name, lastResult);
        // A new value from the server gives the input a new key, so an uncontrolled input shows it.
        field = {
          ...rest,
          initialValue: value,
          key: lastResult?.initialValue ? `${name}:${JSON.stringify(value ?? null)}` : undefined,
        };
        made.set(name, field);
      }
      return field;
    },
  });
  return [form, fields];
}

/**
 * The form element's attributes, as Conform's getFormProps gives them: the server's messages, not the browser's
 * bubbles, say what is wrong (noValidate), and the form points at its own error when it has one.
 */
export function replyFormProps(form: ReplyForm): { id: string; noValidate: true; "aria-describedby"?: string } {
  return form.errors
    ? { id: form.id, noValidate: true, "aria-describedby": form.errorId }
    : { id: form.id, noValidate: true };
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
