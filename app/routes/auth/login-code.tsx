import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import type { Route } from "./+types/login-code";
import { api, AUTH_MESSAGES } from "#contract";
import { AuthLinks, authHref, authLinkClass, AuthPageCard } from "~/components/auth/AuthPage";
import { HoneypotFields } from "~/components/auth/HoneypotFields";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import { codeError, emailError, normaliseCode } from "~/models/account";
import { replyShown } from "~/models/form-reply.server";
import { appContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";
import { signInMember } from "~/services/member-session.server";
import { authContent, refusalFor } from "./auth.server";
import { redirectAfterSignIn, redirectFromQuery, requireGuest } from "./guards.server";
import * as forms from "~/styles/forms.css";

/** Sign in with a one-time code (spec 2 §4 Auth): send a code to the e-mail address, then type its six digits. */
const schema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("send"),
      email: z.string().trim().max(254).default(""),
      redirectTo: z.string().max(2000).optional(),
    })
    .superRefine((input, ctx) => {
      const error = emailError(input.email);
      if (error) ctx.addIssue({ code: "custom", path: ["email"], message: error });
    }),
  z
    .object({
      intent: z.literal("verify"),
      code: z.string().trim().max(20).default(""),
      redirectTo: z.string().max(2000).optional(),
    })
    .superRefine((input, ctx) => {
      const error = codeError(input.code);
      if (error) ctx.addIssue({ code: "custom", path: ["code"], message: error });
    }),
]);

/** The code step shows once a code was sent in this session (its address is kept there, spec 2 §3 loginEmail). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = requireGuest(context);
  const sentTo = new URL(request.url).searchParams.has("sent") ? (shopper.session.get("loginEmail") ?? null) : null;
  const { config } = context.get(appContext);
  return {
    content: await authContent(context, "login"),
    sentTo,
    redirectTo: redirectFromQuery(request),
    honeypot: await honeypotInputProps(config),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = requireGuest(context);
  const { config, clock } = context.get(appContext);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema });
  const intent = submission.payload.intent === "verify" ? "verify" : "send";
  // The page shows one form (the code's once a code was sent): another form's errors are said over it.
  const shows = new URL(request.url).searchParams.has("sent") && shopper.session.get("loginEmail") ? "verify" : "send";
  const shown = intent !== shows ? [] : intent === "verify" ? ["code"] : ["email"];
  const refuse = (options?: Parameters<typeof submission.reply>[0]) =>
    data({ intent, result: replyShown(submission, shown, options) }, { status: 400 });
  if (submission.status !== "success") return refuse();
  const value = submission.value;
  const back = (path: string) => authHref(path, redirectAfterSignIn(value.redirectTo));
  if (value.intent === "send") {
    // A bot is answered as anyone is, and nothing is sent.
    if (!(await isSpam(config, form))) {
      try {
        await shopper.api.call(api.sendOtpMessage, { email: value.email, type: "email" });
      } catch (error) {
        return refuse({ formErrors: [refusalFor(error, []).message] });
      }
    }
    shopper.session.set("loginEmail", value.email);
    const next = back(href("/login/code"));
    return redirectWithToast(context, `${next}${next.includes("?") ? "&" : "?"}sent=1`, {
      kind: "success",
      message: AUTH_MESSAGES.otpSent,
    });
  }
  const email = shopper.session.get("loginEmail");
  if (!email) return redirect(back(href("/login/code")), 303);
  try {
    const grant = {
      grant_type: "custom_request",
      provider: "otp",
      username: email,
      password: normaliseCode(value.code) ?? "",
      registeringFromScreen: "login",
    } as const;
    await signInMember(shopper, api.oauthToken, grant, clock.now());
  } catch (error) {
    // The platform's words, beside the code when the code's form is on the page, else over the form that is.
    const message = refusalFor(error, []).message;
    return refuse(shows === "verify" ? { fieldErrors: { code: [message] } } : { formErrors: [message] });
  }
  return redirect(redirectAfterSignIn(value.redirectTo), 303);
}

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const { content, sentTo, redirectTo, honeypot } = loaderData;
  const [sendForm, send] = useForm<{ email: string }>({
    id: "code-send",
    lastResult: actionData?.intent === "send" ? actionData.result : undefined,
  });
  const [verifyForm, verify] = useForm<{ code: string }>({
    id: "code-verify",
    lastResult: actionData?.intent === "verify" ? actionData.result : undefined,
  });
  const formError = (actionData?.intent === "verify" ? verifyForm : sendForm).errors?.[0];
  const summary = [
    ...(formError ? [{ field: sentTo ? verify.code.id : send.email.id, message: formError }] : []),
    ...fieldErrors(sentTo ? [verify.code] : [send.email]),
  ];
  return (
    <AuthPageCard title="Log in with a code" lead={content.subTitle} image={content.image}>
      <ErrorSummary errors={summary} />
      {sentTo ? (
        <>
          <p>We have sent a 6-digit code to {sentTo}. It works once, for ten minutes.</p>
          <Form method="post" {...getFormProps(verifyForm)}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <TextField
              field={verify.code}
              label="Code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              width="phone"
              required
              maxLength={7}
              spellCheck={false}
            />
            <button type="submit" className={`${forms.button.primary} ${forms.buttonBlock}`}>
              Log in
            </button>
          </Form>
        </>
      ) : (
        <Form method="post" {...getFormProps(sendForm)}>
          <AuthenticityTokenInput />
          <HoneypotFields honeypot={honeypot} />
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            field={send.email}
            label="Email address"
            hint="We will email you a 6-digit code to log in with"
            type="email"
            autoComplete="email"
            spellCheck={false}
            required
            maxLength={254}
          />
          <button type="submit" className={`${forms.button.primary} ${forms.buttonBlock}`}>
            Email me a code
          </button>
        </Form>
      )}
      <AuthLinks label="Other ways in">
        {sentTo ? (
          <li>
            <Link className={authLinkClass} to={authHref(href("/login/code"), redirectTo)}>
              Send a new code or use another email address
            </Link>
          </li>
        ) : null}
        <li>
          <Link className={authLinkClass} to={authHref(href("/login"), redirectTo)}>
            Log in with your password
          </Link>
        </li>
      </AuthLinks>
    </AuthPageCard>
  );
}

export function meta() {
  return [{ title: "Log in with a code" }];
}
