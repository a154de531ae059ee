import type { OrderSummary } from "#contract/orders";
import { clockTime, dayLabel, slotTimeRange } from "~/models/slots";
import * as styles from "./Checkout.css";
import { OrderFactsList } from "./OrderFactsList";
import { keyedLines, LineList, TotalsList } from "./OrderSummary";

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
      <OrderFactsList order={order} when={when} receipt />
      <h2 className={styles.panelTitle}>Items</h2>
      <LineList lines={keyedLines(order.lines)} symbol={symbol} />
      <TotalsList totals={{ ...order.totals, couponCode: order.couponCode }} method={order.orderType} symbol={symbol} />
    </>
  );
}
