// Issue 6, spec 2 §4: payment buttons are disabled when the slot is no longer valid. A held time runs out after
// SLOT_HOLD_SECONDS; the payment step then says so, offers the way back to a new time, and takes no payment. Runs on
// the fixed server clock with the other clock journeys (playwright.config.ts).
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { addItem } from "./support/basket";
import {
  basketReadyForCheckout,
  cheddar,
  checkoutAsGuest,
  chooseDeliveryAddress,
  fillDetails,
} from "./support/checkout";
import { SLOT_HOLD_SECONDS, projectMonday } from "./support/slots";
import { findStoresFromHome, isPath, shopButton, showStores, storeGroup } from "./support/stores";

const LOGIN_TO_ORDER = "Please Login or Create An Account to order with this store";
const INVALID_SLOT = "Invalid time slot selected. Please select a different time slot for your order.";

test.describe.configure({ timeout: 120_000 });

test("the pay button is disabled once the held time has run out @desktop-only", async ({
  page,
  testClock,
  jsEnabled,
}, testInfo) => {
  await testClock.set(projectMonday(testInfo, "14:00"));
  await basketReadyForCheckout(page, "delivery", jsEnabled);
  await checkoutAsGuest(page);
  await chooseDeliveryAddress(page);
  await fillDetails(page, false);
  const pay = page.getByRole("button", { name: "Continue" });
  await expect(pay).toBeEnabled();

  await testClock.set(projectMonday(testInfo, "14:00", SLOT_HOLD_SECONDS + 60));
  await page.reload();
  await expect(page).toHaveURL(isPath("/checkout/payment"));
  await expect(page.getByRole("alert").filter({ hasText: INVALID_SLOT })).toBeVisible();
  await expect(pay).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Check your order time" }).click();
  await expect(page).toHaveURL(isPath("/checkout/options"));
});

// Spec 2 §4: guest checkout only where the store allows it. Harbourside (Bristol, collection only, open 08:00–19:00 on
// weekdays, hence the clock) takes orders from members only: its sign-in step says so and offers no guest checkout.
test("a store that takes no guest orders says so at sign-in and offers no way round it", async ({
  page,
  testClock,
}, testInfo) => {
  await testClock.set(projectMonday(testInfo, "12:00"));
  await findStoresFromHome(page, "BS1 5DB");
  await showStores(page, { method: "Collection" });
  await shopButton(storeGroup(page, "Open now"), "Larder & Co Harbourside").click();
  await expect(page).toHaveURL(isPath("/stores/harbourside-14"));
  await page.goto("/stores/harbourside-14/category/dairy-and-eggs-2");
  await addItem(page, cheddar, 2);
  await page.goto("/checkout/login");
  await expect(page.getByRole("alert").filter({ hasText: LOGIN_TO_ORDER })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue as guest" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to your basket" })).toBeVisible();
  await expectNoAxeViolations(page);
  // Later steps send the shopper back rather than take a guest's order.
  await page.goto("/checkout/details");
  await expect(page).toHaveURL(isPath("/checkout/login"));
});
