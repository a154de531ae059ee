import { href, Link } from "react-router";
import { productTypeLabel, type StoreView } from "~/components/store-list/StoreFilters";
import * as s from "./StoreDialogs.css";

export const STORE_TYPES_TITLE = "Store types";

/** The stores near by, in the same view, showing one type of store (or every type). */
export function storesOfType(view: StoreView, type: string | null): string {
  const query = new URLSearchParams({ method: view.method, sort: view.sort });
  if (type) query.set("type", type);
  return `${href("/stores-near-by")}?${query}`;
}

/** The store types page of a view: the no-script form of the store types dialog. */
export function storeTypesHref(view: StoreView): string {
  const query = new URLSearchParams({ method: view.method, sort: view.sort });
  if (view.type) query.set("type", view.type);
  return `${href("/stores-near-by/types")}?${query}`;
}

/**
 * The types of store near the shopper (the search's storeProductTypes, spec 1 §3), each a link to the stores of that
 * type; the one shown now is marked. The store types dialog's body and its page's.
 */
export function StoreTypesList({ types, view }: { types: readonly string[]; view: StoreView }) {
  const entries: [string | null, string][] = [
    [null, "All types of store"],
    ...types.map((t): [string, string] => [t, productTypeLabel(t)]),
  ];
  return (
    <ul className={s.list} aria-label={STORE_TYPES_TITLE}>
      {entries.map(([type, label]) => (
        <li key={type ?? ""}>
          <Link
            to={storesOfType(view, type)}
            className={s.choice}
            aria-current={view.type === type ? "true" : undefined}
          >
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
