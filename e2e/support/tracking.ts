// Following an order en route (issue 15): the order board moves a delivery order to Driver en Route, its driver page
// sends a position — by itself with JavaScript (the browser's position, granted), by its form without — and the
// shopper's page (the status page, or the member's order page) shows the tracking.
import type { Browser, Locator, Page } from "@playwright/test";
import { expect } from "../fixtures";
import { boardOrder, openBoard } from "./checkout";
import { isPath } from "./stores";

/** Where the driver is: with script the browser's position, without it typed in (SW1A 1AA is 51.50101, -0.14159). */
export const WITH_SCRIPT = { latitude: 51.5045, longitude: -0.1335, away: "0.4 miles away" };
export const BY_HAND = { latitude: 51.5074, longitude: -0.1278, away: "0.7 miles away" };

export const NOT_EN_ROUTE = "This order is not out for delivery.";

/** The board's own browser, allowed to read the device's position (the driver's phone), signed in as staff. */
export async function staffPage(browser: Browser, jsEnabled: boolean): Promise<Page> {
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

/** The driver page's form: the position typed in and sent. */
export async function sendByHand(driver: Page, position: { latitude: number; longitude: number }): Promise<void> {
  await driver.getByRole("textbox", { name: "Latitude" }).fill(String(position.latitude));
  await driver.getByRole("textbox", { name: "Longitude" }).fill(String(position.longitude));
  await driver.getByRole("button", { name: "Send position" }).click();
}

/** The board (at Victoria Street) moves a delivery order from Sent to Store on to Driver en Route. */
export async function moveToEnRoute(board: Page, number: string): Promise<void> {
  await board.goto("/staff?store=1");
  for (const status of ["Store Accepted / Picking", "Picked", "Driver en Route"]) {
    await boardOrder(board, number)
      .getByRole("button", { name: `Move order ${number} to ${status}` })
      .click();
    // The status itself, exactly: the button just pressed names the status too, before the move has landed.
    await expect(boardOrder(board, number).getByText(status, { exact: true })).toBeVisible();
  }
}

/**
 * From the board, the order's driver page sends a position: by itself with script, typed in without. Answers the
 * position sent.
 */
export async function driverSendsPosition(
  board: Page,
  number: string,
  jsEnabled: boolean,
): Promise<typeof WITH_SCRIPT> {
  await boardOrder(board, number)
    .getByRole("link", { name: `Driver page for order ${number}` })
    .click();
  await expect(board).toHaveURL(isPath(`/staff/driver/${number}`));
  if (!jsEnabled) await sendByHand(board, BY_HAND);
  await expect(board.getByText(/^Last sent at \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  await expect(board.getByRole("alert").filter({ hasText: NOT_EN_ROUTE })).toHaveCount(0);
  return jsEnabled ? WITH_SCRIPT : BY_HAND;
}

/** The shopper's page's 'Your driver' section. */
export function driverTracking(page: Page): Locator {
  return page.getByRole("region", { name: "Your driver" });
}

/** The tracking shows how far the driver is, how long ago, and OpenStreetMap at that point. */
export async function expectDriverAt(page: Page, where: typeof WITH_SCRIPT): Promise<void> {
  const tracking = driverTracking(page);
  await expect(tracking).toContainText(`Your driver is ${where.away}, updated less than a minute ago.`);
  const lat = where.latitude.toFixed(5);
  const lng = where.longitude.toFixed(5);
  await expect(tracking.getByRole("link", { name: "See the driver on OpenStreetMap" })).toHaveAttribute(
    "href",
    `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`,
  );
}
