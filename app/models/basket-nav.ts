import { href } from "react-router";
/**
 * The mobile bottom navigation (spec 1 §2 "Mobile bottom navigation", §4 "Bottom navigation visibility", §9): which
 * buttons it shows, which are disabled and why, which is the current page, and when scrolling hides it. Pure, so
 * the rules are tested without a browser; the component and its hook only wire them up.
 */
import { formatPence } from "./money";
import { storePath, storeSearchPath } from "./store-paths";

export const NO_STORE_TOOLTIP = "No store selected";
export const NO_ITEMS_TOOLTIP = "No items in your basket";

/** Spec 1 §9 scroll values. */
export const NAV_SCROLL = {
  /** A move smaller than this (px) is not a scroll yet. */
  minDelta: 8,
  /** Pixels per millisecond a downward scroll must reach to hide the bar (slow reading scrolls keep it). */
  speedGate: 0.5,
  /** The bar comes back once scrolling has stopped this long (ms). */
  settleMs: 220,
  /** Within this many px of the top the bar always shows. */
  topZone: 24,
} as const;

export type NavKey = "search" | "stores" | "menu" | "account" | "basket";

export interface NavItem {
  key: NavKey;
  label: string;
  /** Where the button goes; null when it is disabled. */
  href: string | null;
  /** Why it is disabled, shown as its tooltip. */
  tooltip: string | null;
  /** The current page: the icon is solid and the link carries aria-current. */
  active: boolean;
  /** The visible label is a figure (the subtotal): this says what it is to a screen reader. */
  accessibleLabel?: string;
}

export interface NavInput {
  pathname: string;
  /** White-label searchTabEnabled: search is one of the tabs. */
  searchTabEnabled: boolean;
  /** White-label autoSelectClosestStore: the shopper never picks a store, so there is no Stores button. */
  autoSelectClosestStore: boolean;
  hasPostcode: boolean;
  store: { slug: string } | null;
  basket: { itemCount: number; subtotal: number } | null;
  /** Where Account goes; null leaves Account out (no sign-in pages yet). */
  accountHref: string | null;
  symbol?: string;
}

/** Spec 1 §2: on every page except the home path. */
export function showsBottomNav(pathname: string): boolean {
  return pathname !== "/";
}

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The buttons, in the order they sit on the bar. */
export function bottomNavItems(input: NavInput): NavItem[] {
  const { pathname, store, basket } = input;
  const items: NavItem[] = [];
  const searchPath = store ? storeSearchPath(store.slug) : null;

  if (input.searchTabEnabled) {
    items.push({
      key: "search",
      label: "Search",
      href: searchPath,
      tooltip: store ? null : NO_STORE_TOOLTIP,
      active: searchPath !== null && under(pathname, searchPath),
    });
  }

  if (!input.autoSelectClosestStore) {
    items.push(
      input.hasPostcode
        ? {
            key: "stores",
            label: "Stores",
            href: href("/stores-near-by"),
            tooltip: null,
            active: pathname === href("/stores-near-by") || pathname === href("/stores"),
          }
        : { key: "stores", label: "Home", href: "/", tooltip: null, active: pathname === "/" },
    );
  }

  const menuPath = store ? storePath(store.slug) : null;
  items.push({
    key: "menu",
    label: "Menu",
    href: menuPath,
    tooltip: store ? null : NO_STORE_TOOLTIP,
    active: menuPath !== null && under(pathname, menuPath) && !(searchPath !== null && under(pathname, searchPath)),
  });

  if (input.accountHref) {
    items.push({
      key: "account",
      label: "Account",
      href: input.accountHref,
      tooltip: null,
      active: under(pathname, input.accountHref),
    });
  }

  items.push(basketItem(pathname, basket, input.symbol));
  return items;
}

/**
 * Basket: disabled with 'No items in your basket' when empty; with items and not on the basket page it shows the
 * subtotal (currency symbol, two decimals); otherwise 'Basket'.
 */
export function basketItem(pathname: string, basket: NavInput["basket"], symbol?: string): NavItem {
  const onBasket = under(pathname, "/basket");
  const count = basket?.itemCount ?? 0;
  if (count <= 0) return { key: "basket", label: "Basket", href: null, tooltip: NO_ITEMS_TOOLTIP, active: onBasket };
  if (onBasket) return { key: "basket", label: "Basket", href: href("/basket"), tooltip: null, active: true };
  const total = formatPence(basket?.subtotal ?? 0, { symbol });
  return {
    key: "basket",
    label: total,
    href: href("/basket"),
    tooltip: null,
    active: false,
    accessibleLabel: `Basket, ${count} ${count === 1 ? "item" : "items"}, ${total}`,
  };
}

export interface ScrollState {
  hidden: boolean;
  /** Where the last counted move ended (px) and when (ms). */
  lastY: number;
  lastTime: number;
}

export function initialScrollState(y: number, time: number): ScrollState {
  return { hidden: false, lastY: y, lastTime: time };
}

/**
 * One scroll event. Near the top the bar shows. A move counts once it adds up to `minDelta`; a downward one that
 * fast enough (faster than `speedGate` px/ms since the last counted move) hides the bar. Upward moves leave it as it
 * is: it comes back when scrolling settles (`scrollSettled`).
 */
export function scrolled(state: ScrollState, y: number, time: number, values = NAV_SCROLL): ScrollState {
  if (y <= values.topZone) return { hidden: false, lastY: y, lastTime: time };
  const dy = y - state.lastY;
  if (Math.abs(dy) < values.minDelta) return state;
  const speed = dy / Math.max(1, time - state.lastTime);
  const hidden = dy > 0 && speed > values.speedGate ? true : state.hidden;
  return { hidden, lastY: y, lastTime: time };
}

/** Scrolling stopped for `settleMs`: the bar comes back. */
export function scrollSettled(state: ScrollState): ScrollState {
  return state.hidden ? { ...state, hidden: false } : state;
}

/** Input types that take no typing, so they raise no on-screen keyboard that the bar would sit on. */
const NON_TEXT_INPUTS = new Set([
  "button",
  "checkbox",
  "color",
  "file",
  "hidden",
  "image",
  "radio",
  "range",
  "reset",
  "submit",
]);

/** Spec 1 §4: the bar hides while an input, textarea or editable element has focus (the keyboard is up). */
export function isTextEntry(element: { tagName: string; type?: string; isContentEditable?: boolean } | null): boolean {
  if (!element) return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toUpperCase();
  if (tag === "TEXTAREA") return true;
  if (tag === "INPUT") return !NON_TEXT_INPUTS.has((element.type ?? "text").toLowerCase());
  return false;
}
