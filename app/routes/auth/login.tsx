import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import type { Route } from "./+types/login";
import { api } from "#contract";
import { SocialSignIn } from "~/components/auth/SocialSignIn";
import { AuthLinks, authHref, authLinkClass, AuthPage } from "~/components/auth/AuthPage";
import { useClearedPassword } from "~/components/auth/use-cleared-password";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import { replyShown } from "~/models/form-reply.server";
import { ACCOUNT_TEXT, emailError, PASSWORD_MAX_LENGTH } from "~/models/account";
import { appContext } from "~/services/context";
import { signInMember } from "~/services/member-session.server";
import { authContent, refusalFor } from "./auth.server";
import { socialProviders } from "./social.server";
import { redirectAfterSignIn, redirectFromQuery, requireGuest } from "./guards.server";
import * as forms from "~/styles/forms.css";

/** Sign in with e-mail and password (spec 2 §2 /login, §4 Auth: the member strategy by password). */
const schema = z
  .object({
    email: z.string().trim().max(254).default(""),
    password: z.string().max(PASSWORD_MAX_LENGTH).default(""),
    redirectTo: z.string().max(2000).optional(),
  })
  .superRefine((input, ctx) => {
    const email = emailError(input.email);
    if (email) ctx.addIssue({ code: "custom", path: ["email"], message: email });
    if (!input.password) ctx.addIssue({ code: "custom", path: ["password"], message: ACCOUNT_TEXT.passwordRequired });
  });

/** The fields the page shows errors beside; any other field's error is said over the form. */
const SHOWN = ["email", "password"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [content, social] = await Promise.all([authContent(context, "login"), socialProviders(context)]);
  return { content, social, redirectTo: redirectFromQuery(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = requireGuest(context);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success")
    return data(replyShown(submission, SHOWN, { hideFields: ["password"] }), { status: 400 });
  const { email, password, redirectTo } = submission.value;
  try {
    const grant = { grant_type: "password", username: email, password, registeringFromScreen: "login" } as const;
    await signInMember(shopper, api.oauthToken, grant, context.get(appContext).clock.now());
  } catch (error) {
    const { message } = refusalFor(error, []);
    return data(replyShown(submission, SHOWN, { formErrors: [message], hideFields: ["password"] }), { status: 400 });
  }
  return redirect(redirectAfterSignIn(redirectTo), 303);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { content, social, redirectTo } = loaderData;
  const [form, fields] = useForm<z.input<typeof schema>>({ id: "login", lastResult: actionData });
  useClearedPassword(fields.password.id, actionData);
  const formError = form.errors?.[0];
  const summary = [
    ...(formError ? [{ field: fields.email.id, message: formError }] : []),
    ...fieldErrors([fields.email, fields.password]),
  ];
  return (
    <AuthPage content={content}>
      <ErrorSummary errors={summary} />
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          field={fields.email}
          label="Email address"
          type="email"
          autoComplete="username"
          spellCheck={false}
          required
          maxLength={254}
        />
        <TextField
          field={fields.password}
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <button type="submit" className={`${forms.button.primary} ${forms.buttonBlock}`}>
          Log in
        </button>
      </Form>
      <SocialSignIn providers={social} redirectTo={redirectTo} />
      <AuthLinks label="Other ways in">
        <li>
          <Link className={authLinkClass} to={authHref(href("/login/code"), redirectTo)}>
            Email me a code
          </Link>
        </li>
        <li>
          <Link className={authLinkClass} to={href("/forgotten-password")}>
            Forgotten your password?
          </Link>
        </li>
        <li>
          <Link className={authLinkClass} to={authHref(href("/register"), redirectTo)}>
            Create an account
          </Link>
        </li>
      </AuthLinks>
    </AuthPage>
  );
}

export function meta() {
  return [{ title: "Log in" }];
}
