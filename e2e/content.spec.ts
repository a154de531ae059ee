// Issue 19, item 1: the content pages — FAQs, news (list, paging, articles), contact, brand pages and catch-all pages
// at any depth — with JavaScript on and off. Their layout is one column at every size, so they run at a desktop size
// (`@desktop-only`), and each is checked at 320 px and at 200 % zoom for sideways scrolling.
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";

const footer = (page: Page) => page.getByRole("contentinfo");

/** Nothing is wider than the viewport: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways overflow on ${label}`).toBeLessThanOrEqual(0);
}

test.describe("content pages", () => {
  test("FAQs open and close, each answer hidden until its question is chosen @desktop-only", async ({ page }) => {
    test.slow();
    await page.goto("/");
    await footer(page).getByRole("link", { name: "FAQs" }).click();
    await expect(page).toHaveURL(/\/faqs$/);
    await expect(page).toHaveTitle("Frequently asked questions | Larder & Co");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();

    const questions = page.locator("summary");
    expect(await questions.count()).toBeGreaterThanOrEqual(8);
    const question = page.getByText("Do you deliver alcohol?", { exact: true });
    const answer = page.getByText(/Our driver will ask for photo ID/);
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();
    await expect(page.locator("details", { has: question })).toHaveAttribute("open", "");
    await expectNoAxeViolations(page);
    await question.click();
    await expect(answer).toBeHidden();
    // The keyboard works it too: a summary is a button to assistive technology.
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(answer).toBeVisible();
  });

  test("the news list pages, and an article opens from it @desktop-only", async ({ page }) => {
    // Five pages, two audited by axe (with JavaScript off, in a second browser context): more than one page's time.
    test.slow();
    await page.goto("/");
    await footer(page).getByRole("link", { name: "News" }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
    const articles = page.getByRole("main").getByRole("listitem");
    await expect(articles).toHaveCount(4);
    // Newest first.
    await expect(articles.first().getByRole("heading")).toHaveText("Our Leeds store opens on Briggate");
    await expect(articles.first().locator("time")).toHaveText("28 May 2025");
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/news$/);
    await expectNoAxeViolations(page);

    const pages = page.getByRole("navigation", { name: "News pages" });
    await pages.getByRole("link", { name: "Older articles" }).click();
    await expect(page).toHaveURL(/\/news\?page=2$/);
    await expect(articles).toHaveCount(1);
    await expect(articles.first().getByRole("heading")).toHaveText("Spring baking classes at the bakery counter");
    await expect(page).toHaveTitle("News, page 2 | Larder & Co");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/news\?page=2$/);
    await pages.getByRole("link", { name: "Newer articles" }).click();
    await expect(page).toHaveURL(/\/news$/);

    await page.getByRole("link", { name: "Two years of giving to local food banks" }).click();
    await expect(page).toHaveURL(/\/news\/food-bank-partnership$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Two years of giving to local food banks" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "How it works" })).toBeVisible();
    await expect(page.locator("main time")).toHaveText("30 April 2025");
    await expect(page).toHaveTitle("Two years of giving to local food banks | Larder & Co");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /more than 40,000 meals/);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to news" }).click();
    await expect(page).toHaveURL(/\/news$/);
  });

  test("a page past the end of the news shows the last page; an unknown article is not found @desktop-only", async ({
    page,
  }) => {
    await page.goto("/news?page=9");
    await expect(page).toHaveURL(/\/news\?page=2$/);
    const response = await page.goto("/news/no-such-article");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found: /news/no-such-article" })).toBeVisible();
  });

  test("contact shows the address, phone and a map link at its coordinates @desktop-only", async ({ page }) => {
    await page.goto("/");
    await footer(page).getByRole("link", { name: "Contact us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByText("Larder & Co Ltd, 14 Dale Street, Manchester M1 1JW")).toBeVisible();
    await expect(main.getByRole("link", { name: "0161 496 0734" })).toHaveAttribute("href", "tel:01614960734");
    await expect(main.getByRole("link", { name: /View on OpenStreetMap/ })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/?mlat=53.48230&mlon=-2.23460#map=17/53.48230/-2.23460",
    );
    // A link, not a map script: nothing is loaded from OpenStreetMap.
    expect(await page.locator('script[src*="openstreetmap"], iframe').count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  test("a nested content page renders its blocks and its SEO meta @desktop-only", async ({ page, baseURL }) => {
    const response = await page.goto("/help/ordering/substitutions");
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Substitutions" })).toBeVisible();
    await expect(main.getByRole("heading", { level: 2, name: "Your choices" })).toBeVisible();
    await expect(main.getByRole("listitem")).toHaveCount(3);
    await expect(main.locator("blockquote")).toHaveText(
      "We never substitute a different allergen profile without asking first.",
    );
    await expect(page).toHaveTitle("Substitutions | Help | Larder & Co");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /How Larder & Co chooses substitutes/,
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      `${baseURL}/brand/order-packed.svg`,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${baseURL}/help/ordering/substitutions`,
    );
    await expectNoAxeViolations(page);

    // The same page with a trailing slash names the one address as canonical.
    await page.goto("/help/ordering/substitutions/");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${baseURL}/help/ordering/substitutions`,
    );
    const missing = await page.goto("/help/ordering/no-such-page");
    expect(missing?.status()).toBe(404);
  });

  test("brand pages open from the footer, with their picture @desktop-only", async ({ page }) => {
    await page.goto("/");
    await footer(page).getByRole("link", { name: "Our kitchen" }).click();
    await expect(page).toHaveURL(/\/brand\/our-kitchen$/);
    await expect(page.getByRole("heading", { level: 1, name: "Our kitchen" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "On the menu" })).toBeVisible();
    await expect(page).toHaveTitle("Our kitchen | Larder & Co");
    await expectNoAxeViolations(page);
    await footer(page).getByRole("link", { name: "Our bakery" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Our bakery" })).toBeVisible();
    expect((await page.goto("/brand/no-such-brand"))?.status()).toBe(404);
  });

  test("every content page fits 320 px and 200 % zoom without sideways scrolling @desktop-only", async ({ page }) => {
    test.slow();
    const paths = [
      "/faqs",
      "/news",
      "/news/leeds-store-opens",
      "/contact",
      "/brand/our-bakery",
      "/help/ordering/substitutions",
    ];
    // 200 % zoom of the 1280 px desktop is a 640 px layout viewport; 320 px is the narrowest phone WCAG asks for.
    for (const width of [320, 640]) {
      await page.setViewportSize({ width, height: 720 });
      for (const path of paths) {
        await page.goto(path);
        if (path === "/faqs") await page.locator("summary").first().click();
        await expectNoSidewaysScroll(page, `${path} at ${width} px`);
      }
    }
  });
});
