import { z } from "zod";
import { endpoint } from "./endpoint";
import { referralLinkSchema } from "./referral";

export { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from "./auth-rules";

/*
 * Spec 2 §7 Auth: the token call with its grants, registration, one-time codes and password reset. The storefront
 * keeps the tokens in its session cookie; the platform keeps only their hashes.
 */

const basketToken = z.string().min(1).max(128);
const email = z.string().trim().toLowerCase().min(3).max(254).email();

/**
 * A guest's basket that the new member session takes over (spec 2 §4: signing in keeps the basket, its held slot
 * and its coupon). Honoured only when the caller's own bearer token owns that basket; otherwise ignored.
 */
const adopt = { basketToken: basketToken.optional() };

/** Where the sign-in started (spec 2 §7 registeringFromScreen): login, register, checkout … for the logs. */
const fromScreen = { registeringFromScreen: z.string().max(40).optional() };

/**
 * Grant types this platform answers (spec 2 §7): client_credentials (a guest), password, refresh_token, and
 * custom_request with provider otp (a code sent by sendOtpMessage; `password` carries the code), google (an ID
 * token) or facebook (an access token). The platform has no Apple grant (decision 0017).
 */
export const oauthTokenRequestSchema = z.discriminatedUnion("grant_type", [
  z.object({ grant_type: z.literal("client_credentials") }),
  z.object({ grant_type: z.literal("refresh_token"), refresh_token: z.string().min(1).max(512) }),
  z.object({
    grant_type: z.literal("password"),
    strategy: z.literal("member").optional(),
    method: z.literal("login").optional(),
    username: z.string().trim().min(1).max(254),
    password: z.string().min(1).max(200),
    ...adopt,
    ...fromScreen,
  }),
  z.object({
    grant_type: z.literal("custom_request"),
    strategy: z.literal("member").optional(),
    method: z.literal("login").optional(),
    provider: z.enum(["otp", "google", "facebook"]),
    /** otp: the e-mail address or mobile number the code was sent to. */
    username: z.string().trim().min(1).max(254).optional(),
    /** otp: the six-digit code. */
    password: z.string().trim().max(20).optional(),
    /** google: the ID token from Google's token endpoint. */
    id_token: z.string().min(1).max(8192).optional(),
    /** facebook: the user access token. */
    access_token: z.string().min(1).max(2048).optional(),
    ...adopt,
    ...fromScreen,
  }),
]);
export type OauthTokenRequest = z.input<typeof oauthTokenRequestSchema>;

export const oauthTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  /** Seconds until the access token expires. */
  expires_in: z.number().int().positive(),
  token_type: z.literal("Bearer"),
  /** staff: the order board's sessions (issued by /api/staff/login, never by this call). */
  strategy: z.enum(["guest", "member", "staff"]),
});
export type OauthTokenResponse = z.infer<typeof oauthTokenResponseSchema>;

export const oauthToken = endpoint({
  method: "POST",
  path: "/api/auth/oauthToken",
  auth: "none",
  request: oauthTokenRequestSchema,
  response: oauthTokenResponseSchema,
});

export const registerRequestSchema = z.object({
  /** Spec 2 §7: platform plus fields. */
  platform: z.string().max(20).optional(),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email,
  /** A UK mobile number as entered; stored normalised (+44…). */
  mobile: z.string().trim().min(1).max(30),
  password: z.string().min(1).max(200),
  /** Marketing choices by channel; absent means not opted in. */
  marketing: z
    .object({ email: z.boolean().default(false), sms: z.boolean().default(false) })
    .default({ email: false, sms: false }),
  /** The referral link the shopper followed before registering: the new member is linked to its member when it is valid. */
  referral: referralLinkSchema.optional(),
  ...adopt,
  ...fromScreen,
});

/** Registration signs the new member in (spec 2 §4): the answer is the token call's. */
export const register = endpoint({
  method: "POST",
  path: "/api/auth/register",
  auth: "none",
  request: registerRequestSchema,
  response: oauthTokenResponseSchema,
});

/**
 * A one-time sign-in code by e-mail or SMS (six digits, ten minutes, single use, five tries). The answer is the
 * same whether or not the address has an account, so it cannot be used to find members.
 */
export const sendOtpMessage = endpoint({
  method: "POST",
  path: "/api/auth/sendOtpMessage",
  auth: "none",
  request: z.object({
    /** The member's e-mail address, or their mobile number when type is sms. */
    email: z.string().trim().min(3).max(254),
    type: z.enum(["email", "sms"]).default("email"),
  }),
  response: z.object({ message: z.string() }),
});

/** Sends a reset link (one hour, single use); the same answer whether or not the e-mail is registered. */
export const requestResetPassword = endpoint({
  method: "POST",
  path: "/api/auth/requestResetPassword",
  auth: "none",
  request: z.object({
    email: z.string().trim().min(3).max(254),
    /**
     * The storefront's address for the link; the token is appended as a path segment
     * (`${resetUrl}/${token}`). Must be on PUBLIC_URL when the platform has one.
     */
    resetUrl: z.string().url().max(500),
  }),
  response: z.object({ message: z.string() }),
});

export const validateResetToken = endpoint({
  method: "POST",
  path: "/api/auth/validateResetToken",
  auth: "none",
  request: z.object({ token: z.string().min(1).max(200) }),
  /** valid false when unknown, used or expired; email is masked. */
  response: z.object({ valid: z.boolean(), email: z.string().nullable() }),
});

/** Sets the new password, uses the token up and revokes every session (refresh token) of the member. */
export const resetPassword = endpoint({
  method: "POST",
  path: "/api/auth/resetPassword",
  auth: "none",
  request: z.object({ token: z.string().min(1).max(200), password: z.string().min(1).max(200) }),
  response: z.object({ message: z.string() }),
});

/** Ends the caller's session: its access and refresh tokens stop working. */
export const logout = endpoint({
  method: "POST",
  path: "/api/auth/logout",
  auth: "token",
  request: z.object({}),
  response: z.object({ message: z.string() }),
});

/** The signed-in member's profile (spec 2 §3 member profile). */
export const memberProfileSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  /** True once the member proved the number with member/verificationCode/check; a changed number is not. */
  mobileValidated: z.boolean(),
  /** The member's code in referral links they share (contract/referral.ts). */
  referFriendCode: z.string(),
  /** Opted in to marketing, per channel (marketingPreferences/get gives the words to show). */
  marketing: z.object({ email: z.boolean(), sms: z.boolean() }),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** Spec 2 §7 member/profile/get: members only (a guest token is refused with 403). */
export const memberProfileGet = endpoint({
  method: "POST",
  path: "/api/member/profile/get",
  auth: "token",
  request: z.object({}),
  response: memberProfileSchema,
});
