// Issue 3: "Use my location". Only JavaScript can read the device's position, so the button exists only where
// script runs; without it the postcode search (stores.spec.ts) is the way, and the widget offers no dead button.
import { expect, test } from "./fixtures";
import { demoStores, findStoresFromHome, isPath, postcodeField, storeGroup } from "./support/stores";

const deviceLocationFailed = "Unable to find your location, try manually adding your postcode / address";
// A point on The Mall beside Buckingham Palace, whose nearest postcode in the table is SW1A 1AA.
const nearBuckinghamPalace = { latitude: 51.501, longitude: -0.1416 };

// The device position is only available to JavaScript.
test.describe("with JavaScript", { tag: "@js-only" }, () => {
  test("Use my location finds the stores near the device's postcode", async ({ page, context }) => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation(nearBuckinghamPalace);
    await page.goto("/");
    await page.getByRole("button", { name: "Use my location" }).click();

    await expect(page).toHaveURL(isPath("/stores-near-by"));
    await expect(page.getByRole("heading", { level: 1, name: "Stores near SW1A 1AA" })).toBeVisible();
    await expect(postcodeField(page)).toHaveValue("SW1A 1AA");
    await expect(storeGroup(page, "Open now").getByRole("heading", { level: 3 }).first()).toHaveText(
      demoStores.victoria.name,
    );
    // The found postcode joins the recent searches like a typed one.
    await expect(
      page.getByRole("list", { name: "Recent searches" }).getByRole("button", { name: "SW1A 1AA" }),
    ).toBeVisible();
  });

  test("a location search replaces the postcode searched before", async ({ page, context }) => {
    await findStoresFromHome(page, "M1 1AE");
    await expect(page.getByRole("heading", { level: 1, name: "Stores near M1 1AE" })).toBeVisible();
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation(nearBuckinghamPalace);
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Stores near SW1A 1AA" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: demoStores.piccadilly.name })).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Recent searches" }).getByRole("button")).toHaveText([
      "SW1A 1AA",
      "M1 1AE",
    ]);
  });

  test("a refused location says so beside the button and the shopper stays to type a postcode", async ({
    page,
    context,
  }) => {
    await context.clearPermissions();
    await page.goto("/");
    const button = page.getByRole("button", { name: "Use my location" });
    await button.click();

    const message = page.getByRole("alert");
    await expect(message).toHaveText(deviceLocationFailed);
    await expect(button).toHaveAccessibleDescription(deviceLocationFailed);
    await expect(page).toHaveURL(isPath("/"));
    await expect(postcodeField(page)).toBeEditable();
  });
});

test.describe("without JavaScript", { tag: "@no-js" }, () => {
  test("the widget offers no location button, only the postcode search", async ({ page }) => {
    await page.goto("/");
    await expect(postcodeField(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Find stores" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Use my location" })).toHaveCount(0);
  });
});
