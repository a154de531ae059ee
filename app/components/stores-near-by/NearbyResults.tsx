import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import type { StoreSummary } from "#contract";
import { DialogLink } from "~/components/dialog/DialogLink";
import { storeTypesHref } from "~/components/store-dialogs/StoreTypesList";
import type { NotifyFormProps } from "~/components/store-list/NotifyForm";
import { NotifyFormOnDemand } from "~/components/store-list/NotifyFormOnDemand";
import { StoreCard } from "~/components/store-list/StoreCard";
import { productTypeLabel, StoreFilters, type StoreView } from "~/components/store-list/StoreFilters";
import * as styles from "~/components/store-list/StoreList.css";
import type { GroupedStores } from "~/models/store-list";

const StoreTypesDialog = lazy(() => import("~/components/store-dialogs/StoreTypesDialog"));

export interface NearbyResultsProps {
  view: StoreView;
  /** The stores found, grouped by whether they take orders now, with the store types among them. */
  result: GroupedStores<StoreSummary> & { storeProductTypes: readonly string[]; total: number };
  /** The "let me know" form, for a place no store serves. */
  notify: Omit<NotifyFormProps, "wording">;
}

/**
 * The stores near the shopper (spec 1 §2 stores near by): the filters, the way to a type of store, then the stores open
 * now, open for pre-orders and closed; where none serves, the "let me know" form.
 */
export function NearbyResults({ view, result, notify }: NearbyResultsProps) {
  const [typesOpen, setTypesOpen] = useState(false);
  const [typesUsed, setTypesUsed] = useState(false);
  return (
    <>
      <StoreFilters view={view} productTypes={result.storeProductTypes} />
      {result.storeProductTypes.length > 1 ? (
        <p>
          <DialogLink
            to={storeTypesHref(view)}
            onOpen={() => {
              setTypesUsed(true);
              setTypesOpen(true);
            }}
          >
            Choose a type of store
          </DialogLink>
        </p>
      ) : null}
      {typesUsed ? (
        <Suspense fallback={null}>
          <StoreTypesDialog
            open={typesOpen}
            types={result.storeProductTypes}
            view={view}
            onClose={() => setTypesOpen(false)}
          />
        </Suspense>
      ) : null}

      {result.total === 0 ? (
        view.type ? (
          <p className={styles.empty}>
            No {productTypeLabel(view.type).toLowerCase()} stores here.{" "}
            <Link to={`?method=${view.method}&sort=${view.sort}`}>Show all store types</Link>
          </p>
        ) : (
          <NotifyFormOnDemand wording={view.method === "delivery" ? "deliver to" : "have a store near"} {...notify} />
        )
      ) : (
        <>
          {(
            [
              ["open", "Open now", result.open],
              ["preorder", "Open for pre-orders", result.preorder],
              ["closed", "Closed", result.closed],
            ] as const
          ).map(([group, title, stores]) =>
            stores.length ? (
              <section key={group} aria-labelledby={`group-${group}`}>
                <h2 id={`group-${group}`} className={styles.groupTitle}>
                  {title} <span className={styles.count}>({stores.length})</span>
                </h2>
                <ul className={styles.list}>
                  {stores.map((s) => (
                    <StoreCard key={s.id} store={s} method={view.method} group={group} />
                  ))}
                </ul>
              </section>
            ) : null,
          )}
        </>
      )}
    </>
  );
}
