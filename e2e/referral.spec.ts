// Issue 20 item 4, referral and credit: a member's share link from their credit and referral screen, followed by a
// new shopper (remembered on the session, the store's page opened with a word on what registering brings), who
// registers and places a first order: both members get the business's £5.00 of credit, once. The new member's next
// order spends part of theirs before the cash payment (it pays for the whole of a small collection: nothing left to
// pay); what is left stays on the screen. Links that are not the business's land on the home page. JS on and off.
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { fillLogin, expectMemberHome, logOut, newMember, register, toast } from "./support/accounts";
import { basketReadyForCheckout, cheddar, expectSuccess, milk } from "./support/checkout";
import { isPath } from "./support/stores";

const THANKS = "Thanks for your order! We'll send you a text when it's on its way.";
const INVITED =
  "You have been invited to shop with us. Register for an account, and when your first order is placed you get £5.00 of credit to spend.";

test.describe.configure({ timeout: 180_000 });

function summaryRow(page: Page, term: string) {
  return page
    .getByRole("region", { name: "Order summary" })
    .locator("dt", { hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

async function creditPage(page: Page): Promise<void> {
  await page.goto("/member/credit");
  await expect(page.getByRole("heading", { level: 1, name: "Credit and referral" })).toBeVisible();
}

function balance(page: Page) {
  return page.getByRole("region", { name: "Your credit" }).locator("p").first();
}

/** From the basket through the member's details to a cash payment and the success page; the order's number. */
async function payCash(page: Page, expectedTotal: string): Promise<string> {
  await page.getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page).toHaveURL(isPath("/checkout/details"));
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment"));
  await expect(page.getByText("Total to pay:")).toContainText(expectedTotal);
  await page.getByRole("radio", { name: /^Cash/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  return expectSuccess(page, THANKS);
}

test("links that are not this business's land on the home page, without an error @desktop-only", async ({ page }) => {
  await page.goto("/referral/someone-else/ABCD2345/1");
  await expect(page).toHaveURL(isPath("/"));
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.goto("/referral/larder/ABCD2345/999999");
  await expect(page).toHaveURL(isPath("/"));
  await expect(page.getByRole("alert")).toHaveCount(0);
});

const friendRegisters =
  "a friend registers through a member's link and orders: both get £5.00 of credit once, " +
  "and the friend spends part of theirs @desktop-only";
test(friendRegisters, async ({ page, jsEnabled }, testInfo) => {
  const referrer = newMember(testInfo, "referrer");
  const friend = newMember(testInfo, "referred");
  await register(page, referrer);

  // The referrer's screen: no credit yet, and their link.
  await page
    .getByRole("navigation", { name: "Your account" })
    .getByRole("link", { name: "Credit and referral" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Credit and referral" })).toBeVisible();
  await expect(balance(page)).toHaveText("£0.00");
  await expect(page.getByText("You have no credit yet.")).toBeVisible();
  await expect(
    page.getByText(
      "Share your link. When a friend registers through it and their first order is placed, you get £5.00 of credit and they get £5.00.",
    ),
  ).toBeVisible();
  await expect(page.getByText("No friends have joined through your link yet.")).toBeVisible();
  const link = await page.getByRole("textbox", { name: "Your link" }).inputValue();
  expect(link).toMatch(/\/referral\/larder\/[A-Z0-9]{8}\/1$/);
  await expect(page.getByRole("link", { name: "Send it by e-mail" })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:.*${encodeURIComponent(new URL(link).pathname).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  );
  await expectNoAxeViolations(page);
  await logOut(page);

  // The friend follows it: the store's page, and what registering brings.
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(isPath("/stores/victoria-street-1"));
  await expect(toast(page, INVITED)).toBeVisible();
  await register(page, friend);

  // Nothing before the first order is placed.
  await creditPage(page);
  await expect(balance(page)).toHaveText("£0.00");

  // The first order (£16.50, collection, cash).
  await basketReadyForCheckout(page, "collection", jsEnabled);
  await payCash(page, "£16.50");

  await creditPage(page);
  await expect(balance(page)).toHaveText("£5.00");
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText("Welcome credit for your first order: +£5.00")).toBeVisible();
  await expectNoAxeViolations(page);

  // The next order: 2 × milk, £2.50, paid from the credit before any cash; £2.50 of it left afterwards.
  await basketReadyForCheckout(page, "collection", jsEnabled, [{ item: milk, quantity: 2 }]);
  await expect(summaryRow(page, "Credit")).toHaveText("−£2.50");
  await expect(summaryRow(page, "Total")).toHaveText("£0.00");
  await expectNoAxeViolations(page);
  await payCash(page, "£0.00");
  await creditPage(page);
  await expect(balance(page)).toHaveText("£2.50");
  await expect(history.getByText("Spent on an order: −£2.50")).toBeVisible();
  await expect(history.getByText("Welcome credit for your first order: +£5.00")).toHaveCount(1);

  // A second order with credit again (£14.00): what is left, £2.50, comes off; the balance stops at £0.00.
  await basketReadyForCheckout(page, "collection", jsEnabled, [{ item: cheddar, quantity: 4 }]);
  await expect(summaryRow(page, "Credit")).toHaveText("−£2.50");
  await expect(summaryRow(page, "Total")).toHaveText("£11.50");
  await payCash(page, "£11.50");
  await creditPage(page);
  await expect(balance(page)).toHaveText("£0.00");
  // Logging out (the home page then opens the store this session shops at).
  await page.goto("/member");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(isPath("/stores/victoria-street-1"));

  // The referrer: £5.00, once, for the friend's first order only.
  await page.goto("/login");
  await fillLogin(page, referrer.email, referrer.password);
  await expectMemberHome(page, referrer.firstName, referrer.email);
  await creditPage(page);
  await expect(balance(page)).toHaveText("£5.00");
  await expect(
    page.getByRole("region", { name: "History" }).getByText("A friend you referred placed their first order: +£5.00"),
  ).toHaveCount(1);
  await expect(
    page.getByText("1 friend has joined through your link; 1 of them has placed a first order."),
  ).toBeVisible();
});
