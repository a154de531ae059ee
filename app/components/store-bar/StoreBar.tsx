import { Link } from "react-router";
import { visuallyHidden } from "~/styles/global.css";
import * as styles from "./StoreBar.css";

export interface StoreBarProps {
  storeName: string;
  storeSlug: string;
  fulfilmentMethod: "delivery" | "collection";
}

/**
 * Under the header on every store page (UX.md): which store, delivery or collection — each one tap from changing.
 * The slot and the basket total join it with their issues.
 */
export function StoreBar({ storeName, storeSlug, fulfilmentMethod }: StoreBarProps) {
  const method = fulfilmentMethod === "delivery" ? "Delivery" : "Collection";
  return (
    <nav className={styles.bar} aria-label="Your store">
      <ul className={styles.list}>
        <li className={styles.item}>
          <span className={styles.label}>Store</span>
          <Link to={`/stores/${storeSlug}`} className={styles.value}>
            {storeName}
          </Link>
          <Link to="/stores-near-by" className={styles.change}>
            Change<span className={visuallyHidden}> store</span>
          </Link>
        </li>
        <li className={styles.item}>
          <span className={styles.label}>Order type</span>
          <span className={styles.value}>{method}</span>
          <Link to={`/stores-near-by?method=${fulfilmentMethod === "delivery" ? "collection" : "delivery"}`} className={styles.change}>
            Change<span className={visuallyHidden}> to {fulfilmentMethod === "delivery" ? "collection" : "delivery"}</span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
