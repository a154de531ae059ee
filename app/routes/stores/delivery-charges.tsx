import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/delivery-charges";
import { BackLink } from "~/components/back-link/BackLink";
import { DeliveryChargesView } from "~/components/store-dialogs/DeliveryChargesView";
import { ROUTE_IDS, type StoreLayoutData } from "~/models/route-data";
import { storePath } from "~/models/store-paths";
import * as styles from "~/styles/pages.css";

/**
 * The store's delivery charges (its deliveryTiers, spec 1 §3) as a page: the delivery tiers dialog the store bar opens
 * with script. Everything it shows comes with the store layout's data.
 */
export default function DeliveryCharges() {
  const layout = useRouteLoaderData(ROUTE_IDS.storeLayout) as StoreLayoutData | undefined;
  if (!layout) return null;
  return (
    <div className={styles.page}>
      <BackLink href={storePath(layout.store.slug)} />
      <h1 className={styles.title}>Delivery charges</h1>
      <DeliveryChargesView store={layout.store} locationMissing={layout.locationMissing} />
    </div>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const store = (matches[1]?.data as { store?: { storeName: string } } | undefined)?.store;
  return [{ title: store ? `Delivery charges | ${store.storeName}` : "Delivery charges" }];
}
