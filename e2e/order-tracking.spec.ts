// Issue 15, tracking an order en route: a guest places a delivery order paid in cash; the order board moves it to
// Driver en Route and opens the order's driver page, which sends the driver's position — by itself with JavaScript
// (the browser's position, granted), by its form without — and the shopper's status page shows how far the driver
// is from the delivery address, how long ago, and OpenStreetMap at that point. Before the order is out, the driver
// page says so.
import { expect, expectNoAxeViolations, test } from "./fixtures";
import {
  basketReadyForCheckout,
  boardOrder,
  checkoutAsGuest,
  chooseDeliveryAddress,
  expectSuccess,
  fillDetails,
  openBoard,
  VICTORIA_THANKS,
} from "./support/checkout";
import { STATUS_PAGE_AXE } from "./support/live-status";
import {
  BY_HAND,
  driverSendsPosition,
  driverTracking,
  expectDriverAt,
  NOT_EN_ROUTE,
  sendByHand,
  staffPage,
} from "./support/tracking";

test.describe.configure({ timeout: 120_000 });

test("a guest follows a delivery en route from the driver's page @desktop-only", async ({
  page,
  browser,
  jsEnabled,
}) => {
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
    await expect(
      summary.getByRole("link", { name: "Enter a latitude between -90 and 90, like 51.50101" }),
    ).toBeVisible();
    await expect(
      summary.getByRole("link", { name: "Enter a longitude between -180 and 180, like -0.14159" }),
    ).toBeVisible();
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
    await expect(boardOrder(board, number).getByRole("link", { name: `Driver page for order ${number}` })).toHaveCount(
      0,
    );
    await boardOrder(board, number)
      .getByRole("button", { name: `Move order ${number} to ${status}` })
      .click();
    // The status itself, exactly: the button just pressed names it too, before the move has landed.
    await expect(boardOrder(board, number).getByText(status, { exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(board);

  // En route, the shopper waits for the driver's first position.
  await page.goto(statusUrl);
  await expect(driverTracking(page)).toContainText("Waiting for the driver's position.");
  await expectNoAxeViolations(page, STATUS_PAGE_AXE);

  // With script the page sends the browser's position by itself; without, the driver types it in.
  const where = await driverSendsPosition(board, number, jsEnabled);
  await expectNoAxeViolations(board);

  await page.goto(statusUrl);
  await expectDriverAt(page, where);
  await expectNoAxeViolations(page, STATUS_PAGE_AXE);

  // Delivered: the order is no longer followed, and the board no longer links to its driver page.
  await board.goto("/staff?store=1");
  await boardOrder(board, number)
    .getByRole("button", { name: `Mark order ${number} as delivered` })
    .click();
  await expect(boardOrder(board, number)).toContainText("Driver en Route, delivered");
  await expect(boardOrder(board, number).getByRole("link", { name: `Driver page for order ${number}` })).toHaveCount(0);
  await page.goto(statusUrl);
  await expect(page.getByRole("heading", { name: "Your driver" })).toHaveCount(0);
  await board.context().close();
});

test("the driver page without the browser's position: a clear message and the form @js-only @desktop-only", async ({
  browser,
}) => {
  // No permission granted: the browser refuses the position, and the driver can still type it in.
  const context = await browser.newContext({ locale: "en-GB" });
  const driver = await context.newPage();
  await openBoard(driver);
  await driver.goto("/staff/driver/999999999");
  await expect(
    driver.getByRole("alert").filter({
      hasText: "Your position was not shared. Allow this site to use your location, or enter the position below.",
    }),
  ).toBeVisible();
  await expect(driver.getByRole("textbox", { name: "Latitude" })).toBeVisible();
  await expectNoAxeViolations(driver);
  await sendByHand(driver, BY_HAND);
  await expect(driver.getByRole("alert").filter({ hasText: "Order not found." })).toBeVisible();
  await context.close();
});
