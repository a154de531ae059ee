import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors, postedOptions } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import { useNonce } from "~/components/nonce";
import { MARKETING_TITLE } from "~/models/checkout";
import * as forms from "~/styles/forms.css";
import * as styles from "./Checkout.css";

type RegisterFields = {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  password: string;
  marketing: string[];
};

/** The channels a new member may opt in to (spec 2 §9 notification channels). */
const CHANNELS = [
  { value: "email", text: "Email me offers and news" },
  { value: "sms", text: "Text me offers and news" },
] as const;

/**
 * The new account form (spec 2 §2 register step): name, e-mail, mobile, password and marketing by e-mail or SMS, with
 * the honeypot a bot would fill in. A refusal is shown at its field and in the summary, the password never sent back.
 */
export function RegisterForm({
  answer,
  honeypot,
  minLength,
}: {
  answer: SubmissionResult<string[]> | null | undefined;
  honeypot: HoneypotInputProps;
  minLength: number;
}) {
  const nonce = useNonce();
  const [form, fields] = useForm<RegisterFields>({ id: "register", lastResult: answer });
  const formError = form.errors?.[0];
  const creating = useNavigation().state === "submitting";
  const checked = new Set(postedOptions(fields.marketing) ?? []);
  const summary = [
    ...(formError ? [{ field: fields.firstName.id, message: formError }] : []),
    ...fieldErrors([fields.firstName, fields.lastName, fields.email, fields.mobile, fields.password]),
  ];
  return (
    <>
      <ErrorSummary id="register-summary" errors={summary} />
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <HoneypotProvider {...honeypot}>
          <HoneypotInputs label="Leave this field empty" nonce={nonce} />
        </HoneypotProvider>
        <TextField
          field={fields.firstName}
          label="First name"
          autoComplete="given-name"
          maxLength={50}
          spellCheck={false}
        />
        <TextField
          field={fields.lastName}
          label="Last name"
          autoComplete="family-name"
          maxLength={50}
          spellCheck={false}
        />
        <TextField
          field={fields.email}
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={254}
        />
        <TextField
          field={fields.mobile}
          label="Mobile number"
          hint="Like 07700 900 982"
          type="tel"
          autoComplete="tel"
          width="phone"
          maxLength={20}
        />
        <TextField
          field={fields.password}
          label="Password"
          hint={`At least ${minLength} characters. Avoid a common password.`}
          type="password"
          autoComplete="new-password"
          maxLength={200}
        />
        <fieldset className={forms.fieldset}>
          <legend className={forms.legend}>{MARKETING_TITLE}</legend>
          <div className={styles.choices} key={fields.marketing.key}>
            {CHANNELS.map((channel) => (
              <label key={channel.value} className={styles.choice}>
                <input
                  className={styles.choiceInput}
                  type="checkbox"
                  name={fields.marketing.name}
                  value={channel.value}
                  defaultChecked={checked.has(channel.value)}
                />
                <span>{channel.text}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={forms.button.primary}>
          {creating ? "Creating your account…" : "Create account and continue"}
        </button>
      </Form>
    </>
  );
}
