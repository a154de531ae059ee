// Issue 15, tracking an order en route: a guest places a delivery order paid in cash; the order board moves it to
// Driver en Route and opens the order's driver page, which sends the driver's position — by itself with JavaScript
// (the browser's position, granted), by its form without — and the shopper's status page shows how far the driver
// is from the delivery address, how long ago, and OpenStreetMap at that point. Before the order is out, the driver
// page says so.
import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { basketReadyForCheckout, boardOrder, checkoutAsGuest, chooseDeliveryAddress, expectSuccess, fillDetails, openBoard } from "./support/checkout";
import { isPath } from "./support/stores";

const VICTORIA_THANKS = "Thanks for your order! We'll send you a text when it's on its way.";
const NOT_EN_ROUTE = "This order is not out for delivery.";

/** Where the driver is: with script the browser's position, without it typed in (SW1A 1AA is 51.50101, -0.14159). */
const WITH_SCRIPT = { latitude: 51.5045, longitude: -0.1335, away: "0.4 miles away" };
const BY_HAND = { latitude: 51.5074, longitude: -0.1278, away: "0.7 miles away" };

test.describe.configure({ timeout: 120_000 });

/** The board's own browser, allowed to read the device's position (the driver's phone), signed in as staff. */
async function staffPage(browser: Browser, jsEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    locale: "en-GB",
    javaScriptEnabled: jsEnabled,
    permissions: ["geolocation"],
    geolocation: { latitude: WITH_SCRIPT.latitude, longitude: WITH_SCRIPT.longitude, accuracy: 12 },
  });
  const page = await context.newPage();
  await openBoard(page);
  return page;
}

async function sendByHand(driver: Page, position: { latitude: number; longitude: number }): Promise<void> {
  await driver.getByRole("textbox", { name: "Latitude" }).fill(String(position.latitude));
  await driver.getByRole("textbox", { name: "Longitude" }).fill(String(position.longitude));
  await driver.getByRole("button", { name: "Send position" }).click();
}

test("a guest follows a delivery en route from the driver's page @desktop-only", async ({ page, browser, jsEnabled }) => {
  await basketReadyForCheckout(page, "delivery", jsEnabled);
  await checkoutAsGuest(page);
  await chooseDeliveryAddress(page);
  await fillDetails(page);
  await page.getByRole("radio", { name: /^Cash/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  const number = await expectSuccess(page, VICTORIA_THANKS);
  await page.getByRole("link", { name: "Follow your order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  // Not out yet: no driver to follow.
  await expect(page.getByRole("heading", { name: "Your driver" })).toHaveCount(0);
  const statusUrl = page.url();

  const board = await staffPage(browser, jsEnabled);
  const driverPath = `/staff/driver/${number}`;

  // Before the order is out for delivery, the driver page sends nothing and says why.
  const driver = await board.context().newPage();
  await driver.goto(driverPath);
  await expect(driver.getByRole("heading", { level: 1, name: `Driver page for order ${number}` })).toBeVisible();
  if (!jsEnabled) {
    // The form checks what is typed first, in GOV.UK's way.
    await sendByHand(driver, { latitude: 95, longitude: Number.NaN });
    const summary = driver.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary.getByRole("link", { name: "Enter a latitude between -90 and 90, like 51.50101" })).toBeVisible();
    await expect(summary.getByRole("link", { name: "Enter a longitude between -180 and 180, like -0.14159" })).toBeVisible();
    await expect(driver.getByRole("textbox", { name: "Latitude" })).toHaveValue("95");
    await expectNoAxeViolations(driver);
    await sendByHand(driver, BY_HAND);
  }
  await expect(driver.getByRole("alert").filter({ hasText: NOT_EN_ROUTE })).toBeVisible();
  await expect(driver.getByText(/^Last sent at/)).toHaveCount(0);
  await expectNoAxeViolations(driver);
  await driver.close();

  // The board moves it on to Driver en Route; only then does it link to the driver page.
  await board.goto("/staff?store=1");
  for (const status of ["Store Accepted / Picking", "Picked", "Driver en Route"]) {
    await expect(boardOrder(board, number).getByRole("link", { name: `Driver page for order ${number}` })).toHaveCount(0);
    await boardOrder(board, number).getByRole("button", { name: `Move order ${number} to ${status}` }).click();
    await expect(boardOrder(board, number)).toContainText(status);
  }
  await expectNoAxeViolations(board);

  // En route, the shopper waits for the driver's first position.
  await page.goto(statusUrl);
  const tracking = page.getByRole("region", { name: "Your driver" });
  await expect(tracking).toContainText("Waiting for the driver's position.");
  await expectNoAxeViolations(page);

  await boardOrder(board, number).getByRole("link", { name: `Driver page for order ${number}` }).click();
  await expect(board).toHaveURL(isPath(driverPath));
  const where = jsEnabled ? WITH_SCRIPT : BY_HAND;
  // With script the page sends the browser's position by itself; without, the driver types it in.
  if (!jsEnabled) await sendByHand(board, BY_HAND);
  await expect(board.getByText(/^Last sent at \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  await expect(board.getByRole("alert").filter({ hasText: NOT_EN_ROUTE })).toHaveCount(0);
  await expectNoAxeViolations(board);

  await page.goto(statusUrl);
  await expect(tracking).toContainText(`Your driver is ${where.away}, updated less than a minute ago.`);
  const lat = where.latitude.toFixed(5);
  const lng = where.longitude.toFixed(5);
  await expect(tracking.getByRole("link", { name: "See the driver on OpenStreetMap" })).toHaveAttribute(
    "href",
    `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`,
  );
  await expectNoAxeViolations(page);

  // Delivered: the order is no longer followed, and the board no longer links to its driver page.
  await board.goto("/staff?store=1");
  await boardOrder(board, number).getByRole("button", { name: `Mark order ${number} as delivered` }).click();
  await expect(boardOrder(board, number)).toContainText("Driver en Route, delivered");
  await expect(boardOrder(board, number).getByRole("link", { name: `Driver page for order ${number}` })).toHaveCount(0);
  await page.goto(statusUrl);
  await expect(page.getByRole("heading", { name: "Your driver" })).toHaveCount(0);
  await board.context().close();
});

test("the driver page without the browser's position: a clear message and the form @js-only @desktop-only", async ({ browser }) => {
  // No permission granted: the browser refuses the position, and the driver can still type it in.
  const context = await browser.newContext({ locale: "en-GB" });
  const driver = await context.newPage();
  await openBoard(driver);
  await driver.goto("/staff/driver/999999999");
  await expect(driver.getByRole("alert").filter({ hasText: "Your position was not shared. Allow this site to use your location, or enter the position below." })).toBeVisible();
  await expect(driver.getByRole("textbox", { name: "Latitude" })).toBeVisible();
  await expectNoAxeViolations(driver);
  await sendByHand(driver, BY_HAND);
  await expect(driver.getByRole("alert").filter({ hasText: "Order not found." })).toBeVisible();
  await context.close();
});
