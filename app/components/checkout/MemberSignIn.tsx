import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import * as forms from "~/styles/forms.css";
import * as styles from "./Checkout.css";

/**
 * The intent of the post under way, if any: its button then says what it is doing (UX.md). The intents of these
 * forms are their own on every page that shows one (the guest choice beside the sign-in form posts "guest").
 */
function usePendingIntent(): string | null {
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return typeof intent === "string" ? intent : null;
}

/**
 * The member sign-in form of the checkout (spec 1 §2 guest login): e-mail and password, or "Email me a code" with the
 * same e-mail, which opens the one-time code form. Its id names its fields (`signin-email` …), so a page has one.
 */
export function MemberSignInForm({
  answer,
  email,
}: {
  answer: SubmissionResult<string[]> | null | undefined;
  email?: string;
}) {
  const [form, fields] = useForm<{ intent: string; email: string; password: string }>({
    id: "signin",
    lastResult: answer,
  });
  const pending = usePendingIntent();
  return (
    <>
      <ErrorSummary id="signin-summary" errors={fieldErrors([fields.email, fields.password])} />
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <TextField
          field={fields.email}
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={254}
          defaultValue={email ?? ""}
        />
        <TextField
          field={fields.password}
          label="Password"
          type="password"
          autoComplete="current-password"
          maxLength={200}
        />
        <div className={styles.actions}>
          <button type="submit" name="intent" value="password" className={forms.button.primary}>
            {pending === "password" ? "Logging in…" : "Log in"}
          </button>
          <button type="submit" name="intent" value="send-code" className={forms.button.secondary}>
            {pending === "send-code" ? "Sending a code…" : "Email me a code"}
          </button>
        </div>
      </Form>
    </>
  );
}

/** The one-time code form (spec 1 §2 guest login one-time code), with "Send a new code". */
export function OneTimeCodeForm({
  answer,
  email,
}: {
  answer: SubmissionResult<string[]> | null | undefined;
  email: string;
}) {
  const [form, fields] = useForm<{ intent: string; email: string; code: string }>({ id: "code", lastResult: answer });
  const pending = usePendingIntent();
  return (
    <>
      <ErrorSummary id="code-summary" errors={fieldErrors([fields.email, fields.code])} />
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <input type="hidden" name="email" value={email} />
        <TextField
          field={fields.code}
          label="Code"
          hint={`The 6-digit code we emailed to ${email}. It works for 10 minutes.`}
          inputMode="numeric"
          autoComplete="one-time-code"
          width="code"
          maxLength={12}
          spellCheck={false}
        />
        <div className={styles.actions}>
          <button type="submit" name="intent" value="code" className={forms.button.primary}>
            {pending === "code" ? "Signing in…" : "Sign in"}
          </button>
          <button type="submit" name="intent" value="send-code" className={forms.button.secondary}>
            {pending === "send-code" ? "Sending a code…" : "Send a new code"}
          </button>
        </div>
      </Form>
    </>
  );
}
