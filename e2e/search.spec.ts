// Issue 5, "Item search": a store's search page with JavaScript on and off — a misspelt term still finds the
// cheeses, items are paged, a term with no match shows the platform's hint, a 1-character term asks nothing,
// and with JavaScript results come as the shopper types. Recommended items need a white-label switch, which is
// shared by the whole server: that journey is in search.clock.spec.ts.
import type { Page, Request } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { demoStores } from "./support/stores";

const store = demoStores.victoria;
const searchPath = `/stores/${store.slug}/search`;
const TOO_SHORT = "Type at least 2 characters";
const NO_ITEMS_HINT = "No items found. Check the spelling or try a shorter word.";

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search for items" });
const itemsRegion = (page: Page) => page.getByRole("region", { name: "Items", exact: true });
const itemNames = (page: Page) => itemsRegion(page).getByRole("heading", { level: 3 });
const resultStatus = (page: Page) => page.getByRole("status").filter({ hasText: /for “|Type at least/ });

/** The search page's data loads (script only): what typing asks the storefront for. */
function watchSearchLoads(page: Page): Request[] {
  const loads: Request[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === `${searchPath}.data`) loads.push(request);
  });
  return loads;
}

function searchUrl(term: string, itemsPage?: number): (url: URL) => boolean {
  return (url) =>
    url.pathname === searchPath &&
    url.searchParams.get("searchTerm") === term &&
    (itemsPage === undefined
      ? !url.searchParams.has("itemsPage")
      : url.searchParams.get("itemsPage") === String(itemsPage));
}

