import { describe, expect, it } from "vitest";
import {
  NAV_SCROLL,
  NO_ITEMS_TOOLTIP,
  NO_STORE_TOOLTIP,
  bottomNavItems,
  initialScrollState,
  isTextEntry,
  scrollSettled,
  scrolled,
  showsBottomNav,
  type NavInput,
} from "./basket-nav";

const base: NavInput = {
  pathname: "/stores/victoria-street-1/category/dairy-2",
  searchTabEnabled: true,
  autoSelectClosestStore: false,
  hasPostcode: true,
  store: { slug: "victoria-street-1" },
  basket: { itemCount: 3, subtotal: 1234 },
  accountHref: null,
};

const byKey = (input: Partial<NavInput>) =>
  Object.fromEntries(bottomNavItems({ ...base, ...input }).map((item) => [item.key, item]));

describe("where the bar shows (spec 1 §2)", () => {
  it("on every page except the home path", () => {
    expect(showsBottomNav("/")).toBe(false);
    expect(showsBottomNav("/basket")).toBe(true);
    expect(showsBottomNav("/stores-near-by")).toBe(true);
    expect(showsBottomNav("/faqs")).toBe(true);
  });
});

describe("the buttons (spec 1 §2)", () => {
  it("are search, stores, menu and basket in order, account only when it has somewhere to go", () => {
    expect(bottomNavItems(base).map((i) => i.key)).toEqual(["search", "stores", "menu", "basket"]);
    expect(bottomNavItems({ ...base, accountHref: "/login" }).map((i) => i.key)).toEqual([
      "search",
      "stores",
      "menu",
      "account",
      "basket",
    ]);
  });

  it("search only when the tab bar shows search, disabled with 'No store selected' without a store", () => {
    expect(byKey({ searchTabEnabled: false }).search).toBeUndefined();
    expect(byKey({}).search).toMatchObject({ href: "/stores/victoria-street-1/search", tooltip: null });
    expect(byKey({ store: null }).search).toMatchObject({ href: null, tooltip: NO_STORE_TOOLTIP });
  });

  it("stores, or home when no postcode is set, and none when the closest store is chosen automatically", () => {
    expect(byKey({}).stores).toMatchObject({ label: "Stores", href: "/stores-near-by" });
    expect(byKey({ hasPostcode: false }).stores).toMatchObject({ label: "Home", href: "/" });
    expect(byKey({ autoSelectClosestStore: true }).stores).toBeUndefined();
  });

  it("menu goes to the selected store, disabled with 'No store selected' without one", () => {
    expect(byKey({}).menu).toMatchObject({ href: "/stores/victoria-street-1", tooltip: null, active: true });
    expect(byKey({ store: null }).menu).toMatchObject({ href: null, tooltip: NO_STORE_TOOLTIP, active: false });
  });

  it("basket shows the subtotal with two decimals when it has items and this is not the basket page", () => {
    expect(byKey({}).basket).toMatchObject({
      label: "£12.34",
      href: "/basket",
      tooltip: null,
      accessibleLabel: "Basket, 3 items, £12.34",
    });
    expect(byKey({ basket: { itemCount: 1, subtotal: 50 } }).basket?.accessibleLabel).toBe("Basket, 1 item, £0.50");
    expect(byKey({ pathname: "/basket" }).basket).toMatchObject({ label: "Basket", href: "/basket", active: true });
  });

  it("basket is disabled with 'No items in your basket' when empty", () => {
    expect(byKey({ basket: { itemCount: 0, subtotal: 0 } }).basket).toMatchObject({
      label: "Basket",
      href: null,
      tooltip: NO_ITEMS_TOOLTIP,
    });
    expect(byKey({ basket: null }).basket).toMatchObject({ label: "Basket", href: null, tooltip: NO_ITEMS_TOOLTIP });
  });

  it("marks exactly the current page", () => {
    const active = (pathname: string) =>
      bottomNavItems({ ...base, pathname })
        .filter((i) => i.active)
        .map((i) => i.key);
    expect(active("/stores/victoria-street-1/search")).toEqual(["search"]);
    expect(active("/stores/victoria-street-1")).toEqual(["menu"]);
    expect(active("/stores-near-by")).toEqual(["stores"]);
    expect(active("/basket")).toEqual(["basket"]);
    expect(active("/faqs")).toEqual([]);
    // Another store's page is not the selected store's menu.
    expect(active("/stores/islington-4")).toEqual([]);
  });
});

describe("hiding on scroll (spec 1 §4)", () => {
  const start = initialScrollState(0, 0);

  it("hides on a fast downward scroll away from the top", () => {
    let s = scrolled(start, 100, 100);
    expect(s.hidden).toBe(true);
    s = scrolled(initialScrollState(200, 0), 240, 40);
    expect(s.hidden).toBe(true);
  });

  it("keeps the bar on a slow scroll (below the speed gate)", () => {
    const s = scrolled(initialScrollState(200, 0), 230, 100);
    expect(30 / 100).toBeLessThan(NAV_SCROLL.speedGate);
    expect(s.hidden).toBe(false);
  });

  it("ignores moves under 8px until they add up", () => {
    let s = initialScrollState(200, 0);
    s = scrolled(s, 205, 5);
    expect(s).toEqual(initialScrollState(200, 0));
    s = scrolled(s, 208, 10);
    expect(s.hidden).toBe(true);
  });

  it("gates on speed: a move of at least 8px hides the bar only faster than 0.5 px/ms", () => {
    const from = initialScrollState(200, 0);
    // 8px in 16 ms is exactly 0.5 px/ms: not faster than the gate.
    expect(scrolled(from, 208, 16).hidden).toBe(false);
    expect(scrolled(from, 208, 15).hidden).toBe(true);
    // 7px, however fast, is not a scroll yet.
    expect(scrolled(from, 207, 1)).toBe(from);
    // A fast move up never hides it.
    expect(scrolled(from, 100, 1).hidden).toBe(false);
  });

  it("shows within 24px of the top whatever the speed", () => {
    const hidden = { hidden: true, lastY: 300, lastTime: 0 };
    expect(scrolled(hidden, 24, 10).hidden).toBe(false);
    expect(scrolled(initialScrollState(0, 0), 20, 1).hidden).toBe(false);
  });

  it("scrolling up leaves it hidden until scrolling settles", () => {
    const hidden = { hidden: true, lastY: 500, lastTime: 0 };
    const up = scrolled(hidden, 400, 20);
    expect(up.hidden).toBe(true);
    expect(scrollSettled(up).hidden).toBe(false);
  });

  it("settles after 220 ms", () => {
    expect(NAV_SCROLL.settleMs).toBe(220);
  });
});

describe("hidden while typing (spec 1 §4)", () => {
  it("text inputs, textareas and editable elements count; buttons, radios and links do not", () => {
    expect(isTextEntry({ tagName: "INPUT", type: "text" })).toBe(true);
    expect(isTextEntry({ tagName: "input", type: "search" })).toBe(true);
    expect(isTextEntry({ tagName: "INPUT" })).toBe(true);
    expect(isTextEntry({ tagName: "TEXTAREA" })).toBe(true);
    expect(isTextEntry({ tagName: "DIV", isContentEditable: true })).toBe(true);
    expect(isTextEntry({ tagName: "INPUT", type: "radio" })).toBe(false);
    expect(isTextEntry({ tagName: "BUTTON" })).toBe(false);
    expect(isTextEntry({ tagName: "A" })).toBe(false);
    expect(isTextEntry(null)).toBe(false);
  });
});
