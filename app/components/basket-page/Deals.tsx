import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { DialogLink } from "~/components/dialog/DialogLink";
import type { Basket } from "#contract/basket";
import * as summary from "~/components/basket-summary/BasketSummary.css";
import { dealPath, OFFER_INCOMPLETE_MESSAGE } from "~/models/basket";
import { dealSectionsPath } from "~/models/store-paths";
import { formatPence } from "~/models/money";
import { visuallyHidden } from "~/styles/global.css";

const DealSectionsDialog = lazy(() => import("~/components/store-dialogs/DealSectionsDialog"));

/** A deal's sections page (the id after the last dash decides; the text is a placeholder). */
const sectionsPath = (storeSlug: string, dealId: number) => dealSectionsPath(storeSlug, `deal-${dealId}`);

/** The deals the basket completes (and what each saves), and those begun but not completed, with the way to finish. */
export function Deals({ basket, storeSlug, symbol }: { basket: Basket; storeSlug: string; symbol: string }) {
  const [open, setOpen] = useState<{ name: string; href: string } | null>(null);
  const [used, setUsed] = useState(false);
  if (basket.missedPromotions.length === 0 && basket.promotions.length === 0) return null;
  const progress = (deal: { id: number; name: string }) => {
    const to = sectionsPath(storeSlug, deal.id);
    return (
      <DialogLink
        to={to}
        onOpen={() => {
          setUsed(true);
          setOpen({ name: deal.name, href: to });
        }}
      >
        See the deal's sections<span className={visuallyHidden}> for {deal.name}</span>
      </DialogLink>
    );
  };
  return (
    <>
      <ul className={summary.dealList} aria-label="Deals">
        {basket.promotions.map((deal) => (
          <li key={`applied-${deal.id}`} className={summary.dealApplied}>
            <strong>{deal.name}</strong>
            {deal.times > 1 ? ` × ${deal.times}` : null} · you save {formatPence(deal.saving, { symbol })} ·{" "}
            {progress(deal)}
          </li>
        ))}
        {basket.missedPromotions.map((deal) => (
          <li key={`missed-${deal.id}`} className={summary.dealIncomplete}>
            <strong>{deal.name}</strong>: {OFFER_INCOMPLETE_MESSAGE}.{" "}
            <Link to={dealPath(storeSlug, deal.id)}>
              Complete the offer<span className={visuallyHidden}> {deal.name}</span>
            </Link>{" "}
            · {progress(deal)}
          </li>
        ))}
      </ul>
      {used ? (
        <Suspense fallback={null}>
          <DealSectionsDialog deal={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
