import type { OrderSummary } from "#contract/orders";
import { formatAddress } from "~/models/address";
import * as styles from "./Checkout.css";

const PAYMENT_NAMES = { cash: "Cash", card: "Card", applepay: "Apple Pay", googlepay: "Google Pay" } as const;

export interface OrderFactsListProps {
  order: Pick<OrderSummary, "orderType" | "store" | "deliveryAddress" | "paymentMethod" | "totals">;
  /** When the order is due, in the page's words. */
  when: string;
  /** When it was placed, in words: the member's own order page says so. */
  placed?: string;
  /** The store's phone beside its name, and how the order is paid: for the pages read just after ordering. */
  receipt?: boolean;
}

/** A placed order's facts: where from, when, where to and (on a receipt) how it is paid. */
export function OrderFactsList({ order, when, placed, receipt = false }: OrderFactsListProps) {
  const delivery = order.orderType === "delivery";
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{delivery ? "Delivery" : "Collection"} from</dt>
        <dd>
          {order.store.storeName}
          {receipt && order.store.phone ? ` · ${order.store.phone}` : ""}
        </dd>
      </div>
      {placed !== undefined ? (
        <div>
          <dt>Placed</dt>
          <dd>{placed}</dd>
        </div>
      ) : null}
      <div>
        <dt>{delivery ? "Delivery time" : "Collection time"}</dt>
        <dd>{when}</dd>
      </div>
      {order.deliveryAddress ? (
        <div>
          <dt>Delivery address</dt>
          <dd>{formatAddress(order.deliveryAddress)}</dd>
        </div>
      ) : null}
      {receipt ? (
        <div>
          <dt>Payment</dt>
          <dd>
            {order.totals.total === 0 && order.totals.credit > 0 ? (
              "Paid with credit"
            ) : (
              <>
                {PAYMENT_NAMES[order.paymentMethod]}
                {order.paymentMethod === "cash" ? (delivery ? ", on delivery" : ", on collection") : ", paid"}
              </>
            )}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
