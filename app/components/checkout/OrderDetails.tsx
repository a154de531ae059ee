import type { OrderSummary } from "../../../platform/contract/orders";
import { formatAddress } from "~/models/address";
import { formatPence } from "~/models/money";
import { clockTime, dayLabel, slotTimeRange } from "~/models/slots";
import * as styles from "./Checkout.css";

const PAYMENT_NAMES = { cash: "Cash", card: "Card", applepay: "Apple Pay", googlepay: "Google Pay" } as const;

/** When, where and what: the facts of a placed order, for the success and status pages. */
export function OrderDetails({ order, today }: { order: OrderSummary; today: string }) {
  const zone = order.store.timeZone;
  const when =
    order.timing === "asap"
      ? `As soon as possible (from ${clockTime(order.slot.start, zone)})`
      : `${dayLabel(order.slot.date, today, zone)}, ${slotTimeRange({ startTime: order.slot.start, endTime: order.slot.end }, zone)}`;
  const symbol = "£";
  return (
    <>
      <dl className={styles.facts}>
        <div>
          <dt>{order.orderType === "delivery" ? "Delivery" : "Collection"} from</dt>
          <dd>
            {order.store.storeName}
            {order.store.phone ? ` · ${order.store.phone}` : ""}
          </dd>
        </div>
        <div>
          <dt>{order.orderType === "delivery" ? "Delivery time" : "Collection time"}</dt>
          <dd>{when}</dd>
        </div>
        {order.deliveryAddress ? (
          <div>
            <dt>Delivery address</dt>
            <dd>{formatAddress(order.deliveryAddress)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Payment</dt>
          <dd>
            {PAYMENT_NAMES[order.paymentMethod]}
            {order.paymentMethod === "cash" ? (order.orderType === "delivery" ? ", on delivery" : ", on collection") : ", paid"}
          </dd>
        </div>
      </dl>
      <h2 className={styles.panelTitle}>Items</h2>
      <ul className={styles.summaryLines}>
        {order.lines.map((line, index) => (
          <li key={`${line.name}-${index}`} className={styles.summaryLine}>
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
        <dd>{formatPence(order.totals.subtotal, { symbol })}</dd>
        {order.totals.savings > 0 ? (
          <>
            <dt>Savings</dt>
            <dd>−{formatPence(order.totals.savings, { symbol })}</dd>
          </>
        ) : null}
        {order.totals.coupon > 0 ? (
          <>
            <dt>Coupon {order.couponCode}</dt>
            <dd>−{formatPence(order.totals.coupon, { symbol })}</dd>
          </>
        ) : null}
        <dt>{order.orderType === "delivery" ? "Delivery fee" : "Collection fee"}</dt>
        <dd>{order.totals.fee === 0 ? "Free" : formatPence(order.totals.fee, { symbol })}</dd>
        {order.totals.tip > 0 ? (
          <>
            <dt>Driver tip</dt>
            <dd>{formatPence(order.totals.tip, { symbol })}</dd>
          </>
        ) : null}
        <dt className={styles.grandTotal}>Total</dt>
        <dd className={styles.grandTotal}>{formatPence(order.totals.total, { symbol })}</dd>
      </dl>
    </>
  );
}
