import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import type { Route } from "./+types/register";
import { api } from "#contract";
import { SocialSignIn } from "~/components/auth/SocialSignIn";
import { AuthLinks, authHref, authLinkClass, AuthPage } from "~/components/auth/AuthPage";
import { HoneypotFields } from "~/components/auth/HoneypotFields";
import { MarketingChoices } from "~/components/auth/MarketingChoices";
import { useClearedPassword } from "~/components/auth/use-cleared-password";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  validateRegistration,
  type RegistrationField,
} from "~/models/account";
import { appContext } from "~/services/context";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";
import { signInMember } from "~/services/member-session.server";
import { replyShown } from "~/models/form-reply.server";
import { authContent, refusalFor } from "./auth.server";
import { socialProviders } from "./social.server";
import { redirectAfterSignIn, redirectFromQuery, requireGuest } from "./guards.server";
import * as forms from "~/styles/forms.css";

const FIELDS = ["firstName", "lastName", "email", "mobile", "password"] as const satisfies readonly RegistrationField[];
const BOT_REFUSED = "There was an error creating your account";
const text = z.string().trim().max(254).default("");

/** A new account (spec 2 §2 /register): name, e-mail, mobile, password and marketing choices by channel. */
const schema = z
  .object({
    firstName: text,
    lastName: text,
    email: text,
    mobile: z.string().trim().max(30).default(""),
    password: z.string().max(PASSWORD_MAX_LENGTH).default(""),
    marketing: z
      .array(z.enum(["email", "sms"]))
      .max(2)
      .default([]),
    redirectTo: z.string().max(2000).optional(),
  })
  .superRefine((input, ctx) => {
    const errors = validateRegistration(input);
    for (const field of FIELDS)
      if (errors[field]) ctx.addIssue({ code: "custom", path: [field], message: errors[field] });
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  const [content, social, honeypot] = await Promise.all([
    authContent(context, "register"),
    socialProviders(context),
    honeypotInputProps(config),
  ]);
  return { content, social, redirectTo: redirectFromQuery(request), honeypot };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = requireGuest(context);
  const { config, clock } = context.get(appContext);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success")
    return data(replyShown(submission, FIELDS, { hideFields: ["password"] }), { status: 400 });
  if (await isSpam(config, form))
    return data(submission.reply({ formErrors: [BOT_REFUSED], hideFields: ["password"] }), { status: 400 });
  const { marketing, redirectTo, ...member } = submission.value;
  try {
    const choices = { email: marketing.includes("email"), sms: marketing.includes("sms") };
    await signInMember(
      shopper,
      api.register,
      { ...member, marketing: choices, platform: "web", registeringFromScreen: "register" },
      clock.now(),
    );
  } catch (error) {
    const { field, message } = refusalFor(error, FIELDS);
    const refusal = field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
    return data(replyShown(submission, FIELDS, { ...refusal, hideFields: ["password"] }), { status: 400 });
  }
  // Spec 2 §4: registering signs the new member in.
  return redirect(redirectAfterSignIn(redirectTo), 303);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { content, social, redirectTo, honeypot } = loaderData;
  const [form, fields] = useForm<z.input<typeof schema>>({ id: "register", lastResult: actionData });
  useClearedPassword(fields.password.id, actionData);
  const formError = form.errors?.[0];
  const summary = [
    ...(formError ? [{ field: fields.firstName.id, message: formError }] : []),
    ...fieldErrors(FIELDS.map((name) => fields[name])),
  ];
  return (
    <AuthPage content={content}>
      <ErrorSummary errors={summary} />
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <HoneypotFields honeypot={honeypot} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          field={fields.firstName}
          label="First name"
          autoComplete="given-name"
          spellCheck={false}
          required
          maxLength={50}
        />
        <TextField
          field={fields.lastName}
          label="Last name"
          autoComplete="family-name"
          spellCheck={false}
          required
          maxLength={50}
        />
        <TextField
          field={fields.email}
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
          maxLength={254}
        />
        <TextField
          field={fields.mobile}
          label="Mobile number"
          hint="A UK mobile, like 07700 900 982"
          type="tel"
          autoComplete="tel"
          width="phone"
          required
          maxLength={30}
        />
        <TextField
          field={fields.password}
          label="Password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <MarketingChoices field={fields.marketing} />
        <button type="submit" className={`${forms.button.primary} ${forms.buttonBlock}`}>
          Create account
        </button>
      </Form>
      <SocialSignIn providers={social} redirectTo={redirectTo} />
      <AuthLinks label="Already have an account">
        <li>
          <Link className={authLinkClass} to={authHref(href("/login"), redirectTo)}>
            Already have an account? Log in
          </Link>
        </li>
      </AuthLinks>
    </AuthPage>
  );
}

export function meta() {
  return [{ title: "Create an account" }];
}
