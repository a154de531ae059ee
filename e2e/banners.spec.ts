// Issue 5, banners (spec 2 §4): the store page's hero banners, impressions counted once per view (without script
// by the page's no-script image as it is served, with script after the flush delay of the banners seen) and clicks
// counted on the way to the banner's page. The test server's /__test/banner-events reads the platform's counts.
import type { APIRequestContext } from "@playwright/test";
import { browserLaunchOptions } from "./support/browser";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { isPath } from "./support/stores";
import { shopAtVictoria, slotStores } from "./support/slots";

const store = `/stores/${slotStores.victoria.slug}`;
/** Seeded banner 1, "Summer berries": the grocery menu's first hero, shown for 6 s (flushed after 6500 ms). */
const berries = { id: 1, title: "Summer berries", page: `${store}/banner/summer-berries-1` };

async function bannerCount(request: APIRequestContext, bannerId: number, kind: "display" | "click"): Promise<number> {
  const response = await request.get("/__test/banner-events");
  expect(response.ok()).toBe(true);
  const { events } = (await response.json()) as {
    events: { bannerId: number; kind: string; platform: string; count: number }[];
  };
  return events
    .filter((e) => e.bannerId === bannerId && e.kind === kind && e.platform === "website")
    .reduce((sum, e) => sum + e.count, 0);
}

// Without script a banner's impression is counted by its pixel (an image in <noscript>), so the pictures load here
// (decision 0059).
test.use({ launchOptions: browserLaunchOptions({ images: true }) });

test.describe("banners", () => {
  test("the store page shows its hero banners, the first loaded at once, and counts an impression @phone-js-only", async ({
    page,
    request,
  }) => {
    // An axe audit, a reload and up to 6.5 s of flush delay.
    test.slow();
    await shopAtVictoria(page);
    const hero = page.getByRole("region", { name: "Offers" });
    await expect(hero.getByRole("heading", { name: berries.title })).toBeVisible();
    // The pictures are decorative (the title says what the banner is), so they are found as elements, not roles.
    await expect(hero.locator("img").first()).toHaveAttribute("fetchpriority", "high");
    await expect(hero.locator("img").first()).toHaveAttribute("loading", "eager");
    await expect(
      page.getByRole("region", { name: "More offers" }).getByRole("heading", { name: "Stock up the cupboard" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // Journeys run in parallel, so others may count too: this view adds at least one.
    const before = await bannerCount(request, berries.id, "display");
    await page.reload();
    await expect(hero.getByRole("heading", { name: berries.title })).toBeVisible();
    // With script the batch goes after the banner's flush delay (6 × 1000 + 500 ms); without, as the page is served.
    await expect
      .poll(() => bannerCount(request, berries.id, "display"), { timeout: 15_000, intervals: [500] })
      .toBeGreaterThan(before);
  });

  test("a banner's click is counted on the way to its page @desktop-only", async ({ page, request }) => {
    test.slow();
    await shopAtVictoria(page);
    const before = await bannerCount(request, berries.id, "click");
    await page
      .getByRole("region", { name: "Offers" })
      .getByRole("link", { name: new RegExp(`^${berries.title}`) })
      .click();
    await expect(page).toHaveURL(isPath(berries.page));
    await expect(page.getByRole("heading", { level: 1, name: berries.title })).toBeVisible();
    await expect
      .poll(() => bannerCount(request, berries.id, "click"), { timeout: 10_000, intervals: [500] })
      .toBeGreaterThan(before);
  });

  test("the click route refuses to send the shopper off the store pages", { tag: "@once" }, async ({ request }) => {
    const response = await request.get(
      `/banners/event?click=${berries.id}&to=${encodeURIComponent("https://evil.example/")}`,
      { maxRedirects: 0 },
    );
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toBe("/");
  });
});
