import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/cookies";
import { ConsentSettingsForm } from "~/components/cookie-consent/ConsentSettingsForm";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { CONSENT_TEXT } from "~/models/consent";
import { appContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { safeRedirectPath } from "~/services/session.server";
import { choiceOf, consentCookies, consentSchema, readConsent } from "./cookies.server";
import * as styles from "~/styles/pages.css";

/** The cookie settings page (spec 1 §2 modal cookie settings, as a page without script), reached from the footer too. */
export function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/");
  return { consent: readConsent(request), redirectTo };
}

/** Accept all, reject all, or the two switches: the choice is kept in three cookies, and the shopper goes back. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: consentSchema });
  if (submission.status !== "success")
    return data(submission.reply({ formErrors: [CONSENT_TEXT.invalid] }), { status: 400 });
  const form = submission.value;
  const headers = new Headers();
  for (const cookie of consentCookies(choiceOf(form), context.get(appContext).config.secureCookies))
    headers.append("Set-Cookie", cookie);
  const message =
    form.intent === "accept-all"
      ? CONSENT_TEXT.accepted
      : form.intent === "reject-all"
        ? CONSENT_TEXT.rejected
        : CONSENT_TEXT.saved;
  return redirectWithToast(context, safeRedirectPath(form.redirectTo, "/"), { kind: "success", message }, { headers });
}

export default function CookieSettings({ loaderData, actionData }: Route.ComponentProps) {
  const [form] = useForm({ id: "cookie-settings", lastResult: actionData });
  const formError = form.errors?.[0];
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{CONSENT_TEXT.settingsTitle}</h1>
      <ErrorSummary errors={formError ? [{ field: "cookie-settings-performance", message: formError }] : []} />
      <ConsentSettingsForm consent={loaderData.consent} redirectTo={loaderData.redirectTo} idPrefix="cookie-settings" />
    </div>
  );
}

export function meta() {
  return [{ title: CONSENT_TEXT.settingsTitle }];
}
