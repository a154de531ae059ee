// Steps the checkout journeys share: a basket at Victoria Street with a time held, the checkout's steps as a guest,
// the embedded test gateway's card page and 3-D Secure challenge, the order board and the order status page.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect } from "../fixtures";
import { addItem } from "./basket";
import { chooseStore, clearMessages, holdTomorrow } from "./scene";
import { dayTabs, holdAnyFreeSlot, slotGroup, slotStores } from "./slots";
import { isPath } from "./stores";

/** Victoria Street's dairy aisle (seed ids are fixed): plain items at list price. */
export const cheddar = { id: 45, name: "Larder Extra Mature Cheddar 400g", price: 350 };
export const milk = { id: 36, name: "Semi-Skimmed Milk 2 Pints", price: 125 };

/** The order board's credentials: e2e/support/serve.ts starts the server with them. */
export const STAFF = { username: "board", password: "e2e-board-password" };

export const CARDS = {
  approved: "4242 4242 4242 4242",
  declined: "4544 2491 6767 3670",
  challenge: "4010 0617 0000 0021",
} as const;

export const PAYMENT_ISSUE = "There was an issue processing your payment";
export const PAYMENT_CANCELLED = "Your payment was cancelled. Nothing was charged.";
/** Victoria Street's orderSuccessMessage, shown on the success page of its orders. */
export const VICTORIA_THANKS = "Thanks for your order! We'll send you a text when it's on its way.";

export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

export function toast(page: Page, message: string): Locator {
  return page.getByRole("status").filter({ hasText: message });
}

/**
 * Victoria Street (open all day, every day) with a basket over its £15 delivery minimum — unless other items are
 * named, 4 × cheddar and 2 × milk, £16.50 — the method chosen and one of tomorrow's times held (there always is one:
 * the store never closes, and the journeys must not depend on the hour they run at), on the basket's page, ready for
 * its Checkout button. The store, the items and the time are posted by the site's own forms without drawing their
 * pages (support/scene.ts): the journeys that choose them by clicks are the store, basket and slot journeys.
 */
export async function basketReadyForCheckout(
  page: Page,
  method: "delivery" | "collection",
  jsEnabled: boolean,
  items: readonly { item: { id: number }; quantity: number }[] = [
    { item: cheddar, quantity: 4 },
    { item: milk, quantity: 2 },
  ],
): Promise<void> {
  const victoria = slotStores.victoria;
  await chooseStore(page, victoria, method);
  for (const { item, quantity } of items) await addItem(page, item, quantity);
  const held = await holdTomorrow(page, victoria, method);
  if (!held) {
    // The time filled meanwhile: another is taken on the picker, as a shopper whose time filled up would.
    await page.goto(`/stores/${victoria.slug}/time-slots`);
    const tomorrow = await dayTabs(page).getByRole("link", { name: "Tomorrow" }).getAttribute("href");
    await page.goto(tomorrow!);
    await holdAnyFreeSlot(page, () => slotGroup(page, method, "Tomorrow"), jsEnabled);
  }
  await clearMessages(page);
  await page.goto("/basket");
  await expect(page.getByRole("heading", { level: 1, name: "Your basket" })).toBeVisible();
}

export const GUEST = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada.lovelace@example.com",
  mobile: "07700 900 123",
};

/** From the basket's Checkout button through sign-in (as a guest) and the order's options to the details step. */
export async function checkoutAsGuest(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page).toHaveURL(isPath("/checkout/login"));
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await expect(page).toHaveURL(isPath("/checkout/options"));
  await expect(page.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
  await page.getByRole("textbox", { name: /^Instructions/ }).fill("Please ring the bell.");
  await page.getByRole("button", { name: "Continue to your details" }).click();
  await expect(page).toHaveURL(isPath("/checkout/details"));
}

