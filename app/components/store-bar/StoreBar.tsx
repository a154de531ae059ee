import { Form, href, Link, useLocation } from "react-router";
import type { Basket } from "../../../platform/contract/basket";
import { DisabledControl } from "~/components/bottom-nav/DisabledControl";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useOptimisticBasketTotals } from "~/components/product-card/optimistic";
import { NO_ITEMS_TOOLTIP } from "~/models/basket-nav";
import { formatPence } from "~/models/money";
import { visuallyHidden } from "~/styles/global.css";
import * as styles from "./StoreBar.css";
import { fulfilmentPath, storePath, timeSlotsPath } from "~/models/store-paths";

export interface StoreBarProps {
  storeName: string;
  storeSlug: string;
  fulfilmentMethod: "delivery" | "collection";
  /** Whether the store offers the other method, so the switch is worth showing. */
  canSwitch: boolean;
  /** The held slot in words (models/slots heldSlotText, on the server), or null when none is held. */
  slotText: string | null;
  /** The shopper's basket for this store; null before the first one is made. */
  basket?: Pick<Basket, "items" | "totalItemsQuantity" | "orderSubtotal"> | null;
  /** The store's currency symbol. */
  symbol?: string;
  /** Global header.hideStoreInfo: the store's name (and its Change link) is left out; ordering controls stay. */
  hideStoreInfo?: boolean;
}

/**
 * Under the header on every store page (UX.md): which store, delivery or collection, and the held slot — each one
 * tap from changing — and the basket total, which moves with the product cards' pending changes.
 */
export function StoreBar({
  storeName,
  storeSlug,
  fulfilmentMethod,
  canSwitch,
  slotText,
  basket = null,
  symbol,
  hideStoreInfo = false,
}: StoreBarProps) {
  const { pathname, search } = useLocation();
  const totals = useOptimisticBasketTotals(basket);
  const method = fulfilmentMethod === "delivery" ? "Delivery" : "Collection";
  const other = fulfilmentMethod === "delivery" ? "collection" : "delivery";
  return (
    <nav className={styles.bar} aria-label="Your store">
      <ul className={styles.list}>
        {hideStoreInfo ? null : (
          <li className={styles.item}>
            <span className={styles.label}>Store</span>
            <Link to={storePath(storeSlug)} className={styles.value}>
              {storeName}
            </Link>
            <Link to={href("/stores-near-by")} className={styles.change}>
              Change<span className={visuallyHidden}> store</span>
            </Link>
          </li>
        )}
        <li className={styles.item}>
          <span className={styles.label}>Order type</span>
          <span className={styles.value}>{method}</span>
          {canSwitch ? (
            <Form method="post" action={fulfilmentPath(storeSlug)} className={styles.inlineForm}>
              <AuthenticityTokenInput />
              <input type="hidden" name="method" value={other} />
              <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
              <button type="submit" className={styles.changeButton}>
                Switch<span className={visuallyHidden}> to {other}</span>
              </button>
            </Form>
          ) : null}
        </li>
        <li className={styles.item}>
          <span className={styles.label}>{fulfilmentMethod === "delivery" ? "Delivery time" : "Collection time"}</span>
          <span className={styles.value}>{slotText ?? "Choose a time"}</span>
          <Link to={timeSlotsPath(storeSlug)} className={styles.change}>
            {slotText ? (
              <>
                Change<span className={visuallyHidden}> time</span>
              </>
            ) : (
              "Pick a time"
            )}
          </Link>
        </li>
        <li className={styles.item}>
          {totals.totalItemsQuantity > 0 ? (
            <Link to={href("/basket")} className={styles.basket}>
              <span className={styles.label}>Basket</span> <span className={styles.value}>{formatPence(totals.orderSubtotal, { symbol })}</span>
              <span className={visuallyHidden}>
                , {totals.totalItemsQuantity} {totals.totalItemsQuantity === 1 ? "item" : "items"}
              </span>
            </Link>
          ) : (
            <DisabledControl tooltip={NO_ITEMS_TOOLTIP} placement="below" className={styles.basket}>
              Basket
            </DisabledControl>
          )}
        </li>
      </ul>
    </nav>
  );
}
