import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import type { Route } from "./+types/change-password";
import { MEMBER_MESSAGES } from "#contract";
import { useClearedPassword } from "~/components/auth/use-cleared-password";
import { MemberPage } from "~/components/member/MemberArea";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/models/account";
import { redirectWithToast } from "~/services/flash.server";
import { requireMember } from "../auth/guards.server";
import { changePassword, passwordSchema } from "./change-password.server";
import * as forms from "~/styles/forms.css";

/** Change password (spec 2 §2 /member/change-password): the current password, then the new one. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMember(context, request);
  const submission = parseWithZod(await request.formData(), { schema: passwordSchema });
  const hideFields = ["currentPassword", "newPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const refusal = await changePassword(context, submission.value);
  if (refusal?.field)
    return data(submission.reply({ fieldErrors: { [refusal.field]: [refusal.message] }, hideFields }), { status: 400 });
  if (refusal) return data(submission.reply({ formErrors: [refusal.message], hideFields }), { status: 400 });
  return redirectWithToast(context, "/member/profile", { kind: "success", message: MEMBER_MESSAGES.passwordUpdated });
}

export default function ChangePassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<z.input<typeof passwordSchema>>({ id: "change-password", lastResult: actionData });
  useClearedPassword(fields.currentPassword.id, actionData);
  useClearedPassword(fields.newPassword.id, actionData);
  const formError = form.errors?.[0];
  const summary = [
    ...(formError ? [{ field: fields.currentPassword.id, message: formError }] : []),
    ...fieldErrors([fields.currentPassword, fields.newPassword]),
  ];
  return (
    <MemberPage
      title="Change password"
      lead="You stay logged in here; anywhere else you are logged in, you will need the new password."
    >
      <ErrorSummary errors={summary} />
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <TextField
          field={fields.currentPassword}
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <TextField
          field={fields.newPassword}
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <button type="submit" className={forms.button.primary}>
          Change password
        </button>
      </Form>
    </MemberPage>
  );
}

export function meta() {
  return [{ title: "Change password" }];
}
