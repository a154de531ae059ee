import { Link, useLocation, useRouteLoaderData } from "react-router";
import type { Basket } from "#contract/basket";
import { useOptimisticBasketTotals } from "~/components/product-card/optimistic";
import { bottomNavItems, showsBottomNav, type NavInput } from "~/models/basket-nav";
import { ROUTE_IDS, type BasketPageData, type RootData, type StoreLayoutData } from "~/models/route-data";
import { DisabledControl } from "./DisabledControl";
import { NavIcon } from "./icons";
import { useBottomNavHidden } from "./use-bottom-nav-visibility";
import * as styles from "./BottomNav.css";

/**
 * The phone's bottom bar (spec 1 §2): search, stores, the store's menu and the basket, on every page but home and
 * below 960px. The basket figure prefers what the page itself loaded (the store pages and the basket page read the
 * basket anyway) and moves with the product cards' pending changes.
 */
export function BottomNav() {
  const { pathname } = useLocation();
  const root = useRouteLoaderData(ROUTE_IDS.root) as RootData | undefined;
  const layout = useRouteLoaderData(ROUTE_IDS.storeLayout) as StoreLayoutData | undefined;
  const basketPage = useRouteLoaderData(ROUTE_IDS.basket) as BasketPageData | undefined;
  const hidden = useBottomNavHidden();
  const fresh: Basket | null | undefined = layout
    ? layout.basket
    : basketPage?.kind === "store"
      ? basketPage.basket
      : undefined;
  const optimistic = useOptimisticBasketTotals(fresh ?? null);
  if (!root?.bottomNav || !showsBottomNav(pathname)) return null;

  const basket: NavInput["basket"] =
    fresh === undefined
      ? root.bottomNav.basket
      : fresh
        ? { itemCount: optimistic.totalItemsQuantity, subtotal: optimistic.orderSubtotal }
        : null;
  const store = layout && !layout.locationMissing ? { slug: layout.store.slug } : root.shopper.store;
  const items = bottomNavItems({
    pathname,
    searchTabEnabled: root.bottomNav.searchTabEnabled,
    autoSelectClosestStore: root.bottomNav.autoSelectClosestStore,
    hasPostcode: Boolean(root.shopper.postcode),
    store,
    basket,
    // Spec 1 §2: the member area when signed in, else sign in (the member area's guard would send a guest there anyway).
    accountHref: root.shopper.signedIn ? "/member" : "/login",
    symbol: layout?.store.currency.symbolChar ?? (basketPage?.kind === "store" ? basketPage.store.symbol : undefined),
  });

  return (
    <>
      <div className={styles.spacer} aria-hidden="true" />
      <nav
        aria-label="Shortcuts"
        className={`${styles.bar} ${hidden ? styles.hidden : ""}`}
        data-testid="bottom-nav"
        data-state={hidden ? "hidden" : "shown"}
      >
        <ul className={styles.list}>
          {items.map((item, index) => {
            const content = (
              <>
                <NavIcon
                  name={item.key === "stores" && item.label === "Home" ? "home" : item.key}
                  solid={item.active}
                />
                <span className={styles.label}>{item.label}</span>
              </>
            );
            return (
              <li key={item.key} className={styles.item}>
                {item.href ? (
                  <Link
                    to={item.href}
                    className={`${styles.link} ${item.active ? styles.active : ""}`}
                    aria-current={item.active ? "page" : undefined}
                    aria-label={item.accessibleLabel}
                  >
                    {content}
                  </Link>
                ) : (
                  <DisabledControl
                    tooltip={item.tooltip ?? ""}
                    className={styles.link}
                    wrapperClassName={styles.fill}
                    align={index === 0 ? "start" : index === items.length - 1 ? "end" : "center"}
                  >
                    {content}
                  </DisabledControl>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
