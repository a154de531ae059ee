import type { SubmissionResult } from "@conform-to/react";
import { useFetcher, useFetchers } from "react-router";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import type { Basket } from "#contract/basket";
import { BASKET_ACTION, BasketForm } from "~/components/basket-summary/BasketForm";
import { BasketLines } from "~/components/basket-summary/BasketLines";
import { CouponForm } from "~/components/basket-summary/CouponForm";
import { canSpendPoints, PointsForm } from "~/components/basket-summary/PointsForm";
import { TipForm } from "~/components/basket-summary/TipForm";
import * as summary from "~/components/basket-summary/BasketSummary.css";
import { basketProblems, estimateBasket, maxItemsReached, memberSavingHint, parseQuantity } from "~/models/basket";
import type { BasketPageData } from "~/models/route-data";
import { Deals } from "./Deals";
import { EmptyBasket } from "./EmptyBasket";
import { OrderFacts } from "./OrderFacts";
import { OrderTotals } from "./OrderTotals";
import { RecommendedItems } from "./RecommendedItems";
import * as styles from "./BasketPage.css";

type StoreData = Extract<BasketPageData, { kind: "store" }>;

/**
 * Quantities on their way from this page's line forms and the cards' steppers: the new absolute quantity, 0 removes.
 * The page shows them at once (optimistic UI); the platform's answer replaces them.
 */
function usePendingQuantities(): Map<string, number> {
  const pending = new Map<string, number>();
  for (const fetcher of useFetchers()) {
    const form = fetcher.formData;
    const lineId = form?.get("basketLineId");
    if (!form || typeof lineId !== "string" || fetcher.formAction?.split("?")[0] !== BASKET_ACTION) continue;
    const intent = form.get("intent");
    if (intent === "remove") pending.set(lineId, 0);
    if (intent === "set-quantity") {
      const quantity = parseQuantity(form.get("quantity"));
      if (quantity !== null) pending.set(lineId, quantity);
    }
  }
  return pending;
}

/**
 * The basket with items (spec 2 §2 basket page): the order's store, method and time; the lines, deals and coupon; the
 * driver tip; the totals and the way to check out; then recommended items.
 */
export interface FilledBasketProps {
  data: StoreData;
  basket: Basket;
  coupon: SubmissionResult<string[]> | null;
  points: SubmissionResult<string[]> | null;
}

export function FilledBasket({ data: page, basket, coupon, points }: FilledBasketProps) {
  const { store, method, shopper, seed } = page;
  const symbol = store.symbol;
  const formKey = (name: string) => `${seed}.${name}`;
  const estimate = estimateBasket(basket, usePendingQuantities());
  const clearFetcher = useFetcher({ key: "basket-clear" });
  const problems = basketProblems({ ...basket, items: estimate.lines }, shopper, symbol);
  const memberHint = memberSavingHint(basket, symbol);
  const atMaximum = maxItemsReached(estimate.totalItemsQuantity, 0, basket.maxBasketItems);

  if (estimate.lines.length === 0)
    return <EmptyBasket storeName={store.name} storeSlug={store.slug} notice={store.notice} />;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Your basket</h1>
      {store.notice ? (
        <div className={styles.notice}>
          <p>{store.notice}</p>
          {store.noticeDetail ? <p className={styles.noticeDetail}>{store.noticeDetail}</p> : null}
        </div>
      ) : null}

      <div className={styles.layout}>
        <div className={styles.main}>
          <OrderFacts
            storeName={store.name}
            storeSlug={store.slug}
            method={method}
            canSwitch={store.canSwitch}
            slotText={page.slotText}
          />

          <section className={summary.panel} aria-labelledby="items-title">
            <h2 className={summary.panelTitle} id="items-title">
              Items ({estimate.totalItemsQuantity})
            </h2>
            {atMaximum ? (
              <p className={summary.warningMessage}>
                This store takes at most {basket.maxBasketItems} items for {method}.
              </p>
            ) : null}
            <BasketLines
              lines={estimate.lines}
              storeSlug={store.slug}
              symbol={symbol}
              atMaximum={atMaximum}
              formKey={formKey}
            />
            <Deals basket={basket} storeSlug={store.slug} symbol={symbol} />
            {memberHint ? <p className={summary.message}>{memberHint}</p> : null}
            <BasketForm
              fetcher={clearFetcher}
              intent="clear"
              idempotencyKey={formKey("clear")}
              className={styles.clear}
            >
              <button type="submit" className={summary.linkButton}>
                Empty basket
              </button>
            </BasketForm>
          </section>

          <HoneypotProvider {...page.honeypot}>
            <CouponForm coupon={basket.coupon} answer={coupon} symbol={symbol} formKey={formKey} />
          </HoneypotProvider>
          {canSpendPoints(basket, shopper.signedIn) ? (
            <PointsForm basket={basket} answer={points} symbol={symbol} formKey={formKey} />
          ) : null}
          {method === "delivery" && store.tipsEnabled ? (
            <TipForm
              amount={basket.tips.amount}
              tipLimitLevels={page.tips.levels}
              driverTipIncrement={page.tips.increment}
              symbol={symbol}
              formKey={formKey}
              emoji={store.tipEmoji}
            />
          ) : null}
        </div>

        <aside className={styles.side} aria-labelledby="summary-title">
          <OrderTotals
            basket={basket}
            estimate={estimate}
            method={method}
            baseCost={store.baseCost}
            symbol={symbol}
            problems={problems}
          />
        </aside>
      </div>

      <RecommendedItems items={page.recommended} storeSlug={store.slug} symbol={symbol} seed={seed} />
    </div>
  );
}
