// Issue 15, loyalty points and vouchers in the member area: a member's cash order earns Larder points, seen on
// /member/loyalty (balance, tier, history) with 'How rewards work' (a dialog with JavaScript, a page without); points
// spent on the next basket within the scheme's limits (a refused amount on the field), then no longer; MEMBER5's
// terms opened from /member/vouchers and the voucher applied to the basket. The order is a delivery: the member follows
// it en route on their own order page once its driver page has sent a position. Guests are sent to sign in. JS on and off.
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { newMember, problem, register, toast } from "./support/accounts";
import { addItem } from "./support/basket";
import { basketReadyForCheckout, cheddar, expectSuccess, pounds, VICTORIA_THANKS } from "./support/checkout";
import { shopAtVictoria } from "./support/slots";
import { isPath } from "./support/stores";
import { driverSendsPosition, driverTracking, expectDriverAt, moveToEnRoute, staffPage } from "./support/tracking";

const ADDRESS_ADDED = "Address added successfully";
const COUPON_ADDED = "Coupon added successfully";
const POINTS = "Larder points";
const NOT_ENOUGH = "You do not have that many points.";
const SPENT_100 = `100 ${POINTS} will be taken off this order.`;
const STOPPED = "Points are no longer being spent on this order.";

test.describe.configure({ timeout: 180_000 });

function summaryTotal(page: Page) {
  return page
    .getByRole("region", { name: "Order summary" })
    .locator("dt", { hasText: /^Total$/ })
    .locator("xpath=following-sibling::dd[1]");
}

async function totalPence(page: Page): Promise<number> {
  const text = (await summaryTotal(page).textContent()) ?? "";
  return Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
}

/** A member's delivery order paid in cash: the basket as checkout wants it, then 25 more cheddars (£104 in all). Its number. */
async function placeCashOrder(page: Page, jsEnabled: boolean): Promise<string> {
  await basketReadyForCheckout(page, "delivery", jsEnabled);
  await addItem(page, cheddar, 25);
  await page.goto("/basket");
  await page.getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page).toHaveURL(isPath("/checkout/details"));
  await page.getByRole("textbox", { name: "Postcode", exact: true }).fill("SW1A 1AA");
  await page.getByRole("button", { name: "Find address" }).click();
  const found = page.getByRole("group", { name: /addresses? found for SW1A 1AA/ });
  await expect(found).toBeVisible();
  await found.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(toast(page, ADDRESS_ADDED)).toBeVisible();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment"));
  await page.getByRole("radio", { name: /^Cash/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  return expectSuccess(page, VICTORIA_THANKS);
}

test("a guest is sent to sign in for the loyalty and vouchers pages @desktop-only", async ({ page }) => {
  await page.goto("/member/loyalty");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmember%2Floyalty$/);
  await page.goto("/member/vouchers");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmember%2Fvouchers$/);
});

const cashOrderPoints =
  "a member follows their cash order en route, sees its points, " +
  "spends 100 on the next basket and applies MEMBER5 @desktop-only";
