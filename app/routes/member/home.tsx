import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { Facts } from "~/components/auth/AuthPage";
import { LogoutForm } from "~/components/auth/LogoutForm";
import { RewardsBanner } from "~/components/member/Loyalty";
import { MemberPage, MemberTiles } from "~/components/member/MemberArea";
import { ROUTE_IDS, type MemberLayoutData } from "~/models/route-data";
import { appContext } from "~/services/context";
import * as forms from "~/styles/forms.css";
import { dashboardRewards } from "./loyalty.server";

/** The rewards banner, when the shopper's store has a loyalty scheme. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { rewards: await dashboardRewards(context, request, context.get(appContext).log) };
}

/**
 * The member area's dashboard (spec 2 §2 /member): who is signed in, the loyalty rewards banner at a store with a
 * scheme, a way to each part of the area, and out.
 */
export default function MemberHome({ loaderData }: Route.ComponentProps) {
  const { member, referral } = useRouteLoaderData(ROUTE_IDS.memberLayout) as MemberLayoutData;
  const { rewards } = loaderData;
  return (
    <MemberPage title={`Hello, ${member.firstName}`}>
      <Facts
        facts={[
          { term: "Name", value: `${member.firstName} ${member.lastName}` },
          { term: "Email address", value: member.email },
        ]}
      />
      {rewards ? <RewardsBanner balance={rewards.balance} store={rewards.store} /> : null}
      <MemberTiles referral={referral} />
      <LogoutForm buttonClassName={forms.button.secondary} label="Log out" />
    </MemberPage>
  );
}

export function meta() {
  return [{ title: "Your account" }];
}
