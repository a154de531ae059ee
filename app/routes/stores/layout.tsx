import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { StoreBar } from "~/components/store-bar/StoreBar";
import { ROUTE_IDS, type RootData, type StoreLayoutData } from "~/models/route-data";
import { heldSlotText, storeDate } from "~/models/slots";
import { appContext, shopperContext } from "~/services/context";
import { currentBasket } from "./slots.server";
import { loadStorePage } from "./store-page.server";

/** Every /stores/{storeSlug} page: the store, checked and selected once, and the store bar above the page. */
export async function loader({ params, request, context }: Route.LoaderArgs): Promise<StoreLayoutData> {
  const shopper = context.get(shopperContext);
  const now = context.get(appContext).clock.now();
  const { details, locationMissing } = await loadStorePage(shopper, request, params.storeSlug);
  const fulfilmentMethod = shopper.session.get("fulfilmentMethod") ?? "delivery";
  const basket = await currentBasket(shopper, details);
  const selected = basket?.selectedSlot ?? null;
  const timeZone = details.info.storeTimeZone;
  return {
    store: details,
    /** The shopper's basket for this store (null before the first one is made): the bar's total, the cards' counts. */
    basket,
    locationMissing,
    fulfilmentMethod,
    // Fresh on every load with a session. A sessionless page is the same for every visitor (decision 0032): its adds
    // are each a visitor's first, under a token family of its own, so one fixed seed never meets itself.
    formSeed: shopper.csrfToken ? crypto.randomUUID() : "visitor",
    bar: {
      slotText: heldSlotText(
        selected && { ...selected, isAsap: shopper.session.get("slotTiming") === "asap" },
        storeDate(now, timeZone),
        timeZone,
        null,
      ),
      canSwitch: details.orderMethods[fulfilmentMethod === "delivery" ? "collection" : "delivery"].enabledForMethod,
      timeInBasket: details.basketOnlyTimeSelection,
    },
  };
}

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  const { store, fulfilmentMethod } = loaderData;
  const root = useRouteLoaderData(ROUTE_IDS.root) as RootData | undefined;
  return (
    <>
      <StoreBar
        storeName={store.storeName}
        storeSlug={store.slug}
        fulfilmentMethod={fulfilmentMethod}
        basket={loaderData.basket}
        symbol={store.currency.symbolChar}
        hideStoreInfo={root?.site.global.header.hideStoreInfo ?? false}
        {...loaderData.bar}
      />
      <Outlet />
    </>
  );
}
