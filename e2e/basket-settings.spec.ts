// A store's basket settings (spec 2 §3): isDriverTipEmojiEnabled and basketOnlyTimeSelection, on for Briggate in the
// seed and off for Victoria Street.
import { toast } from "./support/checkout";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { addItem, openBasket, shopWith } from "./support/basket";
import { dayTabs, RESERVED_TOAST, storeBar } from "./support/slots";
import { findStoresFromHome, isPath, shopButton, storeGroup } from "./support/stores";

/** Victoria Street's menu (seed ids are fixed); Briggate sells the same menu. */
const milk = { id: 36, name: "Semi-Skimmed Milk 2 Pints", price: 125 };

const briggate = { name: "Larder & Co Briggate", slug: "briggate-9", postcode: "LS1 4DY" };

test.describe.configure({ timeout: 90_000 });

test.describe("a store's basket settings (Briggate has both on)", () => {
  test("the tip choices carry emoji, and the time is chosen in the basket only", async ({ page, jsEnabled }) => {
    await findStoresFromHome(page, briggate.postcode);
    await shopButton(storeGroup(page, "Open now"), briggate.name).click();
    await expect(page).toHaveURL(isPath(`/stores/${briggate.slug}`));
    // The store bar and the store page send the shopper to the basket for the time, never to the picker.
    await expect(storeBar(page).getByRole("link", { name: "Choose the time in your basket" })).toHaveAttribute(
      "href",
      "/basket",
    );
    await expect(page.getByRole("link", { name: "Choose a delivery time in your basket" })).toHaveAttribute(
      "href",
      "/basket",
    );
    await expect(page.getByRole("link", { name: "Pick a time" })).toHaveCount(0);

    await addItem(page, milk);
    await openBasket(page);
    const tips = page.getByRole("group", { name: "Tip your driver" });
    await expect(tips.getByRole("radio", { name: "No tip" })).toBeChecked();
    await expect(tips.locator("label").filter({ has: page.getByRole("radio", { name: "No tip" }) })).toContainText(
      "😐",
    );
    await expect(tips.locator("label").filter({ has: page.getByRole("radio", { name: "£1.00" }) })).toContainText("🙂");
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Choose a time slot" }).click();
    const free = page.getByRole("radio", { name: /^\d\d:\d\d–\d\d:\d\d$/, disabled: false });
    // Any of the first few free times (spread so parallel projects do not fill one), however late in the day it is:
    // once today has only ASAP left, tomorrow's.
    await expect(dayTabs(page).getByRole("link", { name: "Tomorrow" })).toBeVisible();
    if ((await free.count()) === 0) await dayTabs(page).getByRole("link", { name: "Tomorrow" }).click();
    await expect(free.first()).toBeVisible();
    const choices = Math.min(await free.count(), 4);
    await free.nth(Math.floor(Math.random() * choices)).check();
    if (!jsEnabled) await page.getByRole("button", { name: "Reserve this time" }).click();
    await expect(page).toHaveURL(isPath("/basket"));
    await expect(toast(page, RESERVED_TOAST)).toBeVisible();
    await expect(page.getByRole("link", { name: "Change time slot" })).toBeVisible();
  });

  test("Victoria Street keeps its plain tip choices and its time picker in the store bar @desktop-only", async ({
    page,
  }) => {
    await shopWith(page, [milk]);
    await expect(page.getByRole("group", { name: "Tip your driver" }).locator("label").first()).toHaveText("No tip");
    await page.goto("/stores/victoria-street-1");
    await expect(storeBar(page).getByRole("link", { name: "Pick a time" })).toHaveAttribute(
      "href",
      "/stores/victoria-street-1/time-slots",
    );
  });
});
