// Issue 19 item 3 and issue 23 item 3: the phone's sidebar, the header banner (closed for good by a cookie, with
// JavaScript on and off), the bottom bar hiding on a quick scroll and coming back, the scrolling navbar's own look, and
// the footer left off store pages (content/global.json footer.hideOnStorePages). The sidebar and the bottom bar exist
// only on a phone (`@phone-only`); the banner and the footer look the same at every size (`@desktop-only`, `@once`).
import type { Page } from "@playwright/test";
import { demoStores } from "./support/stores";
import { expect, expectNoAxeViolations, test } from "./fixtures";

const menuButton = (page: Page) => page.locator("header summary").filter({ hasText: "Menu" });
const sidebarMenu = (page: Page) => page.getByRole("navigation", { name: "Site menu" });
const announcement = (page: Page) => page.getByRole("region", { name: "Announcement" });
const bottomBar = (page: Page) => page.getByTestId("bottom-nav");
/** The round close control beside the open panel (its words, 'Close sidebar', are for screen readers). */
const closeSidebar = (page: Page) =>
  page.locator("header details[open] > summary").getByText("Close sidebar").locator("..");

/** Nothing is wider than the viewport: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways overflow on ${label}`).toBeLessThanOrEqual(0);
}

/**
 * The element lies wholly inside the viewport, so it can be seen and tapped. Checked until it holds (within the
 * expect timeout): the sidebar slides in, and is only in place once its transition ends.
 */
async function expectInViewport(page: Page, selector: ReturnType<Page["locator"]>, label: string): Promise<void> {
  const viewport = page.viewportSize()!;
  await expect(async () => {
    const box = await selector.boundingBox();
    expect(box, label).not.toBeNull();
    expect(box!.x, `${label}: left edge`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${label}: right edge`).toBeLessThanOrEqual(viewport.width + 0.5);
  }).toPass({ timeout: 5_000 });
}

test.describe("the sidebar @phone-only", () => {
  test("opens, navigates through an expandable section, closes on the new page and by its close button", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/about-us");
    if (jsEnabled) await page.waitForLoadState("networkidle");
    await expect(sidebarMenu(page)).toBeHidden();

    await menuButton(page).click();
    const menu = sidebarMenu(page);
    await expect(menu).toBeVisible();
    await expect(page.getByText("Close sidebar")).toBeAttached();
    // The logo goes home; header entries, then the footer blocks as sections; a guest can sign in.
    await expect(page.locator("header details[open] a[href='/']").first()).toBeVisible();
    await expect(menu.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(menu.getByRole("link", { name: "Shop" })).toHaveAttribute("href", "/stores");
    const faqs = menu.getByRole("link", { name: "FAQs" }).first();
    await expect(faqs).toBeHidden();
    await expectNoAxeViolations(page);

    // Sections expand and collapse; an external link opens in a new tab.
    await menu.locator("summary", { hasText: "The small print" }).click();
    const agency = menu.getByRole("link", { name: /Food Standards Agency/ });
    await expect(agency).toHaveAttribute("target", "_blank");
    await expect(agency).toHaveAttribute("rel", /noopener/);
    await menu.locator("summary", { hasText: "The small print" }).click();
    await expect(agency).toBeHidden();

    await menu.locator("summary", { hasText: "Help" }).click();
    await expect(faqs).toBeVisible();
    await faqs.click();
    await expect(page).toHaveURL(/\/faqs$/);
    await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
    // A new page starts with the sidebar closed.
    await expect(sidebarMenu(page)).toBeHidden();

    // Open again; the close control closes it, and the page scrolls again.
    await menuButton(page).click();
    await expect(sidebarMenu(page)).toBeVisible();
    await closeSidebar(page).click();
    await expect(sidebarMenu(page)).toBeHidden();
    await expect(page).toHaveURL(/\/faqs$/);
  });

  test("fits a 320 px screen and 200 % zoom without sideways scrolling @js-only", async ({ page }) => {
    for (const viewport of [
      { width: 320, height: 568 },
      // A 1280 × 800 desktop at 200 %: 640 CSS pixels wide, still the phone layout.
      { width: 640, height: 400 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto("/faqs");
      await page.waitForLoadState("networkidle");
      const label = `${viewport.width} px`;
      await expectNoSidewaysScroll(page, `${label}, banner shown`);
      await expectInViewport(
        page,
        announcement(page).getByRole("button", { name: "Close announcement" }),
        `${label}: banner's close button`,
      );
      await menuButton(page).click();
      await expect(sidebarMenu(page)).toBeVisible();
      await expectNoSidewaysScroll(page, `${label}, sidebar open`);
      await expectInViewport(page, sidebarMenu(page).getByRole("link", { name: "Login" }), `${label}: sidebar's Login`);
      await expectInViewport(page, closeSidebar(page), `${label}: Close sidebar`);
    }
  });
});

