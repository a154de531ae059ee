import type { Route } from "./+types/loyalty";
import { LoyaltyBalance, LoyaltyHistory, RewardsBanner, TierProgress } from "~/components/member/Loyalty";
import { MemberPage, MemberSection } from "~/components/member/MemberArea";
import { loyaltyPage } from "./loyalty.server";

/** The member's loyalty points (spec 2 §2 /member/loyalty): balance, tier progress, history and the rewards banner. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loyaltyPage(context, request);
}

export default function Loyalty({ loaderData }: Route.ComponentProps) {
  const { balance, store, history } = loaderData;
  const scheme = store?.scheme ?? null;
  return (
    <MemberPage title="Loyalty points" lead="Earn points on every order and use them to pay for part of the next.">
      <MemberSection id="loyalty-balance" title="Your balance">
        <LoyaltyBalance balance={balance} store={store} />
        {store && !scheme ? <p>{store.storeName} does not have a loyalty scheme.</p> : null}
      </MemberSection>
      <RewardsBanner balance={balance} store={store} />
      {store && scheme ? <TierProgress store={store} /> : null}
      <LoyaltyHistory history={history} pointsName={scheme?.pointsName ?? "points"} />
    </MemberPage>
  );
}

export function meta() {
  return [{ title: "Loyalty points" }];
}
