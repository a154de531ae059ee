import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/credit";
import { REFERRAL_MESSAGES } from "#contract/referral-rules";
import { CreditHistory, ShareLink } from "~/components/member/Credit";
import { MemberPage, MemberSection } from "~/components/member/MemberArea";
import { referralsText } from "~/models/credit";
import { formatPence } from "~/models/money";
import { ROUTE_IDS, type RootData } from "~/models/route-data";
import * as s from "~/components/member/Loyalty.css";
import { creditPage } from "./credit.server";

/** The member's credit and referral screen (spec 2 §2; issue 20): balance, share link, friends who joined, history. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return creditPage(context, request);
}

export default function Credit({ loaderData }: Route.ComponentProps) {
  const { balance, shareLink, referrerCredit, newMemberCredit, referrals, history } = loaderData;
  const root = useRouteLoaderData(ROUTE_IDS.root) as RootData | undefined;
  return (
    <MemberPage title="Credit and referral" lead="Credit is taken off your next orders before you pay by card or cash.">
      <MemberSection id="credit-balance" title="Your credit">
        <p className={s.balance}>{formatPence(balance)}</p>
        {balance === 0 ? <p className={s.empty}>{REFERRAL_MESSAGES.noCredit}</p> : null}
      </MemberSection>
      <MemberSection id="credit-referral" title="Refer a friend">
        <p>{REFERRAL_MESSAGES.explain(formatPence(referrerCredit), formatPence(newMemberCredit))}</p>
        {shareLink ? (
          <ShareLink
            link={shareLink}
            companyName={root?.site.companyName ?? ""}
            newMemberCredit={formatPence(newMemberCredit)}
          />
        ) : (
          <p>Your link appears here once the shop has a store open.</p>
        )}
        <p>{referralsText(referrals)}</p>
      </MemberSection>
      <CreditHistory history={history} />
    </MemberPage>
  );
}

export function meta() {
  return [{ title: "Credit and referral" }];
}
