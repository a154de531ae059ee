import { Form } from "react-router";
import type { FulfilmentMethod } from "~/models/shopper";
import * as forms from "~/styles/forms.css";
import * as styles from "./StoreList.css";

export type StoreSort = "distance" | "name";

/** How the results are shown: delivery or collection, the order, and (where stores differ) the type of store. */
export interface StoreView {
  method: FulfilmentMethod;
  sort: StoreSort;
  type: string | null;
}

/** A store type's words for people: "farm-shop" is "Farm shop". */
export function productTypeLabel(type: string): string {
  const label = type.replace(/-/g, " ");
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** The results' filters: a GET form, so the view is in the address and works without script. */
export function StoreFilters({ view, productTypes }: { view: StoreView; productTypes: readonly string[] }) {
  return (
    // Keyed by the view: a link to another view (the store types dialog's) re-renders the uncontrolled fields with it.
    <Form
      key={`${view.method} ${view.sort} ${view.type ?? ""}`}
      method="get"
      className={styles.filters}
      aria-label="Show stores"
    >
      <fieldset className={styles.toggle}>
        <legend className={styles.legend}>Order type</legend>
        {(["delivery", "collection"] as const).map((m) => (
          <label key={m} className={styles.toggleOption}>
            <input type="radio" name="method" value={m} defaultChecked={view.method === m} />
            {m === "delivery" ? "Delivery" : "Collection"}
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor="sort" className={forms.label}>
          Sort by
        </label>
        <select id="sort" name="sort" defaultValue={view.sort} className={forms.select}>
          <option value="distance">Distance</option>
          <option value="name">Name</option>
        </select>
      </div>
      {productTypes.length > 1 ? (
        <div className={styles.field}>
          <label htmlFor="type" className={forms.label}>
            Store type
          </label>
          <select id="type" name="type" defaultValue={view.type ?? ""} className={forms.select}>
            <option value="">All types</option>
            {productTypes.map((t) => (
              <option key={t} value={t}>
                {productTypeLabel(t)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className={forms.button.secondary}>
        Update list
      </button>
    </Form>
  );
}
