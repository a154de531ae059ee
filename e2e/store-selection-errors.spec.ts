// Choosing a store when things go wrong (spec 1 §4, §8): a postcode search or a store's details the platform fails,
// and a store page or time picker opened without a location. The platform is made to fail for this test's shopper
// only (server/platform-faults.ts); with JavaScript on and off.
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { toast } from "./support/checkout";
import { failPlatformCall } from "./support/faults";
import { readServerLog } from "./support/server-log";
import { slotStores } from "./support/slots";
import {
  demoStores,
  findStoresFromHome,
  isPath,
  postcodeField,
  searchPostcode,
  shopButton,
  storeGroup,
} from "./support/stores";

const STORE_DETAILS_FAILED = "Failed to fetch store details";
const LOCATION_REQUIRED = "Please enter your postcode or allow location access to select a store.";
const { victoria } = slotStores;

test.describe("store search and selection (spec 1 §4, §8)", () => {
  test("a postcode search the platform fails is logged and shows nothing: the shopper stays on the page", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    await failPlatformCall(request, "/api/stores/findNearby");
    await searchPostcode(page, "SW1A 1AA");

    await expect(page).toHaveURL(isPath("/"));
    await expect(postcodeField(page)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: /Error/ })).toHaveCount(0);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(postcodeField(page)).not.toHaveAttribute("aria-invalid", "true");
    expect(await readServerLog()).toContain("location.store_search_failed");
    // Nothing was remembered: the same search works once the platform answers.
    await searchPostcode(page, "SW1A 1AA");
    await expect(page).toHaveURL(isPath("/stores-near-by"));
  });

  test("a store whose details cannot be fetched: 'Failed to fetch store details', and the list stays", async ({
    page,
    request,
  }) => {
    await findStoresFromHome(page, victoria.postcode);
    await failPlatformCall(request, "/api/stores/select");
    await shopButton(storeGroup(page, "Open now"), demoStores.victoria.name).click();

    await expect(toast(page, STORE_DETAILS_FAILED)).toBeVisible();
    await expect(page).toHaveURL(isPath("/stores-near-by"));
    await expect(
      storeGroup(page, "Open now").getByRole("heading", { level: 3, name: demoStores.victoria.name }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a store page and its time picker without a location ask for one", async ({ page }) => {
    await page.goto(`/stores/${victoria.slug}`);
    await expect(page.getByRole("heading", { level: 2, name: LOCATION_REQUIRED })).toBeVisible();
    await page.goto(`/stores/${victoria.slug}/time-slots`);
    await expect(page.getByText(LOCATION_REQUIRED)).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test(
    "a second store chosen while the first selection is on its way is ignored",
    { tag: "@js-only" },
    async ({ page }) => {
      await findStoresFromHome(page, victoria.postcode);
      const open = storeGroup(page, "Open now");
      const first = shopButton(open, demoStores.victoria.name);
      // Any other store listed, open or taking pre-orders.
      const second = page
        .getByRole("button", { name: /^(Shop at this store|Pre-order from this store)/ })
        .filter({ hasNotText: demoStores.victoria.name })
        .first();
      await expect(second).toBeVisible();
      // The first selection is held on its way until the second press has been made.
      const posts: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/stores-near-by*", async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        posts.push(route.request().postData() ?? "");
        await held;
        await route.continue();
      });
      await first.click();
      await expect(first).toHaveAttribute("aria-disabled", "true");
      // Every store's button says it is unavailable meanwhile; pressed anyway, it does nothing.
      await expect(second).toHaveAttribute("aria-disabled", "true");
      await second.click({ force: true });
      release();
      await expect(page).toHaveURL(isPath(`/stores/${victoria.slug}`));
      expect(posts).toHaveLength(1);
      expect(posts[0]).toContain(`storeId=${victoria.id}`);
    },
  );

  test(
    "a device position with no postcode near it: the toast and the inline message",
    { tag: "@js-only" },
    async ({ page, context }) => {
      await context.grantPermissions(["geolocation"]);
      // The middle of the North Sea: no postcode of the table is anywhere near.
      await context.setGeolocation({ latitude: 56.0, longitude: 3.0 });
      await page.goto("/");
      await page.getByRole("button", { name: "Use my location" }).click();

      await expect(
        toast(page, "Sorry, no matching locations for your detected location. Please try entering your address."),
      ).toBeVisible();
      // Inline, beside the field, as the field's error.
      await expect(
        page.getByText("Unable to find your location, try manually adding your postcode / address"),
      ).toBeVisible();
      await expect(page).toHaveURL(isPath("/"));
    },
  );
});
