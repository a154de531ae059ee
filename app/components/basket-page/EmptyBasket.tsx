import { Link } from "react-router";
import type { BasketAnswer } from "~/components/basket-summary/BasketForm";
import { ShopSearchOnDemand } from "~/components/shop-search/ShopSearchOnDemand";
import { BASKET_EMPTY_MESSAGE } from "~/models/basket";
import { storePath } from "~/models/store-paths";
import * as f from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import * as styles from "./BasketPage.css";

/**
 * A coupon or points post refused where the basket has no coupon or points form to say it beside (no store, nothing
 * in the basket): the refusal, said over the page.
 */
function Refused({ answer }: { answer: BasketAnswer | undefined }) {
  const message = answer?.coupon?.error?.["code"]?.[0] ?? answer?.points?.error?.["points"]?.[0];
  return message ? (
    <p className={f.errorMessage} role="alert">
      {message}
    </p>
  ) : null;
}

/** The basket with no store chosen: the store search, to start shopping. */
export function NoStore({ refused }: { refused?: BasketAnswer | undefined }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Your basket</h1>
      <Refused answer={refused} />
      <p className={styles.empty}>{BASKET_EMPTY_MESSAGE}</p>
      <p>Find a store near you to start shopping.</p>
      <div className={styles.search}>
        <ShopSearchOnDemand />
      </div>
    </div>
  );
}

/** An empty basket at a store: why the store takes no orders (when it does not), and the way back to its menu. */
export function EmptyBasket({
  storeName,
  storeSlug,
  notice,
  refused,
}: {
  storeName: string;
  storeSlug: string;
  notice: string | null;
  refused?: BasketAnswer | undefined;
}) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Your basket</h1>
      <Refused answer={refused} />
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
