// Issue 16, "Cards on our own page": with JavaScript the card step shows the gateway's three card fields (the
// embedded test gateway's stand-in for checkout.com Frames) and pays with a token; the card never reaches the
// storefront. Without JavaScript the gateway's hosted page stays (e2e/checkout.spec.ts).
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import {
  basketReadyForCheckout,
  CARDS,
  checkoutAsGuest,
  cheddar,
  chooseCard,
  chooseDeliveryAddress,
  expectSuccess,
  fillDetails,
  PAYMENT_ISSUE,
  VICTORIA_THANKS,
} from "./support/checkout";
import { isPath } from "./support/stores";

const CARD_DETAILS_ERROR =
  "There was an error with card details. Try with another card or reload the page before trying again.";

test.describe.configure({ timeout: 120_000 });

const field = (page: Page, element: "card-number" | "expiry-date" | "cvv", name: string) =>
  page.frameLocator(`.${element}-frame iframe`).getByRole("textbox", { name });

const payButton = (page: Page) => page.getByRole("button", { name: /^Pay £[\d.]+$/ });

async function typeCard(page: Page, number: string): Promise<void> {
  await field(page, "card-number", "Card number").fill(number);
  await field(page, "expiry-date", "Expiry date").fill("12/30");
  await field(page, "cvv", "Security code").fill("123");
}

async function reachCardStep(page: Page): Promise<void> {
  await basketReadyForCheckout(page, "delivery", true);
  await checkoutAsGuest(page);
  await chooseDeliveryAddress(page);
  await fillDetails(page, false);
  await chooseCard(page);
}

test("the card fields: a script that never loads, bad fields, a decline, a tokenisation failure, then 4242 @js-only @desktop-only", async ({
  page,
}) => {
  await reachCardStep(page);
  // Card numbers go to the gateway's token endpoint only, never to a storefront address.
  const cardDigits = [CARDS.approved, CARDS.declined].map((c) => c.replace(/ /g, ""));
  const sent = { toGateway: 0, elsewhere: [] as string[] };
  page.on("request", (request) => {
    const body = (request.postData() ?? "").replace(/ |%20|\+/g, "");
    if (!cardDigits.some((digits) => body.includes(digits))) return;
    if (new URL(request.url()).pathname === "/test-gateway/tokens") sent.toGateway++;
    else sent.elsewhere.push(request.url());
  });

  // The gateway's script never answers: after 15 seconds (the page's clock moved on) the card form is given up on,
  // and the gateway's hosted page is offered instead.
  await page.route("**/test-gateway/frames.js", () => {});
  await page.clock.install();
  // Not "load": a script the page adds before its load event holds that event back, and this one never answers.
  await page.reload({ waitUntil: "domcontentloaded" });
  await expect(page.getByRole("status").filter({ hasText: "Loading the card form…" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "There was an error loading the card form" })).toHaveCount(0);
  await page.clock.fastForward("00:16");
  await expect(page.getByRole("alert").filter({ hasText: "There was an error loading the card form" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay £[\d.]+ by card$/ })).toBeEnabled();
  await page.unroute("**/test-gateway/frames.js");

  await page.reload();
  await expect(payButton(page)).toBeEnabled();
  await expect(
    page.getByRole("button", { name: "Enter your card on our payment provider's page instead" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Pay with nothing typed: each field asks for itself, and nothing is sent.
  await payButton(page).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link", { name: "Enter your card number" })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Enter the expiry date" })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Enter the security code" })).toBeVisible();
  await expect(page).toHaveURL(isPath("/checkout/payment/card-form"));

  // A number that fails its check digit is refused as the shopper leaves the field, and cleared when put right.
  await field(page, "card-number", "Card number").fill("4242 4242 4242 4241");
  await field(page, "expiry-date", "Expiry date").focus();
  await expect(page.getByText("Enter a valid card number. We accept Visa, Mastercard, Discover and JCB")).toBeVisible();
  await field(page, "card-number", "Card number").fill(CARDS.declined);
  await expect(page.getByText("Enter a valid card number. We accept Visa, Mastercard, Discover and JCB")).toHaveCount(
    0,
  );

  // The declined card: the spec's words, empty fields to try again, and the basket as it was.
  await field(page, "expiry-date", "Expiry date").fill("12/30");
  await field(page, "cvv", "Security code").fill("123");
  await payButton(page).click();
  await expect(page.getByRole("alert").filter({ hasText: PAYMENT_ISSUE })).toBeVisible();
  await expect(field(page, "card-number", "Card number")).toHaveValue("");
  await expect(payButton(page)).toBeEnabled();
  await page.goto("/basket");
  await expect(page.getByText(cheddar.name).first()).toBeVisible();
  await page.goto("/checkout/payment/card-form");

  // The gateway cannot tokenise the card: its message, and nothing is sent to the shop.
  await page.route("**/test-gateway/tokens", (route) => route.abort());
  await expect(payButton(page)).toBeEnabled();
  await typeCard(page, CARDS.approved);
  await payButton(page).click();
  await expect(page.getByRole("alert").filter({ hasText: CARD_DETAILS_ERROR })).toBeVisible();
  await expect(page).toHaveURL(isPath("/checkout/payment/card-form"));
  await page.unroute("**/test-gateway/tokens");

  // 4242 typed into the gateway's fields pays, and the order is placed.
  await expect(payButton(page)).toBeEnabled();
  await typeCard(page, CARDS.approved);
  await payButton(page).click();
  await expectSuccess(page, VICTORIA_THANKS);
  expect(sent.elsewhere).toEqual([]);
  expect(sent.toGateway).toBeGreaterThanOrEqual(2);
});

// Run at both sizes: on a phone the three fields must fit the screen and the pay button stay reachable.
test("the 3-D Secure card typed into the card fields goes through its challenge to the order @js-only", async ({
  page,
}) => {
  await reachCardStep(page);
  await expect(payButton(page)).toBeEnabled();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  for (const [element, name] of [
    ["card-number", "Card number"],
    ["expiry-date", "Expiry date"],
    ["cvv", "Security code"],
  ] as const) {
    const box = await page.locator(`.${element}-frame iframe`).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x + box!.width, `${name} fits the screen`).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(box!.height, `${name} is tall enough to tap`).toBeGreaterThanOrEqual(40);
  }
  await expectNoAxeViolations(page);
  await typeCard(page, CARDS.challenge);
  await payButton(page).click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/test-gateway/3ds/"));
  await page.getByRole("button", { name: "Authenticate" }).click();
  await expectSuccess(page, VICTORIA_THANKS);
});
