import { useEffect } from "react";
import { href, Link, useFetcher } from "react-router";
import type { StoreSummary } from "#contract/stores";
import { ShopSearch } from "~/components/shop-search/ShopSearch";
import { StoreCard } from "~/components/store-list/StoreCard";
import * as list from "~/components/store-list/StoreList.css";
import type { FulfilmentMethod } from "~/models/shopper";
import * as s from "./StoreDialogs.css";

type Group = "open" | "preorder" | "closed";
/** What the stores near by page's loader answers (the part this panel reads). */
interface NearBy {
  view: { method: FulfilmentMethod };
  location: { postcode: string | null; address: string | null } | null;
  result: ({ [g in Group]: StoreSummary[] } & { total: number }) | null;
}

/**
 * The store search dialog's body: the stores near the shopper's location, read from the stores near by page's own
 * loader (the page the "Find another store" link leads to without script), each with its way to shop there; without a
 * location, the store search widget.
 */
export function StoreSearchPanel({ locationHref }: { locationHref: string }) {
  const fetcher = useFetcher<NearBy>();
  const nearBy = href("/stores-near-by");
  // Loaded once, when the dialog opens (the fetcher's load is the same function from render to render).
  const { load } = fetcher;
  useEffect(() => {
    void load(nearBy);
  }, [load, nearBy]);
  const data = fetcher.data;
  if (!data) return <p role="status">Finding stores…</p>;
  if (!data.result || !data.location) {
    return (
      <>
        <p className={s.lead}>Enter your postcode to find the stores near you.</p>
        <ShopSearch />
      </>
    );
  }
  const { result, view, location } = data;
  const stores = (["open", "preorder", "closed"] as const).flatMap((group) =>
    result[group].map((store) => ({ store, group })),
  );
  return (
    <>
      <p className={s.lead}>
        Stores near {location.address ?? location.postcode ?? "you"}.{" "}
        <Link to={locationHref} className={s.link}>
          Change your location
        </Link>
      </p>
      {stores.length ? (
        <ul className={list.list}>
          {stores.map(({ store, group }) => (
            <StoreCard key={store.id} store={store} method={view.method} group={group} action={nearBy} />
          ))}
        </ul>
      ) : (
        <p className={s.lead}>No stores found near you.</p>
      )}
      <p>
        <Link to={nearBy} className={s.link}>
          See all stores near you
        </Link>
      </p>
    </>
  );
}
