import { eq } from "drizzle-orm";
import {
  AUTH_MESSAGES,
  CHECKOUT_MESSAGES,
  MEMBER_MESSAGES,
  internationalUkMobile,
  type MemberProfile,
} from "../contract";
import type { RequestContext } from "../context";
import { members } from "../db/schema";
import { ApiError } from "../errors";
import { countAttempt } from "./limits";
import { memberById, profileOf, setPassword } from "./members";
import { hashPassword, passwordProblem, spendPasswordCheck, verifyPassword } from "./passwords";
import { revokeMember } from "./tokens";
import { fieldRefusal, requireMember } from "./member-guard";

const sessionExpired = () => new ApiError(401, AUTH_MESSAGES.sessionExpired);

/** The caller's profile; a member token whose member is gone is an ended session. */
export async function getProfile(ctx: RequestContext): Promise<MemberProfile> {
  const { memberId } = requireMember(ctx);
  const member = await memberById(ctx.db, memberId);
  if (!member) throw sessionExpired();
  return profileOf(member);
}

/**
 * Spec 2 §7 profile/update: names and mobile. A number that differs from the saved one (compared in +44 form) is
 * no longer verified; the same number keeps its verification.
 */
export async function updateProfile(
  ctx: RequestContext,
  input: { firstName: string; lastName: string; mobile: string },
): Promise<{ success: true; message: string; profile: MemberProfile }> {
  const { memberId } = requireMember(ctx);
  const mobile = internationalUkMobile(input.mobile);
  if (!mobile) throw fieldRefusal("mobile", CHECKOUT_MESSAGES.phoneInvalid, "mobile is not a UK mobile number");
  const updated = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(members).where(eq(members.id, memberId)).for("update");
    if (!current) return null;
    const mobileValidated = current.mobile === mobile && current.mobileValidated;
    const [row] = await tx
      .update(members)
      .set({ firstName: input.firstName, lastName: input.lastName, mobile, mobileValidated })
      .where(eq(members.id, memberId))
      .returning();
    return row ?? null;
  });
  if (!updated) throw sessionExpired();
  ctx.log.info("member.profile_updated", { memberId, mobileValidated: updated.mobileValidated });
  return { success: true, message: MEMBER_MESSAGES.profileUpdated, profile: profileOf(updated) };
}

/**
 * Changes the password: the current one checked (a member without one, who signs in by code or socially, cannot
 * pass this check), the new one held to registration's rules; every other session ends, the caller's stays.
 * Counted against the sign-in limits, so it cannot be used to guess the current password faster.
 */
export async function changePassword(
  ctx: RequestContext,
  input: { currentPassword: string; newPassword: string },
): Promise<{ success: true; message: string }> {
  const auth = requireMember(ctx);
  const member = await memberById(ctx.db, auth.memberId);
  if (!member) throw sessionExpired();
  await countAttempt(ctx, "signIn", member.email);
  const right = member.passwordHash
    ? await verifyPassword(input.currentPassword, member.passwordHash)
    : await spendPasswordCheck(input.currentPassword);
  if (!right) {
    ctx.log.warn("member.password_change_refused", { memberId: member.id, reason: "current_password" });
    // 400, not 401: the caller's session is fine, and a 401 would tell the storefront it had ended (signing them out).
    throw new ApiError(400, MEMBER_MESSAGES.currentPasswordIncorrect, {
      errorCode: "CURRENT_PASSWORD_INCORRECT",
      errorDisplay: MEMBER_MESSAGES.currentPasswordIncorrect,
      details: { field: "currentPassword" },
    });
  }
  const problem = passwordProblem(input.newPassword);
  if (problem) throw fieldRefusal("newPassword", problem);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await setPassword(tx, member.id, passwordHash);
    await revokeMember(tx, ctx.clock, member.id, { keepFamily: auth.family });
  });
  ctx.log.info("member.password_changed", { memberId: member.id });
  return { success: true, message: MEMBER_MESSAGES.passwordUpdated };
}
