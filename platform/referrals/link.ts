import { eq } from "drizzle-orm";
import type { ReferralLink } from "../contract";
import { getBusinessProfile } from "../business/profile";
import type { Db } from "../db/open";
import { members, referrals, stores } from "../db/schema";

/**
 * Links a member who just registered to the member whose referral link they followed, in the registration's
 * transaction. Only a link to this business's scheme while it is offered, naming an existing member (by their
 * referFriendCode, in any case) and an existing store; anything else links nothing, and registration goes on as if
 * there had been no link. Answers the referral's id, or null.
 */
export async function linkReferral(db: Db, newMemberId: number, link: ReferralLink, now: Date): Promise<number | null> {
  const profile = await getBusinessProfile(db);
  if (profile.hideReferralUI || link.partnerUniqueId.trim() !== profile.referral.partnerUniqueId) return null;
  const code = link.partnerMemberId.trim().toUpperCase();
  const [referrer] = await db.select({ id: members.id }).from(members).where(eq(members.referFriendCode, code));
  if (!referrer || referrer.id === newMemberId) return null;
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, link.storeId));
  if (!store) return null;
  const [made] = await db
    .insert(referrals)
    .values({
      referrerMemberId: referrer.id,
      referredMemberId: newMemberId,
      storeId: store.id,
      partnerUniqueId: profile.referral.partnerUniqueId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  return made?.id ?? null;
}