test.describe("item search", () => {
  test("“chese” finds the cheeses, each linked to its page, with the totals", async ({ page }) => {
    // Three pages, one audited by axe (with JavaScript off, in a second browser context): more than the default time.
    test.slow();
    await page.goto(searchPath);
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    const field = searchBox(page);
    await expect(field).toHaveAttribute("enterkeyhint", "search");
    await expect(page.getByRole("heading", { name: "Recommended for you" })).toHaveCount(0);

    await field.fill("chese");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(searchUrl("chese"));
    await expect(searchBox(page)).toHaveValue("chese");
    // Arriving with a term, the focus is left alone.
    await expect(searchBox(page)).not.toBeFocused();

    await expect(itemNames(page).first()).toBeVisible();
    const names = await itemNames(page).allInnerTexts();
    expect(names).toEqual(expect.arrayContaining(["Cottage Cheese 300g", "Macaroni Cheese 400g"]));
    await expect(resultStatus(page)).toHaveText(/^\d+ items?(, \d+ categor(y|ies))?(, \d+ deals?)? for “chese”$/);
    const cottage = itemsRegion(page).getByRole("link", { name: "Cottage Cheese 300g" });
    await expect(cottage).toHaveAttribute(
      "href",
      /^\/stores\/victoria-street-1\/category\/[a-z0-9-]+\/menuItem\/cottage-cheese-300g-\d+$/,
    );
    await expect(page.getByText(NO_ITEMS_HINT)).toHaveCount(0);
    await expectNoAxeViolations(page);

    await cottage.click();
    await expect(page.getByRole("heading", { level: 1, name: "Cottage Cheese 300g" })).toBeVisible();
  });

  test("items come 24 a page, with previous and next links", async ({ page }) => {
    test.slow();
    await page.goto(`${searchPath}?searchTerm=500g`);
    const pager = page.getByRole("navigation", { name: "Item pages" });
    await expect(pager).toContainText(/Page 1 of \d+/);
    await expect(itemNames(page)).toHaveCount(24);
    await expect(pager.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    const firstPage = await itemNames(page).allInnerTexts();

    const next = pager.getByRole("link", { name: "Next page" });
    await expect(next).toHaveAttribute("rel", "next");
    await next.click();
    await expect(page).toHaveURL(searchUrl("500g", 2));
    await expect(pager).toContainText(/Page 2 of \d+/);
    const secondPage = await itemNames(page).allInnerTexts();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(
      secondPage.filter((name) => firstPage.includes(name)),
      "no item on both pages",
    ).toEqual([]);
    await expectNoAxeViolations(page);

    const previous = pager.getByRole("link", { name: "Previous page" });
    await expect(previous).toHaveAttribute("rel", "prev");
    await previous.click();
    await expect(page).toHaveURL(searchUrl("500g"));
    await expect(itemNames(page)).toHaveText(firstPage);
  });

  test("a page past the end shows the last page @desktop-only", async ({ page }) => {
    await page.goto(`${searchPath}?searchTerm=500g&itemsPage=99`);
    await expect(page).toHaveURL((url) => url.searchParams.get("itemsPage") !== "99");
    await expect(
      page.getByRole("navigation", { name: "Item pages" }).getByRole("link", { name: "Next page" }),
    ).toHaveCount(0);
    await expect(itemNames(page).first()).toBeVisible();
  });

  test("a term that matches nothing shows the hint @desktop-only", async ({ page }) => {
    await page.goto(searchPath);
    await searchBox(page).fill("zqxvw");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(searchUrl("zqxvw"));
    await expect(page.getByText(NO_ITEMS_HINT)).toBeVisible();
    await expect(resultStatus(page)).toHaveText("No results for “zqxvw”");
    await expect(itemsRegion(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a 1-character term shows the hint and searches nothing @desktop-only", async ({ page, jsEnabled }) => {
    const loads = watchSearchLoads(page);
    await page.goto(searchPath);
    const field = searchBox(page);
    if (jsEnabled) {
      // Typed, not submitted: past the debounce nothing is fetched.
      await field.pressSequentially("c");
      await expect(resultStatus(page)).toHaveText(TOO_SHORT);
      await page.waitForTimeout(1000);
      expect(
        loads.map((r) => r.url()),
        "no search for 1 character",
      ).toEqual([]);
    } else {
      await field.fill("c");
      await field.press("Enter");
      await expect(page).toHaveURL(searchUrl("c"));
      await expect(resultStatus(page)).toHaveText(TOO_SHORT);
    }
    await expect(searchBox(page)).toHaveAccessibleDescription(TOO_SHORT);
    await expect(itemsRegion(page)).toHaveCount(0);
    await expect(page.getByText(NO_ITEMS_HINT)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a 1-character address shows the hint", { tag: "@once" }, async ({ page }) => {
    await page.goto(`${searchPath}?searchTerm=%20c%20`);
    await expect(resultStatus(page)).toHaveText(TOO_SHORT);
    await expect(itemsRegion(page)).toHaveCount(0);
  });

  test("with JavaScript, results come while typing and the address follows", { tag: "@js-only" }, async ({ page }) => {
    test.slow();
    const loads = watchSearchLoads(page);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documents.push(request.url());
    });
    await page.goto(searchPath);
    documents.length = 0;

    await searchBox(page).pressSequentially("chese", { delay: 40 });
    // Nothing is fetched while the shopper is still typing (600 ms after the last key).
    expect(loads).toEqual([]);
    await expect(itemNames(page).filter({ hasText: "Cottage Cheese 300g" })).toHaveCount(1);
    await expect(resultStatus(page)).toHaveText(/ for “chese”$/);
    await expect(page).toHaveURL(searchUrl("chese"));
    expect(documents, "no page load: the form was not submitted").toEqual([]);
    expect(loads.length, "one fetch for the whole word, not one per key").toBe(1);
    await expectNoAxeViolations(page);

    // Cut to one character: the results go and the hint shows.
    await searchBox(page).press("End");
    for (let i = 0; i < 4; i++) await searchBox(page).press("Backspace");
    await expect(resultStatus(page)).toHaveText(TOO_SHORT);
    await expect(itemsRegion(page)).toHaveCount(0);

    // The address typed to is the page itself: reloading it shows the same results.
    await searchBox(page).pressSequentially("hese", { delay: 40 });
    await expect(page).toHaveURL(searchUrl("chese"));
    await page.reload();
    await expect(itemNames(page).filter({ hasText: "Cottage Cheese 300g" })).toHaveCount(1);
  });
});
