// Issue 15, the member's orders: a member places two cash orders and finds them under current orders; the board
// completes one and it moves to past orders; one of its items goes off sale, and ordering it again fills the basket
// with the rest and names that one; the member reviews it once (a second review is refused); another member's look
// at it is a 404 and a guest is sent to log in. A member with more orders than a page pages through them with
// 'View more'. JavaScript on and off.
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { BASKET_MESSAGES } from "#contract/basket";
import { REORDER_MESSAGES, REVIEW_MESSAGES } from "#contract/member-orders";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { fillLogin, newMember, problem, registerByForm, toast } from "./support/accounts";
import { addItem } from "./support/basket";
import { boardOrder, cheddar, expectSuccess, milk, openBoard, VICTORIA_THANKS } from "./support/checkout";
import {
  chooseSlot,
  dayTabs,
  firstFutureSlot,
  openStoreBar,
  RESERVED_TOAST,
  shopAtVictoria,
  slotGroup,
  SWITCHED_TOAST,
} from "./support/slots";
import { collectionTimes, placeCollectionByApi, registerByApi } from "./support/orders";
import { isPath } from "./support/stores";

test.describe.configure({ timeout: 180_000 });

/**
 * Items only this journey takes off sale, one per project (the projects run side by side on one server, and other
 * journeys buy the cheddar and the milk).
 */
const OFF_SALE = {
  "js-on": { id: 50, name: "Halloumi 225g" },
  "js-off": { id: 49, name: "Brie 200g" },
} as const;

