import type { Route } from "./+types/change";
import { BackLink } from "~/components/back-link/BackLink";
import { ShopSearch } from "~/components/shop-search/ShopSearch";
import * as styles from "~/components/store-list/StoreList.css";
import { safeRedirectPath } from "~/services/session.server";

/**
 * Location search (spec 1 §2 global modals, §4 "Store search by postcode", "Device location"): the dialog the store
 * bar's menu opens with script, as a page. A search made here goes on as one from the home page (models/store-search).
 */
export function loader({ request }: Route.LoaderArgs) {
  const from = new URL(request.url).searchParams.get("from");
  return { back: from ? safeRedirectPath(from, "") || null : null };
}

export default function LocationSearch({ loaderData }: Route.ComponentProps) {
  return (
    <div className={styles.page}>
      {loaderData.back ? <BackLink href={loaderData.back} /> : null}
      <h1 className={styles.title}>Change your location</h1>
      <p>Search by postcode, or use your location, to find the stores that serve you.</p>
      <ShopSearch />
    </div>
  );
}

export function meta() {
  return [{ title: "Change your location" }];
}
