import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import type { Route } from "./+types/verify-mobile";
import { MemberPage } from "~/components/member/MemberArea";
import { replyShown } from "~/models/form-reply.server";
import { VERIFY_MOBILE_TITLE, VerifyMobileForms } from "~/components/member/VerifyMobile";
import { appContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";
import { requireMember } from "../auth/guards.server";
import { memberProfile } from "./member.server";
import { smsVerificationEnabled, ukMobile } from "./profile.server";
import {
  answer,
  checkCode,
  MOBILE_VERIFIED_MESSAGE,
  sendCode,
  sendRefused,
  verifySchema,
} from "./verify-mobile.server";
import * as forms from "~/styles/forms.css";

/**
 * Mobile verification (spec 2 §4), the page: the profile's dialog without script. Send a code by SMS, type it in,
 * and the member's mobile is verified (coupons for verified members then apply).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [profile, enabled, honeypot] = await Promise.all([
    memberProfile(context, request),
    smsVerificationEnabled(context),
    honeypotInputProps(context.get(appContext).config),
  ]);
  return { mobile: ukMobile(profile.mobile), verified: profile.mobileValidated, enabled, honeypot };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMember(context, request);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: verifySchema });
  if (submission.status !== "success") {
    // Only the code's errors are shown beside a field; anything else (a forged intent) is said over the forms.
    const code = replyShown(submission, ["code"]);
    return data(answer({ sent: true, code, error: code.error?.[""]?.[0] ?? null }), { status: 400 });
  }
  if (submission.value.intent === "send") {
    if (await isSpam(context.get(appContext).config, form)) return data(sendRefused(), { status: 400 });
    const sent = await sendCode(context);
    return data(sent, { status: sent.error ? 400 : 200 });
  }
  const refusal = await checkCode(context, submission.value.code);
  if (!refusal)
    return redirectWithToast(context, "/member/profile", { kind: "success", message: MOBILE_VERIFIED_MESSAGE });
  const reply = refusal.field ? submission.reply({ fieldErrors: { code: [refusal.message] } }) : submission.reply();
  return data(answer({ sent: true, error: refusal.field ? null : refusal.message, code: reply }), { status: 400 });
}

export default function VerifyMobile({ loaderData, actionData }: Route.ComponentProps) {
  const { mobile, verified, enabled, honeypot } = loaderData;
  // A post refused where the forms are not shown: what the page says instead is why, said as the refusal's message.
  const why = actionData ? ({ role: "alert" } as const) : {};
  return (
    <MemberPage title={VERIFY_MOBILE_TITLE}>
      {verified ? (
        <p {...why}>Your mobile number {mobile} is verified.</p>
      ) : !enabled ? (
        <p {...why}>Mobile verification is not available.</p>
      ) : !mobile ? (
        <p {...why}>
          Add a mobile number to your profile first: <Link to="/member/my-details">Edit my details</Link>.
        </p>
      ) : (
        <VerifyMobileForms mobile={mobile} honeypot={honeypot} answer={actionData} />
      )}
      <p>
        <Link className={forms.button.secondary} to="/member/profile">
          Back to your profile
        </Link>
      </p>
    </MemberPage>
  );
}

export function meta() {
  return [{ title: VERIFY_MOBILE_TITLE }];
}
