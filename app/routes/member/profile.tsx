import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import type { Route } from "./+types/profile";
import { MEMBER_MESSAGES } from "#contract";
import { Facts } from "~/components/auth/AuthPage";
import { MarketingPreferences } from "~/components/member/MarketingPreferences";
import { MemberPage } from "~/components/member/MemberArea";
import { VerifyMobileAction } from "~/components/member/VerifyMobile";
import { appContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { honeypotInputProps } from "~/services/honeypot.server";
import { requireMember } from "../auth/guards.server";
import { loadProfile, marketingOptions, marketingSchema, saveMarketing } from "./profile.server";
import * as forms from "~/styles/forms.css";
import * as s from "~/components/member/MemberProfile.css";

/**
 * The member's profile (spec 2 §2 /member/profile): name, e-mail and mobile with its verification, the ways to edit
 * them and the password, and the member's marketing preferences (spec 2 §3), saved from this page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [profile, honeypot] = await Promise.all([
    loadProfile(context, request),
    honeypotInputProps(context.get(appContext).config),
  ]);
  return { profile, honeypot };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMember(context, request);
  const submission = parseWithZod(await request.formData(), { schema: marketingSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ formErrors: [MEMBER_MESSAGES.marketingUpdateError] }), { status: 400 });
  }
  if (!(await saveMarketing(context, marketingOptions(submission.value)))) {
    return data(submission.reply({ formErrors: [MEMBER_MESSAGES.marketingUpdateError] }), { status: 400 });
  }
  return redirectWithToast(context, "/member/profile", { kind: "success", message: MEMBER_MESSAGES.marketingUpdated });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, honeypot } = loaderData;
  return (
    <MemberPage title="Profile">
      <Facts
        facts={[
          { term: "Name", value: profile.name },
          { term: "Email address", value: profile.email },
          { term: "Mobile number", value: profile.mobile ?? "None given" },
          ...(profile.mobile
            ? [{ term: "Mobile number verified", value: profile.mobileVerified ? "Verified" : "Not verified" }]
            : []),
        ]}
      />
      <div className={s.actions}>
        {profile.canVerify && profile.mobile ? (
          <VerifyMobileAction mobile={profile.mobile} honeypot={honeypot} />
        ) : null}
        <Link className={forms.button.secondary} to="/member/my-details">
          Edit my details
        </Link>
        <Link className={forms.button.secondary} to="/member/change-password">
          Change password
        </Link>
      </div>
      <MarketingPreferences marketing={profile.marketing} lastResult={actionData ?? null} />
    </MemberPage>
  );
}

export function meta() {
  return [{ title: "Profile" }];
}