async function setCollectionSale(request: APIRequestContext, menuItemId: number, collection: boolean): Promise<void> {
  const response = await request.post("/__test/menu-item-availability", { data: { menuItemId, collection } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A cash collection at Victoria Street of cheddar, milk and the given item, tomorrow's first time: its number. */
async function placeCollectionOrder(
  page: Page,
  jsEnabled: boolean,
  extra: { id: number } | null,
  switchToCollection: boolean,
): Promise<string> {
  await shopAtVictoria(page);
  if (switchToCollection) {
    await (await openStoreBar(page)).getByRole("button", { name: "Switch to collection" }).click();
    await expect(toast(page, SWITCHED_TOAST)).toBeVisible();
  }
  await addItem(page, cheddar, 4);
  await addItem(page, milk, 2);
  if (extra) await addItem(page, extra, 1);
  await page.goto("/stores/victoria-street-1/time-slots");
  const tomorrow = await dayTabs(page).getByRole("link", { name: "Tomorrow" }).getAttribute("href");
  await page.goto(tomorrow!);
  const { radio } = await firstFutureSlot(slotGroup(page, "collection", "Tomorrow"));
  await chooseSlot(page, radio, jsEnabled, RESERVED_TOAST);
  await page.goto("/basket");
  // A member has no sign-in step: the checkout opens at their details, filled in from the account.
  await page.getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page).toHaveURL(isPath("/checkout/details"));
  await expect(page.getByRole("checkbox", { name: "I accept the terms and conditions" })).toBeChecked();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment"));
  await page.getByRole("radio", { name: /^Cash/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  return expectSuccess(page, VICTORIA_THANKS);
}

function ordersSection(page: Page, title: "Current orders" | "Past orders"): Locator {
  return page.getByRole("region", { name: title });
}

function orderCard(section: Locator, number: string): Locator {
  return section
    .getByRole("listitem")
    .filter({ has: section.page().getByRole("heading", { name: `Order ${number}` }) });
}

/** The board moves a collection through its steps and marks it collected. */
async function completeOnBoard(browser: Browser, number: string): Promise<void> {
  const board = await (await browser.newContext({ locale: "en-GB" })).newPage();
  await openBoard(board);
  await board.goto("/staff?store=1");
  await boardOrder(board, number)
    .getByRole("button", { name: `Move order ${number} to Store Accepted / Picking` })
    .click();
  await boardOrder(board, number)
    .getByRole("button", { name: `Move order ${number} to Picked` })
    .click();
  await boardOrder(board, number)
    .getByRole("button", { name: `Mark order ${number} as collected` })
    .click();
  await expect(boardOrder(board, number)).toContainText("Picked, collected");
  await board.context().close();
}

test("a member's orders: current then past, order again naming what was not added, one review; nobody else's @desktop-only", async ({
  page,
  browser,
  request,
  jsEnabled,
}, testInfo) => {
  const offSale = OFF_SALE[jsEnabled ? "js-on" : "js-off"];
  await setCollectionSale(request, offSale.id, true);

  const member = newMember(testInfo, "orders");
  await registerByForm(page, member);
  const first = await placeCollectionOrder(page, jsEnabled, offSale, true);
  const second = await placeCollectionOrder(page, jsEnabled, null, false);

  // Both under current orders, newest first, as sent to the store.
  await page.goto("/member");
  await page
    .getByRole("navigation", { name: "Your account" })
    .getByRole("link", { name: "Orders", exact: true })
    .click();
  await expect(page).toHaveURL(isPath("/member/orders"));
  await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
  const current = ordersSection(page, "Current orders");
  await expect(current.getByRole("heading", { name: /^Order / })).toHaveText([`Order ${second}`, `Order ${first}`]);
  const firstCard = orderCard(current, first);
  await expect(firstCard).toContainText("Larder & Co Victoria Street");
  await expect(firstCard).toContainText("7 items");
  await expect(firstCard).toContainText("Sent to Store");
  await expect(ordersSection(page, "Past orders")).toContainText("You have no past orders yet.");
  await expectNoAxeViolations(page);
  // Five at a time: no 'View more' for two; a page cursor nobody gave shows the list from its newest.
  await expect(page.getByRole("link", { name: /^View more/ })).toHaveCount(0);
  const unknown = await page.goto("/member/orders?current=bm9wZQ");
  expect(unknown?.status()).toBe(200);
  await expect(ordersSection(page, "Current orders").getByRole("heading", { name: /^Order / })).toHaveText([
    `Order ${second}`,
    `Order ${first}`,
  ]);

  // The board completes the first: it is a past order now, collected.
  await completeOnBoard(browser, first);
  await page.reload();
  await expect(ordersSection(page, "Current orders").getByRole("heading", { name: /^Order / })).toHaveText([
    `Order ${second}`,
  ]);
  const past = orderCard(ordersSection(page, "Past orders"), first);
  await expect(past).toContainText("Collected");

  // Its page: every step done, collected; its lines and total.
  await past.getByRole("link", { name: `View order ${first}` }).click();
  await expect(page).toHaveURL(isPath(`/member/orders/${first}`));
  await expect(page.getByRole("heading", { level: 1, name: `Order ${first}` })).toBeVisible();
  const steps = page.getByRole("list", { name: "Order progress" }).getByRole("listitem");
  await expect(steps).toHaveText([
    "✓Sent to Store (done)",
    "✓Store Accepted / Picking (done)",
    "✓Picked (done)",
    "✓Collected",
  ]);
  await expect(page.getByRole("region", { name: "Items" })).toContainText(cheddar.name);
  await expect(page.getByRole("region", { name: "Items" })).toContainText(offSale.name);
  await expectNoAxeViolations(page);

  // One of its items goes off sale; ordering it again adds the rest and names that one.
  await setCollectionSale(request, offSale.id, false);
  try {
    await page.getByRole("link", { name: "Order again" }).click();
    if (jsEnabled) {
      const dialog = page.getByRole("dialog", { name: "Order again?" });
      await expect(dialog).toContainText("will be added to your basket");
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: "Add the items to my basket" }).click();
    } else {
      await expect(page).toHaveURL(isPath(`/member/orders/${first}/reorder`));
      await expect(page.getByRole("heading", { level: 1, name: "Order again?" })).toBeVisible();
      await expect(page.getByText("a new basket at Larder & Co Victoria Street replaces it")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Add the items to my basket" }).click();
    }
    await expect(page).toHaveURL(isPath("/basket"));
    await expect(toast(page, REORDER_MESSAGES.someAdded)).toBeVisible();
    await expect(page.getByText(`Not added: ${offSale.name} — ${BASKET_MESSAGES.itemUnavailable}`)).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: cheddar.name, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await setCollectionSale(request, offSale.id, true);
  }

  // A review, once.
  await page.goto(`/member/orders/${first}`);
  const review = page.getByRole("region", { name: "Rate your order" });
  await review.getByRole("button", { name: "Send your review" }).click();
  await expect(problem(page, REVIEW_MESSAGES.ratingRequired)).toBeVisible();
  await expectNoAxeViolations(page);
  await review.getByRole("radio", { name: "4 stars" }).check();
  await review.getByRole("textbox", { name: "Comment (optional)" }).fill("Everything was fresh.");
  await review.getByRole("button", { name: "Send your review" }).click();
  await expect(toast(page, REVIEW_MESSAGES.thanks)).toBeVisible();
  const given = page.getByRole("region", { name: "Your review" });
  await expect(given).toContainText("4 stars");
  await expect(given).toContainText("Everything was fresh.");
  await expect(page.getByRole("region", { name: "Rate your order" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A crafted second review is refused, and the first stands.
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.content())?.[1];
  expect(csrf, "the page's forms carry a token").toBeTruthy();
  const again = await page.request.post(`/member/orders/${first}`, {
    form: { csrf: csrf!, intent: "review", starRating: "1", comment: "Changed my mind" },
  });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain(REVIEW_MESSAGES.alreadyReviewed);
  await page.reload();
  await expect(page.getByRole("region", { name: "Your review" })).toContainText("4 stars");

  // The second order, not yet collected, cannot be reviewed yet.
  await page.goto(`/member/orders/${second}`);
  await expect(page.getByRole("status").filter({ hasText: /^Status:/ })).toHaveText("Status: Sent to Store");
  await expect(page.getByRole("region", { name: "Rate your order" })).toHaveCount(0);
  // Logging out leads back to the shopper's store.
  await page.goto("/member");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(isPath("/stores/victoria-street-1"));

  // A guest is sent to log in; another member finds no such order.
  await page.goto(`/member/orders/${first}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fmember%2Forders%2F${first}$`));
  await registerByForm(page, newMember(testInfo, "orders-other"));
  for (const path of [`/member/orders/${first}`, `/member/orders/${first}/reorder`]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: `Page Not Found: ${path}` })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await page.goto("/member/orders");
  await expect(ordersSection(page, "Current orders")).toContainText("You have no current orders.");
});

test("a member with six current orders sees five, then the sixth under 'View more', and back @desktop-only", async ({
  page,
  request,
}, testInfo) => {
  // The orders are placed through the platform's calls: the list's paging is what this journey is about.
  const member = newMember(testInfo, "orders-paging");
  const token = await registerByApi(request, member);
  const numbers: string[] = [];
  for (const time of await collectionTimes(request, token, 6))
    numbers.push(await placeCollectionByApi(request, token, member, time));
  const newestFirst = numbers.toReversed().map((number) => `Order ${number}`);

  await page.goto("/login?redirectTo=%2Fmember%2Forders");
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL(isPath("/member/orders"));
  const current = ordersSection(page, "Current orders");
  await expect(current.getByRole("heading", { name: /^Order / })).toHaveText(newestFirst.slice(0, 5));
  await expect(current.getByRole("link", { name: /^Back to the newest/ })).toHaveCount(0);

  await current.getByRole("link", { name: "View more current orders" }).click();
  await expect(page).toHaveURL(/\/member\/orders\?current=[\w.:=-]+$/);
  await expect(current.getByRole("heading", { name: /^Order / })).toHaveText(newestFirst.slice(5));
  await expect(current.getByRole("link", { name: "View more current orders" })).toHaveCount(0);
  await expect(ordersSection(page, "Past orders")).toContainText("You have no past orders yet.");
  await expectNoAxeViolations(page);

  await current.getByRole("link", { name: "Back to the newest current orders" }).click();
  await expect(page).toHaveURL(isPath("/member/orders"));
  await expect(current.getByRole("heading", { name: /^Order / })).toHaveText(newestFirst.slice(0, 5));
});
