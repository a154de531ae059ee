import { Link } from "react-router";
import type { MemberOrderListItem } from "#contract/member-orders";
import { formatPence } from "~/models/money";
import { ORDER_STATUS_LABELS, type OrderProgressStep } from "~/models/order-status";
import * as checkout from "~/components/checkout/Checkout.css";
import { slotTimeRange } from "~/models/slots";
import * as s from "./Orders.css";

/** The orders page's query for the lists at these cursors (null: the newest); "?" when both are at their newest. */
export function ordersPageQuery(at: { current: string | null; past: string | null }): string {
  const query = new URLSearchParams();
  if (at.current) query.set("current", at.current);
  if (at.past) query.set("past", at.past);
  const text = query.toString();
  return text ? `?${text}` : "?";
}

/** A date in the store's zone, as '26 Nov 2026'. */
export function orderDate(instantOrDate: string, timeZone: string): string {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(instantOrDate)
    ? new Date(`${instantOrDate}T12:00:00Z`)
    : new Date(instantOrDate);
  const zone = /^\d{4}-\d{2}-\d{2}$/.test(instantOrDate) ? "UTC" : timeZone;
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: zone }).format(
    at,
  );
}

/** The slot as 'Thursday 26 Nov, 10:00 – 11:00'-like words: its date and its times in the store's zone. */
export function orderSlot(slot: { date: string; start: string; end: string }, timeZone: string): string {
  return `${orderDate(slot.date, timeZone)}, ${slotTimeRange({ startTime: slot.start, endTime: slot.end }, timeZone)}`;
}

/** What the member is told of an order's state: its step while current; delivered or collected once past. */
export function orderStatusLabel(order: Pick<MemberOrderListItem, "status" | "orderType" | "completedAt">): string {
  if (order.completedAt) return order.orderType === "delivery" ? "Delivered" : "Collected";
  return ORDER_STATUS_LABELS[order.status];
}

/** One order in the member's lists. */
export function OrderCard({ order }: { order: MemberOrderListItem }) {
  const zone = order.store.timeZone;
  const items = `${order.itemCount} ${order.itemCount === 1 ? "item" : "items"}`;
  return (
    <li className={s.card}>
      <h3 className={s.cardTitle}>Order {order.businessOrderId}</h3>
      <dl className={s.facts}>
        <dt className={s.factName}>Store</dt>
        <dd className={s.factValue}>{order.store.storeName}</dd>
        <dt className={s.factName}>Placed</dt>
        <dd className={s.factValue}>{orderDate(order.placedAt, zone)}</dd>
        <dt className={s.factName}>{order.orderType === "delivery" ? "Delivery" : "Collection"}</dt>
        <dd className={s.factValue}>{orderSlot(order.slot, zone)}</dd>
        <dt className={s.factName}>Items</dt>
        <dd className={s.factValue}>{items}</dd>
        <dt className={s.factName}>Total</dt>
        <dd className={s.factValue}>{formatPence(order.total, { symbol: "£" })}</dd>
        <dt className={s.factName}>Status</dt>
        <dd className={s.factValue}>
          <span className={s.status}>{orderStatusLabel(order)}</span>
        </dd>
      </dl>
      <Link className={s.link} to={`/member/orders/${order.businessOrderId}`}>
        View order {order.businessOrderId}
      </Link>
    </li>
  );
}

/** The items an 'Order again' could not put in the basket, each with why (shown on the basket page after it). */
export function OrderNotAdded({
  items,
  from = "order",
}: {
  items: readonly { name: string; quantity: number; reason: string }[];
  from?: "order" | "link";
}) {
  if (items.length === 0) return null;
  return (
    <section className={s.notAdded} aria-label="Items not added">
      <p className={s.cardTitle}>
        <strong>
          {from === "link" ? "Some items from your link were not added" : "Some items from your order were not added"}
        </strong>
      </p>
      <ul className={s.notAddedList}>
        {items.map((item, index) => (
          <li key={`${index}-${item.name}`}>
            Not added: {item.name} — {item.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What ordering again does to the basket, said before the member confirms. */
export function ReorderExplanation({ storeName }: { storeName: string }) {
  return (
    <>
      <p>The items from this order that are still sold will be added to your basket, at today&apos;s prices.</p>
      <p>If your basket is at another store, a new basket at {storeName} replaces it.</p>
    </>
  );
}

/** The order's steps (spec 2 §3 progress statuses), each marked done, current or to come. */
export function OrderSteps({ steps, completed }: { steps: readonly OrderProgressStep[]; completed: string | null }) {
  return (
    <ol className={checkout.progress} aria-label="Order progress">
      {steps.map((step) => {
        const done = step.state === "done" || (completed !== null && step.state === "current");
        const current = completed === null && step.state === "current";
        return (
          <li
            key={step.status}
            className={[
              checkout.progressStep,
              done ? checkout.progressDone : "",
              current ? checkout.progressCurrent : "",
            ]
              .filter(Boolean)
              .join(" ")}
            aria-current={current ? "step" : undefined}
          >
            <span className={checkout.progressMark} aria-hidden="true">
              {done ? "✓" : current ? "●" : "○"}
            </span>
            <span>
              {step.label}
              {done ? " (done)" : current ? "" : " (to come)"}
            </span>
          </li>
        );
      })}
      {completed ? (
        <li
          className={`${checkout.progressStep} ${checkout.progressDone} ${checkout.progressCurrent}`}
          aria-current="step"
        >
          <span className={checkout.progressMark} aria-hidden="true">
            ✓
          </span>
          <span>{completed}</span>
        </li>
      ) : null}
    </ol>
  );
}

interface OrderTotalsInput {
  subtotal: number;
  savings: number;
  coupon: number;
  loyalty: number;
  fee: number;
  tip: number;
  total: number;
}

/** The order's money, each row only when it applies; 'Points' when loyalty points paid for part of it. */
export function OrderTotals({
  totals,
  couponCode,
  method,
}: {
  totals: OrderTotalsInput;
  couponCode: string | null;
  method: "delivery" | "collection";
}) {
  const money = (pence: number) => formatPence(pence, { symbol: "£" });
  return (
    <dl className={checkout.totals}>
      <dt>Subtotal</dt>
      <dd>{money(totals.subtotal)}</dd>
      {totals.savings > 0 ? (
        <>
          <dt>Savings</dt>
          <dd>−{money(totals.savings)}</dd>
        </>
      ) : null}
      {totals.coupon > 0 ? (
        <>
          <dt>Coupon {couponCode}</dt>
          <dd>−{money(totals.coupon)}</dd>
        </>
      ) : null}
      {totals.loyalty > 0 ? (
        <>
          <dt>Points</dt>
          <dd>−{money(totals.loyalty)}</dd>
        </>
      ) : null}
      <dt>{method === "delivery" ? "Delivery fee" : "Collection fee"}</dt>
      <dd>{totals.fee === 0 ? "Free" : money(totals.fee)}</dd>
      {method === "delivery" && totals.tip > 0 ? (
        <>
          <dt>Driver tip</dt>
          <dd>{money(totals.tip)}</dd>
        </>
      ) : null}
      <dt className={checkout.grandTotal}>Total</dt>
      <dd className={checkout.grandTotal}>{money(totals.total)}</dd>
    </dl>
  );
}
