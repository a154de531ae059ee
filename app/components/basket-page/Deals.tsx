import { Link } from "react-router";
import type { Basket } from "../../../platform/contract/basket";
import * as summary from "~/components/basket-summary/BasketSummary.css";
import { dealPath, OFFER_INCOMPLETE_MESSAGE } from "~/models/basket";
import { formatPence } from "~/models/money";
import { visuallyHidden } from "~/styles/global.css";

/** The deals the basket completes (and what each saves), and those begun but not completed, with the way to finish. */
export function Deals({ basket, storeSlug, symbol }: { basket: Basket; storeSlug: string; symbol: string }) {
  if (basket.missedPromotions.length === 0 && basket.promotions.length === 0) return null;
  return (
    <ul className={summary.dealList} aria-label="Deals">
      {basket.promotions.map((deal) => (
        <li key={`applied-${deal.id}`} className={summary.dealApplied}>
          <strong>{deal.name}</strong>
          {deal.times > 1 ? ` × ${deal.times}` : null} · you save {formatPence(deal.saving, { symbol })}
        </li>
      ))}
      {basket.missedPromotions.map((deal) => (
        <li key={`missed-${deal.id}`} className={summary.dealIncomplete}>
          <strong>{deal.name}</strong>: {OFFER_INCOMPLETE_MESSAGE}.{" "}
          <Link to={dealPath(storeSlug, deal.id)}>
            Complete the offer<span className={visuallyHidden}> {deal.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
