import { useRouteLoaderData } from "react-router";
import { Dialog } from "~/components/dialog/Dialog";
import { MenuDialog } from "~/components/dialog/MenuDialog";
import { ShopSearch } from "~/components/shop-search/ShopSearch";
import { ROUTE_IDS, type StoreLayoutData } from "~/models/route-data";
import { DeliveryChargesView } from "./DeliveryChargesView";
import { StoreSearchPanel } from "./StoreSearchPanel";
import { locationSearchHref, STORE_MENU_TITLE, storeMenuEntries, type StoreDialogKey } from "./store-menu";
import * as s from "./StoreDialogs.css";

export interface StoreBarDialogsProps {
  open: StoreDialogKey | null;
  /** The page the dialogs are opened over (path and query). */
  here: string;
  onClose: () => void;
  /** The menu chose another dialog: open it once the menu has closed. */
  onChoose: (key: StoreDialogKey) => void;
}

/**
 * The store bar's dialogs (spec 1 §2 global modals): the store's menu, its delivery charges, location search and store
 * search. Fetched by the browser the first time one opens, so the store pages do not carry them at first paint.
 */
export default function StoreBarDialogs({ open, here, onClose, onChoose }: StoreBarDialogsProps) {
  const layout = useRouteLoaderData(ROUTE_IDS.storeLayout) as StoreLayoutData | undefined;
  if (!layout) return null;
  const { store, locationMissing } = layout;
  const locationHref = locationSearchHref(here);
  return (
    <>
      <MenuDialog
        open={open === "menu"}
        title={STORE_MENU_TITLE}
        entries={storeMenuEntries(store.slug, here, store.orderMethods.delivery.enabledForMethod)}
        onClose={onClose}
        onChoose={(key) => onChoose(key as StoreDialogKey)}
      />
      <Dialog open={open === "charges"} title="Delivery charges" onClose={onClose}>
        <DeliveryChargesView store={store} locationMissing={locationMissing} />
      </Dialog>
      <Dialog open={open === "location"} title="Change your location" onClose={onClose}>
        <p className={s.lead}>Search by postcode, or use your location, to find the stores that serve you.</p>
        {/* A failed search comes back to the location search page, which shows what went wrong. */}
        <ShopSearch redirectTo={locationHref} />
      </Dialog>
      <Dialog open={open === "stores"} title="Find another store" onClose={onClose}>
        <StoreSearchPanel locationHref={locationHref} />
      </Dialog>
    </>
  );
}
