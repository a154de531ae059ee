import { Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { StoreSummary } from "#contract";
import type { FulfilmentMethod } from "~/models/shopper";
import { storePath } from "~/models/store-paths";
import { storeStateMessage } from "~/models/store-list";
import * as forms from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import * as styles from "./StoreList.css";

const STATUS_TEXT = { open: "Open", preorder: "Pre-order", closed: "Closed" } as const;

/** A store in the results (spec 1 §2 stores near by): distance, address, today's hours, and the way to shop there. */
export function StoreCard({
  store,
  method,
  group,
  action,
}: {
  store: StoreSummary;
  method: FulfilmentMethod;
  group: "open" | "preorder" | "closed";
  /** Where the choice posts: the stores near by page (the default is the page it is on, which is that page). */
  action?: string;
}) {
  const state = store.orderMethods[method];
  const notice = storeStateMessage(store);
  const headingId = `store-${store.id}`;
  // Spec 1 §4: a selection already in progress ignores a second one. Without script the browser keeps only the
  // last navigation; with it, a second press while the first is on its way is dropped, so the first store is kept.
  const navigation = useNavigation();
  const selecting = navigation.state !== "idle" && navigation.formData?.get("intent") === "select";
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.cardTitle}>
        <Link to={storePath(store.slug)}>{store.storeName}</Link>
      </h3>
      <p className={styles.meta}>
        {store.distanceMiles.toFixed(1)} miles away · {store.address.addressLine1}, {store.address.town}{" "}
        {store.address.postcode}
      </p>
      <p className={styles.status} data-status={group}>
        {method === "delivery" ? "Delivery" : "Collection"}: {STATUS_TEXT[group]}
        {state.openingHoursToday.length
          ? ` · today ${state.openingHoursToday.map((h) => `${h.open}–${h.close === "24:00" ? "midnight" : h.close}`).join(", ")}`
          : ""}
      </p>
      {notice ? <p className={styles.notice}>{notice}</p> : null}
      {group !== "closed" ? (
        <Form
          method="post"
          action={action}
          onSubmit={(event) => {
            if (selecting) event.preventDefault();
          }}
        >
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="select" />
          <input type="hidden" name="storeId" value={store.id} />
          <input type="hidden" name="method" value={method} />
          <button type="submit" className={forms.button.primary} aria-disabled={selecting || undefined}>
            {group === "open" ? "Shop at this store" : "Pre-order from this store"}
            <span className={visuallyHidden}>: {store.storeName}</span>
          </button>
        </Form>
      ) : null}
    </li>
  );
}
