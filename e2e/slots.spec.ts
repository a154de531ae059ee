// Issue 4, "Fulfilment method and time slots": switching delivery and collection, a collection-only store, and
// the slot picker by keyboard, at the server's real time. Victoria Street delivers and collects round the clock,
// so tomorrow always lists every hour whatever time the suite runs at. Journeys that need a fixed time are in
// slots.clock.spec.ts.
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { isPath } from "./support/stores";
import {
  RESERVED_TOAST,
  SWITCHED_TOAST,
  barOrderType,
  barSlot,
  dayTabs,
  openPickerFromBar,
  openStoreBar,
  shopAtNorthernQuarter,
  shopAtVictoria,
  slotGroup,
  slotStores,
  storeMethods,
} from "./support/slots";

const { victoria, northernQuarter } = slotStores;

test.describe("fulfilment method", () => {
  test("switched from the store bar and from the store page, each with its toast", async ({ page }) => {
    await shopAtVictoria(page);
    await expect(barOrderType(page)).toContainText("Delivery");
    await expect(barSlot(page)).toContainText("Delivery time");

    await (await openStoreBar(page)).getByRole("button", { name: "Switch to collection" }).click();
    await expect(page.getByRole("status").filter({ hasText: SWITCHED_TOAST })).toHaveText(SWITCHED_TOAST);
    await expect(page).toHaveURL(isPath(`/stores/${victoria.slug}`));
    await expect(barOrderType(page)).toContainText("Collection");
    await expect(barSlot(page)).toContainText("Collection time");
    await expect((await openStoreBar(page)).getByRole("button", { name: "Switch to delivery" })).toBeVisible();
    // The store page offers the other method and marks the chosen one.
    const methods = storeMethods(page);
    await expect(methods.getByRole("button", { name: "Switch to collection" })).toHaveCount(0);
    await expect(methods.getByRole("link", { name: "Choose a collection time" })).toHaveAttribute(
      "href",
      `/stores/${victoria.slug}/time-slots`,
    );
    await expectNoAxeViolations(page);

    await methods.getByRole("button", { name: "Switch to delivery" }).click();
    await expect(page.getByRole("status").filter({ hasText: SWITCHED_TOAST })).toHaveText(SWITCHED_TOAST);
    await expect(barOrderType(page)).toContainText("Delivery");
    await expect(barSlot(page)).toContainText("Delivery time");

    // The picker follows the method.
    await openPickerFromBar(page, victoria.slug);
    await expect(
      page.getByRole("heading", { level: 1, name: `Choose a delivery time at ${victoria.name}` }),
    ).toBeVisible();
    await expect(page.getByText(/^Delivery cost: /)).toBeVisible();
  });

  test("a collection-only store offers no switch to delivery @desktop-only", async ({ page }) => {
    await shopAtNorthernQuarter(page);
    await expect(barOrderType(page)).toContainText("Collection");
    await expect(barSlot(page)).toContainText("Collection time");
    await expect(page.getByRole("button", { name: /^Switch/ })).toHaveCount(0);
    await expect(storeMethods(page).filter({ hasText: "Not offered" })).toHaveCount(1);

    await openPickerFromBar(page, northernQuarter.slug);
    await expect(
      page.getByRole("heading", { level: 1, name: `Choose a collection time at ${northernQuarter.name}` }),
    ).toBeVisible();
    await expect(dayTabs(page).getByRole("link", { name: "Tomorrow" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Switch/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe("slot picker by keyboard", () => {
  // With JavaScript off the radios and button are the browser's own; the clock journeys cover that way.
  test(
    "Tab reaches the slots, arrows move the choice without holding, Enter and the button reserve",
    { tag: "@js-only" },
    async ({ page }) => {
      await shopAtVictoria(page);
      await openPickerFromBar(page, victoria.slug);

      const tomorrowTab = dayTabs(page).getByRole("link", { name: "Tomorrow" });
      await tomorrowTab.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL((url) => url.searchParams.has("day"));
      await expect(tomorrowTab).toHaveAttribute("aria-current", "page");
      // The fieldset's legend names the day it lists.
      const tomorrow = slotGroup(page, "delivery", "Tomorrow");
      await expect(tomorrow).toBeVisible();

      // From the last day tab, Tab lands on the list's first slot that can be chosen (none is chosen yet). Journeys
      // running beside this one book tomorrow's first times, so a full slot (disabled) may come first: the arrows
      // skip it as they skip any disabled radio, and the slots used here are the first three that can be chosen.
      const radios = tomorrow.getByRole("radio");
      const ranges = (await tomorrow.locator("label").allInnerTexts()).map((text) => text.trim());
      expect(ranges.length, "tomorrow lists every hour of a 24-hour store").toBeGreaterThan(3);
      const open = await radios.evaluateAll((inputs) =>
        inputs.flatMap((input, index) => ((input as HTMLInputElement).disabled ? [] : [index])),
      );
      expect(open.length, "tomorrow has at least three times that can be chosen").toBeGreaterThanOrEqual(3);
      const [first, second, third] = open as [number, number, number];
      await dayTabs(page).getByRole("link").last().focus();
      await page.keyboard.press("Tab");
      await expect(radios.nth(first)).toBeFocused();
      await expect(radios.nth(first)).toHaveAccessibleName(ranges[first]!);

      await page.keyboard.press("ArrowDown");
      await expect(radios.nth(second)).toBeFocused();
      await expect(radios.nth(second)).toBeChecked();
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowUp");
      await expect(radios.nth(second)).toBeFocused();
      await expect(radios.nth(second)).toBeChecked();
      // Arrowing through the list holds nothing.
      await expect(barSlot(page)).toContainText("Choose a time");

      await page.keyboard.press("Tab");
      const reserve = page.getByRole("button", { name: "Reserve this time" });
      await expect(reserve).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status").filter({ hasText: RESERVED_TOAST })).toBeVisible();
      await expect(barSlot(page)).toContainText(`Tomorrow ${ranges[second]}`);
      await expect(radios.nth(second)).toBeChecked();

      // Back in the list, Space on another slot chooses it and Enter reserves it straight from the radio.
      await radios.nth(second).focus();
      await page.keyboard.press("ArrowDown");
      await expect(radios.nth(third)).toBeFocused();
      await page.keyboard.press("Space");
      await expect(radios.nth(third)).toBeChecked();
      await expect(barSlot(page)).toContainText(`Tomorrow ${ranges[second]}`);
      await page.keyboard.press("Enter");
      await expect(barSlot(page)).toContainText(`Tomorrow ${ranges[third]}`);
      await expect(radios.nth(third)).toBeChecked();
    },
  );
});
