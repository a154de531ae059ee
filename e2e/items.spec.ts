// Issue 5, menu items: product cards (Add, then the − qty + stepper), the item page with sizes and options, the
// age question, deal and banner pages, and unknown items or deals under /stores/. Every journey runs with
// JavaScript on (fetchers, the age dialog) and off (plain form posts and redirects). Victoria Street sells the
// grocery menu (platform/db/seed/catalogue-data).
import type { Locator, Page } from "@playwright/test";
import { toast } from "./support/checkout";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { isPath } from "./support/stores";
import { shopAtVictoria, slotStores } from "./support/slots";

const { victoria } = slotStores;
const store = `/stores/${victoria.slug}`;
const dairy = `${store}/category/dairy-and-eggs-2`;
const softDrinks = `${store}/category/soft-drinks-14`;

function card(page: Page, name: string): Locator {
  return page.getByRole("article", { name, exact: true });
}

async function expectInBasket(scope: Locator, name: string, quantity: number): Promise<void> {
  await expect(scope.getByRole("group", { name: `${name} in your basket` })).toContainText(`${quantity} in basket`);
}

test.describe("product cards", () => {
  test("Add puts a plain item in the basket; the stepper adds one more and takes it away again @phone-js-only", async ({
    page,
  }) => {
    // Several form posts and axe audits on a loaded machine.
    test.slow();
    await shopAtVictoria(page);
    await page.goto(dairy);
    await expect(page.getByRole("heading", { level: 1, name: "Dairy & eggs" })).toBeVisible();
    const butter = card(page, "Salted Butter 250g");
    await expect(butter).toContainText("£2.45");
    await expectNoAxeViolations(page);

    await butter.getByRole("button", { name: "Add Salted Butter 250g to basket" }).click();
    await expect(toast(page, "Salted Butter 250g added to your basket")).toBeVisible();
    await expect(page).toHaveURL(isPath(dairy));
    await expectInBasket(butter, "Salted Butter 250g", 1);

    await butter.getByRole("button", { name: "One more Salted Butter 250g" }).click();
    await expectInBasket(butter, "Salted Butter 250g", 2);
    await expect(page).toHaveURL(isPath(dairy));
    await butter.getByRole("button", { name: "One fewer Salted Butter 250g" }).click();
    await expectInBasket(butter, "Salted Butter 250g", 1);
    await butter.getByRole("button", { name: "Remove Salted Butter 250g from basket" }).click();
    await expect(butter.getByRole("button", { name: "Add Salted Butter 250g to basket" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an item with sizes or options is chosen on its page; member prices show beside the price @phone-js-only", async ({
    page,
  }) => {
    await shopAtVictoria(page);
    await page.goto(dairy);
    const cheddar = card(page, "Larder Mature Cheddar Cheese");
    await expect(cheddar).toContainText("From £1.95");
    await expect(card(page, "Spreadable Butter 500g")).toContainText("Members £2.99");
    await cheddar.getByRole("link", { name: "Choose Larder Mature Cheddar Cheese" }).click();
    await expect(page).toHaveURL(/\/category\/dairy-and-eggs-2\/menuItem\/larder-mature-cheddar-cheese-\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Larder Mature Cheddar Cheese" })).toBeVisible();
  });
});

test.describe("menu item page", () => {
  test("asks for a size, keeps the choice, then adds the chosen line", async ({ page, jsEnabled }) => {
    // Several form posts and axe audits on a loaded machine.
    test.slow();
    await shopAtVictoria(page);
    await page.goto(dairy);
    await card(page, "Larder Mature Cheddar Cheese")
      .getByRole("link", { name: /^Choose/ })
      .click();
    await expect(page).toHaveURL(/\/menuItem\/larder-mature-cheddar-cheese-\d+$/);
    const itemPath = new URL(page.url()).pathname;
    await expect(page.getByRole("group", { name: "Slice it" })).toContainText("Choose up to 1");
    await expectNoAxeViolations(page);

    await page.getByRole("checkbox", { name: "Sliced for sandwiches" }).check();
    await page.getByRole("button", { name: /^Add to basket · / }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary.getByRole("link", { name: "Choose a size" })).toHaveAttribute("href", "#choice-size");
    // Script moves focus to the summary; without it the summary is first in the form, read before the fields.
    if (jsEnabled) await expect(summary).toBeFocused();
    const sizes = page.getByRole("radiogroup", { name: "Size" });
    await expect(sizes).toHaveAttribute("aria-invalid", "true");
    await expect(sizes).toHaveAccessibleDescription("Error: Choose a size");
    // The option ticked before stays ticked.
    await expect(page.getByRole("checkbox", { name: "Sliced for sandwiches" })).toBeChecked();
    await expectNoAxeViolations(page);

    await sizes.getByRole("radio", { name: /^400g/ }).check();
    await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
    if (jsEnabled) await expect(page.getByRole("button", { name: "Add to basket · £6.50" })).toBeVisible();
    await page.getByRole("button", { name: /^Add to basket · / }).click();
    await expect(toast(page, "Larder Mature Cheddar Cheese added to your basket")).toBeVisible();
    await expect(page).toHaveURL(isPath(itemPath));
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toHaveCount(0);

    await page.goto("/basket");
    await expect(page.getByRole("main")).toContainText("400g, Sliced for sandwiches");
  });
});

test.describe("age restriction", () => {
  test("an age-restricted item asks the question, then adds", async ({ page, jsEnabled }) => {
    // Several form posts and axe audits on a loaded machine.
    test.slow();
    await shopAtVictoria(page);
    await page.goto(softDrinks);
    const drink = card(page, "Sparkling Energy Drink 250ml");
    await expect(drink).toContainText("Age 16+ only");
    await drink.getByRole("button", { name: "Add Sparkling Energy Drink 250ml to basket" }).click();

    if (jsEnabled) {
      const dialog = page.getByRole("dialog", { name: "Are you 16 or over?" });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: "Yes, I am 16 or over" }).click();
      await expect(dialog).toBeHidden();
    } else {
      await expect(page).toHaveURL(isPath("/basket/age-check"));
      await expect(page.getByRole("heading", { level: 1, name: "Are you 16 or over?" })).toBeVisible();
      await expect(page.getByRole("main")).toContainText("Sparkling Energy Drink 250ml");
      await expect(page.getByRole("link", { name: "No, go back" })).toHaveAttribute("href", softDrinks);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Yes, I am 16 or over" }).click();
      await expect(page).toHaveURL(isPath(softDrinks));
    }
    await expect(toast(page, "Sparkling Energy Drink 250ml added to your basket")).toBeVisible();
    await expectInBasket(drink, "Sparkling Energy Drink 250ml", 1);

    // The age is now accepted: another item of that age goes straight in.
    const other = card(page, "Sugar Free Energy Drink 500ml");
    await other.getByRole("button", { name: "Add Sugar Free Energy Drink 500ml to basket" }).click();
    await expect(toast(page, "Sugar Free Energy Drink 500ml added to your basket")).toBeVisible();
    await expectInBasket(other, "Sugar Free Energy Drink 500ml", 1);
  });

  test("saying no adds nothing", { tag: "@js-only" }, async ({ page }) => {
    await shopAtVictoria(page);
    await page.goto(softDrinks);
    const drink = card(page, "Energy Drink 4 x 250ml");
    await drink.getByRole("button", { name: "Add Energy Drink 4 x 250ml to basket" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you 16 or over?" });
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(dialog).toBeHidden();
    await expect(drink.getByRole("button", { name: "Add Energy Drink 4 x 250ml to basket" })).toBeVisible();
  });
});

test.describe("deal and banner pages", () => {
  test("a deal lists its sections, and notes what the basket already holds towards it", async ({ page }) => {
    await shopAtVictoria(page);
    await expect(page.getByRole("region", { name: "Deals" }).getByRole("link", { name: /Meal Deal/ })).toBeVisible();
    await page.goto(`${store}/deal/meal-deal-1`);
    await expect(page.getByRole("heading", { level: 1, name: "Meal Deal" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Main: choose 1" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Snack: choose 1" })).toBeVisible();
    await expectNoAxeViolations(page);

    const mango = card(page, "Mango");
    await mango.getByRole("button", { name: "Add Mango to basket" }).click();
    await expect(toast(page, "Mango added to your basket")).toBeVisible();
    await expect(page.getByRole("note", { name: "In your basket" })).toContainText("1 × Mango");
  });

  test("a banner page shows its items, added with the banner credited", async ({ page }) => {
    await shopAtVictoria(page);
    await page.goto(`${store}/banner/summer-berries-1`);
    await expect(page.getByRole("heading", { level: 1, name: "Summer berries" })).toBeVisible();
    await expectNoAxeViolations(page);
    const berries = card(page, "Blueberries 150g");
    await berries.getByRole("button", { name: "Add Blueberries 150g to basket" }).click();
    await expect(toast(page, "Blueberries 150g added to your basket")).toBeVisible();
    await expectInBasket(berries, "Blueberries 150g", 1);
  });

  test(
    "an unknown item or deal is Page Not Found and resets the selected store",
    { tag: "@desktop-only" },
    async ({ page }) => {
      test.slow();
      for (const path of [
        `${store}/deal/no-such-deal-999999`,
        `${store}/category/dairy-and-eggs-2/menuItem/nothing-999999`,
        `${store}/banner/gone-999999`,
      ]) {
        await shopAtVictoria(page);
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole("heading", { name: `Page Not Found: ${path}` })).toBeVisible();
        await page.goto("/ul/view_store");
        await expect(page).toHaveURL(isPath("/stores-near-by"));
      }
    },
  );

  test("an item's old slug redirects to its current one", { tag: "@once" }, async ({ page }) => {
    await shopAtVictoria(page);
    await page.goto(dairy);
    const href = await card(page, "Salted Butter 250g")
      .getByRole("link", { name: "Salted Butter 250g", exact: true })
      .getAttribute("href");
    const id = href!.split("-").pop();
    await page.goto(`${store}/category/dairy-and-eggs-2/menuItem/old-name-${id}`);
    await expect(page).toHaveURL(isPath(href!));
  });
});
