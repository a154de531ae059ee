// Issue 19, item 4: the global dialogs still missing (spec 1 §2 "Modals (global)") — delivery charges, the store's
// menu (the generic menu dialog), location search, store search, store types and the multi-section discount. With
// JavaScript each opens as a modal dialog that takes and holds focus, closes on Escape (focus back on its opener) and on
// navigation, and locks the page's scroll only while open; without JavaScript each is a page of its own.
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { addItem } from "./support/basket";
import { cheddar } from "./support/checkout";
import { openStoreBar, shopAtVictoria, storeBar } from "./support/slots";
import { demoStores, findStoresFromHome, isPath, searchPostcode, shopButton } from "./support/stores";

const victoria = demoStores.victoria;

const scrollLocked = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).overflow === "hidden");
const focusInside = (dialog: Locator) => dialog.evaluate((d) => d.contains(document.activeElement));

/** Nothing is wider than the viewport: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways overflow on ${label}`).toBeLessThanOrEqual(0);
}

/**
 * The modal behaviour every dialog shares: focus moves in and stays in however often Tab is pressed, the page behind
 * cannot scroll, axe finds nothing; Escape closes it, gives focus back to its opener and unlocks the scroll.
 */
async function expectModal(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInside(dialog)).toBe(true);
  const stops = await dialog.evaluate(
    (d) => d.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea').length,
  );
  for (let i = 0; i < stops + 2; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInside(dialog), `focus after ${i + 1} Tab presses`).toBe(true);
  }
  await page.keyboard.press("Shift+Tab");
  expect(await focusInside(dialog), "focus after Shift+Tab").toBe(true);
  expect(await scrollLocked(page)).toBe(true);
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // The lock is lifted as the dialog unmounts, which may come a frame after focus has gone back.
  await expect.poll(() => scrollLocked(page)).toBe(false);
}

/** After a navigation from inside a dialog: it is gone and the page scrolls again. */
async function expectClosedByNavigation(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeHidden();
  await expect.poll(() => scrollLocked(page)).toBe(false);
}

