// The status page follows its order live (decision 0040). With script, the page's events stream brings each move of
// the order board to the open page within seconds — well before the 30 s poll — without loading it again, and stops
// once the order is collected. Without script, the page reloads itself every 30 s while the order is in progress
// (a meta refresh), the shopper can stop that before the status, and it stops by itself once the order is collected.
import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { boardOrder, openBoard } from "./support/checkout";
import {
  currentStatus,
  expectSameDocument,
  markDocument,
  metaRefresh,
  placeCollectionAsGuest,
  STATUS_PAGE_AXE,
} from "./support/live-status";

const UPDATING = "This page updates by itself as your order moves on.";
/** Faster than the page's 30 s poll: only the events stream gets the change there in time. */
const LIVE_WITHIN = { timeout: 10_000 };

test.describe.configure({ timeout: 90_000 });

async function boardFor(browser: Browser, jsEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ locale: "en-GB", javaScriptEnabled: jsEnabled });
  const board = await context.newPage();
  await openBoard(board);
  await board.goto("/staff?store=1");
  return board;
}

async function move(board: Page, number: string, status: string): Promise<void> {
  await boardOrder(board, number)
    .getByRole("button", { name: `Move order ${number} to ${status}` })
    .click();
  // The status itself, exactly: the button just pressed names it too, before the move has landed.
  await expect(boardOrder(board, number).getByText(status, { exact: true })).toBeVisible();
}

async function collected(board: Page, number: string): Promise<void> {
  await boardOrder(board, number)
    .getByRole("button", { name: `Mark order ${number} as collected` })
    .click();
  await expect(boardOrder(board, number)).toContainText("Picked, collected");
}

test("the open status page shows each move of the board within seconds, without loading again @js-only @desktop-only", async ({
  page,
  browser,
  request,
}) => {
  const order = await placeCollectionAsGuest(request);
  await page.goto(`/orders/${order.statusToken}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await expect(currentStatus(page)).toHaveText("Status: Sent to Store");
  await expect(page.getByText(UPDATING)).toBeVisible();
  // With script the refresh stays inside <noscript>, as text: the page is never reloaded under the shopper.
  await expect(metaRefresh(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await markDocument(page);

  const board = await boardFor(browser, true);
  await move(board, order.number, "Store Accepted / Picking");
  await expect(currentStatus(page)).toHaveText("Status: Store Accepted / Picking", LIVE_WITHIN);
  await expect(
    page.getByRole("list", { name: "Order progress" }).getByRole("listitem").filter({ hasText: "Sent to Store" }),
  ).toContainText("(done)");
  await move(board, order.number, "Picked");
  await expect(currentStatus(page)).toHaveText("Status: Picked", LIVE_WITHIN);
  await collected(board, order.number);
  // Collected: the page says no more that it updates, and its stream is over.
  await expect(page.getByText(UPDATING)).toHaveCount(0, LIVE_WITHIN);
  await expectSameDocument(page);
  await expectNoAxeViolations(page);

  // The stream of an order done with answers 204, which tells EventSource to stop; a token of no order, 404.
  expect((await request.get(`/orders/${order.statusToken}/events`)).status()).toBe(204);
  expect((await request.get(`/orders/${order.statusToken.slice(0, -4)}zzzz/events`)).status()).toBe(404);
  await board.context().close();
});

const reloadsWithoutScript =
  "without script the status page reloads itself until the order is collected, " +
  "unless the shopper stops it @no-js @desktop-only";
test(reloadsWithoutScript, async ({ page, browser, request }) => {
  const order = await placeCollectionAsGuest(request);
  const statusUrl = `/orders/${order.statusToken}`;
  await page.goto(statusUrl);
  await expect(currentStatus(page)).toHaveText("Status: Sent to Store");
  await expect(metaRefresh(page)).toHaveAttribute("content", "30");
  await expect(page.getByText(UPDATING)).toBeVisible();
  // With the refresh, axe's meta-refresh rule alone is off (see STATUS_PAGE_AXE).
  await expectNoAxeViolations(page, STATUS_PAGE_AXE);

  // The shopper stops it: no refresh, a way to turn it back on, and Refresh status keeps it off.
  await page.getByRole("link", { name: "Stop updating this page" }).click();
  await expect(page).toHaveURL((url) => url.search === "?updates=off");
  await expect(metaRefresh(page)).toHaveCount(0);
  await expect(page.getByText("This page is not updating by itself.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Refresh status" })).toHaveAttribute("href", `${statusUrl}?updates=off`);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Update this page as the order moves on" }).click();
  await expect(metaRefresh(page)).toHaveAttribute("content", "30");

  const board = await boardFor(browser, false);
  await move(board, order.number, "Store Accepted / Picking");
  await page.goto(statusUrl);
  await expect(currentStatus(page)).toHaveText("Status: Store Accepted / Picking");
  await expect(metaRefresh(page)).toHaveAttribute("content", "30");

  await move(board, order.number, "Picked");
  await collected(board, order.number);
  await page.goto(statusUrl);
  await expect(currentStatus(page)).toHaveText("Status: Picked");
  // Collected: it will not change again, so the page no longer reloads itself.
  await expect(metaRefresh(page)).toHaveCount(0);
  await expect(page.getByText(UPDATING)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await board.context().close();
});
