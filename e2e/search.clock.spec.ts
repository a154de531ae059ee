// Issue 5 item search journeys that switch white-label settings: recommended items before results. The settings
// are shared by the whole server, so these run with the clock journeys, one at a time (playwright.config.ts),
// and restore the defaults after each test.
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { failPlatformCall } from "./support/faults";
import { demoStores, setWhiteLabel } from "./support/stores";

const searchPath = `/stores/${demoStores.victoria.slug}/search`;
const recommended = (page: Page) => page.getByRole("region", { name: "Recommended for you" });

test.describe("recommended items before results", () => {
  test.afterEach(async ({ request }) => {
    await setWhiteLabel(request, {});
  });

  test("with both settings on, the empty search shows recommended items, and a search replaces them", async ({
    page,
    jsEnabled,
    request,
  }) => {
    test.slow();
    await setWhiteLabel(request, { showRecommendedItemsBeforeResults: true, recommendedItemsEnabled: true });
    await page.goto(searchPath);
    await expect(recommended(page).getByRole("heading", { level: 2, name: "Recommended for you" })).toBeVisible();
    const cards = recommended(page).getByRole("heading", { level: 3 });
    expect(await cards.count(), "recommended items listed").toBeGreaterThan(0);
    // Each is an item of the store, linked to its page.
    await expect(recommended(page).getByRole("link").first()).toHaveAttribute(
      "href",
      /^\/stores\/victoria-street-1\/category\/[^/]+\/menuItem\/[^/]+$/,
    );
    await expectNoAxeViolations(page);

    const field = page.getByRole("searchbox", { name: "Search for items" });
    if (jsEnabled) await field.pressSequentially("chese", { delay: 40 });
    else {
      await field.fill("chese");
      await field.press("Enter");
    }
    await expect(
      page.getByRole("region", { name: "Items", exact: true }).getByRole("heading", { name: "Cottage Cheese 300g" }),
    ).toBeVisible();
    await expect(recommended(page)).toHaveCount(0);
  });

  test(
    "with recommended items disabled, the empty search shows none",
    { tag: "@desktop-only" },
    async ({ page, request }) => {
      await setWhiteLabel(request, { showRecommendedItemsBeforeResults: true, recommendedItemsEnabled: false });
      await page.goto(searchPath);
      await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
      await expect(recommended(page)).toHaveCount(0);
    },
  );
});

test.describe("a search the platform cannot answer (spec 1 §8)", () => {
  test("the page says 'Error searching for items'", async ({ page, request }) => {
    // The search is a read every shopper shares, so its fault is the server's (this journey has the server to itself).
    await failPlatformCall(request, "/api/search/global", { shared: true });
    await page.goto(`${searchPath}?searchTerm=cheddar`);
    await expect(page.getByRole("alert").filter({ hasText: "Error searching for items" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
