import { href, redirect } from "react-router";
import type { Route } from "./+types/store-types";
import { api } from "#contract";
import { BackLink } from "~/components/back-link/BackLink";
import { STORE_TYPES_TITLE, storesOfType, StoreTypesList } from "~/components/store-dialogs/StoreTypesList";
import type { StoreView } from "~/components/store-list/StoreFilters";
import * as styles from "~/components/store-list/StoreList.css";
import { shopperContext } from "~/services/context";
import { hasLocation, locationInput } from "~/shopper/store-selection.server";

/** The view of the stores near by this page was opened from (the same query as that page's filters). */
function readView(url: URL, fallback: StoreView["method"]): StoreView {
  const m = url.searchParams.get("method");
  return {
    method: m === "delivery" || m === "collection" ? m : fallback,
    sort: url.searchParams.get("sort") === "name" ? "name" : "distance",
    type: url.searchParams.get("type")?.trim() || null,
  };
}

/**
 * Store types (spec 1 §2 global modals; storeProductTypes, spec 1 §3): the types of store near the shopper, each
 * leading to the stores of that type. The page the stores near by's store types dialog stands for without script.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const location = shopper.session.get("location");
  if (!hasLocation(location)) throw redirect(href("/stores-near-by"), 302);
  const view = readView(new URL(request.url), shopper.session.get("fulfilmentMethod") ?? "delivery");
  const { storeProductTypes } = await shopper.api.call(api.findNearbyStores, {
    ...locationInput(location),
    fulfilmentMethod: view.method,
    sortBy: view.sort,
  });
  return { view, types: storeProductTypes };
}

export default function StoreTypes({ loaderData }: Route.ComponentProps) {
  const { view, types } = loaderData;
  return (
    <div className={styles.page}>
      <BackLink href={storesOfType(view, view.type)} />
      <h1 className={styles.title}>{STORE_TYPES_TITLE}</h1>
      <p>Show the stores near you of one type:</p>
      <StoreTypesList types={types} view={view} />
    </div>
  );
}

export function meta() {
  return [{ title: STORE_TYPES_TITLE }];
}
