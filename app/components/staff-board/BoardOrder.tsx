import { Form, href, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ORDER_STATUS_LABELS, type OrderStatus } from "#contract/order-rules";
import { LineList, type SummaryLine } from "~/components/checkout/OrderSummary";
import * as styles from "~/components/checkout/Checkout.css";
import * as forms from "~/styles/forms.css";

/** One order on the board, as the board's loader shapes it. */
export interface BoardOrderView {
  businessOrderId: string;
  status: OrderStatus;
  nextStatus: OrderStatus | null;
  canComplete: boolean;
  completed: boolean;
  type: "Delivery" | "Collection";
  when: string;
  customer: string;
  phone: string;
  email: string;
  address: string | null;
  instructions: string | null;
  /** The marketing campaign that brought the order (issue 20), or null. */
  campaign: string | null;
  lines: SummaryLine[];
  items: number;
  total: string;
  payment: string;
  placedAt: string;
}

/**
 * An order on the staff board: what the store needs to fulfil it, the lines to pick (a native disclosure, so it
 * opens without script), and the one next step: move it on a status, or mark it delivered or collected.
 */
export function BoardOrder({ order: o, storeId }: { order: BoardOrderView; storeId: number | null }) {
  return (
    <li className={styles.panel} aria-labelledby={`order-${o.businessOrderId}`}>
      <h2 className={styles.panelTitle} id={`order-${o.businessOrderId}`}>
        Order {o.businessOrderId}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>Status</dt>
          <dd>
            {o.completed
              ? `${ORDER_STATUS_LABELS[o.status]}, ${o.type === "Delivery" ? "delivered" : "collected"}`
              : ORDER_STATUS_LABELS[o.status]}
          </dd>
        </div>
        <div>
          <dt>{o.type}</dt>
          <dd>{o.when}</dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>
            {o.customer}, {o.phone}, {o.email}
          </dd>
        </div>
        {o.address ? (
          <div>
            <dt>Deliver to</dt>
            <dd>{o.address}</dd>
          </div>
        ) : null}
        {o.instructions ? (
          <div>
            <dt>Customer's note</dt>
            <dd>{o.instructions}</dd>
          </div>
        ) : null}
        {o.campaign ? (
          <div>
            <dt>Campaign</dt>
            <dd>{o.campaign}</dd>
          </div>
        ) : null}
        <div>
          <dt>Items and total</dt>
          <dd>
            {o.items} items, {o.total} · {o.payment} · placed {o.placedAt}
          </dd>
        </div>
      </dl>
      {/* Folded so the board stays a list; a native disclosure, so it opens without JavaScript too. */}
      <details>
        <summary className={styles.summaryToggle}>Show items to pick for order {o.businessOrderId}</summary>
        <LineList lines={o.lines} symbol="£" />
      </details>
      {o.status === "en_route" && !o.completed ? (
        <p>
          <Link to={href("/staff/driver/:orderId", { orderId: o.businessOrderId })}>
            Driver page for order {o.businessOrderId}
          </Link>
        </p>
      ) : null}
      {o.nextStatus ? (
        <Form method="post">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="storeId" value={storeId ?? ""} />
          <input type="hidden" name="businessOrderId" value={o.businessOrderId} />
          <input type="hidden" name="status" value={o.nextStatus} />
          <button type="submit" className={forms.button.primary}>
            Move order {o.businessOrderId} to {ORDER_STATUS_LABELS[o.nextStatus]}
          </button>
        </Form>
      ) : null}
      {o.canComplete ? (
        <Form method="post">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="complete" />
          <input type="hidden" name="storeId" value={storeId ?? ""} />
          <input type="hidden" name="businessOrderId" value={o.businessOrderId} />
          <button type="submit" className={forms.button.primary}>
            Mark order {o.businessOrderId} as {o.type === "Delivery" ? "delivered" : "collected"}
          </button>
        </Form>
      ) : null}
    </li>
  );
}
