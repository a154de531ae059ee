// Issue 6, "Checkout and payment": a guest checks out with JavaScript on and off — cash on collection, card 4242 on
// delivery, the 3-D Secure card through its challenge, a declined card, a cancel at the gateway — and each order
// appears on the staff board, its status page following the board. Resubmitting pay, refreshing a return page and
// replaying the gateway's return make one charge and one order.
import type { Browser, Page } from "@playwright/test";
import { addItem } from "./support/basket";
import { STATUS_PAGE_AXE } from "./support/live-status";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import {
  basketReadyForCheckout,
  boardOrder,
  CARDS,
  checkoutAsGuest,
  cheddar,
  chooseCard,
  chooseDeliveryAddress,
  expectSuccess,
  fillDetails,
  goToGatewayCardPage,
  GUEST,
  openBoard,
  PAYMENT_CANCELLED,
  PAYMENT_ISSUE,
  paymentRecord,
  payOnGateway,
  toast,
  VICTORIA_THANKS,
} from "./support/checkout";
import { failPlatformCall } from "./support/faults";
import { isPath } from "./support/stores";
import { SERVICE_UNAVAILABLE_MESSAGE } from "#contract/service-unavailable";

test.describe.configure({ timeout: 120_000 });

async function boardPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "en-GB" });
  return context.newPage();
}

/** The status page's current status, as its live region reads it. */
function currentStatus(page: Page) {
  return page.getByRole("status").filter({ hasText: /^Status:/ });
}