/** The delivery address found by postcode and chosen from the list (Victoria Street delivers to SW1A 1AA). */
export async function chooseDeliveryAddress(page: Page): Promise<void> {
  const postcode = page.getByRole("textbox", { name: "Postcode", exact: true });
  await postcode.fill("SW1A 1AA");
  await page.getByRole("button", { name: "Find address" }).click();
  const list = page.getByRole("group", { name: /addresses? found for SW1A 1AA/ });
  await expect(list).toBeVisible();
  await list.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page.getByRole("link", { name: "Change delivery address" })).toBeVisible();
}

/** The guest's details, the terms accepted, on to payment. */
export async function fillDetails(page: Page, marketing = true): Promise<void> {
  await page.getByRole("textbox", { name: "First name" }).fill(GUEST.firstName);
  await page.getByRole("textbox", { name: "Last name" }).fill(GUEST.lastName);
  await page.getByRole("textbox", { name: "Email address" }).fill(GUEST.email);
  await page.getByRole("textbox", { name: "Mobile number" }).fill(GUEST.mobile);
  if (marketing)
    await page
      .getByRole("group", { name: "Marketing Preferences" })
      .getByRole("checkbox", { name: "Email me offers and news" })
      .check();
  await page.getByRole("checkbox", { name: "I accept the terms and conditions" }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment"));
  await expect(page.getByRole("heading", { level: 1, name: "Checkout Payment" })).toBeVisible();
  await expect(page.getByText("Complete your payment")).toBeVisible();
}

/** On the payment step: card, billing as delivery, on to the card step. */
export async function chooseCard(page: Page): Promise<void> {
  await page.getByRole("radio", { name: /^Card/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment/card-form"));
}

/**
 * On the payment step: card, then the card step's way to the gateway's page — its Pay button without script, the
 * button under the card fields with script (decision 0024) — landing on the gateway's page.
 */
export async function goToGatewayCardPage(page: Page): Promise<void> {
  await chooseCard(page);
  await page
    .getByRole("button", { name: /^(Pay £[\d.]+ by card|Enter your card on our payment provider's page instead)$/ })
    .click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/test-gateway/hpp/"));
}

/** The gateway's card page: three fields, then Pay. */
export async function payOnGateway(page: Page, card: string): Promise<void> {
  await expect(page.getByText("Test payment page")).toBeVisible();
  await page.getByRole("textbox", { name: "Card number" }).fill(card);
  await page.getByRole("textbox", { name: "Expiry date" }).fill("12/30");
  await page.getByRole("textbox", { name: "Security code" }).fill("123");
  await page.getByRole("button", { name: /^Pay £/ }).click();
}

/** The success page's order number (spec 2 §2 success), after the store's own message. */
export async function expectSuccess(page: Page, storeMessage: string): Promise<string> {
  await expect(page).toHaveURL(isPath("/checkout/success"));
  await expect(page.getByText(storeMessage)).toBeVisible();
  const number =
    (
      await page
        .locator("p", { hasText: /^\d{6,}$/ })
        .first()
        .textContent()
    )?.trim() ?? "";
  expect(number).toMatch(/^\d{6,}$/);
  return number;
}

/** Signs the order board in (its own browser context: staff are not the shopper). */
export async function openBoard(board: Page): Promise<void> {
  await board.goto("/staff/login");
  await board.getByRole("textbox", { name: "Username" }).fill(STAFF.username);
  await board.getByLabel("Password").fill(STAFF.password);
  await board.getByRole("button", { name: "Sign in" }).click();
  await expect(board).toHaveURL(isPath("/staff"));
}

export function boardOrder(board: Page, number: string): Locator {
  return board.getByRole("listitem").filter({ has: board.getByRole("heading", { name: `Order ${number}` }) });
}

/** What the test server says the platform and its test gateway hold for an order (see platform/testing/http.ts). */
export async function paymentRecord(
  request: APIRequestContext,
  businessOrderId: string,
): Promise<{ orders: number; approvedTries: number; gatewayApproved: number }> {
  const response = await request.get(`/__test/order-payments?businessOrderId=${encodeURIComponent(businessOrderId)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { orders: number; approvedTries: number; gatewayApproved: number };
}
