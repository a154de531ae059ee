import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import { answerOrFresh } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import { useNonce } from "~/components/nonce";
import * as forms from "~/styles/forms.css";
import * as styles from "./StoreList.css";

/**
 * No store here yet (spec 1 §2 stores near by): a form to leave an e-mail address for when one is. The server's
 * answer to the last post (Conform's reply) puts any error on the field.
 */
export interface NotifyFormProps {
  wording: "deliver to" | "have a store near";
  postcode: string | null;
  /** The honeypot's fields for this page (remix-utils' HoneypotInputs); null leaves the trap without its stamp. */
  honeypot: HoneypotInputProps | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
}

export function NotifyForm({ wording, postcode, honeypot, lastResult }: NotifyFormProps) {
  const [notifyForm, notify] = useForm<{ intent: string; email: string }>({
    id: "notify",
    lastResult: answerOrFresh(lastResult),
  });
  const nonce = useNonce();
  return (
    <section className={styles.notify} aria-labelledby="notify-title">
      <h2 id="notify-title">
        We don't {wording} {postcode ?? "you"} yet
      </h2>
      <p>Leave your email address and we'll let you know when we do.</p>
      <Form method="post" {...getFormProps(notifyForm)}>
        <AuthenticityTokenInput />
        <HoneypotProvider {...honeypot}>
          <HoneypotInputs label="Leave this field empty" nonce={nonce} />
        </HoneypotProvider>
        <input type="hidden" name="intent" value="notify" />
        {notifyForm.errors?.[0] ? (
          <p id={notifyForm.errorId} className={forms.errorMessage} role="alert">
            {notifyForm.errors[0]}
          </p>
        ) : null}
        <TextField
          field={notify.email}
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
          maxLength={254}
        />
        <button type="submit" className={forms.button.primary}>
          Email me
        </button>
      </Form>
    </section>
  );
}
