import { href, Link } from "react-router";
import type { Basket } from "#contract/basket";
import * as summary from "~/components/basket-summary/BasketSummary.css";
import { BASKET_READY_MESSAGE, freeFromProgress, type BasketEstimate, type BasketProblem } from "~/models/basket";
import { formatPence } from "~/models/money";
import type { FulfilmentMethod } from "~/models/shopper";
import * as f from "~/styles/forms.css";

export interface OrderTotalsProps {
  basket: Basket;
  /** The figures with the changes still on their way (the platform's answer replaces them). */
  estimate: BasketEstimate;
  method: FulfilmentMethod;
  /** The method's base cost, pence: the free-delivery progress starts from it. */
  baseCost: number;
  symbol: string;
  /** What stops the checkout, in the spec's words; none means the basket is ready. */
  problems: readonly BasketProblem[];
}

/** The order summary beside the items: the totals, what is left for free delivery, points, and the way to check out. */
export function OrderTotals({ basket, estimate, method, baseCost, symbol, problems }: OrderTotalsProps) {
  const fee = basket.fees[0]?.amount ?? basket.fulfilmentMethod.cost;
  const freeFrom = freeFromProgress(basket, baseCost, symbol);
  return (
    <>
      <section className={summary.panel} aria-labelledby="summary-title" aria-busy={estimate.pending || undefined}>
        <h2 className={summary.panelTitle} id="summary-title">
          Order summary
        </h2>
        <dl className={summary.totals}>
          <dt>Subtotal</dt>
          <dd>{formatPence(estimate.orderSubtotal, { symbol })}</dd>
          {basket.savings > 0 ? (
            <>
              <dt>Savings</dt>
              <dd>−{formatPence(basket.savings, { symbol })}</dd>
            </>
          ) : null}
          {basket.coupon ? (
            <>
              <dt>Coupon {basket.coupon.code}</dt>
              <dd>−{formatPence(basket.coupon.deductCost, { symbol })}</dd>
            </>
          ) : null}
          {basket.loyaltyPoints.deductCost > 0 ? (
            <>
              <dt>Points</dt>
              <dd>−{formatPence(basket.loyaltyPoints.deductCost, { symbol })}</dd>
            </>
          ) : null}
          <dt>{method === "delivery" ? "Delivery fee" : "Collection fee"}</dt>
          <dd>{fee === 0 ? "Free" : formatPence(fee, { symbol })}</dd>
          {freeFrom.kind !== "none" && basket.fulfilmentMethod.freeFrom !== null ? (
            <>
              {/* Spec 2 §9: 'Free From' is the label of the threshold from which the fee is waived. */}
              <dt>Free From</dt>
              <dd>{formatPence(basket.fulfilmentMethod.freeFrom, { symbol })}</dd>
            </>
          ) : null}
          {method === "delivery" && basket.tips.amount > 0 ? (
            <>
              <dt>Driver tip</dt>
              <dd>{formatPence(basket.tips.amount, { symbol })}</dd>
            </>
          ) : null}
          {estimate.creditApplied > 0 ? (
            <>
              <dt>Credit</dt>
              <dd>−{formatPence(estimate.creditApplied, { symbol })}</dd>
            </>
          ) : null}
          <dt className={summary.grandTotal}>Total</dt>
          <dd className={summary.grandTotal}>{formatPence(estimate.orderTotal, { symbol })}</dd>
        </dl>
        {freeFrom.kind === "short" ? (
          <div className={summary.progress}>
            <p id="free-from-message">{freeFrom.message}</p>
            <progress
              aria-labelledby="free-from-message"
              className={summary.progressBar}
              max={100}
              value={Math.round(freeFrom.progress * 100)}
            />
          </div>
        ) : freeFrom.kind === "reached" ? (
          <p className={summary.message}>{freeFrom.message}</p>
        ) : null}
        {basket.fulfilmentMethod.zoneFreeDeliveryMessage ? (
          <p className={summary.message}>{basket.fulfilmentMethod.zoneFreeDeliveryMessage}</p>
        ) : null}
        {basket.loyaltyPoints.pointsToBeEarned > 0 ? (
          <p className={summary.message}>
            You will earn {basket.loyaltyPoints.pointsToBeEarned} {basket.loyaltyPoints.loyaltyPointsName} with this
            order.
          </p>
        ) : null}
      </section>

      <section className={summary.panel} aria-labelledby="checkout-title" aria-live="polite">
        <h2 className={summary.panelTitle} id="checkout-title">
          Checkout
        </h2>
        {problems.length === 0 ? (
          <>
            <p className={summary.ready}>{BASKET_READY_MESSAGE}</p>
            <Link to={href("/checkout")} className={`${f.button.primary} ${f.buttonBlock}`}>
              Checkout
            </Link>
          </>
        ) : (
          <>
            <p>Before you can check out:</p>
            <ul className={summary.validList}>
              {problems.map((problem) => (
                <li key={problem.message}>{problem.message}</li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}
