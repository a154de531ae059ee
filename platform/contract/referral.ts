import { z } from "zod";
import { endpoint } from "./endpoint";
import { creditEntryKinds } from "./referral-rules";

export * from "./referral-rules";

/*
 * Referral and credit (issue 20 item 4; spec 2 §1 "members have referral and credit", §2 the credit and referral screen,
 * §3 referFriendCode; spec 1 §2 /referral/{partnerUniqueId}/{partnerMemberId}/{storeId}, §3 hideReferralUI).
 *
 * A member shares `/referral/{partnerUniqueId}/{referFriendCode}/{storeId}`: partnerUniqueId names the business's
 * referral scheme (business profile `referral.partnerUniqueId`), partnerMemberId is the referring member's
 * referFriendCode. A shopper who registers after following it is linked to that member; when the new member's first
 * order is placed, both are given credit, in the amounts the business profile sets. Credit is money: pence, spent on a
 * member's orders before the card or cash payment (the basket's `credit`), never below zero. With hideReferralUI on,
 * nothing of it is offered: links are not remembered, no one is linked or credited, and no credit is spent.
 */

const pence = z.number().int().nonnegative();

/** The business's scheme: its id in referral links and what each side is given (business profile `referral`). */
export const referralSchemeSchema = z.object({
  /** The partnerUniqueId of this business's referral links; a link naming another is not ours. */
  partnerUniqueId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  /** Credit for the member who shared the link, pence. */
  referrerCreditPence: pence.max(100_000),
  /** Credit for the new member, pence. */
  newMemberCreditPence: pence.max(100_000),
});
export type ReferralScheme = z.infer<typeof referralSchemeSchema>;

/** A referral link's parts, as the storefront remembers them and passes to registration. */
export const referralLinkSchema = z.object({
  partnerUniqueId: z.string().trim().min(1).max(64),
  /** The referring member's referFriendCode. */
  partnerMemberId: z.string().trim().min(1).max(64),
  storeId: z.number().int().positive(),
});
export type ReferralLink = z.infer<typeof referralLinkSchema>;

/** The member's credit and referral screen (spec 2 §2): the balance, the history and what their link needs. */
export const memberCreditGet = endpoint({
  method: "POST",
  path: "/api/member/credit/get",
  auth: "token",
  request: z.object({}),
  response: z.object({
    /** Pence; never below zero. */
    balance: pence,
    referFriendCode: z.string(),
    scheme: referralSchemeSchema,
    /** The store the share link names: the member's latest order's store, else the first store; null with none. */
    shareStoreId: z.number().int().positive().nullable(),
    /** Friends who registered through the member's link, and how many of them have placed their first order. */
    referrals: z.object({ joined: z.number().int().nonnegative(), ordered: z.number().int().nonnegative() }),
    /** Newest first: rewards are positive, spends negative. */
    history: z.array(
      z.object({
        kind: z.enum(creditEntryKinds),
        amount: z.number().int(),
        businessOrderId: z.string().nullable(),
        at: z.string(),
      }),
    ),
  }),
});
