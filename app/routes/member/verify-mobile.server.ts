import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { api, MEMBER_MESSAGES } from "#contract";
import type { VerifyMobileAnswer } from "~/components/member/VerifyMobile";
import { codeError, normaliseCode } from "~/models/account";
import { appContext, shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { refusalFor } from "../auth/auth.server";

type RequestContext = Readonly<RouterContextProvider>;

/** Said once the mobile is verified (the spec has no words for it). */
export const MOBILE_VERIFIED_MESSAGE = "Your mobile number has been verified";

/**
 * Spec 2 §4: the bot check's token for the built-in check is its prefix and the honeypot's value. The action has
 * already refused a post whose honeypot a bot filled in, so it vouches for a person (as the coupon form does).
 */
const PERSON_VERIFY_TOKEN = "honeypot:";

/** The two forms of verification: send a code, and check the code typed in. */
export const verifySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send") }),
  z.object({ intent: z.literal("check"), code: z.string().trim().max(20).default("") }).superRefine((input, ctx) => {
    const problem = codeError(input.code);
    if (problem) ctx.addIssue({ code: "custom", path: ["code"], message: problem });
  }),
]);

export function answer(parts: Partial<VerifyMobileAnswer>): VerifyMobileAnswer {
  return { sent: false, notice: null, error: null, code: null, ...parts };
}

function basketToken(context: RequestContext): { basketToken?: string } {
  const token = context.get(shopperContext).session.get("basketToken");
  return token ? { basketToken: token } : {};
}

/** Asks for a code by SMS. Too many asks, a failed bot check or a code that could not be sent: 'Unable to send…'. */
export async function sendCode(context: RequestContext): Promise<VerifyMobileAnswer> {
  const shopper = context.get(shopperContext);
  try {
    const sent = await shopper.api.call(api.memberVerificationCodeRequest, {
      verifytoken: PERSON_VERIFY_TOKEN,
      platform: "web",
      ...basketToken(context),
    });
    return answer({ sent: true, notice: sent.message || MEMBER_MESSAGES.otpSent });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    context
      .get(appContext)
      .log.warn("member verification: code not sent", { status: error.status, errorCode: error.errorCode });
    // No mobile on the profile, verification switched off: the platform's own words say what to do.
    const own = error.errorCode === "NO_MOBILE" || error.errorCode === "VERIFICATION_DISABLED";
    return answer({ error: own ? error.message : MEMBER_MESSAGES.otpSendFailed });
  }
}

/** A refused send, as the form shows it. */
export function sendRefused(): VerifyMobileAnswer {
  return answer({ error: MEMBER_MESSAGES.otpSendFailed });
}

/**
 * Checks the code: null when the mobile is now verified. A wrong code is the code field's error; the mobile verified
 * on another account (MOBILE_USED_WITH_INVITE, the basket's coupon for verified members removed) is the platform's
 * message for the whole form.
 */
export async function checkCode(
  context: RequestContext,
  code: string,
): Promise<{ field: "code" | null; message: string } | null> {
  const shopper = context.get(shopperContext);
  try {
    await shopper.api.call(api.memberVerificationCodeCheck, {
      verificationCode: normaliseCode(code) ?? code,
      ...basketToken(context),
    });
    return null;
  } catch (error) {
    if (error instanceof PlatformError && error.errorCode === "OTP_INCORRECT")
      return { field: "code", message: error.message };
    if (error instanceof PlatformError)
      context
        .get(appContext)
        .log.warn("member verification: code refused", { status: error.status, errorCode: error.errorCode });
    return { field: null, message: refusalFor(error, []).message };
  }
}
