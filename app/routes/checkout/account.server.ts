import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { api, AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from "#contract";
import { ACCOUNT_TEXT } from "~/models/account";
import { CHECKOUT_TEXT, isEmailAddress, normaliseMobile } from "~/models/checkout";
import { appContext, shopperContext, type Shopper } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { isSpam } from "~/services/honeypot.server";
import { isMember, signInMember } from "~/services/member-session.server";
import { PlatformError } from "~/services/platform-client.server";
import { refusalMessage, refusedField } from "./checkout.server";

/*
 * Signing in and creating an account inside the checkout (spec 2 §2 login and register steps, spec 1 §2 guest login
 * and its one-time code): one zod schema per form, and the actions those forms share between the sign-in step and the
 * details step's sign-in page. Every way in ends in signInMember, which hands the guest's basket, held slot and
 * coupon to the member's session.
 */

/** Where a member goes once signed in: the options step, or back to the details step they were stopped at. */
export type SignInNext = "options" | "details";
export const NEXT_PATHS: Record<SignInNext, string> = {
  options: href("/checkout/options"),
  details: href("/checkout/details"),
};

/** The `next` of a query, or the options step: only the two known steps, never an address from outside. */
export function signInNext(url: URL): SignInNext {
  return url.searchParams.get("next") === "details" ? "details" : "options";
}

const emailField = z
  .string({ error: CHECKOUT_TEXT.emailRequired })
  .trim()
  .min(1, CHECKOUT_TEXT.emailRequired)
  .refine((value) => isEmailAddress(value), CHECKOUT_TEXT.emailInvalid);

/** The sign-in form: e-mail and password, or the same e-mail with "Email me a code" (which needs no password). */
export const signInSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("password"),
    email: emailField,
    password: z.string({ error: ACCOUNT_TEXT.passwordRequired }).min(1, ACCOUNT_TEXT.passwordRequired).max(200),
  }),
  z.object({ intent: z.literal("send-code"), email: emailField, password: z.string().optional() }),
]);

/** The one-time code form; "Send a new code" posts the same form without a code. */
export const codeSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("code"),
    email: emailField,
    code: z
      .string({ error: ACCOUNT_TEXT.codeInvalid })
      .transform((value) => value.replace(/\s+/g, ""))
      .pipe(z.string().regex(/^\d{6}$/, ACCOUNT_TEXT.codeInvalid)),
  }),
  z.object({ intent: z.literal("send-code"), email: emailField, code: z.string().optional() }),
]);

const name = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(50, tooLong);

/** The new account form (spec 2 §7 register: platform plus fields). */
export const registerSchema = z.object({
  firstName: name(CHECKOUT_TEXT.firstNameRequired, CHECKOUT_TEXT.firstNameTooLong),
  lastName: name(CHECKOUT_TEXT.lastNameRequired, CHECKOUT_TEXT.lastNameTooLong),
  email: emailField,
  mobile: z
    .string({ error: CHECKOUT_TEXT.phoneRequired })
    .trim()
    .min(1, CHECKOUT_TEXT.phoneRequired)
    .refine((value) => normaliseMobile(value) !== null, CHECKOUT_TEXT.phoneInvalid),
  password: z
    .string({ error: AUTH_MESSAGES.passwordTooShort })
    .max(200)
    .refine((value) => [...value].length >= PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort),
  marketing: z
    .array(z.enum(["email", "sms"]))
    .max(2)
    .default([]),
});

type Context = Readonly<RouterContextProvider>;

/** The code page for an address, and where to go after it. */
function codePath(email: string, next: SignInNext): string {
  const query = new URLSearchParams({ email, ...(next === "details" ? { next } : {}) });
  return `${href("/checkout/login/code")}?${query.toString()}`;
}

/** Sends a one-time code by e-mail and opens the code page, or the refusal at the e-mail field. */
async function sendCode(
  context: Context,
  email: string,
  next: SignInNext,
): Promise<{ ok: true; response: Response } | { ok: false; message: string }> {
  const shopper = context.get(shopperContext);
  try {
    const sent = await shopper.api.call(api.sendOtpMessage, { email, type: "email" });
    return {
      ok: true,
      response: await redirectWithToast(context, codePath(email, next), { kind: "success", message: sent.message }),
    };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return { ok: false, message: error.status === 429 ? error.message : AUTH_MESSAGES.otpSendFailed };
  }
}

