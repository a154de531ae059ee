// Issue 3 journeys that switch white-label settings. The settings are shared by the whole server, so these run
// with the clock journeys: after all others, one at a time (playwright.config.ts). Each restores the defaults.
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { demoStores, expectFieldError, isPath, searchPostcode, setWhiteLabel } from "./support/stores";

const chosenAddress = "10 Downing Street, London, SW1A 2AA";

test.describe("address search (storeSearchMode: address)", () => {
  test.beforeEach(async ({ request }) => {
    await setWhiteLabel(request, { storeSearchMode: "address" });
  });
  test.afterEach(async ({ request }) => {
    await setWhiteLabel(request, {});
  });

  test("an empty address search is refused on the field: 'Not a valid address' @desktop-only", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("textbox", { name: "Postcode" })).toHaveCount(0);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(isPath("/"));
    // A textbox, or a combobox once script runs: the label finds it either way.
    await expectFieldError(page.getByLabel("Address", { exact: true }), "Not a valid address");
  });

  // Suggestions as the shopper types need JavaScript; the next test is the way without it.
  test(
    "with JavaScript, suggestions appear after a pause and choosing one shows its stores",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/");
      // The field becomes a combobox once the page's script runs.
      const field = page.getByRole("combobox", { name: "Address" });
      await field.pressSequentially("Downing", { delay: 40 });
      const suggestions = page.getByRole("listbox", { name: "Address suggestions" });
      // Nothing is looked up while the shopper is still typing.
      await expect(suggestions).toBeHidden();
      await expect(suggestions).toBeVisible();
      await expect(field).toHaveAttribute("aria-expanded", "true");
      await expect(suggestions.getByRole("option")).toContainText([chosenAddress]);
      await expect(page.getByRole("status").filter({ hasText: /addresses found/ })).toHaveCount(1);
      await expectNoAxeViolations(page);

      await suggestions.getByRole("option", { name: chosenAddress }).click();
      await expect(page).toHaveURL(isPath("/stores-near-by"));
      await expect(page.getByRole("heading", { level: 1, name: `Stores near ${chosenAddress}` })).toBeVisible();
      await expect(
        page
          .getByRole("region", { name: /^Open now/ })
          .getByRole("heading", { level: 3, name: demoStores.victoria.name }),
      ).toBeVisible();
    },
  );

  test(
    "without JavaScript, the search lists matching addresses to choose from",
    { tag: "@no-js" },
    async ({ page }) => {
      await page.goto("/");
      await page.getByRole("textbox", { name: "Address", exact: true }).fill("Downing");
      await page.getByRole("button", { name: "Search", exact: true }).click();

      await expect(page).toHaveURL(
        (url) => url.pathname === "/location/address" && url.searchParams.get("q") === "Downing",
      );
      await expect(page.getByRole("heading", { level: 1, name: "Addresses matching “Downing”" })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Address", exact: true })).toHaveValue("Downing");
      const choices = page.getByRole("region", { name: "Choose your address" });
      await expect(choices.getByRole("button")).toContainText([chosenAddress]);
      await expectNoAxeViolations(page);

      await choices.getByRole("button", { name: chosenAddress }).click();
      await expect(page).toHaveURL(isPath("/stores-near-by"));
      await expect(page.getByRole("heading", { level: 1, name: `Stores near ${chosenAddress}` })).toBeVisible();
      await expect(
        page
          .getByRole("region", { name: /^Open now/ })
          .getByRole("heading", { level: 3, name: demoStores.victoria.name }),
      ).toBeVisible();
    },
  );
});

test.describe("automatic store selection (autoSelectClosestStore)", () => {
  test.beforeEach(async ({ request }) => {
    await setWhiteLabel(request, { autoSelectClosestStore: true });
  });
  test.afterEach(async ({ request }) => {
    await setWhiteLabel(request, {});
  });

  test("a postcode search lands on the nearest store's page @desktop-only", async ({ page }) => {
    await page.goto("/");
    await searchPostcode(page, "SW1A 1AA");
    await expect(page).toHaveURL(isPath(`/stores/${demoStores.victoria.slug}`));
    await expect(page.getByRole("heading", { level: 1, name: demoStores.victoria.name })).toBeVisible();
    const storeBar = page.getByRole("navigation", { name: "Your store" });
    await expect(storeBar.getByRole("link", { name: demoStores.victoria.name })).toBeVisible();
    await expect(storeBar).toContainText("Delivery");
  });
});