test(cashOrderPoints, async ({ page, browser, jsEnabled }, testInfo) => {
  const member = newMember(testInfo, "loyalty");
  await register(page, member);

  // No store chosen and no orders yet: the balance alone, and an empty history.
  await page.goto("/member/loyalty");
  await expect(page.getByText("You have 0 points to spend")).toBeVisible();
  await expect(page.getByText("You have not earned any points yet. Place an order to start.")).toBeVisible();
  await expectNoAxeViolations(page);

  // No basket yet: a voucher has nothing to go on.
  await page.goto("/member/vouchers");
  await expect(page.getByRole("heading", { level: 1, name: "Vouchers" })).toBeVisible();
  await page.getByRole("button", { name: "Apply £5 off for members" }).first().click();
  await expect(toast(page, "Choose a store and add items first")).toBeVisible();

  const number = await placeCashOrder(page, jsEnabled);

  // The board sends it out and its driver page sends a position: the member follows it on their order page.
  const board = await staffPage(browser, jsEnabled);
  try {
    await moveToEnRoute(board, number);
    await page.goto(`/member/orders/${number}`);
    await expect(page.getByRole("status").filter({ hasText: /^Status:/ })).toHaveText("Status: Driver en Route");
    await expect(driverTracking(page)).toContainText("Waiting for the driver's position.");
    const where = await driverSendsPosition(board, number, jsEnabled);
    await page.reload();
    await expectDriverAt(page, where);
    await expectNoAxeViolations(page);
  } finally {
    await board.context().close();
  }

  // The loyalty page: 104 points (£104.00 at 1 point a pound), worth £1.04; Silver reached; the order in the history.
  await page.goto("/member/loyalty");
  await expect(page.getByRole("heading", { level: 1, name: "Loyalty points" })).toBeVisible();
  await expect(page.getByText(`104 ${POINTS}, worth £1.04`)).toBeVisible();
  await expect(page.getByText("Your tier: Silver")).toBeVisible();
  await expect(page.getByText(/^Spend £[\d.]+ more to reach Gold$/)).toBeVisible();
  await expect(page.getByRole("progressbar")).toBeVisible();
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText(`Earned 104 ${POINTS}`)).toBeVisible();
  await expect(history.getByText(/^Order \d+ · Larder & Co Victoria Street · \d{1,2} \w{3} \d{4}$/)).toBeVisible();
  await expect(page.getByText(`You have 104 ${POINTS} to spend`)).toBeVisible();
  await expectNoAxeViolations(page);

  // How rewards work: a dialog with script, a page of its own without.
  await page.getByRole("link", { name: "How rewards work" }).click();
  const rules = "You can use between 100 and 2000 Larder points on one order.";
  if (jsEnabled) {
    const dialog = page.getByRole("dialog", { name: "How rewards work" });
    await expect(dialog.getByText(rules)).toBeVisible();
    await expect(dialog.getByText("Silver: once you have spent £100.00")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  } else {
    await expect(page).toHaveURL(isPath("/member/loyalty/rewards"));
    await expect(page.getByRole("heading", { level: 1, name: "How rewards work" })).toBeVisible();
    await expect(page.getByText(rules)).toBeVisible();
    await expectNoAxeViolations(page);
  }

  // A new basket at Victoria Street: £14.00, over the scheme's £10 minimum.
  await shopAtVictoria(page);
  await addItem(page, cheddar, 4);
  await page.goto("/basket");
  const points = page.getByRole("region", { name: `Use your ${POINTS}` });
  await expect(points).toBeVisible();
  await expectNoAxeViolations(page);
  const before = await totalPence(page);

  // More than the balance: refused, on the field.
  const field = points.getByRole("textbox", { name: "Points to use" });
  await field.fill("500");
  await points.getByRole("button", { name: "Use points" }).click();
  await expect(problem(page, NOT_ENOUGH)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Points to use" })).toHaveAccessibleDescription(
    new RegExp(NOT_ENOUGH),
  );
  await expectNoAxeViolations(page);

  // 100 points: £1.00 off.
  await page.getByRole("textbox", { name: "Points to use" }).fill("100");
  await points.getByRole("button", { name: "Use points" }).click();
  await expect(toast(page, SPENT_100)).toBeVisible();
  await expect(summaryTotal(page)).toHaveText(pounds(before - 100));
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary.locator("dt", { hasText: /^Points$/ })).toBeVisible();
  await expect(summary.locator("dt", { hasText: /^Points$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText(
    "−£1.00",
  );

  // Stop: the total as it was.
  await points.getByRole("button", { name: "Stop using points" }).click();
  await expect(toast(page, STOPPED)).toBeVisible();
  await expect(summaryTotal(page)).toHaveText(pounds(before));
  await expect(summary.locator("dt", { hasText: /^Points$/ })).toHaveCount(0);

  // Vouchers: MEMBER5's terms, then Apply from the list.
  await page.goto("/member/vouchers");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /£5 off for members/ }) });
  await expect(card.getByText("£5.00 off")).toBeVisible();
  await expectNoAxeViolations(page);
  await card.getByRole("link", { name: /View terms/ }).click();
  const terms = /£5 off one order for signed-in members/;
  if (jsEnabled) {
    const dialog = page.getByRole("dialog", { name: "£5 off for members: terms" });
    await expect(dialog.getByText(terms)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  } else {
    await expect(page).toHaveURL(isPath("/member/vouchers/MEMBER5/terms"));
    await expect(page.getByText(terms)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to vouchers" }).click();
  }
  await card.getByRole("button", { name: "Apply £5 off for members" }).click();
  await expect(page).toHaveURL(isPath("/basket"));
  await expect(toast(page, COUPON_ADDED)).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Order summary" }).locator("dt", { hasText: "Coupon MEMBER5" }),
  ).toBeVisible();
});
