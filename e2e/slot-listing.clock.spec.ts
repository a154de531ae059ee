// The slot listing by the server's clock (spec 1 §4, §7; spec 2 §5): refreshed every 60 seconds, the evening rule
// from the platform's hour, and the payments a slot denies from the store's settings. They move the server's clock,
// so they run with the clock journeys: one at a time (playwright.config.ts).
import { expect, test } from "./fixtures";
import { addItem } from "./support/basket";
import { cheddar, checkoutAsGuest, fillDetails, toast } from "./support/checkout";
import { editPlatformAnswer } from "./support/faults";
import {
  RESERVED_TOAST,
  SWITCHED_TOAST,
  chooseSlot,
  dayTabs,
  firstFutureSlot,
  openStoreBar,
  projectMonday,
  shopAtVictoria,
  slotGroup,
  slotRadio,
  slotStores,
  storeBar,
} from "./support/slots";
import { demoStores, findStoresFromHome, isPath, shopButton, showStores, storeGroup } from "./support/stores";

const { victoria } = slotStores;
/** Store 13: its collection is same-day (no days ahead), so only the evening rule brings tomorrow in. */
const newStreet = { slug: "new-street-13", postcode: "B2 4HN" };

test.describe("the slot listing refreshes every 60 seconds (spec 1 §4, §7)", () => {
  test(
    "with the server's clock moved on, the picker shows the later times after a minute, not before",
    { tag: "@js-only" },
    async ({ page, testClock }, testInfo) => {
      await testClock.set(projectMonday(testInfo, "10:00"));
      await shopAtVictoria(page);
      await page.clock.install();
      await page.goto(`/stores/${victoria.slug}/time-slots`);
      const today = () => slotGroup(page, "delivery", "Today");
      // 45 minutes' lead: at 10:00 the first time of the day starts at 11:00.
      expect((await firstFutureSlot(today())).range).toBe("11:00–12:00");
      // The refresh is timed from the page's script taking over: on a busy machine that can come well after the HTML.
      await page.waitForFunction(
        () =>
          (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state
            .initialized === true,
      );

      await testClock.set(projectMonday(testInfo, "12:00"));
      await page.clock.runFor(30_000);
      await expect(today().getByRole("radio", { name: /^11:00–12:00$/ })).toBeVisible();

      // A minute on (with a few seconds more while the page's effects settle), the list is asked for again.
      await page.clock.runFor(31_000);
      // Each try waits 2 s for the answer: on CI's slowest days the list's request took longer than the 500 ms this once
      // allowed, and every try then moved the page's clock on again before the answer could land.
      await expect(async () => {
        await page.clock.runFor(1_000);
        await expect(today().getByRole("radio", { name: /^11:00–12:00$/ })).toHaveCount(0, { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      expect((await firstFutureSlot(today())).range).toBe("13:00–14:00");
    },
  );
});

test.describe("the evening rule goes by the platform's clock (spec 1 §4)", () => {
  test("from the platform's hour 22 an ASAP-only store lists tomorrow too; the shop's own clock does not decide", async ({
    page,
    request,
    testClock,
  }, testInfo) => {
    // Both clocks at 22:30 on a Monday: New Street's same-day collection (no days ahead) lists tomorrow as well.
    await testClock.set(projectMonday(testInfo, "22:30"));
    await findStoresFromHome(page, newStreet.postcode);
    await page.goto(`/stores/${newStreet.slug}`);
    await (await openStoreBar(page)).getByRole("button", { name: "Switch to collection" }).click();
    await expect(toast(page, SWITCHED_TOAST)).toBeVisible();
    await page.goto(`/stores/${newStreet.slug}/time-slots`);
    const tomorrow = dayTabs(page).getByRole("link", { name: "Tomorrow" });
    await expect(tomorrow).toBeVisible();

    // The platform's clock now answers noon of that day while the storefront's still reads 22:30: only today is listed.
    await editPlatformAnswer(request, "/api/server-time", "server-time", {
      at: projectMonday(testInfo, "12:00"),
      times: 5,
    });
    await page.reload();
    await expect(slotGroup(page, "collection", "Today")).toBeVisible();
    await expect(tomorrow).toHaveCount(0);
  });
});

test.describe("a slot's denyPayments come from the store's settings (spec 1 §3, spec 2 §5)", () => {
  test.describe.configure({ timeout: 120_000 });

  test("Piccadilly's evening slots take no cash: the payment step offers no Cash for 20:00, and does for 19:30", async ({
    page,
    testClock,
    jsEnabled,
  }, testInfo) => {
    await testClock.set(projectMonday(testInfo, "10:00"));
    await findStoresFromHome(page, "M1 2BS");
    await showStores(page, { method: "Collection" });
    await shopButton(storeGroup(page, "Open now"), demoStores.piccadilly.name).click();
    await expect(page).toHaveURL(isPath(`/stores/${demoStores.piccadilly.slug}`));
    // With script a press can land before the list has switched to collection: the store bar settles the method.
    const bar = storeBar(page);
    await expect(bar.getByRole("button", { name: /^Switch to (collection|delivery)$/ })).toBeVisible();
    const toCollection = bar.getByRole("button", { name: "Switch to collection" });
    if ((await toCollection.count()) > 0) {
      await toCollection.click();
      await expect(bar.getByRole("button", { name: "Switch to delivery" })).toBeVisible();
    }
    await addItem(page, cheddar, 2);

    const holdAt = async (range: string) => {
      await page.goto(`/stores/${demoStores.piccadilly.slug}/time-slots`);
      await chooseSlot(page, slotRadio(slotGroup(page, "collection", "Today"), range), jsEnabled, RESERVED_TOAST);
    };
    await holdAt("20:00–20:30");
    await page.goto("/basket");
    await checkoutAsGuest(page);
    await fillDetails(page, false);
    await expect(page.getByRole("radio", { name: /^Card/ })).toBeVisible();
    await expect(page.getByRole("radio", { name: /^Cash/ })).toHaveCount(0);

    await holdAt("19:30–20:00");
    await page.goto("/checkout/payment");
    await expect(page.getByRole("radio", { name: /^Cash/ })).toBeVisible();
  });
});
