import { href } from "react-router";
import type { MenuEntry } from "~/components/dialog/MenuDialog";
import { LOCATION_SEARCH_PATH } from "~/models/store-search";
import { deliveryChargesPath, storeSearchPath } from "~/models/store-paths";

/** The dialogs the store bar opens with script (each has its page without). */
export type StoreDialogKey = "menu" | "charges" | "location" | "stores";

export const STORE_MENU_TITLE = "Store options";

/** Where the location search page sends the shopper back to. */
export function locationSearchHref(from: string): string {
  return `${LOCATION_SEARCH_PATH}?${new URLSearchParams({ from })}`;
}

/** The store's further actions: the store bar's "More" menu and the page it stands for. */
export function storeMenuEntries(storeSlug: string, here: string, delivers: boolean): MenuEntry[] {
  return [
    ...(delivers ? [{ label: "Delivery charges", to: deliveryChargesPath(storeSlug), action: "charges" }] : []),
    { label: "Change your location", to: locationSearchHref(here), action: "location" },
    { label: "Find another store", to: href("/stores-near-by"), action: "stores" },
    { label: "Search this store", to: storeSearchPath(storeSlug) },
    { label: "All our stores", to: href("/stores") },
  ];
}
