import { Outlet } from "react-router";
import type { Route } from "./+types/store-layout";
import { StoreBar } from "~/components/store-bar/StoreBar";
import { shopperContext } from "~/services/context";
import { loadStorePage } from "~/services/store-page.server";

/** Every /stores/{storeSlug} page: the store, checked and selected once, and the store bar above the page. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const { details, locationMissing } = await loadStorePage(shopper, request, params.storeSlug);
  return { store: details, locationMissing, fulfilmentMethod: shopper.session.get("fulfilmentMethod") ?? "delivery" };
}

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  const { store, fulfilmentMethod } = loaderData;
  return (
    <>
      <StoreBar storeName={store.storeName} storeSlug={store.slug} fulfilmentMethod={fulfilmentMethod} />
      <Outlet />
    </>
  );
}
