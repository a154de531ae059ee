// Issue 5's acceptance journey, with JavaScript on and off: search "chese", add an item with options from its page
// and another from a card, change quantities, apply WELCOME10, watch the fee, Free From and minimum-spend messages
// appear and clear, switch to collection. Every amount is written here from the seed's prices and Victoria Street's
// terms — not read back from the platform — so a pricing change that moves a penny fails this test.
//
// Victoria Street (store 1) for SW1A 1AA, about 0.5 km away: delivery tier up to 1.5 km £1.99, free from £40.00,
// minimum order £15.00; collection costs nothing. A guest pays list prices (member prices are for members).
//   Larder Mature Cheddar Cheese, 400g, sliced: £3.25 (the slicing option is free)
//   Free Range Eggs x12: £3.50
import type { Page } from "@playwright/test";
import { basketLine, summaryRow } from "./support/basket";
import { toast } from "./support/checkout";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { shopAtVictoria } from "./support/slots";
import { isPath } from "./support/stores";

const store = "/stores/victoria-street-1";

/** The basket's money as the page shows it. Absent rows are asserted absent. */
async function expectTotals(
  page: Page,
  expected: { subtotal: string; fee: string; feeLabel?: string; coupon?: string; total: string },
): Promise<void> {
  await expect(summaryRow(page, "Subtotal")).toHaveText(expected.subtotal);
  await expect(summaryRow(page, expected.feeLabel ?? "Delivery fee")).toHaveText(expected.fee);
  if (expected.coupon) await expect(summaryRow(page, "Coupon WELCOME10")).toHaveText(expected.coupon);
  else await expect(page.getByRole("complementary").getByText("Coupon WELCOME10")).toHaveCount(0);
  await expect(summaryRow(page, /^Total$/)).toHaveText(expected.total);
}

/** Presses a line's + until it shows `to`, letting each change land before the next press. */
async function stepUp(page: Page, name: string, from: number, to: number, jsEnabled: boolean): Promise<void> {
  const stepper = basketLine(page, name).getByRole("group", { name: `Quantity of ${name}` });
  for (let quantity = from + 1; quantity <= to; quantity++) {
    const landed = jsEnabled
      ? page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/basket"))
      : null;
    await stepper.getByRole("button", { name: `One more ${name}` }).click();
    await landed;
    await expect(stepper).toContainText(`Quantity ${quantity}`);
  }
}

test.describe.configure({ timeout: 120_000 });

test("search, options, card, quantities, coupon, Free From, minimum spend and collection — in exact pence", async ({
  page,
  jsEnabled,
}) => {
  await shopAtVictoria(page);

  // 1. Search with a misspelling.
  await page.goto(`${store}/search`);
  await page.getByRole("searchbox", { name: "Search for items" }).fill("chese");
  if (!jsEnabled) await page.getByRole("button", { name: "Search", exact: true }).click();
  const cheddarCard = page.getByRole("article", { name: "Larder Mature Cheddar Cheese", exact: true });
  await expect(cheddarCard).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.get("searchTerm") === "chese");

  // 2. The cheddar has sizes and an option: chosen on its page.
  await cheddarCard.getByRole("link", { name: "Choose Larder Mature Cheddar Cheese" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Larder Mature Cheddar Cheese" })).toBeVisible();
  await page.getByRole("radiogroup", { name: "Size" }).getByRole("radio", { name: /^400g/ }).check();
  await page.getByRole("checkbox", { name: "Sliced for sandwiches" }).check();
  if (jsEnabled) await expect(page.getByRole("button", { name: "Add to basket · £3.25" })).toBeVisible();
  await page.getByRole("button", { name: /^Add to basket · / }).click();
  await expect(toast(page, "Larder Mature Cheddar Cheese added to your basket")).toBeVisible();

  // 3. The eggs are plain: added from their card on the category page.
  await page.goto(`${store}/category/dairy-and-eggs-2`);
  const eggs = page.getByRole("article", { name: "Free Range Eggs x12", exact: true });
  await eggs.getByRole("button", { name: "Add Free Range Eggs x12 to basket" }).click();
  await expect(eggs.getByRole("group", { name: "Free Range Eggs x12 in your basket" })).toContainText("1 in basket");

  // 4. The basket: £3.25 + £3.50 = £6.75, under the £15.00 minimum and £33.25 short of free delivery.
  await page.goto("/basket");
  await expect(page.getByRole("heading", { level: 1, name: "Your basket" })).toBeVisible();
  await expect(basketLine(page, "Larder Mature Cheddar Cheese")).toContainText("400g, Sliced for sandwiches");
  await expectTotals(page, { subtotal: "£6.75", fee: "£1.99", total: "£8.74" });
  await expect(page.getByText("Spend £8.25 more to reach the £15.00 minimum order").first()).toBeVisible();
  await expect(page.getByText("Spend £33.25 more for free delivery")).toBeVisible();
  await expectNoAxeViolations(page);

  // 5. Three boxes of eggs: £3.25 + £10.50 = £13.75, still £1.25 short of the minimum.
  await stepUp(page, "Free Range Eggs x12", 1, 3, jsEnabled);
  await expectTotals(page, { subtotal: "£13.75", fee: "£1.99", total: "£15.74" });
  await expect(page.getByText("Spend £1.25 more to reach the £15.00 minimum order").first()).toBeVisible();

  // 6. A second cheddar: £6.50 + £10.50 = £17.00 — the minimum-spend message clears.
  await stepUp(page, "Larder Mature Cheddar Cheese", 1, 2, jsEnabled);
  await expectTotals(page, { subtotal: "£17.00", fee: "£1.99", total: "£18.99" });
  await expect(page.getByText(/minimum order/)).toHaveCount(0);
  await expect(page.getByText("Spend £23.00 more for free delivery")).toBeVisible();

  // 7. Ten boxes of eggs: £6.50 + £35.00 = £41.50 — past Free From, the delivery fee goes.
  await stepUp(page, "Free Range Eggs x12", 3, 10, jsEnabled);
  await expectTotals(page, { subtotal: "£41.50", fee: "Free", total: "£41.50" });
  await expect(page.getByText(/more for free delivery/)).toHaveCount(0);
  await expect(page.getByText("You get free delivery")).toBeVisible();

  // 8. WELCOME10: 10% of £41.50 = £4.15 off. Free From is judged before the coupon, so delivery stays free.
  await page.getByRole("textbox", { name: "Coupon code" }).fill("WELCOME10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(toast(page, "Coupon added successfully")).toBeVisible();
  await expectTotals(page, { subtotal: "£41.50", fee: "Free", coupon: "−£4.15", total: "£37.35" });
  await expectNoAxeViolations(page);

  // 9. Collection: no fee, no tip, the coupon kept.
  await page.getByRole("button", { name: "Switch to collection" }).click();
  await expect(toast(page, "Fulfilment switched successfully.")).toBeVisible();
  await expect(page).toHaveURL(isPath("/basket"));
  await expectTotals(page, {
    subtotal: "£41.50",
    fee: "Free",
    feeLabel: "Collection fee",
    coupon: "−£4.15",
    total: "£37.35",
  });
  await expect(page.getByRole("group", { name: "Tip your driver" })).toHaveCount(0);
});
