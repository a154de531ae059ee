import { useFetchers } from "react-router";
import type { Basket } from "#contract/basket";

export interface OptimisticBasketTotals {
  totalItemsQuantity: number;
  /** Pence, lines at the shopper's price before deals; what the basket will show once pending changes land. */
  orderSubtotal: number;
}

/**
 * The basket's count and subtotal with the cards' pending changes applied (an add in flight, a stepper click), so
 * a total shown elsewhere on the page moves with the card rather than after the round trip.
 */
export function useOptimisticBasketTotals(
  basket: Pick<Basket, "items" | "totalItemsQuantity" | "orderSubtotal"> | null,
): OptimisticBasketTotals {
  const fetchers = useFetchers();
  let totalItemsQuantity = basket?.totalItemsQuantity ?? 0;
  let orderSubtotal = basket?.orderSubtotal ?? 0;
  for (const fetcher of fetchers) {
    const form = fetcher.formData;
    if (!form || !fetcher.key.startsWith("item-")) continue;
    if (form.get("intent") === "set-quantity") {
      const line = basket?.items.find((l) => l.basketLineId === form.get("basketLineId"));
      const quantity = Number(form.get("quantity"));
      if (!line || !Number.isInteger(quantity)) continue;
      totalItemsQuantity += quantity - line.quantity;
      orderSubtotal += (quantity - line.quantity) * line.unitPrice;
    } else if (form.get("intent") === "add") {
      const quantity = Number(form.get("quantity") ?? 1);
      const unitPrice = Number(form.get("unitPrice"));
      if (!Number.isInteger(quantity) || !Number.isInteger(unitPrice)) continue;
      totalItemsQuantity += quantity;
      orderSubtotal += quantity * unitPrice;
    }
  }
  return { totalItemsQuantity, orderSubtotal: Math.max(0, orderSubtotal) };
}
