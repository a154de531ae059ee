// A basket line's choices (size, options, quantity) edited from the basket (basket/item/update), with JavaScript
// on and off.
import { basketLine, openBasket } from "./support/basket";
import { toast } from "./support/checkout";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { shopAtVictoria } from "./support/slots";
import { expectFieldError, isPath } from "./support/stores";

/** Victoria Street's cheddar (seed ids are fixed): sizes 200g (£1.95) and 400g (£3.25), and a free option. */
const cheddar = { id: 44, name: "Larder Mature Cheddar Cheese", size200g: 441 };

test.describe.configure({ timeout: 90_000 });

test.describe("editing a line from the basket", () => {
  const editLine =
    "Edit opens the line's size, options and quantity as they are; " +
    "a bad quantity is refused on its field; Save changes the line";
  test(editLine, async ({ page }) => {
    await shopAtVictoria(page);
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const added = await page.request.post("/basket/add", {
      form: {
        csrf,
        intent: "add",
        menuItemId: String(cheddar.id),
        sizeId: String(cheddar.size200g),
        quantity: "1",
        basketLineId: `e2e-edit-${nonce}`,
        idempotencyKey: `e2e-edit-${nonce}`,
        redirectTo: "/basket",
      },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
    await openBasket(page);
    await expect(basketLine(page, cheddar.name)).toContainText("200g");

    await basketLine(page, cheddar.name)
      .getByRole("link", { name: `Edit ${cheddar.name}` })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: `Edit ${cheddar.name}` })).toBeVisible();
    const sizes = page.getByRole("radiogroup", { name: "Size" });
    await expect(sizes.getByRole("radio", { name: /^200g/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Sliced for sandwiches" })).not.toBeChecked();
    await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("1");
    await expectNoAxeViolations(page);

    await page.getByRole("spinbutton", { name: "Quantity" }).fill("0");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectFieldError(page.getByRole("spinbutton", { name: "Quantity" }), "Enter a quantity from 1 to 99");
    await expectNoAxeViolations(page);

    await page.getByRole("radiogroup", { name: "Size" }).getByRole("radio", { name: /^400g/ }).check();
    await page.getByRole("checkbox", { name: "Sliced for sandwiches" }).check();
    await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(isPath("/basket"));
    await expect(toast(page, `${cheddar.name} updated in your basket.`)).toBeVisible();
    const edited = basketLine(page, cheddar.name);
    await expect(edited).toHaveCount(1);
    await expect(edited).toContainText("400g, Sliced for sandwiches");
    await expect(edited.getByText(/Quantity\s*2/)).toBeVisible();
    await expect(edited).toContainText("£6.50");
  });
});
