import type { Basket } from "#contract/basket";
import { formatPence } from "~/models/money";
import * as styles from "./Checkout.css";

export interface SummaryLine {
  key: string;
  name: string;
  variant: string | null;
  quantity: number;
  /** Pence for the whole line. */
  price: number;
}

/** A placed order's lines, keyed for LineList: they have no ids of their own, so their place in the order keys them. */
export function keyedLines<L extends Omit<SummaryLine, "key">>(lines: readonly L[]): (L & { key: string })[] {
  return lines.map((line, index) => ({ key: String(index), ...line }));
}

export interface SummaryTotals {
  subtotal: number;
  savings: number;
  coupon: number;
  couponCode: string | null;
  fee: number;
  tip: number;
  /** What loyalty points and the member's credit took off (0: none). */
  loyalty: number;
  credit: number;
  total: number;
}

/** An order's lines: quantity, name (and size or options), price. */
export function LineList({ lines, symbol }: { lines: readonly SummaryLine[]; symbol: string }) {
  return (
    <ul className={styles.summaryLines}>
      {lines.map((line) => (
        <li key={line.key} className={styles.summaryLine}>
          <span>{line.quantity} ×</span>
          <span>
            {line.name}
            {line.variant ? <span className={styles.variant}>{line.variant}</span> : null}
          </span>
          <span>{formatPence(line.price, { symbol })}</span>
        </li>
      ))}
    </ul>
  );
}

/** An order's money: subtotal, savings, coupon, fee, driver tip and total, each row only when it applies. */
export function TotalsList({
  totals,
  method,
  symbol,
}: {
  totals: SummaryTotals;
  method: "delivery" | "collection";
  symbol: string;
}) {
  return (
    <dl className={styles.totals}>
      <dt>Subtotal</dt>
      <dd>{formatPence(totals.subtotal, { symbol })}</dd>
      {totals.savings > 0 ? (
        <>
          <dt>Savings</dt>
          <dd>−{formatPence(totals.savings, { symbol })}</dd>
        </>
      ) : null}
      {totals.coupon > 0 ? (
        <>
          <dt>Coupon {totals.couponCode}</dt>
          <dd>−{formatPence(totals.coupon, { symbol })}</dd>
        </>
      ) : null}
      {totals.loyalty > 0 ? (
        <>
          <dt>Points</dt>
          <dd>−{formatPence(totals.loyalty, { symbol })}</dd>
        </>
      ) : null}
      <dt>{method === "delivery" ? "Delivery fee" : "Collection fee"}</dt>
      <dd>{totals.fee === 0 ? "Free" : formatPence(totals.fee, { symbol })}</dd>
      {method === "delivery" && totals.tip > 0 ? (
        <>
          <dt>Driver tip</dt>
          <dd>{formatPence(totals.tip, { symbol })}</dd>
        </>
      ) : null}
      {totals.credit > 0 ? (
        <>
          <dt>Credit</dt>
          <dd>−{formatPence(totals.credit, { symbol })}</dd>
        </>
      ) : null}
      <dt className={styles.grandTotal}>Total</dt>
      <dd className={styles.grandTotal}>{formatPence(totals.total, { symbol })}</dd>
    </dl>
  );
}

/** The order's lines and money, as the checkout shows them beside (desktop) or above (phones) every step. */
export function OrderSummaryBody({ basket, symbol, storeName }: { basket: Basket; symbol: string; storeName: string }) {
  const lines = basket.items.map((l) => ({
    key: l.basketLineId,
    name: l.name,
    variant: l.variant,
    quantity: l.quantity,
    price: l.price,
  }));
  const totals: SummaryTotals = {
    subtotal: basket.orderSubtotal,
    savings: basket.savings,
    coupon: basket.coupon?.deductCost ?? 0,
    couponCode: basket.coupon?.code ?? null,
    fee: basket.fees[0]?.amount ?? basket.fulfilmentMethod.cost,
    tip: basket.tips.amount,
    loyalty: basket.loyaltyPoints.deductCost,
    credit: basket.credit?.applied ?? 0,
    total: basket.orderTotal,
  };
  return (
    <>
      <p>From {storeName}</p>
      <LineList lines={lines} symbol={symbol} />
      <TotalsList totals={totals} method={basket.fulfilmentMethod.type} symbol={symbol} />
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
