// Issue 23: on a phone the first screen sells. At 375 × 667, with JavaScript on and off: the header banner closed for
// good by its cookie, a category page shows four product cards' names and prices between the header and the bottom
// navigation, the store home its first offer and its category strip, and the store bar is one line that opens the full
// bar. Only a phone has this layout (`@phone-only`); the desktop's full bar is checked by the store bar's journeys.
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { openStoreBar, storeBar } from "./support/slots";
import { demoStores } from "./support/stores";
import { browserLaunchOptions } from "./support/browser";

// The pictures load here: the layout must not shift while they do (decision 0059).
test.use({ launchOptions: browserLaunchOptions({ images: true }) });

const { islington } = demoStores;
const announcement = (page: Page) => page.getByRole("region", { name: "Announcement" });

/** The band of the screen between the sticky header's foot and the bottom navigation's top. */
async function firstScreen(page: Page): Promise<{ top: number; bottom: number }> {
  const header = await page.getByRole("banner").boundingBox();
  const nav = await page.getByTestId("bottom-nav").boundingBox();
  expect(header, "the header").not.toBeNull();
  expect(nav, "the bottom navigation").not.toBeNull();
  return { top: header!.y + header!.height, bottom: nav!.y };
}

async function expectWithin(element: Locator, band: { top: number; bottom: number }, label: string): Promise<void> {
  const box = await element.boundingBox();
  expect(box, label).not.toBeNull();
  expect(box!.y, `${label}: top edge`).toBeGreaterThanOrEqual(band.top - 0.5);
  expect(box!.y + box!.height, `${label}: bottom edge`).toBeLessThanOrEqual(band.bottom + 0.5);
}

async function closeAnnouncement(page: Page, jsEnabled: boolean): Promise<void> {
  if (jsEnabled) await page.waitForLoadState("networkidle");
  await announcement(page).getByRole("button", { name: "Close announcement" }).click();
  await expect(announcement(page)).toHaveCount(0);
}

/**
 * Nothing moved after it was first drawn (the pictures keep their boxes while they load), measured over a load of the
 * page of its own, as Lighthouse does: the shifts counted since an earlier load would include closing the banner, which
 * a busy machine can draw more than the 500 ms after the tap that mark a shift as the shopper's own.
 */
async function expectNoLayoutShift(page: Page): Promise<void> {
  await page.reload();
  await page.waitForLoadState("networkidle");
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
  expect(shift, "cumulative layout shift").toBe(0);
}

