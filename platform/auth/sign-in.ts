import {
  AUTH_MESSAGES,
  CHECKOUT_MESSAGES,
  internationalUkMobile,
  type OauthTokenRequest,
  type OauthTokenResponse,
  type ReferralLink,
} from "../contract";
import type { RequestContext } from "../context";
import { ApiError } from "../errors";
import { linkReferral } from "../referrals/link";
import { countAttempt } from "./limits";
import { createMember, memberByEmail, memberForSocialAccount } from "./members";
import { checkOtp } from "./otp";
import { hashPassword, requireGoodPassword, spendPasswordCheck, verifyPassword } from "./passwords";
import { signInMember, startMemberSession } from "./session";
import { facebookAccount, googleAccount } from "./social";

type PasswordGrant = Extract<OauthTokenRequest, { grant_type: "password" }>;
type CustomGrant = Extract<OauthTokenRequest, { grant_type: "custom_request" }>;

const badCredentials = () =>
  new ApiError(401, AUTH_MESSAGES.badCredentials, {
    errorCode: "BAD_CREDENTIALS",
    errorDisplay: AUTH_MESSAGES.badCredentials,
  });

/**
 * E-mail and password. An unknown address, a member without a password and a wrong password are refused alike
 * and take the same time (one scrypt check each), so the answer does not tell which addresses have accounts.
 */
export async function passwordGrant(ctx: RequestContext, input: PasswordGrant): Promise<OauthTokenResponse> {
  const email = input.username.trim().toLowerCase();
  await countAttempt(ctx, "signIn", email);
  const member = await memberByEmail(ctx.db, email);
  const ok = member?.passwordHash
    ? await verifyPassword(input.password, member.passwordHash)
    : await spendPasswordCheck(input.password);
  if (!member || !ok) {
    ctx.log.info("auth.sign_in_refused", { method: "password" });
    throw badCredentials();
  }
  return signInMember(ctx, {
    memberId: member.id,
    method: "password",
    basketToken: input.basketToken,
    fromScreen: input.registeringFromScreen,
  });
}

/** custom_request: a one-time code (provider otp), or a Google ID token or Facebook access token. */
export async function customGrant(ctx: RequestContext, input: CustomGrant): Promise<OauthTokenResponse> {
  const adopt = { basketToken: input.basketToken, fromScreen: input.registeringFromScreen };
  switch (input.provider) {
    case "otp": {
      if (!input.username || !input.password)
        throw new ApiError(400, "username and password (the code) are required for provider otp");
      const memberId = await checkOtp(ctx, input.username, input.password);
      return signInMember(ctx, { memberId, method: "otp", ...adopt });
    }
    case "google":
    case "facebook": {
      const account =
        input.provider === "google"
          ? await googleAccount(ctx, input.id_token)
          : await facebookAccount(ctx, input.access_token);
      return ctx.db.transaction(async (tx) => {
        const { member, created } = await memberForSocialAccount(tx, account, ctx.clock.now());
        if (created) ctx.log.info("auth.member_created", { memberId: member.id, method: input.provider });
        return startMemberSession(tx, ctx, { memberId: member.id, method: input.provider, ...adopt });
      });
    }
  }
}

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  password: string;
  marketing: { email: boolean; sms: boolean };
  /** The referral link followed before registering; one that is not valid is ignored (decision 0039). */
  referral?: ReferralLink;
  basketToken?: string;
  registeringFromScreen?: string;
}

const emailTaken = () =>
  new ApiError(409, AUTH_MESSAGES.emailTaken, {
    errorCode: "EMAIL_TAKEN",
    errorDisplay: AUTH_MESSAGES.emailTaken,
    details: { field: "email" },
  });

/**
 * Creates the member and signs them in, in one transaction, linking them to the member whose referral link they
 * followed when it is valid; the answer is the password grant's.
 */
export async function register(ctx: RequestContext, input: RegisterInput): Promise<OauthTokenResponse> {
  const email = input.email.trim().toLowerCase();
  await countAttempt(ctx, "register", email);
  const mobile = internationalUkMobile(input.mobile);
  if (!mobile) {
    throw new ApiError(400, CHECKOUT_MESSAGES.phoneInvalid, {
      errorCode: "VALIDATION_ERROR",
      errorDisplay: CHECKOUT_MESSAGES.phoneInvalid,
      details: { field: "mobile" },
    });
  }
  requireGoodPassword(input.password);
  try {
    if (await memberByEmail(ctx.db, email)) throw emailTaken();
    const passwordHash = await hashPassword(input.password);
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const member = await createMember(
        tx,
        {
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          mobile,
          passwordHash,
          emailVerified: false,
          marketing: input.marketing,
        },
        now,
      );
      // Taken between the check above and this insert.
      if (!member) throw emailTaken();
      ctx.log.info("auth.member_created", { memberId: member.id, method: "register" });
      if (input.referral) {
        const referralId = await linkReferral(tx, member.id, input.referral, now);
        ctx.log.info(referralId ? "referrals.linked" : "referrals.link_ignored", {
          memberId: member.id,
          ...(referralId ? { referralId } : {}),
        });
      }
      return startMemberSession(tx, ctx, {
        memberId: member.id,
        method: "register",
        basketToken: input.basketToken,
        fromScreen: input.registeringFromScreen,
      });
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    ctx.log.error("auth.register_failed", { error: describeFailure(error) });
    throw new ApiError(500, AUTH_MESSAGES.registerFailed, {
      errorCode: "REGISTER_FAILED",
      errorDisplay: AUTH_MESSAGES.registerFailed,
    });
  }
}

/**
 * What went wrong, without what was being written: a failed query's error repeats its parameters (the new
 * member's details and password hash), so only the database's own message and the code's stack are kept.
 */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : null;
  const frames = error.stack?.split("\n").filter((line) => line.trimStart().startsWith("at ")) ?? [];
  return [`${error.name}: ${cause ? cause.message : error.message}`, ...frames.slice(0, 8)].join("\n");
}
