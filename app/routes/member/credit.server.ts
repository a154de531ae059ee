import { data, type RouterContextProvider } from "react-router";
import { api, referralPath } from "#contract";
import type { CreditPageData } from "~/models/credit";
import { getBusinessProfile } from "~/services/business.server";
import { appContext, shopperContext } from "~/services/context";
import { memberCall } from "./member.server";

type RequestContext = Readonly<RouterContextProvider>;

/**
 * The member's credit and referral screen (issue 20; spec 2 §2): the balance and its history, and the member's share
 * link — the business's scheme id, the member's referFriendCode and a store to open, on the shop's own address
 * (PUBLIC_URL when set). A business that hides referral (hideReferralUI) has no such page.
 */
export async function creditPage(context: RequestContext, request: Request): Promise<CreditPageData> {
  const profile = await getBusinessProfile(context.get(shopperContext).shared);
  if (profile.hideReferralUI) throw data("Not found", { status: 404 });
  const credit = await memberCall(context, request, (shopper) => shopper.api.call(api.memberCreditGet, {}));
  const origin = (context.get(appContext).config.publicUrl ?? new URL(request.url).origin).replace(/\/+$/, "");
  const shareLink =
    credit.shareStoreId === null
      ? null
      : origin +
        referralPath({
          partnerUniqueId: credit.scheme.partnerUniqueId,
          partnerMemberId: credit.referFriendCode,
          storeId: credit.shareStoreId,
        });
  return {
    balance: credit.balance,
    shareLink,
    referrerCredit: credit.scheme.referrerCreditPence,
    newMemberCredit: credit.scheme.newMemberCreditPence,
    referrals: credit.referrals,
    history: credit.history.map((entry) => ({
      kind: entry.kind,
      amount: entry.amount,
      orderNumber: entry.businessOrderId,
      at: entry.at,
    })),
  };
}
