import type { OrderSummary } from "#contract/orders";
import { formatAddress } from "~/models/address";
import { clockTime, dayLabel, slotTimeRange } from "~/models/slots";
import * as styles from "./Checkout.css";
import { keyedLines, LineList, TotalsList } from "./OrderSummary";

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
            {order.totals.total === 0 && order.totals.credit > 0 ? (
              "Paid with credit"
            ) : (
              <>
                {PAYMENT_NAMES[order.paymentMethod]}
                {order.paymentMethod === "cash"
                  ? order.orderType === "delivery"
                    ? ", on delivery"
                    : ", on collection"
                  : ", paid"}
              </>
            )}
          </dd>
        </div>
      </dl>
      <h2 className={styles.panelTitle}>Items</h2>
      <LineList lines={keyedLines(order.lines)} symbol={symbol} />
      <TotalsList totals={{ ...order.totals, couponCode: order.couponCode }} method={order.orderType} symbol={symbol} />
    </>
  );
}
