import type { Submission, SubmissionResult } from "@conform-to/react";

/*
 * A refused post's Conform reply, made for the page that shows it (issue 22 item 3). A form shows the errors of the
 * fields it draws; an error about anything else (a forged `intent` or `type`, a hidden field's value, a repeated
 * field, a field the page has no input for) would be sent back and shown nowhere, and the shopper would see the form
 * again with no word of what went wrong. Those errors become one error about the whole form, in our words.
 */

/** Our words for a post that is no form (another content type, a body that cannot be read, fields no page sends). */
export const FORM_UNREADABLE_MESSAGE = "Your form could not be read, so nothing was changed. Please try again.";

type ReplyOptions = Parameters<Submission<unknown>["reply"]>[0];
type Replying = { reply(options?: ReplyOptions): SubmissionResult<string[]> };

/**
 * zod's own words for a value of the wrong kind ("Invalid input: expected string, received array", "Invalid option:
 * …"): no input of a page sends one (a repeated field, a forged option does), and they are no words for a shopper.
 */
const WRONG_KIND = /^Invalid (?:input|option)\b/;

/** True when the error's name is one of the shown fields, or a part of one (`lines[0]`, `address.town`). */
function isShown(name: string, shown: readonly string[]): boolean {
  return shown.some((field) => name === field || name.startsWith(`${field}.`) || name.startsWith(`${field}[`));
}

/**
 * Conform's reply with the errors of fields the page does not show (anything but `shown` and the form's own errors),
 * and zod's words for a value of the wrong kind, turned into the form's error FORM_UNREADABLE_MESSAGE. The other
 * errors of shown fields stay beside their fields.
 */
export function replyShown(
  submission: Replying,
  shown: readonly string[],
  options?: ReplyOptions,
): SubmissionResult<string[]> {
  return keepShown(submission.reply(options), shown);
}

/** The same for a reply already made. */
export function keepShown(result: SubmissionResult<string[]>, shown: readonly string[]): SubmissionResult<string[]> {
  if (!result.error) return result;
  const error: Record<string, string[] | null> = {};
  let unshown = false;
  for (const [name, messages] of Object.entries(result.error)) {
    const said = name === "" ? messages : (messages ?? []).filter((message) => !WRONG_KIND.test(message));
    if (name === "" || (isShown(name, shown) && said?.length)) error[name] = said;
    else if (messages?.length) unshown = true;
  }
  if (!unshown) return result;
  const formErrors = error[""] ?? [];
  error[""] = formErrors.includes(FORM_UNREADABLE_MESSAGE) ? formErrors : [...formErrors, FORM_UNREADABLE_MESSAGE];
  return { ...result, error };
}
