// The home page: the branded shell (axe, and an audit shown able to fail), and the toast a page leaves for the
// next one, announced and shown once; with JavaScript on and off. Every test also fails on any CSP violation or
// uncaught error the browser reports (see fixtures.ts).
import { expect, expectNoAxeViolations, test } from "./fixtures";

const companyName = /Larder & Co/;

test.describe("home page", () => {
  test("is branded with the company name and passes axe", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(companyName);
    await expect(page.getByRole("banner").getByRole("img", { name: companyName }).first()).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    await expectNoAxeViolations(page);
    // The audit can fail: the same page with an image that has no text alternative does (decision 0053).
    await page.evaluate(() =>
      document
        .querySelector("main")
        ?.prepend(Object.assign(document.createElement("img"), { src: "/brand/larder-logo.svg" })),
    );
    await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt/);
  });
});

test.describe("flash toast", () => {
  test("is announced in a live region and shown only once", async ({ page, jsEnabled }) => {
    await page.goto("/__test/toast?message=Hello");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    const toast = page.getByRole("status").filter({ hasText: "Hello" });
    await expect(toast).toBeVisible();
    const shownAt = Date.now();

    if (jsEnabled) {
      // The spec's toast timeout is 3000 ms; allow for the time the page took to load and hydrate.
      await expect(toast).toBeHidden({ timeout: 6_000 });
      const visibleFor = Date.now() - shownAt;
      expect(visibleFor, "the toast stays long enough to be read").toBeGreaterThan(1_500);
    }

    await page.reload();
    await expect(page).toHaveTitle(companyName);
    await expect(page.getByRole("status").filter({ hasText: "Hello" })).toHaveCount(0);
  });
});
