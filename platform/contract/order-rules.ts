/**
 * Order progress (spec 2 §3) for both halves. No zod here: the browser bundle may import this file.
 */

export const ORDER_STATUSES = ["sent_to_store", "store_accepted_picking", "picked", "en_route"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Spec 2 §3, word for word. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  sent_to_store: "Sent to Store",
  store_accepted_picking: "Store Accepted / Picking",
  picked: "Picked",
  en_route: "Driver en Route",
};

/** The statuses an order of this type passes through, in order: a collection has no driver. */
export function orderStatusesFor(orderType: "delivery" | "collection"): readonly OrderStatus[] {
  return orderType === "delivery" ? ORDER_STATUSES : ORDER_STATUSES.filter((s) => s !== "en_route");
}

/** The status after `current` for the order type, or null at the last one. */
export function nextOrderStatus(current: OrderStatus, orderType: "delivery" | "collection"): OrderStatus | null {
  const statuses = orderStatusesFor(orderType);
  const at = statuses.indexOf(current);
  return at >= 0 && at < statuses.length - 1 ? statuses[at + 1]! : null;
}
