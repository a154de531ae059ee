import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import type { Route } from "./+types/my-details";
import { MEMBER_MESSAGES } from "#contract";
import { MemberPage } from "~/components/member/MemberArea";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import { redirectWithToast } from "~/services/flash.server";
import { requireMember } from "../auth/guards.server";
import { memberProfile } from "./member.server";
import { detailsSchema, updateDetails } from "./my-details.server";
import { ukMobile } from "./profile.server";
import * as forms from "~/styles/forms.css";
import * as s from "~/components/member/MemberProfile.css";

/** 'Edit my details' (spec 2 §2 /member/my-details): the member's names and mobile, filled in with what is saved. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = await memberProfile(context, request);
  return { firstName: profile.firstName, lastName: profile.lastName, mobile: ukMobile(profile.mobile) ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMember(context, request);
  const submission = parseWithZod(await request.formData(), { schema: detailsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const refusal = await updateDetails(context, submission.value);
  if (refusal?.field)
    return data(submission.reply({ fieldErrors: { [refusal.field]: [refusal.message] } }), { status: 400 });
  if (refusal) return data(submission.reply({ formErrors: [refusal.message] }), { status: 400 });
  return redirectWithToast(context, "/member/profile", { kind: "success", message: MEMBER_MESSAGES.profileUpdated });
}

export default function MyDetails({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<z.input<typeof detailsSchema>>({ id: "my-details", lastResult: actionData });
  const formError = form.errors?.[0];
  const summary = [
    ...(formError ? [{ field: fields.firstName.id, message: formError }] : []),
    ...fieldErrors([fields.firstName, fields.lastName, fields.mobile]),
  ];
  return (
    <MemberPage title="My details" lead="Your name and mobile number, as we use them for your orders.">
      <ErrorSummary errors={summary} />
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <TextField
          field={fields.firstName}
          label="First name"
          defaultValue={loaderData.firstName}
          autoComplete="given-name"
          spellCheck={false}
          required
          maxLength={50}
        />
        <TextField
          field={fields.lastName}
          label="Last name"
          defaultValue={loaderData.lastName}
          autoComplete="family-name"
          spellCheck={false}
          required
          maxLength={50}
        />
        <TextField
          field={fields.mobile}
          label="Mobile number"
          hint="A UK mobile, like 07700 900 982. A new number needs verifying again."
          defaultValue={loaderData.mobile}
          type="tel"
          autoComplete="tel"
          width="phone"
          required
          maxLength={30}
        />
        <div className={s.actions}>
          <button type="submit" className={forms.button.primary}>
            Save my details
          </button>
          <Link className={forms.button.secondary} to="/member/profile">
            Cancel
          </Link>
        </div>
      </Form>
    </MemberPage>
  );
}

export function meta() {
  return [{ title: "My details" }];
}
