import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/more";
import { BackLink } from "~/components/back-link/BackLink";
import { MenuList } from "~/components/dialog/MenuDialog";
import { STORE_MENU_TITLE, storeMenuEntries } from "~/components/store-dialogs/store-menu";
import { ROUTE_IDS, type StoreLayoutData } from "~/models/route-data";
import { storePath } from "~/models/store-paths";
import * as styles from "~/styles/pages.css";

/** The store's menu of further actions as a page: the generic menu dialog the store bar's "More" opens with script. */
export default function StoreMenu() {
  const layout = useRouteLoaderData(ROUTE_IDS.storeLayout) as StoreLayoutData | undefined;
  if (!layout) return null;
  const home = storePath(layout.store.slug);
  return (
    <div className={styles.page}>
      <BackLink href={home} />
      <h1 className={styles.title}>{STORE_MENU_TITLE}</h1>
      {/* The location search's way back is the store, not this menu. */}
      <MenuList
        entries={storeMenuEntries(layout.store.slug, home, layout.store.orderMethods.delivery.enabledForMethod)}
        label={STORE_MENU_TITLE}
      />
    </div>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const store = (matches[1]?.data as { store?: { storeName: string } } | undefined)?.store;
  return [{ title: store ? `${STORE_MENU_TITLE} | ${store.storeName}` : STORE_MENU_TITLE }];
}
