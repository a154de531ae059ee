import { lazy, Suspense, useRef, useState } from "react";
import { Form, href, Link, useLocation } from "react-router";
import { DialogLink } from "~/components/dialog/DialogLink";
import type { StoreDialogKey } from "~/components/store-dialogs/store-menu";
import type { Basket } from "#contract/basket";
import { DisabledControl } from "~/components/bottom-nav/DisabledControl";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useOptimisticBasketTotals } from "~/components/product-card/optimistic";
import { NO_ITEMS_TOOLTIP } from "~/models/basket-nav";
import { formatPence } from "~/models/money";
import { visuallyHidden } from "~/styles/global.css";
import { ChevronIcon } from "~/components/site-header/icons";
import * as styles from "./StoreBar.css";
import { deliveryChargesPath, fulfilmentPath, storeMenuPath, storePath, timeSlotsPath } from "~/models/store-paths";

const StoreBarDialogs = lazy(() => import("~/components/store-dialogs/StoreBarDialogs"));

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
  /** The store's basketOnlyTimeSelection: the time is chosen in the basket, so the bar's time links there. */
  timeInBasket?: boolean;
}

/**
 * Under the header on every store page (UX.md): which store, delivery or collection, and the held slot — each one
 * tap from changing — and the basket total, which moves with the product cards' pending changes.
 *
 * On a phone the bar is one line (store · method · time) that opens the full bar: a <details>, so it opens and closes
 * without script. From 960px the line is hidden and the full bar always shows (decision 0038); the basket entry shows
 * only there, since below 960px the bottom navigation carries the basket.
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
  timeInBasket = false,
}: StoreBarProps) {
  const { pathname, search } = useLocation();
  const totals = useOptimisticBasketTotals(basket);
  const method = fulfilmentMethod === "delivery" ? "Delivery" : "Collection";
  const other = fulfilmentMethod === "delivery" ? "collection" : "delivery";
  const dialogs = useStoreBarDialogs();
  const time = slotText ?? "Choose a time";
  return (
    <nav className={styles.bar} aria-label="Your store">
      {/* Keyed by the path: a change on this page (method, time) leaves it open; another page starts with it closed. */}
      <details key={pathname} className={styles.disclosure}>
        <summary className={styles.summary}>
          <span className={styles.summaryText}>
            {hideStoreInfo ? null : (
              <>
                <span className={styles.summaryStore}>{storeName}</span>
                <Separator />
              </>
            )}
            <span className={styles.summaryPart}>{method}</span>
            <Separator />
            <span className={styles.summaryTime}>{time}</span>
          </span>
          <span className={styles.summaryAction}>
            <span className={visuallyHidden}>, change</span>
            <ChevronIcon className={styles.chevron} />
          </span>
        </summary>
        <ul className={styles.list}>
          {hideStoreInfo ? null : (
            <li className={styles.item}>
              <span className={styles.label}>Store</span>
              <Link to={storePath(storeSlug)} className={styles.value}>
                {storeName}
              </Link>
              <DialogLink to={href("/stores-near-by")} onOpen={() => dialogs.show("stores")} className={styles.change}>
                Change<span className={visuallyHidden}> store</span>
              </DialogLink>
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
            {fulfilmentMethod === "delivery" ? (
              <DialogLink
                to={deliveryChargesPath(storeSlug)}
                onOpen={() => dialogs.show("charges")}
                className={styles.change}
              >
                Charges<span className={visuallyHidden}> for delivery</span>
              </DialogLink>
            ) : null}
          </li>
          <li className={styles.item}>
            <span className={styles.label}>
              {fulfilmentMethod === "delivery" ? "Delivery time" : "Collection time"}
            </span>
            <span className={styles.value}>{time}</span>
            <Link to={timeInBasket ? href("/basket") : timeSlotsPath(storeSlug)} className={styles.change}>
              {timeInBasket ? (
                <>
                  {slotText ? "Change" : "Choose"}
                  <span className={visuallyHidden}> the time</span> in your basket
                </>
              ) : slotText ? (
                <>
                  Change<span className={visuallyHidden}> time</span>
                </>
              ) : (
                "Pick a time"
              )}
            </Link>
          </li>
          <li className={`${styles.item} ${styles.basketItem}`}>
            {totals.totalItemsQuantity > 0 ? (
              <Link to={href("/basket")} className={styles.basket}>
                <span className={styles.label}>Basket</span>{" "}
                <span className={styles.value}>{formatPence(totals.orderSubtotal, { symbol })}</span>
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
          <li className={styles.item}>
            <DialogLink to={storeMenuPath(storeSlug)} onOpen={() => dialogs.show("menu")} className={styles.change}>
              More<span className={visuallyHidden}> store options</span>
            </DialogLink>
          </li>
        </ul>
      </details>
      {dialogs.used ? (
        <Suspense fallback={null}>
          <StoreBarDialogs
            open={dialogs.open}
            here={`${pathname}${search}`}
            onClose={dialogs.close}
            onChoose={dialogs.chain}
          />
        </Suspense>
      ) : null}
    </nav>
  );
}

/** Between the compact line's parts: a dot to the eye, a comma to a screen reader. */
function Separator() {
  return (
    <>
      <span aria-hidden="true" className={styles.separator}>
        ·
      </span>
      <span className={visuallyHidden}>, </span>
    </>
  );
}

/**
 * Which of the bar's dialogs is open (their code is fetched the first time one opens). A dialog chosen from the menu
 * opens once the menu has closed, when focus is back on the bar's "More", so that it returns there in the end.
 */
function useStoreBarDialogs() {
  const [open, setOpen] = useState<StoreDialogKey | null>(null);
  const [used, setUsed] = useState(false);
  const next = useRef<StoreDialogKey | null>(null);
  return {
    open,
    used,
    show(key: StoreDialogKey) {
      setUsed(true);
      setOpen(key);
    },
    chain(key: StoreDialogKey) {
      next.current = key;
      setOpen(null);
    },
    close() {
      const then = next.current;
      next.current = null;
      setOpen(then);
    },
  };
}
