import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import type { Route } from "./+types/forgotten-password";
import { api } from "#contract";
import { AuthLinks, authLinkClass, AuthPage } from "~/components/auth/AuthPage";
import { HoneypotFields } from "~/components/auth/HoneypotFields";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import { emailError } from "~/models/account";
import { appContext } from "~/services/context";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";
import { authContent, refusalFor, resetLinkBase } from "./auth.server";
import { requireGuest } from "./guards.server";
import * as forms from "~/styles/forms.css";

/** Ask for a reset link (spec 2 §2 /forgotten-password): the same answer whatever the e-mail, so it finds no member. */
const schema = z.object({ email: z.string().trim().max(254).default("") }).superRefine((input, ctx) => {
  const error = emailError(input.email);
  if (error) ctx.addIssue({ code: "custom", path: ["email"], message: error });
});

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  return { content: await authContent(context, "forgot-password"), honeypot: await honeypotInputProps(config) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = requireGuest(context);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // A bot is answered as anyone is, and nothing is sent.
  if (await isSpam(context.get(appContext).config, form)) return redirect(href("/forgotten-password-set"), 303);
  try {
    await shopper.api.call(api.requestResetPassword, {
      email: submission.value.email,
      resetUrl: resetLinkBase(request),
    });
  } catch (error) {
    // Only limits refuse it (too many links asked for): the same words for every address.
    return data(submission.reply({ formErrors: [refusalFor(error, []).message] }), { status: 400 });
  }
  return redirect(href("/forgotten-password-set"), 303);
}

export default function ForgottenPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { content, honeypot } = loaderData;
  const [form, fields] = useForm<z.input<typeof schema>>({ id: "forgotten-password", lastResult: actionData });
  const formError = form.errors?.[0];
  const summary = [
    ...(formError ? [{ field: fields.email.id, message: formError }] : []),
    ...fieldErrors([fields.email]),
  ];
  return (
    <AuthPage content={content}>
      <ErrorSummary errors={summary} />
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <HoneypotFields honeypot={honeypot} />
        <TextField
          field={fields.email}
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
          maxLength={254}
        />
        <button type="submit" className={`${forms.button.primary} ${forms.buttonBlock}`}>
          Send me a reset link
        </button>
      </Form>
      <AuthLinks label="Other ways in">
        <li>
          <Link className={authLinkClass} to={href("/login")}>
            Back to log in
          </Link>
        </li>
      </AuthLinks>
    </AuthPage>
  );
}

export function meta() {
  return [{ title: "Forgotten your password?" }];
}
