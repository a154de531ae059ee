import { Link } from "react-router";
import { ShopSearchOnDemand } from "~/components/shop-search/ShopSearchOnDemand";
import { BASKET_EMPTY_MESSAGE } from "~/models/basket";
import { storePath } from "~/models/store-paths";
import * as f from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import * as styles from "./BasketPage.css";

/** The basket with no store chosen: the store search, to start shopping. */
export function NoStore() {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Your basket</h1>
      <p className={styles.empty}>{BASKET_EMPTY_MESSAGE}</p>
      <p>Find a store near you to start shopping.</p>
      <div className={styles.search}>
        <ShopSearchOnDemand />
      </div>
    </div>
  );
}

/** An empty basket at a store: why the store takes no orders (when it does not), and the way back to its menu. */
export function EmptyBasket({ storeName, storeSlug, notice }: { storeName: string; storeSlug: string; notice: string | null }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Your basket</h1>
      {notice ? <p className={styles.notice}>{notice}</p> : null}
      <p className={styles.empty}>{BASKET_EMPTY_MESSAGE}</p>
      <p>
        <Link to={storePath(storeSlug)} className={f.button.primary}>
          Back to the menu<span className={visuallyHidden}> of {storeName}</span>
        </Link>
      </p>
    </div>
  );
}
