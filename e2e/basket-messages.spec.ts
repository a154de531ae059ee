// What the basket page says, in the spec's words (spec 2 §3, §4, §8, §9): the fee's Free From threshold, emptying
// the basket, its recommended items, failed quantity changes and removals, a deal begun but not complete, an item the
// new method does not sell, a method switch the platform refuses, and an add before any store is chosen.
import { BASKET_MESSAGES } from "#contract/basket";
import { toast } from "./support/checkout";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { addItem, basketLine, openBasket, shopWith, summaryRow } from "./support/basket";
import { failPlatformCall } from "./support/faults";
import { SWITCHED_TOAST } from "./support/slots";
import { isPath } from "./support/stores";

/** Victoria Street's menu (seed ids are fixed); Briggate sells the same menu. */
const milk = { id: 36, name: "Semi-Skimmed Milk 2 Pints", price: 125 };
const extraMature = { id: 45, name: "Larder Extra Mature Cheddar 400g" };
/** One of the Meal Deal's snacks: alone, the deal is begun but not complete. */
const mango = { id: 13, name: "Mango" };
/** Sold for collection only. */
const partyIce = { id: 154, name: "Party Ice 2kg" };

const EMPTY = BASKET_MESSAGES.empty;

test.describe.configure({ timeout: 90_000 });

test.describe("the basket's spec words, shown by the basket", () => {
  test("Free From labels the delivery fee's threshold; Empty basket empties it, and the empty basket leads back to the menu", async ({
    page,
  }) => {
    await shopWith(page, [milk]);
    await expect(summaryRow(page, "Free From")).toHaveText("£40.00");
    await expect(page.getByText("Spend £38.75 more for free delivery")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Empty basket" }).click();
    await expect(toast(page, "Your basket is empty.")).toBeVisible();
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Back to the menu/ })).toHaveAttribute(
      "href",
      "/stores/victoria-street-1",
    );
    await page.reload();
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("recommended items are listed under the basket, and one is added from there", async ({ page }) => {
    await shopWith(page, [milk]);
    const recommended = page.getByRole("region", { name: "You might also like" });
    // The first item that is added straight away (items with sizes or options link to their page instead).
    const card = recommended
      .getByRole("article")
      .filter({ has: page.getByRole("button", { name: /^Add .+ to basket$/ }) })
      .first();
    const add = card.getByRole("button", { name: /^Add .+ to basket$/ });
    await expect(add).toBeVisible();
    const name = (await card.getByRole("heading", { level: 3 }).innerText()).trim();
    await expect(recommended.getByRole("heading", { level: 3, name: milk.name })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await add.click();
    await expect(toast(page, `${name} added to your basket`)).toBeVisible();
    await expect(basketLine(page, name)).toBeVisible();
    await expect(basketLine(page, name).getByText(/Quantity\s*1/)).toBeVisible();
    // Top sellers not yet in the basket: the item just added leaves the list.
    await expect(recommended.getByRole("heading", { level: 3, name, exact: true })).toHaveCount(0);
  });

  test("a failed quantity change and a failed removal say so in the spec's words, and change nothing", async ({
    page,
    request,
  }) => {
    await shopWith(page, [milk, extraMature]);
    const milkLine = basketLine(page, milk.name);

    await failPlatformCall(request, "/api/basket/update");
    await milkLine.getByRole("button", { name: `One more ${milk.name}` }).click();
    await expect(toast(page, BASKET_MESSAGES.quantityError)).toHaveText(BASKET_MESSAGES.quantityError);
    await expect(milkLine.getByText(/Quantity\s*1/)).toBeVisible();
    await expect(milkLine).not.toHaveAttribute("aria-busy", "true");

    await failPlatformCall(request, "/api/basket/item/remove");
    await basketLine(page, extraMature.name)
      .getByRole("button", { name: `Remove ${extraMature.name}` })
      .click();
    await expect(toast(page, BASKET_MESSAGES.removeError)).toHaveText(BASKET_MESSAGES.removeError);
    await expect(basketLine(page, extraMature.name)).toBeVisible();
    await page.reload();
    await expect(basketLine(page, extraMature.name)).toBeVisible();
    await expect(milkLine.getByText(/Quantity\s*1/)).toBeVisible();
  });

  test("a deal begun but not completed is 'offer incomplete', with the way to complete it", async ({ page }) => {
    await shopWith(page, [mango]);
    const deals = page.getByRole("list", { name: "Deals" });
    await expect(deals.getByRole("listitem").filter({ hasText: "Meal Deal" })).toContainText(
      `Meal Deal: ${BASKET_MESSAGES.offerIncomplete}.`,
    );
    await expectNoAxeViolations(page);
    await deals.getByRole("link", { name: "Complete the offer Meal Deal" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Meal Deal" })).toBeVisible();
    await expect(page.getByText(`Meal Deal: ${BASKET_MESSAGES.offerIncomplete}.`)).toBeVisible();
  });

  test("an item the new method does not sell stays in the basket as 'Item is no longer available.'", async ({
    page,
  }) => {
    await shopWith(page, [milk]);
    await page.getByRole("button", { name: "Switch to collection" }).click();
    await expect(toast(page, SWITCHED_TOAST)).toBeVisible();
    await addItem(page, partyIce);
    await openBasket(page);
    await expect(basketLine(page, partyIce.name)).toBeVisible();

    await page.getByRole("button", { name: "Switch to delivery" }).click();
    await expect(toast(page, SWITCHED_TOAST)).toBeVisible();
    const ice = basketLine(page, partyIce.name);
    await expect(ice).toContainText(BASKET_MESSAGES.itemUnavailable);
    await expect(ice.getByRole("button", { name: `One more ${partyIce.name}` })).toBeDisabled();
    await expect(ice.getByRole("link", { name: `Edit ${partyIce.name}` })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Checkout" })).toContainText(
      `${partyIce.name}: ${BASKET_MESSAGES.itemUnavailable}`,
    );
    await expect(page.getByRole("region", { name: "Checkout" }).getByRole("link", { name: "Checkout" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await ice.getByRole("button", { name: `Remove ${partyIce.name}` }).click();
    await expect(basketLine(page, partyIce.name)).toHaveCount(0);
  });

  test("a switch the platform cannot make is 'We cannot swap fulfilment method at the moment', and the method stays", async ({
    page,
    request,
  }) => {
    await shopWith(page, [milk]);
    await failPlatformCall(request, "/api/basket/update");
    await page.getByRole("button", { name: "Switch to collection" }).click();
    await expect(toast(page, BASKET_MESSAGES.cannotSwapMethod)).toHaveText(BASKET_MESSAGES.cannotSwapMethod);
    await expect(page).toHaveURL(isPath("/basket"));
    await expect(page.getByRole("button", { name: "Switch to collection" })).toBeVisible();
    await expect(summaryRow(page, "Delivery fee")).toBeVisible();
  });
});

test.describe("an item added before any store is chosen", () => {
  test("a product card's Add from a store page opened by its address says 'Cannot perform basket action - no store selected'", async ({
    page,
  }) => {
    // Arriving by a link (no search, no store chosen), the shopper can browse the store's menu.
    await page.goto("/stores/victoria-street-1/category/dairy-and-eggs-2");
    const card = page.getByRole("article", { name: milk.name, exact: true });
    await card.getByRole("button", { name: `Add ${milk.name} to basket` }).click();
    await expect(toast(page, BASKET_MESSAGES.noStore)).toBeVisible();
    // Nothing was added: the card still offers Add, not a quantity stepper.
    await expect(card.getByRole("button", { name: `Add ${milk.name} to basket` })).toBeVisible();
  });
});
