import type { StoreDetails } from "#contract";
import type { BasketPageData } from "~/models/route-data";
import type { FulfilmentMethod } from "~/models/shopper";
import { STORE_CLOSED_MESSAGE, STORE_PAUSED_MESSAGE, isStoreClosed } from "~/models/store-list";
import type { Shopper } from "~/services/context";

/* The basket page's loader (basket.tsx), the parts that only reshape what it has read. */

type StorePage = Extract<BasketPageData, { kind: "store" }>;

/** The store as the basket page shows it for this fulfilment method. */
export function basketPageStore(store: StoreDetails, method: FulfilmentMethod): StorePage["store"] {
  const other = method === "delivery" ? "collection" : "delivery";
  return {
    name: store.storeName,
    slug: store.slug,
    symbol: store.currency.symbolChar,
    // Paused first: a paused store is also shut to orders, and its own words say why.
    notice: store.ordersPaused ? STORE_PAUSED_MESSAGE : isStoreClosed(store) ? STORE_CLOSED_MESSAGE : null,
    noticeDetail: store.ordersPaused ? store.pausedMessage : isStoreClosed(store) ? store.storeClosedMessage : null,
    canSwitch: store.orderMethods[other].enabledForMethod,
    tipsEnabled: store.tips.enabled,
    tipEmoji: store.isDriverTipEmojiEnabled,
    baseCost: store.orderMethods[method].cost,
  };
}

/**
 * The items the last 'Order again' or deep link could not put in the basket. The page lists them once, so they are
 * taken out of the session as they are read; a deep link's list is the newer when both are there.
 */
export function takeNotAdded(session: Shopper["session"]): StorePage["notAdded"] {
  const fromOrder = session.get("reorderNotAdded") ?? [];
  const fromLink = session.get("linkNotAdded") ?? [];
  if (fromOrder.length > 0) session.unset("reorderNotAdded");
  if (fromLink.length > 0) session.unset("linkNotAdded");
  return fromLink.length > 0 ? { from: "link", items: fromLink } : { from: "order", items: fromOrder };
}
