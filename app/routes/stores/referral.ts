import { redirect } from "react-router";
import type { Route } from "./+types/referral";
import { api, REFERRAL_MESSAGES } from "#contract";
import { formatPence } from "~/models/money";
import { storePath } from "~/models/store-paths";
import { getBusinessProfile } from "~/services/business.server";
import { shopperContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { isMember } from "~/services/member-session.server";
import { PlatformError } from "~/services/platform-client.server";

/**
 * /referral/{partnerUniqueId}/{partnerMemberId}/{storeId} (spec 1 §2; issue 20): a member's share link. A guest's
 * session remembers it, so registering links the new member to the one who shared it; the store's page opens, with a
 * word on what registering brings. A link that is not this business's, or names no store, lands on the home page
 * without an error; with the scheme hidden (hideReferralUI) it only opens the store.
 */
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const storeId = /^\d{1,10}$/.test(params.storeId) ? Number(params.storeId) : 0;
  if (storeId < 1 || storeId > 2_147_483_647) return redirect("/", 302);
  let slug: string;
  try {
    slug = (await shopper.shared.cached(api.selectStore, { storeId })).slug;
  } catch (error) {
    if (error instanceof PlatformError && error.status < 500) return redirect("/", 302);
    throw error;
  }
  const profile = await getBusinessProfile(shopper.shared);
  if (profile.hideReferralUI) return redirect(storePath(slug), 302);
  if (params.partnerUniqueId !== profile.referral.partnerUniqueId || !CODE.test(params.partnerMemberId))
    return redirect("/", 302);
  // A member already has an account: there is no registration for the link to lead to.
  if (isMember(shopper)) return redirect(storePath(slug), 302);
  shopper.session.set("referral", {
    partnerUniqueId: params.partnerUniqueId,
    partnerMemberId: params.partnerMemberId,
    storeId,
  });
  const message = REFERRAL_MESSAGES.invited(formatPence(profile.referral.newMemberCreditPence));
  return redirectWithToast(context, storePath(slug), { kind: "info", message }, 302);
}
