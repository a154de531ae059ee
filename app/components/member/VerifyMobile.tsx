import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useState, type MouseEvent } from "react";
import { Form, Link, useFetcher, type FetcherWithComponents } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import { HoneypotFields } from "~/components/auth/HoneypotFields";
import { Dialog } from "~/components/dialog/Dialog";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import * as forms from "~/styles/forms.css";
import * as s from "./MemberProfile.css";

/** Where the verification forms post, with script (a fetcher) and without (the page itself). */
export const VERIFY_MOBILE_PATH = "/member/verify-mobile";
export const VERIFY_MOBILE_TITLE = "Verify your mobile number";

/** The verification action's answer: what the forms show next. */
export interface VerifyMobileAnswer {
  /** A code was sent in this exchange: the code form is shown. */
  sent: boolean;
  /** 'One time password code has been sent'. */
  notice: string | null;
  /** A refusal not about the code field ('Unable to send one time password code at this moment' …). */
  error: string | null;
  /** The code form's reply (its field error: 'One time password code was incorrect'). */
  code: SubmissionResult<string[]> | null;
}

const SEND_BUTTON_ID = "verify-send";

/**
 * Spec 2 §4 member verification: send a six-digit code by text message to the member's mobile, then type it in. The
 * same forms are the /member/verify-mobile page without script and the profile's dialog with it (posting through
 * `fetcher`).
 */
export function VerifyMobileForms({
  mobile,
  honeypot,
  answer,
  fetcher,
}: {
  mobile: string;
  honeypot: HoneypotInputProps;
  answer: VerifyMobileAnswer | undefined;
  fetcher?: FetcherWithComponents<unknown>;
}) {
  const PostForm = (fetcher ? fetcher.Form : Form) as typeof Form;
  const [form, fields] = useForm<{ intent: string; code: string }>({
    id: "verify-code",
    lastResult: answer?.code ?? null,
  });
  const sent = answer?.sent ?? false;
  const busy = fetcher ? fetcher.state !== "idle" : false;
  const summary = [
    ...(answer?.error ? [{ field: SEND_BUTTON_ID, message: answer.error }] : []),
    ...fieldErrors([fields.code]),
  ];
  return (
    <>
      {answer?.notice ? (
        <p className={s.notice} role="status">
          {answer.notice}
        </p>
      ) : null}
      <ErrorSummary id="verify-error-summary" errors={summary} />
      <p className={s.intro}>
        We will send a 6-digit code by text message to {mobile}. Type it in here to verify your mobile number.
      </p>
      <PostForm method="post" action={VERIFY_MOBILE_PATH}>
        <AuthenticityTokenInput />
        <HoneypotFields honeypot={honeypot} />
        <input type="hidden" name="intent" value="send" />
        <button
          type="submit"
          id={SEND_BUTTON_ID}
          className={sent ? forms.button.secondary : forms.button.primary}
          disabled={busy}
        >
          {sent ? "Send a new code" : "Send code"}
        </button>
      </PostForm>
      {sent ? (
        <PostForm method="post" action={VERIFY_MOBILE_PATH} {...getFormProps(form)} className={s.codeForm}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="check" />
          <TextField
            field={fields.code}
            label="Verification code"
            hint="The 6 digits in the text message we sent you"
            autoComplete="one-time-code"
            inputMode="numeric"
            width="phone"
            required
            maxLength={7}
            spellCheck={false}
          />
          <button type="submit" className={forms.button.primary} disabled={busy}>
            Verify
          </button>
        </PostForm>
      ) : null}
    </>
  );
}

/**
 * The profile's 'Verify your mobile number': a link to the page, which with script opens the same forms in a dialog
 * instead (spec 2 §2 modal "member verification").
 */
export function VerifyMobileAction({ mobile, honeypot }: { mobile: string; honeypot: HoneypotInputProps }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<VerifyMobileAnswer>({ key: "verify-mobile" });
  function openDialog(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpen(true);
  }
  return (
    <>
      <Link className={forms.button.primary} to={VERIFY_MOBILE_PATH} onClick={openDialog}>
        {VERIFY_MOBILE_TITLE}
      </Link>
      <Dialog open={open} title={VERIFY_MOBILE_TITLE} onClose={() => setOpen(false)}>
        <VerifyMobileForms
          mobile={mobile}
          honeypot={honeypot}
          answer={fetcher.data}
          fetcher={fetcher as FetcherWithComponents<unknown>}
        />
      </Dialog>
    </>
  );
}
