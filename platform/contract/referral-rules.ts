/**
 * Referral and credit (contract/referral.ts) for both halves: the words, the kinds of credit entry and the share link's
 * path. No zod here: the browser bundle may import this file.
 */

/** Our words: the spec names the screen, not its messages. */
export const REFERRAL_MESSAGES = {
  /** The flash a shopper sees on the store page after following a referral link. */
  invited: (newMember: string) =>
    "You have been invited to shop with us. " +
    `Register for an account, and when your first order is placed you get ${newMember} of credit to spend.`,
  /** The credit screen's explanation of the scheme. */
  explain: (referrer: string, newMember: string) =>
    "Share your link. " +
    `When a friend registers through it and their first order is placed, you get ${referrer} of credit and they get ${newMember}.`,
  noCredit: "You have no credit yet.",
} as const;

export const creditEntryKinds = ["referrer_reward", "new_member_reward", "spend"] as const;
export type CreditEntryKind = (typeof creditEntryKinds)[number];

/** The share link's path (the storefront puts its origin before it). */
export function referralPath(link: { partnerUniqueId: string; partnerMemberId: string; storeId: number }): string {
  return `/referral/${encodeURIComponent(link.partnerUniqueId)}/${encodeURIComponent(link.partnerMemberId)}/${link.storeId}`;
}
