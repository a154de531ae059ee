import { z } from "zod";
import { memberProfileSchema } from "./auth";
import { checkoutAddressSchema, marketingOptionSchema } from "./checkout";
import { endpoint } from "./endpoint";

/*
 * Spec 2 §3 and §7, the member area: profile, password, saved addresses, marketing preferences and mobile
 * verification. Every call here is for a signed-in member: a guest token is refused with 403 (MEMBERS_ONLY), and a
 * member only ever reads or changes their own rows — another member's address id answers 404 as if it did not exist.
 * Errors carry errorCode and errorDisplay (the spec's words); `field` names the field to mark where there is one.
 * Paths the spec leaves open follow its naming (decision 0021).
 */

/** Spec 2 §8 member area messages, word for word; the platform's own where the spec has none. */
export const MEMBER_MESSAGES = {
  profileUpdated: "Your profile updated successfully",
  profileUpdateError: "There was an error updating your profile",
  passwordUpdated: "Password has been updated.",
  addressAdded: "Address added successfully",
  addressUpdated: "Address updated successfully",
  addressRemoved: "Address removed successfully",
  addressSetDefault: "Address set as default successfully",
  addressUpdateError: "There was an error updating your address",
  marketingUpdated: "Your marketing preferences updated successfully",
  marketingUpdateError: "There was an error updating your marketing preferences",
  marketingGetError: "There was an error getting your marketing preferences",
  otpSent: "One time password code has been sent",
  otpIncorrect: "One time password code was incorrect",
  otpSendFailed: "Unable to send one time password code at this moment",
  /** The spec gives only this start of the text. */
  mobileUsedWithInvite: "Another member account has already been verified using your mobile number",
  /** Not in the spec: a guest token on a member-only call. */
  membersOnly: "Please log in to your account to do this.",
  /** Not in the spec: the address id is not one of the caller's. */
  addressNotFound: "That address could not be found.",
  /** Not in the spec: the current password given to password/change is wrong. */
  currentPasswordIncorrect: "Your current password is incorrect",
  /** Not in the spec: verification asked for with no mobile on the profile. */
  noMobile: "Please add a mobile number to your profile first.",
  /** Not in the spec: member.enableSmsVerification is off in the site content. */
  verificationDisabled: "Mobile verification is not available.",
} as const;

/**
 * The store's allowed marketing channels (spec 1 §3 allowedMarketingChannels) and the option type each stands for.
 * The same list answers stores' allowedMarketingChannels.
 */
export const MARKETING_CHANNELS = [
  { id: 1, type: "email", web: "Email" },
  { id: 2, type: "sms", web: "SMS" },
] as const;
export type MarketingChannelType = (typeof MARKETING_CHANNELS)[number]["type"];

const name = z.string().trim().min(1).max(100);

/* ---------------------------------------------------------------- profile */

/**
 * Spec 2 §7 PUT member/profile/update. `mobile` is a UK mobile as typed (stored +44…); a changed number is no longer
 * verified. Refusals: 400 VALIDATION_ERROR with `field` (errorDisplay 'There was an error updating your profile'
 * unless a field has its own words, e.g. the phone's).
 */
export const memberProfileUpdate = endpoint({
  method: "PUT",
  path: "/api/member/profile/update",
  auth: "token",
  request: z.object({ firstName: name, lastName: name, mobile: z.string().trim().min(1).max(30) }),
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    /** The profile as it now is (memberProfileGet's answer). */
    profile: memberProfileSchema,
  }),
});

/**
 * Ours (the spec shows only the page): changes the password. The current password is checked (400
 * CURRENT_PASSWORD_INCORRECT, field currentPassword: not 401, which would mean the caller's session had ended), the
 * new one held to registration's rules (400, field newPassword). Every other session of the member is ended; the
 * caller's stays signed in. Limited like sign-in (429).
 */
export const memberPasswordChange = endpoint({
  method: "POST",
  path: "/api/member/password/change",
  auth: "token",
  request: z.object({ currentPassword: z.string().min(1).max(200), newPassword: z.string().min(1).max(200) }),
  response: z.object({ success: z.literal(true), message: z.string() }),
});

/* ---------------------------------------------------------------- saved addresses */

