// Issue 6, spec 2 §4: payment buttons are disabled when the slot is no longer valid. A held time runs out after
// SLOT_HOLD_SECONDS; the payment step then says so, offers the way back to a new time, and takes no payment. Runs on
// the fixed server clock with the other clock journeys (playwright.config.ts).
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { basketReadyForCheckout, checkoutAsGuest, chooseDeliveryAddress, fillDetails } from "./support/checkout";
import { SLOT_HOLD_SECONDS, projectMonday } from "./support/slots";
import { isPath } from "./support/stores";

const INVALID_SLOT = "Invalid time slot selected. Please select a different time slot for your order.";

test.describe.configure({ timeout: 120_000 });

test("the pay button is disabled once the held time has run out @desktop-only", async ({ page, testClock, jsEnabled }, testInfo) => {
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