test("cash on collection: a guest orders, the board moves the order on and the status page follows @phone-js-only", async ({
  page,
  browser,
  request,
  jsEnabled,
}) => {
  await basketReadyForCheckout(page, "collection", jsEnabled);
  await checkoutAsGuest(page);
  await expectNoAxeViolations(page);
  // Collection needs no delivery address: the details page asks only for the shopper's details.
  await expect(page.getByRole("heading", { name: "Delivery address" })).toHaveCount(0);

  // Bad details are refused in the spec's and GOV.UK's words, each tied to its field.
  await page.getByRole("button", { name: "Continue to payment" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link", { name: "Enter your first name" })).toBeVisible();
  await expect(
    summary.getByRole("link", { name: "You must accept the terms and conditions to place an order" }),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: "First name" })).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await fillDetails(page);
  await expectNoAxeViolations(page);
  await page.getByRole("radio", { name: /^Cash/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();

  const number = await expectSuccess(page, VICTORIA_THANKS);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Follow your order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(currentStatus(page)).toHaveText("Status: Sent to Store");
  await expect(page.getByRole("link", { name: "Shop again at Larder & Co Victoria Street" })).toHaveAttribute(
    "href",
    "/stores/victoria-street-1",
  );
  await expectNoAxeViolations(page, STATUS_PAGE_AXE);
  const statusUrl = page.url();

  // The confirmation in the outbox links to the same page; the order's number alone opens nothing.
  const outbox = await request.get(`/dev/outbox?to=${encodeURIComponent(GUEST.email)}`, {
    headers: { accept: "application/json" },
  });
  const { messages } = (await outbox.json()) as { messages: { subject: string; body: string }[] };
  const confirmation = messages.find((m) => m.subject.endsWith(` order ${number}`));
  expect(confirmation?.body).toContain(statusUrl);
  const guessed = await page.request.get(`/orders/${number}`);
  expect(guessed.status()).toBe(404);

  // The basket starts afresh after the order, and the shopper can fill it again at the same store.
  await page.goto("/basket");
  await expect(page.getByText("You haven't added any items to your basket")).toBeVisible();
  await page.goto("/stores/victoria-street-1");
  await addItem(page, cheddar, 1);
  await page.goto("/basket");
  await expect(page.getByRole("heading", { level: 1, name: "Your basket" })).toBeVisible();
  await expect(page.getByText(cheddar.name).first()).toBeVisible();

  const board = await boardPage(browser);
  await openBoard(board);
  await board.goto("/staff?store=1");
  const order = boardOrder(board, number);
  await expect(order).toContainText("Sent to Store");
  await expect(order).toContainText("Cash to take");
  // What the store needs to fulfil it: the shopper's note and, unfolded (natively, so also without script), the lines.
  await expect(order).toContainText("Please ring the bell.");
  await order.getByText(`Items to pick for order ${number}`).click();
  await expect(order.getByRole("listitem").filter({ hasText: cheddar.name })).toContainText("4 ×");
  await expectNoAxeViolations(board);
  await order.getByRole("button", { name: `Move order ${number} to Store Accepted / Picking` }).click();
  // The status itself, exactly: the button just pressed names it too, before the move has landed.
  await expect(boardOrder(board, number).getByText("Store Accepted / Picking", { exact: true })).toBeVisible();
  await page.goto(statusUrl);
  await expect(currentStatus(page)).toHaveText("Status: Store Accepted / Picking");

  await boardOrder(board, number)
    .getByRole("button", { name: `Move order ${number} to Picked` })
    .click();
  // A collection has no driver: Picked is its last status, and then the board marks it collected.
  await expect(boardOrder(board, number).getByRole("button")).toHaveText([`Mark order ${number} as collected`]);
  await page.goto(statusUrl);
  await expect(currentStatus(page)).toHaveText("Status: Picked");
  await boardOrder(board, number)
    .getByRole("button", { name: `Mark order ${number} as collected` })
    .click();
  await expect(boardOrder(board, number)).toContainText("Picked, collected");
  await expect(boardOrder(board, number).getByRole("button")).toHaveCount(0);
  await board.context().close();
});

test("card 4242 on delivery: address found by postcode, paid on the gateway's page @desktop-only", async ({
  page,
  browser,
  jsEnabled,
}) => {
  await basketReadyForCheckout(page, "delivery", jsEnabled);
  await checkoutAsGuest(page);
  await chooseDeliveryAddress(page);
  await fillDetails(page);
  await expectNoAxeViolations(page);
  await goToGatewayCardPage(page);
  await expectNoAxeViolations(page);

  // The gateway checks the card itself; a mistyped number never reaches the storefront.
  await page.getByRole("textbox", { name: "Card number" }).fill("4242 4242 4242 4241");
  await page.getByRole("textbox", { name: "Expiry date" }).fill("12/30");
  await page.getByRole("textbox", { name: "Security code" }).fill("123");
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByRole("textbox", { name: "Card number" })).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await payOnGateway(page, CARDS.approved);
  const number = await expectSuccess(page, VICTORIA_THANKS);

  const board = await boardPage(browser);
  await openBoard(board);
  await board.goto("/staff?store=1");
  await expect(boardOrder(board, number)).toContainText("Paid");
  await expect(boardOrder(board, number)).toContainText("Buckingham Palace, London, Greater London, SW1A 1AA");
  await board.context().close();
});

test("the 3-D Secure card goes through its challenge @desktop-only", async ({ page, jsEnabled }) => {
  await basketReadyForCheckout(page, "delivery", jsEnabled);
  await checkoutAsGuest(page);
  await chooseDeliveryAddress(page);
  await fillDetails(page, false);
  await goToGatewayCardPage(page);
  await payOnGateway(page, CARDS.challenge);
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/test-gateway/3ds/"));
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Authenticate" }).click();
  await expectSuccess(page, VICTORIA_THANKS);
});

test("a declined card says so and leaves the basket as it was; a cancel at the gateway charges nothing @desktop-only", async ({
  page,
  request,
  jsEnabled,
}) => {
  await basketReadyForCheckout(page, "delivery", jsEnabled);
  await checkoutAsGuest(page);
  await chooseDeliveryAddress(page);
  await fillDetails(page, false);

  await goToGatewayCardPage(page);
  await payOnGateway(page, CARDS.declined);
  await expect(page).toHaveURL(isPath("/checkout/payment"));
  await expect(toast(page, PAYMENT_ISSUE)).toBeVisible();
  // The basket is intact: the summary still lists the order.
  await expect(page.getByRole("complementary", { name: "Your order" })).toContainText(
    "Larder Extra Mature Cheddar 400g",
  );

  await goToGatewayCardPage(page);
  await page.getByRole("button", { name: "Cancel payment" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment"));
  await expect(toast(page, PAYMENT_CANCELLED)).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Your order" })).toContainText("Semi-Skimmed Milk 2 Pints");

  // Then the card that works: one order, one charge, whatever went before.
  await goToGatewayCardPage(page);
  await payOnGateway(page, CARDS.approved);
  const number = await expectSuccess(page, VICTORIA_THANKS);
  expect(await paymentRecord(request, number)).toEqual({ orders: 1, approvedTries: 1, gatewayApproved: 1 });
});

const payTwice =
  "pay sent twice, the gateway unreachable at the return, the return page refreshed and replayed: " +
  "one charge, one order @desktop-only";
test(payTwice, async ({ page, request, jsEnabled }) => {
  await basketReadyForCheckout(page, "delivery", jsEnabled);
  await checkoutAsGuest(page);
  await chooseDeliveryAddress(page);
  await fillDetails(page, false);
  await chooseCard(page);

  // The pay form sent twice, as a double click or a retry on a bad network would: the same gateway page both times.
  const fields = {
    csrf: await page.locator('input[name="csrf"]').first().inputValue(),
    idempotencyKey: await page.locator('input[name="idempotencyKey"]').inputValue(),
  };
  const first = await page.request.post("/checkout/payment/card-form", { form: fields, maxRedirects: 0 });
  const second = await page.request.post("/checkout/payment/card-form", { form: fields, maxRedirects: 0 });
  expect(first.status()).toBe(303);
  expect(second.headers().location).toBe(first.headers().location);
  await page.goto(first.headers().location!);

  // The platform cannot reach the gateway when the shopper comes back: the "try again in a moment" page, not a
  // refusal that would send them to pay again; its reload finds the payment and the order.
  await failPlatformCall(request, "/api/payment/verifyPayment", { status: 503 });
  const returned = page.waitForRequest((r) => new URL(r.url()).pathname === "/checkout/payment/success");
  await payOnGateway(page, CARDS.approved);
  const returnUrl = (await returned).url();
  await expect(page.getByText(SERVICE_UNAVAILABLE_MESSAGE)).toBeVisible();
  await page.reload();
  const number = await expectSuccess(page, VICTORIA_THANKS);

  // The success entry replaced the return page in the history.
  await page.goto(returnUrl);
  await expect(page).toHaveURL(isPath("/checkout/success"));
  await page.reload();
  await expect(page.getByText(number, { exact: true })).toBeVisible();
  // The gateway's return replayed from elsewhere (another tab, a retried redirect) finds the same order.
  const replay = await page.request.get(returnUrl, { maxRedirects: 0 });
  expect(replay.status()).toBe(303);
  expect(await paymentRecord(request, number)).toEqual({ orders: 1, approvedTries: 1, gatewayApproved: 1 });
});

// With script each step is answered as data and drawn in place: the document loaded at the basket is the one that
// reaches the card step (a full load would lose the mark set on the window). Leaving for the gateway is a real load.
test(
  "with JavaScript, the checkout's steps change without reloading the page",
  { tag: ["@js-only", "@desktop-only"] },
  async ({ page, jsEnabled }) => {
    await basketReadyForCheckout(page, "delivery", jsEnabled);
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents.push(new URL(r.url()).pathname);
    });
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await checkoutAsGuest(page);
    await chooseDeliveryAddress(page);
    await fillDetails(page, false);
    await chooseCard(page);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(documents).toEqual([]);
  },
);
