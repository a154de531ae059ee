import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import type { Route } from "./+types/reset-password";
import { api, AUTH_MESSAGES } from "#contract";
import { AuthLinks, authLinkClass, AuthPage } from "~/components/auth/AuthPage";
import { useClearedPassword } from "~/components/auth/use-cleared-password";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import { newPasswordError, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/models/account";
import { shopperContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { authContent, refusalFor } from "./auth.server";
import { requireGuest } from "./guards.server";
import * as forms from "~/styles/forms.css";

/** A new password from a reset link (spec 2 §2 /member/reset-token/{token}). */
const schema = z.object({ password: z.string().max(PASSWORD_MAX_LENGTH).default("") }).superRefine((input, ctx) => {
  const error = newPasswordError(input.password);
  if (error) ctx.addIssue({ code: "custom", path: ["password"], message: error });
});

/** The link is checked before the form is shown: one used or expired says so and offers a new one. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const [content, check] = await Promise.all([
    authContent(context, "reset-password"),
    shopper.api.call(api.validateResetToken, { token: params.token }),
  ]);
  return { content, valid: check.valid, email: check.email, invalidMessage: AUTH_MESSAGES.resetLinkInvalid };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shopper = requireGuest(context);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  try {
    await shopper.api.call(api.resetPassword, { token: params.token, password: submission.value.password });
  } catch (error) {
    const { field, message } = refusalFor(error, ["password"] as const);
    const refusal = field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
    return data(submission.reply({ ...refusal, hideFields: ["password"] }), { status: 400 });
  }
  return redirectWithToast(context, href("/login"), { kind: "success", message: AUTH_MESSAGES.passwordUpdated });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { content, valid, email, invalidMessage } = loaderData;
  const [form, fields] = useForm<z.input<typeof schema>>({ id: "reset-password", lastResult: actionData });
  useClearedPassword(fields.password.id, actionData);
  const formError = form.errors?.[0];
  const summary = [
    ...(formError ? [{ field: fields.password.id, message: formError }] : []),
    ...fieldErrors([fields.password]),
  ];
  if (!valid) {
    return (
      <AuthPage content={content}>
        <p role="alert">{invalidMessage}</p>
        <AuthLinks label="Next steps">
          <li>
            <Link className={authLinkClass} to={href("/forgotten-password")}>
              Send me a new link
            </Link>
          </li>
        </AuthLinks>
      </AuthPage>
    );
  }
  return (
    <AuthPage content={content}>
      <ErrorSummary errors={summary} />
      {email ? <p>For the account {email}</p> : null}
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <TextField
          field={fields.password}
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <button type="submit" className={`${forms.button.primary} ${forms.buttonBlock}`}>
          Save new password
        </button>
      </Form>
    </AuthPage>
  );
}

export function meta() {
  return [{ title: "Choose a new password" }];
}
