// Reads every shopper shares that fail (spec 1 §5, §8): the business profile, the white-label settings, and an
// address's place details. They need the server to themselves, so they run with the clock journeys: one at a time
// (playwright.config.ts).
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { failPlatformCall } from "./support/faults";
import { projectMonday, slotStores } from "./support/slots";
import { findStoresFromHome, isPath, setWhiteLabel } from "./support/stores";

const { victoria } = slotStores;

test.describe("configuration the site cannot do without (spec 1 §5, §8)", () => {
  test("a business profile that cannot be read: the error page says 'Unable to get business profile'", async ({
    page,
    request,
    testClock,
  }, testInfo) => {
    await testClock.set(projectMonday(testInfo, "10:00"));
    await findStoresFromHome(page, victoria.postcode);
    // A GET is tried twice on a 500 (spec 1 §7): both tries fail.
    await failPlatformCall(request, "/api/business/profile", { shared: true, times: 2 });
    const response = await page.goto("/stores-near-by");
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1, name: "Unable to get business profile" })).toBeVisible();
    await expect(page).toHaveTitle("500 Error");
    await expect(page.getByRole("link", { name: "Go to Homepage" })).toBeVisible();
    await expectNoAxeViolations(page);
    // The next read succeeds, and so does the page.
    await page.goto("/stores-near-by");
    await expect(page.getByRole("heading", { level: 1, name: `Stores near ${victoria.postcode}` })).toBeVisible();
  });

  test("public configuration (white-label settings) missing: the error page says 'Something went wrong!'", async ({
    page,
    request,
    testClock,
  }, testInfo) => {
    await testClock.set(projectMonday(testInfo, "10:00"));
    await findStoresFromHome(page, victoria.postcode);
    await failPlatformCall(request, "/api/whiteLabel/settings", { shared: true });
    const response = await page.goto("/stores-near-by");
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1, name: "Something went wrong!" })).toBeVisible();
    await expect(page).toHaveTitle("500 Error");
  });
});

test.describe("address search: place details that cannot be fetched (spec 1 §4, §8)", () => {
  test.afterEach(async ({ request }) => {
    await setWhiteLabel(request, {});
  });

  test("the chosen address says 'Unable to get address info, try another address.' beside the field", async ({
    page,
    request,
    jsEnabled,
  }) => {
    await setWhiteLabel(request, { storeSearchMode: "address" });
    await page.goto("/");
    const chosen = "10 Downing Street, London, SW1A 2AA";
    await failPlatformCall(request, "/api/location/getPlaceDetails");
    if (jsEnabled) {
      await page.getByRole("combobox", { name: "Address" }).pressSequentially("Downing", { delay: 40 });
      await page.getByRole("listbox", { name: "Address suggestions" }).getByRole("option", { name: chosen }).click();
    } else {
      await page.getByRole("textbox", { name: "Address", exact: true }).fill("Downing");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.getByRole("region", { name: "Choose your address" }).getByRole("button", { name: chosen }).click();
    }
    await expect(page.getByText("Unable to get address info, try another address.")).toBeVisible();
    await expect(page).not.toHaveURL(isPath("/stores-near-by"));
  });
});
