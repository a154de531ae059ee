import type { Basket } from "../../../platform/contract/basket";
import { formatPence } from "~/models/money";
import * as styles from "./Checkout.css";

/** The order's lines and money, as the checkout shows them beside (desktop) or above (phones) every step. */
export function OrderSummaryBody({ basket, symbol, storeName }: { basket: Basket; symbol: string; storeName: string }) {
  const fee = basket.fees[0]?.amount ?? basket.fulfilmentMethod.cost;
  const method = basket.fulfilmentMethod.type;
  return (
    <>
      <p>From {storeName}</p>
      <ul className={styles.summaryLines}>
        {basket.items.map((line) => (
          <li key={line.basketLineId} className={styles.summaryLine}>
            <span>{line.quantity} ×</span>
            <span>
              {line.name}
              {line.variant ? <span className={styles.variant}>{line.variant}</span> : null}
            </span>
            <span>{formatPence(line.price, { symbol })}</span>
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        <dt>Subtotal</dt>
        <dd>{formatPence(basket.orderSubtotal, { symbol })}</dd>
        {basket.savings > 0 ? (
          <>
            <dt>Savings</dt>
            <dd>−{formatPence(basket.savings, { symbol })}</dd>
          </>
        ) : null}
        {basket.coupon && basket.coupon.deductCost > 0 ? (
          <>
            <dt>Coupon {basket.coupon.code}</dt>
            <dd>−{formatPence(basket.coupon.deductCost, { symbol })}</dd>
          </>
        ) : null}
        <dt>{method === "delivery" ? "Delivery fee" : "Collection fee"}</dt>
        <dd>{fee === 0 ? "Free" : formatPence(fee, { symbol })}</dd>
        {method === "delivery" && basket.tips.amount > 0 ? (
          <>
            <dt>Driver tip</dt>
            <dd>{formatPence(basket.tips.amount, { symbol })}</dd>
          </>
        ) : null}
        <dt className={styles.grandTotal}>Total</dt>
        <dd className={styles.grandTotal}>{formatPence(basket.orderTotal, { symbol })}</dd>
      </dl>
    </>
  );
}

/** Phones: folded at the top of the step, its total in the toggle. */
export function FoldedOrderSummary(props: { basket: Basket; symbol: string; storeName: string }) {
  return (
    <details className={`${styles.panel} ${styles.foldedSummary}`}>
      <summary className={styles.summaryToggle}>
        <span>Show order summary</span>
        <span>{formatPence(props.basket.orderTotal, { symbol: props.symbol })}</span>
      </summary>
      <OrderSummaryBody {...props} />
    </details>
  );
}

/** Desktop: beside the step. */
export function OrderSummaryPanel(props: { basket: Basket; symbol: string; storeName: string }) {
  return (
    <section className={styles.panel} aria-labelledby="order-summary-title">
      <h2 className={styles.panelTitle} id="order-summary-title">
        Order summary
      </h2>
      <OrderSummaryBody {...props} />
    </section>
  );
}