test.describe("the store bar's dialogs @phone-js-only", () => {
  test("delivery charges: each delivery tier with its charge, Free From and the minimum spend", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow();
    await shopAtVictoria(page);
    await openStoreBar(page);
    const opener = storeBar(page).getByRole("link", { name: "Charges for delivery" });
    await opener.click();
    let scope: Locator = page.getByRole("main");
    if (javaScriptEnabled) {
      scope = page.getByRole("dialog", { name: "Delivery charges" });
      await expect(page).toHaveURL(isPath(`/stores/${victoria.slug}`));
    } else {
      await expect(page).toHaveURL(isPath(`/stores/${victoria.slug}/delivery-charges`));
      await expect(page.getByRole("heading", { level: 1, name: "Delivery charges" })).toBeVisible();
    }
    // Victoria Street's tiers (platform/db/seed/stores.ts); SW1A 1AA is 0.53 km away, in the first.
    const table = scope.getByRole("table");
    await expect(table.getByRole("row")).toHaveText([
      /Distance\s*Charge/,
      /Up to 1\.5 km\s*£1\.99/,
      /1\.5 km to 3 km\s*£2\.99/,
      /3 km to 4 km\s*£3\.99/,
    ]);
    await expect(scope.getByText("Your delivery charge: £1.99")).toBeVisible();
    await expect(scope.getByText("Free From £40.00")).toBeVisible();
    await expect(scope.getByText("Minimum spend £15.00")).toBeVisible();
    if (javaScriptEnabled) await expectModal(page, scope, opener);
    else await expectNoAxeViolations(page);

    // The page at 320 px and at 200 % zoom (a 640 px layout viewport): no sideways scrolling, every row in view.
    for (const width of [320, 640]) {
      await page.setViewportSize({ width, height: 720 });
      await page.goto(`/stores/${victoria.slug}/delivery-charges`);
      await expect(page.getByRole("main").getByRole("row", { name: /3 km to 4 km/ })).toBeInViewport();
      await expectNoSidewaysScroll(page, `delivery charges at ${width} px`);
    }
    await expectNoAxeViolations(page);
  });

  test("the store menu leads to the store's further actions, and hands over to location search", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow();
    await shopAtVictoria(page);
    await openStoreBar(page);
    const more = storeBar(page).getByRole("link", { name: "More store options" });
    await more.click();
    if (javaScriptEnabled) {
      const menu = page.getByRole("dialog", { name: "Store options" });
      await expect(menu.getByRole("link")).toHaveText([
        "Delivery charges",
        "Change your location",
        "Find another store",
        "Search this store",
        "All our stores",
      ]);
      await expectModal(page, menu, more);

      // An action closes the menu and opens its own dialog; focus ends where it began.
      await more.click();
      await menu.getByRole("link", { name: "Change your location" }).click();
      await expect(menu).toBeHidden();
      const location = page.getByRole("dialog", { name: "Change your location" });
      await expect(location.getByRole("textbox", { name: "Postcode", exact: true })).toBeVisible();
      await expectModal(page, location, more);

      // A link in the menu navigates, which closes it.
      await more.click();
      await menu.getByRole("link", { name: "Search this store" }).click();
      await expect(page).toHaveURL(isPath(`/stores/${victoria.slug}/search`));
      await expectClosedByNavigation(page, menu);

      // A search from the location dialog goes on as one from the home page: to the stores near the new postcode.
      await (await openStoreBar(page)).getByRole("link", { name: "More store options" }).click();
      await menu.getByRole("link", { name: "Change your location" }).click();
      await searchPostcode(page, "E1 6AN");
      await expect(page).toHaveURL(isPath("/stores-near-by"));
      await expectClosedByNavigation(page, location);
    } else {
      await expect(page).toHaveURL(isPath(`/stores/${victoria.slug}/more`));
      await expect(page.getByRole("heading", { level: 1, name: "Store options" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("main").getByRole("link", { name: "Change your location" }).click();
      await expect(page).toHaveURL(isPath("/location/change"));
      await expect(page.getByRole("heading", { level: 1, name: "Change your location" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", `/stores/${victoria.slug}`);
      await expectNoAxeViolations(page);
      await searchPostcode(page, "E1 6AN");
      await expect(page).toHaveURL(isPath("/stores-near-by"));
    }
    await expect(page.getByRole("heading", { level: 1, name: "Stores near E1 6AN" })).toBeVisible();
  });

  test("find another store: the stores near the shopper, each with its way to shop there", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow();
    await shopAtVictoria(page);
    await openStoreBar(page);
    const opener = storeBar(page).getByRole("link", { name: "Change store" });
    await opener.click();
    if (!javaScriptEnabled) {
      // The page it stands for is the stores near by (stores.spec.ts covers it).
      await expect(page).toHaveURL(isPath("/stores-near-by"));
      await expect(page.getByRole("heading", { level: 1, name: "Stores near SW1A 1AA" })).toBeVisible();
      return;
    }
    const dialog = page.getByRole("dialog", { name: "Find another store" });
    await expect(dialog.getByText("Stores near SW1A 1AA.")).toBeVisible();
    await expect(dialog.getByRole("heading", { level: 3, name: demoStores.clapham.name })).toBeVisible();
    await expectModal(page, dialog, opener);

    await opener.click();
    await shopButton(dialog, demoStores.clapham.name, "Pre-order from this store").click();
    await expect(page).toHaveURL(isPath(`/stores/${demoStores.clapham.slug}`));
    await expect(page.getByRole("heading", { level: 1, name: demoStores.clapham.name })).toBeVisible();
    await expectClosedByNavigation(page, dialog);
  });
});

test.describe("dialogs of the store list and the basket", () => {
  test("store types: the types of store near the shopper, each showing its stores @desktop-only", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow();
    await findStoresFromHome(page, "SW1A 1AA");
    const opener = page.getByRole("link", { name: "Choose a type of store" });
    await opener.click();
    let scope: Locator = page.getByRole("main");
    if (javaScriptEnabled) {
      scope = page.getByRole("dialog", { name: "Store types" });
      await expect(scope.getByRole("link", { name: "All types of store" })).toHaveAttribute("aria-current", "true");
      await expectModal(page, scope, opener);
      await opener.click();
    } else {
      await expect(page).toHaveURL(isPath("/stores-near-by/types"));
      await expect(page.getByRole("heading", { level: 1, name: "Store types" })).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await expect(scope.getByRole("list", { name: "Store types" }).getByRole("link").first()).toHaveText(
      "All types of store",
    );
    await scope.getByRole("link", { name: "Bakery", exact: true }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === "/stores-near-by" && url.searchParams.get("type") === "bakery",
    );
    await expect(page.getByRole("combobox", { name: "Store type" })).toHaveValue("bakery");
    await expect(page.getByRole("heading", { level: 3, name: demoStores.clapham.name })).toBeVisible();
    if (javaScriptEnabled) await expectClosedByNavigation(page, scope);
  });

  test("multi-section discount: a deal begun in the basket, section by section @desktop-only", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow();
    await shopAtVictoria(page);
    // One cheese of the Cheese board's two, and none of its crackers: the deal is begun, not complete.
    await addItem(page, cheddar);
    await page.goto("/basket");
    const opener = page
      .getByRole("list", { name: "Deals" })
      .getByRole("link", { name: "See the deal's sections for Cheese board" });
    await opener.click();
    let scope: Locator = page.getByRole("main");
    if (javaScriptEnabled) {
      scope = page.getByRole("dialog", { name: "Cheese board: your progress" });
      await expect(page).toHaveURL(isPath("/basket"));
    } else {
      await expect(page).toHaveURL(isPath(`/stores/${victoria.slug}/deal/deal-2/sections`));
      await expect(page.getByRole("heading", { level: 1, name: "Cheese board: your progress" })).toBeVisible();
    }
    await expect(scope.getByText("Cheese board is £4.50 for 2 from Cheeses, 1 from Crackers.")).toBeVisible();
    await expect(scope.getByRole("list", { name: "Sections of the deal" }).getByRole("listitem")).toHaveText([
      "Cheeses1 of 2 chosen: choose 1 more",
      "Crackers0 of 1 chosen: choose 1 more",
    ]);
    if (javaScriptEnabled) {
      await expectModal(page, scope, opener);
      await opener.click();
    } else {
      await expectNoAxeViolations(page);
    }
    await scope.getByRole("link", { name: "Choose items for Cheese board" }).click();
    await expect(page).toHaveURL(isPath(`/stores/${victoria.slug}/deal/cheese-board-2`));
    await expect(page.getByRole("heading", { level: 1, name: "Cheese board" })).toBeVisible();
    if (javaScriptEnabled) await expectClosedByNavigation(page, scope);
  });
});