test.describe("the first screen on a phone @phone-only", () => {
  test("a category shows four products' names and prices; the closed banner stays closed on the next page", async ({
    page,
    context,
    jsEnabled,
  }) => {
    test.slow();
    await page.goto(`/stores/${islington.slug}/category/fruit-and-veg-1`);
    await closeAnnouncement(page, jsEnabled);
    await expect(page).toHaveURL(new RegExp(`/stores/${islington.slug}/category/fruit-and-veg-1$`));
    // With script the banner goes as the post leaves; the cookie comes with its answer.
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === "headerBannerClosed")).toBe(true);

    // The next page, reached by the category strip: the banner does not come back.
    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Dairy & eggs" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dairy & eggs" })).toBeVisible();
    await expect(announcement(page)).toHaveCount(0);
    if (jsEnabled) await page.waitForLoadState("networkidle");

    const band = await firstScreen(page);
    const cards = page.getByRole("main").getByRole("article");
    expect(await cards.count(), "cards on the page").toBeGreaterThanOrEqual(4);
    for (let i = 0; i < 4; i++) {
      const card = cards.nth(i);
      await expectWithin(card.getByRole("heading"), band, `card ${i + 1}'s name`);
      await expectWithin(
        card
          .locator("p")
          .filter({ hasText: /£\d+\.\d{2}/ })
          .first(),
        band,
        `card ${i + 1}'s price`,
      );
      // Two columns: each card is about half the screen wide.
      const box = (await card.boundingBox())!;
      expect(box.width, `card ${i + 1}'s width`).toBeLessThan(200);
    }
    // Pictures sized for the column: their box is reserved, and a phone is offered the route's smallest width.
    const picture = cards.first().locator("img");
    await expect(picture).toHaveAttribute("width", "240");
    await expect(picture).toHaveAttribute("height", "135");
    await expect(picture).toHaveAttribute("srcset", /w=320/);
    await expect(picture).toHaveAttribute("sizes", /calc\(50vw - 38px\)$/);
    // Tap targets: the card's Add and its name (with its picture) are at least 44 × 44.
    for (const target of [
      cards.first().getByRole("button", { name: /^Add / }),
      cards.first().getByRole("heading").getByRole("link"),
    ]) {
      const box = (await target.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    if (jsEnabled) await expectNoLayoutShift(page);
    await expectNoAxeViolations(page);
  });

  test("the store home shows its first offer and the category strip without scrolling", async ({ page, jsEnabled }) => {
    await page.goto(`/stores/${islington.slug}`);
    await closeAnnouncement(page, jsEnabled);
    const band = await firstScreen(page);
    await expectWithin(page.getByRole("navigation", { name: "Categories" }), band, "the category strip");
    await expectWithin(
      page.getByRole("region", { name: "Offers" }).getByRole("listitem").first(),
      band,
      "the first offer",
    );
    if (jsEnabled) await expectNoLayoutShift(page);
    await expectNoAxeViolations(page);
  });

  test("the store bar is one line that opens the full bar and closes again; the basket is left to the bottom bar", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto(`/stores/${islington.slug}/category/fruit-and-veg-1`);
    if (jsEnabled) await page.waitForLoadState("networkidle");
    const bar = storeBar(page);
    const line = bar.locator("summary");
    await expect(line).toBeVisible();
    await expect(line).toHaveText(new RegExp(`^${islington.name}\\s*·.*Delivery.*·.*Choose a time`));
    const lineBox = (await line.boundingBox())!;
    expect(lineBox.height, "the line's height (one line, one tap target)").toBeGreaterThanOrEqual(44);
    expect(lineBox.height).toBeLessThan(56);
    await expect(bar.getByRole("button", { name: "Switch to collection" })).toBeHidden();

    await openStoreBar(page);
    await expect(bar.getByRole("link", { name: islington.name })).toBeVisible();
    await expect(bar.getByRole("button", { name: "Switch to collection" })).toBeVisible();
    await expect(bar.getByRole("link", { name: "Pick a time" })).toBeVisible();
    await expect(bar.getByRole("link", { name: "Change store" })).toBeVisible();
    // The bottom navigation carries the basket on a phone, so the bar does not repeat it.
    await expect(bar.getByRole("link", { name: /^Basket/ })).toBeHidden();
    await expect(page.getByTestId("bottom-nav")).toContainText("Basket");
    await expectNoAxeViolations(page);

    await line.click();
    await expect(bar.getByRole("button", { name: "Switch to collection" })).toBeHidden();

    // Every change is made from the opened line: the method (the line follows it), then the time.
    await (await openStoreBar(page)).getByRole("button", { name: "Switch to collection" }).click();
    await expect(line).toContainText("Collection");
    await (await openStoreBar(page)).getByRole("link", { name: "Pick a time" }).click();
    await expect(page).toHaveURL(new RegExp(`/stores/${islington.slug}/time-slots$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/category/fruit-and-veg-1$`));

    // A 320 px phone and a 1280 px screen at 200 %: the line fits without sideways scrolling.
    for (const viewport of [
      { width: 320, height: 568 },
      { width: 640, height: 400 },
    ]) {
      await page.setViewportSize(viewport);
      // Measured by script, which a page without JavaScript does not run; the line's edge is checked either way.
      if (jsEnabled) {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `sideways overflow at ${viewport.width} px`).toBeLessThanOrEqual(0);
      }
      // Polled, not read once: after going back (and after each resize) the page may still be putting the bar in
      // place, and a box read in between is null.
      await expect
        .poll(
          async () => {
            const box = await line.boundingBox();
            return box ? box.x + box.width : Number.POSITIVE_INFINITY;
          },
          { message: `the line's right edge at ${viewport.width} px` },
        )
        .toBeLessThanOrEqual(viewport.width);
      await expect(line).toContainText("Choose a time");
    }
  });
});
