import { and, eq, ne } from "drizzle-orm";
import { MEMBER_MESSAGES } from "../contract";
import type { RequestContext } from "../context";
import type { Db } from "../db/open";
import { coupons, members } from "../db/schema";
import { ApiError } from "../errors";
import { botCheckFor } from "../botcheck";
import { countAttempt } from "./limits";
import { OTP_MAX_TRIES, OTP_SECONDS, issueCode, tryCode, useCode } from "./otp";
import { lockOwnedBasket, saveBasket } from "../basket/basket";
import { queueMessage } from "../outbox/outbox";
import { requireMember, type MemberAuth } from "./member-guard";

/*
 * Spec 2 §4 verification codes: a member proves their mobile with a six-digit code sent by SMS (ten minutes, single
 * use, five tries, like sign-in codes but kept apart from them by purpose). Only a salted hash of the code is kept
 * and no log line carries it.
 */

export const VERIFICATION_BOT_CHECK_ACTION = "verification_code";

/** Whether the site content turns verification on (spec 1 §3 member.enableSmsVerification). */
export type VerificationSwitch = () => Promise<boolean>;

const incorrect = () =>
  new ApiError(400, MEMBER_MESSAGES.otpIncorrect, {
    errorCode: "OTP_INCORRECT",
    errorDisplay: MEMBER_MESSAGES.otpIncorrect,
  });

async function requireEnabled(enabled: VerificationSwitch): Promise<void> {
  if (!(await enabled())) {
    throw new ApiError(403, MEMBER_MESSAGES.verificationDisabled, {
      errorCode: "VERIFICATION_DISABLED",
      errorDisplay: MEMBER_MESSAGES.verificationDisabled,
    });
  }
}

async function memberRow(ctx: RequestContext, memberId: number) {
  const [member] = await ctx.db.select().from(members).where(eq(members.id, memberId));
  if (!member) throw new ApiError(401, MEMBER_MESSAGES.otpSendFailed);
  return member;
}

export async function requestVerificationCode(
  ctx: RequestContext,
  input: { verifytoken: string },
  options: { enabled: VerificationSwitch; companyName: () => Promise<string> },
): Promise<{ status: "sent"; message: string }> {
  const auth = requireMember(ctx);
  await requireEnabled(options.enabled);
  const check = await botCheckFor(ctx.config).verify({
    token: input.verifytoken,
    clientIp: ctx.clientIp,
    action: VERIFICATION_BOT_CHECK_ACTION,
  });
  if (!check.ok) {
    ctx.log.warn("member.verification_bot_check_failed", { reason: check.reason });
    throw new ApiError(400, `Bot check failed: ${check.reason}.`, {
      errorCode: "BOT_CHECK_FAILED",
      errorDisplay: MEMBER_MESSAGES.otpSendFailed,
    });
  }
  const member = await memberRow(ctx, auth.memberId);
  const mobile = member.mobile;
  if (!mobile)
    throw new ApiError(409, MEMBER_MESSAGES.noMobile, {
      errorCode: "NO_MOBILE",
      errorDisplay: MEMBER_MESSAGES.noMobile,
      details: { field: "mobile" },
    });
  await countAttempt(ctx, "sendCode", `verify:${member.id}`);

  const now = ctx.clock.now();
  const name = await options.companyName();
  try {
    await ctx.db.transaction(async (tx) => {
      const code = await issueCode(
        tx,
        { memberId: member.id, purpose: "verify_mobile", channel: "sms", recipient: mobile },
        now,
      );
      const body = `${code} is your ${name} code to verify your mobile number. It works once, for ${OTP_SECONDS / 60} minutes.`;
      await queueMessage(
        tx,
        { channel: "sms", recipient: mobile, kind: "verification_code", subject: `${name} verification code`, body },
        now,
      );
    });
  } catch (error) {
    ctx.log.error("member.verification_not_queued", {
      memberId: member.id,
      error: error instanceof Error ? error.name : "unknown",
    });
    throw new ApiError(503, MEMBER_MESSAGES.otpSendFailed, {
      errorCode: "OTP_SEND_FAILED",
      errorDisplay: MEMBER_MESSAGES.otpSendFailed,
    });
  }
  ctx.log.info("member.verification_code_sent", { memberId: member.id });
  return { status: "sent", message: MEMBER_MESSAGES.otpSent };
}

/**
 * Checks the code. Every try is counted on the code before it is compared (past the fifth it is refused even when
 * right); a right code is used up. The mobile is then verified, unless another member has already verified that
 * number: MOBILE_USED_WITH_INVITE, and the caller's basket loses a coupon that needed a verified mobile.
 */
export async function checkVerificationCode(
  ctx: RequestContext,
  input: { verificationCode: string; basketToken?: string },
  options: { enabled: VerificationSwitch },
): Promise<{ success: true; mobileValidated: true }> {
  const auth = requireMember(ctx);
  await requireEnabled(options.enabled);
  await countAttempt(ctx, "signIn", `verify:${auth.memberId}`);
  const member = await memberRow(ctx, auth.memberId);
  const now = ctx.clock.now();
  const tried = await tryCode(ctx.db, member.id, "verify_mobile", input.verificationCode.trim(), now);
  if (!tried) throw incorrect();
  if (tried.attempts > OTP_MAX_TRIES) {
    ctx.log.warn("member.verification_tries_exhausted", { memberId: member.id });
    throw incorrect();
  }
  // A code sent to a number the member has since changed proves nothing about the new one.
  if (!tried.matches || tried.recipient !== member.mobile) throw incorrect();

  const outcome = await ctx.db.transaction(async (tx) => {
    if (!(await useCode(tx, tried.id, now))) return "incorrect" as const;
    // Members verifying the same number at once: the lock on each row and this read decide one winner.
    const [other] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.mobile, tried.recipient), eq(members.mobileValidated, true), ne(members.id, member.id)))
      .limit(1)
      .for("update");
    if (other) return "used" as const;
    await tx
      .update(members)
      .set({ mobileValidated: true })
      .where(and(eq(members.id, member.id), eq(members.mobile, tried.recipient)));
    return "verified" as const;
  });
  if (outcome === "incorrect") throw incorrect();
  if (outcome === "used") {
    const removed = input.basketToken ? await removeVerifiedCoupon(ctx.db, input.basketToken, auth, now) : null;
    ctx.log.warn("member.mobile_used_with_invite", { memberId: member.id, couponRemoved: removed !== null });
    throw new ApiError(409, MEMBER_MESSAGES.mobileUsedWithInvite, {
      errorCode: "MOBILE_USED_WITH_INVITE",
      errorDisplay: MEMBER_MESSAGES.mobileUsedWithInvite,
      details: { couponRemoved: removed },
    });
  }
  ctx.log.info("member.mobile_verified", { memberId: member.id });
  return { success: true, mobileValidated: true };
}

/** Takes a coupon that needs a verified mobile off the caller's basket; answers its code, or null when none went. */
async function removeVerifiedCoupon(db: Db, basketToken: string, auth: MemberAuth, now: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    let basket;
    try {
      basket = await lockOwnedBasket(tx, basketToken, auth);
    } catch (error) {
      if (error instanceof ApiError) return null; // not the caller's basket: nothing of theirs to take off
      throw error;
    }
    if (!basket.couponCode) return null;
    const [coupon] = await tx
      .select({ requirement: coupons.requirement })
      .from(coupons)
      .where(eq(coupons.code, basket.couponCode));
    if (coupon?.requirement !== "registered_with_verification") return null;
    await saveBasket(tx, basket, { couponCode: null }, now);
    return basket.couponCode;
  });
}
