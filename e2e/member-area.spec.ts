// Issue 14, the member area's frame (spec 2 §2): the dashboard's way to each part of the area, the area's own
// navigation on every page, and the retailer banner (visit site, call us) for the shopper's store; issue 15's loyalty
// rewards banner when that store has a scheme (none without a store, or at one that has none). Issue 15's pages
// (orders, an order, loyalty, vouchers) on a phone: nothing scrolls sideways and their main actions are in view.
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { fillLogin, newMember, register } from "./support/accounts";
import { collectionTimes, placeCollectionByApi, registerByApi } from "./support/orders";
import { shopAtVictoria, slotStores } from "./support/slots";
import { findStoresFromHome, isPath, shopButton, storeGroup, demoStores } from "./support/stores";

test.describe.configure({ timeout: 60_000 });

test.describe("member area", () => {
  const dashboardLinks =
    "the dashboard leads to each part of the area, the rewards banner to how they work, " +
    "and the retailer banner to the shopper's store";
  test(dashboardLinks, async ({ page, jsEnabled }, testInfo) => {
    await shopAtVictoria(page);
    const member = newMember(testInfo, "area");
    await register(page, member);

    const area = page.getByRole("navigation", { name: "Your account" });
    await expect(area.getByRole("link", { name: "Your account" })).toHaveAttribute("aria-current", "page");
    for (const [name, path] of [
      ["Profile", "/member/profile"],
      ["Addresses", "/member/addresses"],
      ["Change password", "/member/change-password"],
    ] as const) {
      await expect(area.getByRole("link", { name, exact: true })).toHaveAttribute("href", path);
      await expect(page.getByRole("main").getByRole("link", { name: new RegExp(`^${name} \\w`) })).toHaveAttribute(
        "href",
        path,
      );
    }

    // Victoria Street has Larder points: the rewards banner, its explanation a dialog with script and a page without.
    const rewards = page.getByRole("complementary", { name: "You have 0 Larder points to spend" });
    await expect(rewards).toBeVisible();
    const banner = page.getByRole("complementary", { name: slotStores.victoria.name });
    await expect(banner.getByRole("link", { name: "Call us on 020 7946 0101" })).toHaveAttribute(
      "href",
      "tel:02079460101",
    );
    await expectNoAxeViolations(page);
    await rewards.getByRole("link", { name: "How rewards work" }).click();
    const rules = "You can use between 100 and 2000 Larder points on one order.";
    if (jsEnabled) {
      const dialog = page.getByRole("dialog", { name: "How rewards work" });
      await expect(dialog.getByText(rules)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    } else {
      await expect(page).toHaveURL(isPath("/member/loyalty/rewards"));
      await expect(page.getByText(rules)).toBeVisible();
      await page.goBack();
    }
    await banner.getByRole("link", { name: "Visit site" }).click();
    await expect(page).toHaveURL(isPath(`/stores/${slotStores.victoria.slug}`));
  });

  const withoutChosenStore =
    "without a chosen store there is no retailer nor rewards banner; " +
    "at a store without a scheme, no rewards banner @desktop-only";
  test(withoutChosenStore, async ({ page }, testInfo) => {
    await register(page, newMember(testInfo, "nostore"));
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Robin" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Visit site" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Call us/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "How rewards work" })).toHaveCount(0);

    // Clapham's bakery runs no loyalty scheme: its retailer banner, and no rewards banner.
    await findStoresFromHome(page, "SW1A 1AA");
    await shopButton(
      storeGroup(page, "Open for pre-orders"),
      demoStores.clapham.name,
      "Pre-order from this store",
    ).click();
    await expect(page).toHaveURL(isPath(`/stores/${demoStores.clapham.slug}`));
    await page.goto("/member");
    await expect(page.getByRole("complementary", { name: demoStores.clapham.name })).toBeVisible();
    await expect(page.getByRole("link", { name: "How rewards work" })).toHaveCount(0);
  });

  test("the orders, an order, loyalty and vouchers pages fit a phone, their main actions in view @once", async ({
    page,
    request,
  }, testInfo) => {
    // A phone's screen (375 × 667) in the one run with script; the member and an order made through the platform's calls.
    await page.setViewportSize({ width: 375, height: 667 });
    const member = newMember(testInfo, "phone");
    const token = await registerByApi(request, member);
    const [time] = await collectionTimes(request, token, 1);
    const number = await placeCollectionByApi(request, token, member, time!);
    await shopAtVictoria(page);
    await page.goto("/login");
    await fillLogin(page, member.email, member.password);
    await expect(page).toHaveURL(isPath("/member"));

    const pages: [string, (page: Page) => Locator[]][] = [
      ["/member/orders", (p) => [p.getByRole("link", { name: `View order ${number}` })]],
      [`/member/orders/${number}`, (p) => [p.getByRole("link", { name: "Order again" })]],
      ["/member/loyalty", (p) => [p.getByRole("link", { name: "How rewards work" }), p.getByRole("progressbar")]],
      [
        "/member/vouchers",
        (p) => [
          p.getByRole("button", { name: "Apply £5 off for members" }).first(),
          p.getByRole("link", { name: /View terms/ }).first(),
        ],
      ],
    ];
    for (const [path, actions] of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `sideways scroll on ${path}`).toBeLessThanOrEqual(0);
      for (const action of actions(page)) {
        await action.scrollIntoViewIfNeeded();
        await expect(action, `${path}: ${action.toString()}`).toBeInViewport({ ratio: 1 });
      }
      await expectNoAxeViolations(page);
    }
  });
});