/** The sign-in form's post: a password sign-in, or a code sent. Refusals answer 400 with Conform's reply. */
export async function signInAction(context: Context, form: FormData, next: SignInNext) {
  const shopper = context.get(shopperContext);
  const submission = parseWithZod(form, { schema: signInSchema });
  const refuse = (errors: Record<string, string[]> = {}) =>
    data(submission.reply({ fieldErrors: errors, hideFields: ["password"] }), { status: 400 });
  if (submission.status !== "success") return refuse();
  const { email } = submission.value;
  if (submission.value.intent === "send-code") {
    const sent = await sendCode(context, email, next);
    return sent.ok ? sent.response : refuse({ email: [sent.message] });
  }
  try {
    const input = {
      grant_type: "password",
      strategy: "member",
      method: "login",
      username: email,
      password: submission.value.password,
      registeringFromScreen: "checkout",
    } as const;
    await signInMember(shopper, api.oauthToken, input, context.get(appContext).clock.now());
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return refuse({ password: [refusalMessage(error)] });
  }
  return redirect(NEXT_PATHS[next], 303);
}

/** The code form's post: sign in with the code, or send a new one. */
export async function codeAction(context: Context, form: FormData, next: SignInNext) {
  const shopper = context.get(shopperContext);
  const submission = parseWithZod(form, { schema: codeSchema });
  const refuse = (errors: Record<string, string[]> = {}) =>
    data(submission.reply({ fieldErrors: errors, hideFields: ["code"] }), { status: 400 });
  if (submission.status !== "success") return refuse();
  const { email } = submission.value;
  if (submission.value.intent === "send-code") {
    const sent = await sendCode(context, email, next);
    return sent.ok ? sent.response : refuse({ code: [sent.message] });
  }
  try {
    const input = {
      grant_type: "custom_request",
      provider: "otp",
      strategy: "member",
      method: "login",
      username: email,
      password: submission.value.code,
      registeringFromScreen: "checkout",
    } as const;
    await signInMember(shopper, api.oauthToken, input, context.get(appContext).clock.now());
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return refuse({ code: [refusalMessage(error, AUTH_MESSAGES.otpIncorrect)] });
  }
  return redirect(NEXT_PATHS[next], 303);
}

const REGISTER_FIELDS = ["firstName", "lastName", "email", "mobile", "password"] as const;

/** The new account form's post (spec 2 §4: registration signs the user in), then on to the options step. */
export async function registerAction(context: Context, form: FormData) {
  const services = context.get(appContext);
  const shopper = context.get(shopperContext);
  const submission = parseWithZod(form, { schema: registerSchema });
  const refuse = (extra: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {}) =>
    data(submission.reply({ ...extra, hideFields: ["password"] }), { status: 400 });
  if (await isSpam(services.config, form)) return refuse({ formErrors: [AUTH_MESSAGES.registerFailed] });
  if (submission.status !== "success") return refuse();
  const { marketing, ...details } = submission.value;
  try {
    await signInMember(
      shopper,
      api.register,
      {
        platform: "website",
        ...details,
        marketing: { email: marketing.includes("email"), sms: marketing.includes("sms") },
        registeringFromScreen: "checkout",
      },
      services.clock.now(),
    );
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const field = refusedField(error);
    const message = refusalMessage(error, AUTH_MESSAGES.registerFailed);
    if (field && (REGISTER_FIELDS as readonly string[]).includes(field))
      return refuse({ fieldErrors: { [field]: [message] } });
    return refuse({ formErrors: [message] });
  }
  return redirect(NEXT_PATHS.options, 303);
}

/** A member has nothing to sign in to: the sign-in and new account pages send them on. */
export function sendMemberOn(shopper: Shopper, next: SignInNext = "options"): void {
  if (isMember(shopper)) throw redirect(NEXT_PATHS[next], 303);
}

/**
 * A member's name, e-mail and mobile for the details form (spec 2 §4: members find their details filled in), the
 * mobile in its national form as the form asks for it. Null for a guest, or when the profile cannot be read.
 */
export async function memberContact(
  shopper: Shopper,
): Promise<{ firstName: string; lastName: string; email: string; phoneNumber: string } | null> {
  if (!isMember(shopper)) return null;
  try {
    const profile = await shopper.api.call(api.memberProfileGet, {});
    const mobile = profile.mobile ? (normaliseMobile(profile.mobile) ?? profile.mobile) : "";
    return { firstName: profile.firstName, lastName: profile.lastName, email: profile.email, phoneNumber: mobile };
  } catch (error) {
    if (error instanceof PlatformError) return null;
    throw error;
  }
}
