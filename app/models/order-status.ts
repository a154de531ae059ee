/**
 * The order status page's progress list (spec 2 §3): the statuses an order of its type passes through, in order,
 * with the spec's labels, each marked done, current or upcoming.
 *
 * order-rules.ts is free of zod, so the browser may import it normally.
 */
import { ORDER_STATUS_LABELS, orderStatusesFor, type OrderStatus } from "#contract/order-rules";

export { ORDER_STATUS_LABELS, type OrderStatus } from "#contract/order-rules";

export type OrderProgressState = "done" | "current" | "upcoming";

export interface OrderProgressStep {
  status: OrderStatus;
  label: string;
  state: OrderProgressState;
  /** 1-based, for "Step 2 of 4". */
  position: number;
}

/**
 * Every status of the order's type: those before the order's status done, its own current, the rest upcoming. A
 * status the type does not pass through (or none, or one this storefront does not know) marks every step upcoming
 * rather than guessing how far the order has come.
 */
export function orderProgress(
  status: OrderStatus | string | null | undefined,
  orderType: "delivery" | "collection",
): OrderProgressStep[] {
  const statuses = orderStatusesFor(orderType);
  const at = statuses.indexOf(status as OrderStatus);
  return statuses.map((s, i) => ({
    status: s,
    label: ORDER_STATUS_LABELS[s],
    state: at < 0 || i > at ? "upcoming" : i < at ? "done" : "current",
    position: i + 1,
  }));
}
