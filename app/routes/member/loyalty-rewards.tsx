import { Link } from "react-router";
import type { Route } from "./+types/loyalty-rewards";
import { LOYALTY_PATH, RewardsExplained } from "~/components/member/Loyalty";
import { MemberPage } from "~/components/member/MemberArea";
import * as forms from "~/styles/forms.css";
import { loyaltyRewards } from "./loyalty.server";

/** 'How rewards work' as a page (without script; the loyalty page opens it as a dialog with script). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loyaltyRewards(context, request);
}

export default function LoyaltyRewards({ loaderData }: Route.ComponentProps) {
  return (
    <MemberPage title="How rewards work">
      <RewardsExplained store={loaderData.store} />
      <Link className={forms.button.secondary} to={LOYALTY_PATH}>
        Back to your points
      </Link>
    </MemberPage>
  );
}

export function meta() {
  return [{ title: "How rewards work" }];
}