test.describe("the header banner @desktop-only", () => {
  test("closes, and stays closed on the next page and after a reload", async ({ page, context, jsEnabled }) => {
    await page.goto("/about-us");
    if (jsEnabled) await page.waitForLoadState("networkidle");
    await expect(announcement(page)).toContainText("Hot food, fresh bakery and the weekly shop");
    await announcement(page).getByRole("button", { name: "Close announcement" }).click();
    await expect(announcement(page)).toHaveCount(0);
    // Without script the post came back to the same page; with script the page never left.
    await expect(page).toHaveURL(/\/about-us$/);
    if (jsEnabled) await expect(page.locator("#site-logo")).toBeFocused();

    // With script the banner goes as the post leaves; its cookie comes with the answer, a moment later.
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "headerBannerClosed"))
      .toMatchObject({ httpOnly: true, sameSite: "Lax" });
    const cookies = await context.cookies();
    // A visitor who only closed the banner still has no session (their pages keep coming from the page cache).
    expect(cookies.map((c) => c.name)).not.toContain("__session");

    await page.getByRole("contentinfo").getByRole("link", { name: "Contact us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(announcement(page)).toHaveCount(0);
    await page.reload();
    await expect(announcement(page)).toHaveCount(0);
  });
});

test.describe("the bottom bar and the scrolling navbar @phone-only @js-only", () => {
  test("hides on a quick scroll down and comes back once scrolling stops; the navbar takes its scrolling look", async ({
    page,
  }) => {
    await page.goto("/stores");
    await page.waitForLoadState("networkidle");
    const bar = bottomBar(page);
    await expect(bar).toHaveAttribute("data-state", "shown");
    const header = page.locator("header").first();
    await expect(header).toHaveCSS("background-color", "rgb(255, 255, 255)");

    // A flick: a scroll event a frame, 60 px apart (far faster than 0.5 px/ms). The bar's states are recorded as
    // they change, with the time since the last scroll event.
    const seen = await page.evaluate(async () => {
      const nav = document.querySelector<HTMLElement>('[data-testid="bottom-nav"]')!;
      const states: { state: string; sinceScroll: number }[] = [];
      let lastScroll = performance.now();
      window.addEventListener("scroll", () => (lastScroll = performance.now()), { passive: true });
      new MutationObserver(() =>
        states.push({ state: nav.dataset.state ?? "", sinceScroll: performance.now() - lastScroll }),
      ).observe(nav, {
        attributes: true,
        attributeFilter: ["data-state"],
      });
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      for (let i = 0; i < 8; i++) {
        window.scrollBy(0, 60);
        await frame();
      }
      await new Promise((resolve) => setTimeout(resolve, 600));
      return states;
    });
    expect(seen.map((s) => s.state)).toEqual(["hidden", "shown"]);
    // Back only once scrolling had stopped for 220 ms.
    expect(seen[1]!.sinceScroll).toBeGreaterThanOrEqual(215);
    await expect(bar).toBeInViewport();

    // Scrolled, the header has the mobile scrolling bar's colour and logo (content/global.json).
    await expect(header).toHaveCSS("background-color", "rgb(30, 91, 60)");
    await expect(page.locator("#site-logo img")).toHaveAttribute("src", "/brand/larder-logo-light.svg");

    // Slowly (a pixel every frame) it stays.
    const slow = await page.evaluate(async () => {
      const nav = document.querySelector<HTMLElement>('[data-testid="bottom-nav"]')!;
      let hid = false;
      new MutationObserver(() => (hid ||= nav.dataset.state === "hidden")).observe(nav, { attributes: true });
      for (let i = 0; i < 30; i++) {
        window.scrollBy(0, 1);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return hid;
    });
    expect(slow).toBe(false);

    // Back at the top: the resting look.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveCSS("background-color", "rgb(255, 255, 255)");
    await expect(page.locator("#site-logo img")).toHaveAttribute("src", "/brand/larder-logo.svg");
  });

  test("hides while a text field has focus", async ({ page }) => {
    // The error page offers the store search (a postcode field).
    await page.goto("/no-such-page");
    await page.waitForLoadState("networkidle");
    const field = page.getByRole("textbox").first();
    await expect(field).toBeVisible();
    await field.focus();
    await expect(bottomBar(page)).toHaveAttribute("data-state", "hidden");
    await field.blur();
    await expect(bottomBar(page)).toHaveAttribute("data-state", "shown");
  });
});

test("the footer is left off store pages, as the content says, and shown elsewhere @once", async ({ page }) => {
  await page.goto(`/stores/${demoStores.victoria.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await page.goto("/stores");
  await expect(page.getByRole("contentinfo")).toBeVisible();
});