/** A saved address: the checkout's address plus its id and whether it is the default of its type. */
export const savedAddressSchema = checkoutAddressSchema.extend({
  id: z.number().int().positive(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

const addressId = z.number().int().positive().max(2_147_483_647);

/**
 * `address` is checked as the checkout checks one (current names or the legacy aliases; first line, town and a
 * postcode that passes the business's postcode rules): anything but an object is 400 INVALID_ADDRESS_OBJECT, a bad
 * field 400 VALIDATION_ERROR naming it.
 */
const addressBody = {
  type: z.enum(["delivery", "billing"]),
  address: z.unknown(),
  /** Make it the default of its type (the earlier default stops being one). The first of a type is always default. */
  isDefault: z.boolean().optional(),
};

const addressesResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  addresses: z.array(savedAddressSchema),
});
/** An add or update: the whole list, and the address as saved. */
const addressSavedResponse = addressesResponse.extend({ address: savedAddressSchema });

/** The member's saved addresses, delivery then billing, defaults first, then oldest first. */
export const memberAddressesList = endpoint({
  method: "POST",
  path: "/api/member/addresses/list",
  auth: "token",
  request: z.object({ type: z.enum(["delivery", "billing"]).optional() }),
  response: z.object({ addresses: z.array(savedAddressSchema) }),
});

/** Saves a new address ('Address added successfully'); answers the whole list. */
export const memberAddressesAdd = endpoint({
  method: "POST",
  path: "/api/member/addresses/add",
  auth: "token",
  request: z.object(addressBody),
  response: addressSavedResponse,
});

/** Replaces one of the caller's addresses ('Address updated successfully'); another member's id is 404. */
export const memberAddressesUpdate = endpoint({
  method: "POST",
  path: "/api/member/addresses/update",
  auth: "token",
  request: z.object({ id: addressId, ...addressBody }),
  response: addressSavedResponse,
});

/**
 * Removes one of the caller's addresses ('Address removed successfully'); another member's id is 404. When the
 * default goes, the oldest other address of that type becomes the default.
 */
export const memberAddressesRemove = endpoint({
  method: "POST",
  path: "/api/member/addresses/remove",
  auth: "token",
  request: z.object({ id: addressId }),
  response: addressesResponse,
});

/** Makes one of the caller's addresses the default of its type ('Address set as default successfully'). */
export const memberAddressesSetDefault = endpoint({
  method: "POST",
  path: "/api/member/addresses/setDefault",
  auth: "token",
  request: z.object({ id: addressId }),
  response: addressesResponse,
});

/* ---------------------------------------------------------------- marketing preferences */

/**
 * Spec 2 §7 POST member/marketingPreferences/get: one option per allowed marketing channel, with the words to show
 * and the member's choice. (The update is checkout.ts's updateMarketingPreferences: with a member token it stores
 * the choices on the member; an option type that is no allowed channel is 400 with 'There was an error updating
 * your marketing preferences'.)
 */
export const memberMarketingPreferencesGet = endpoint({
  method: "POST",
  path: "/api/member/marketingPreferences/get",
  auth: "token",
  request: z.object({}),
  response: z.object({ marketingChannelId: z.number().int().nullable(), options: z.array(marketingOptionSchema) }),
});

/* ---------------------------------------------------------------- mobile verification */

/**
 * Spec 2 §7 member/verificationCode/request: a six-digit code by SMS to the member's mobile (ten minutes, single
 * use, five tries). `verifytoken` is the bot check's token (action 'verification_code'), platform 'web'. Only when
 * the site content's member.enableSmsVerification is on (else 403 VERIFICATION_DISABLED). Refusals: bot check 400
 * BOT_CHECK_FAILED, no mobile 409 NO_MOBILE, too many 429, and 'Unable to send one time password code at this
 * moment' when the code cannot be queued.
 */
export const memberVerificationCodeRequest = endpoint({
  method: "POST",
  path: "/api/member/verificationCode/request",
  auth: "token",
  request: z.object({
    verifytoken: z.string().min(1).max(4096),
    platform: z.literal("web"),
    /** Spec: sent for guests; members may send it too, for the coupon removal on MOBILE_USED_WITH_INVITE. */
    basketToken: z.string().min(1).max(128).optional(),
  }),
  response: z.object({ status: z.literal("sent"), message: z.string() }),
});

/**
 * Spec 2 §7 member/verificationCode/check: a right code marks the mobile verified. A wrong one is 400 OTP_INCORRECT
 * ('One time password code was incorrect'). When another verified account already has the number: 409
 * MOBILE_USED_WITH_INVITE, nothing verified, and the basket's coupon that needed verification (basketToken) removed.
 */
export const memberVerificationCodeCheck = endpoint({
  method: "POST",
  path: "/api/member/verificationCode/check",
  auth: "token",
  request: z.object({
    verificationCode: z.string().trim().min(1).max(20),
    basketToken: z.string().min(1).max(128).optional(),
  }),
  response: z.object({ success: z.literal(true), mobileValidated: z.literal(true) }),
});
