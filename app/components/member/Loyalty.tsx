import { useState } from "react";
import { Link } from "react-router";
import { Dialog } from "~/components/dialog/Dialog";
import { balanceText, historyDate, nextTierText, schemeRules, tierProgressPercent, tierRules } from "~/models/loyalty";
import type { LoyaltyHistoryView, LoyaltyStoreView } from "~/models/loyalty";
import { MemberSection } from "./MemberArea";
import * as s from "./Loyalty.css";

export const LOYALTY_PATH = "/member/loyalty";
export const REWARDS_PATH = "/member/loyalty/rewards";
const DEFAULT_POINTS_NAME = "points";

/** The balance: what it is worth at the chosen store's scheme, or the count alone without one. */
export function LoyaltyBalance({ balance, store }: { balance: number; store: LoyaltyStoreView | null }) {
  const scheme = store?.scheme ?? null;
  return (
    <p className={s.balance}>
      {scheme ? balanceText(balance, scheme.pointsName, store!.balanceValue) : `${balance} ${DEFAULT_POINTS_NAME}`}
    </p>
  );
}

/** The tier reached and how far to the next, as words and a bar. */
export function TierProgress({ store }: { store: LoyaltyStoreView }) {
  const scheme = store.scheme!;
  const text = nextTierText(store.next, store.tier);
  const percent = tierProgressPercent(store.spent, scheme.tiers, store.next);
  return (
    <MemberSection id="loyalty-tier" title="Your tier">
      <p>{store.tier ? `Your tier: ${store.tier}` : "You have not reached a tier yet."}</p>
      <p id="loyalty-tier-next">{text}</p>
      <progress className={s.progressBar} aria-labelledby="loyalty-tier-next" max={100} value={percent}>
        {percent}%
      </progress>
    </MemberSection>
  );
}

/** What the member earned and spent, order by order. */
export function LoyaltyHistory({
  history,
  pointsName,
}: {
  history: readonly LoyaltyHistoryView[];
  pointsName: string;
}) {
  return (
    <MemberSection id="loyalty-history" title="History">
      {history.length === 0 ? (
        <p className={s.empty}>You have not earned any {pointsName} yet. Place an order to start.</p>
      ) : (
        <ul className={s.list}>
          {history.map((entry) => (
            <li key={`${entry.kind}-${entry.orderNumber}-${entry.at}`} className={s.card}>
              <p className={s.cardTitle}>
                {entry.kind === "earn" ? `Earned ${entry.points}` : `Spent ${Math.abs(entry.points)}`} {pointsName}
              </p>
              <p className={s.empty}>
                Order {entry.orderNumber} · {entry.storeName} · {historyDate(entry.at)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </MemberSection>
  );
}

/** The scheme explained from its settings: the rewards dialog's and the rewards page's content. */
export function RewardsExplained({ store, inDialog = false }: { store: LoyaltyStoreView | null; inDialog?: boolean }) {
  const Heading = inDialog ? "h3" : "h2";
  const scheme = store?.scheme ?? null;
  if (!store) return <p>Choose a store to see how its rewards work.</p>;
  if (!scheme) return <p>{store.storeName} does not have a loyalty scheme.</p>;
  return (
    <>
      <p>
        {scheme.pointsName} at {store.storeName}:
      </p>
      <ul className={s.rules}>
        {schemeRules(scheme).map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      {scheme.tiers.length > 0 ? (
        <>
          <Heading>Tiers</Heading>
          <ul className={s.rules}>
            {tierRules(scheme).map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p>Use your points in your basket: 'Use your {scheme.pointsName}'.</p>
    </>
  );
}

/**
 * The loyalty rewards banner (spec 2 modal 'loyalty rewards'): the points to spend and 'How rewards work', a link to
 * the rewards page that, with script, opens the same explanation in a dialog.
 */
export function RewardsBanner({ balance, store }: { balance: number; store: LoyaltyStoreView | null }) {
  const [open, setOpen] = useState(false);
  const pointsName = store?.scheme?.pointsName ?? DEFAULT_POINTS_NAME;
  return (
    <aside className={s.banner} aria-labelledby="loyalty-banner-text">
      <p className={s.bannerText} id="loyalty-banner-text">
        You have {balance} {pointsName} to spend
      </p>
      <Link
        className={s.link}
        to={REWARDS_PATH}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        How rewards work
      </Link>
      <Dialog open={open} title="How rewards work" onClose={() => setOpen(false)}>
        <RewardsExplained store={store} inDialog />
      </Dialog>
    </aside>
  );
}
