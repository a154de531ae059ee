import { useFetchers, type Fetcher } from "react-router";
import type { Basket } from "#contract/basket";
import { ADD_FIELDS, ADD_TO_BASKET_ACTION } from "~/models/add-to-basket-form";

export interface OptimisticBasketTotals {
  totalItemsQuantity: number;
  /** Pence, lines at the shopper's price before deals; what the basket will show once pending changes land. */
  orderSubtotal: number;
}

/**
 * The unit price of each add on its way, by the add's idempotency key. The platform prices the line, so the price is
 * no field of the add form; the page that drew the Add button knows it, and leaves it here as the add is sent, for
 * the totals below. Only the browser writes it (on submit), and a key is one add: a later add never reads an
 * earlier one's price.
 */
const pendingAddPrices = new Map<string, number>();

export function rememberAddPrice(idempotencyKey: string, unitPrice: number): void {
  pendingAddPrices.set(idempotencyKey, unitPrice);
}

/** The fields of an add this fetcher has on its way (posting, or reloading after the answer); null when none. */
export function pendingAdd(fetcher: Pick<Fetcher, "formAction" | "formData">): FormData | null {
  return fetcher.formData && fetcher.formAction?.split("?")[0] === ADD_TO_BASKET_ACTION ? fetcher.formData : null;
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
    const add = pendingAdd(fetcher);
    if (add) {
      const quantity = Number(add.get(ADD_FIELDS.quantity) ?? 1);
      const key = add.get(ADD_FIELDS.idempotencyKey);
      // Every add form leaves its price; were one missing, the count would still move and the subtotal wait.
      const unitPrice = (typeof key === "string" ? pendingAddPrices.get(key) : undefined) ?? 0;
      if (!Number.isInteger(quantity)) continue;
      totalItemsQuantity += quantity;
      orderSubtotal += quantity * unitPrice;
    } else if (form.get("intent") === "set-quantity") {
      const line = basket?.items.find((l) => l.basketLineId === form.get("basketLineId"));
      const quantity = Number(form.get("quantity"));
      if (!line || !Number.isInteger(quantity)) continue;
      totalItemsQuantity += quantity - line.quantity;
      orderSubtotal += (quantity - line.quantity) * line.unitPrice;
    }
  }
  return { totalItemsQuantity, orderSubtotal: Math.max(0, orderSubtotal) };
}
