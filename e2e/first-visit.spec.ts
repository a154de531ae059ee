// A first visit on this device: the one-time welcome dialog (the first-time-user flags) with script, nothing in the
// way without it, and the local data keys an earlier version left behind removed at start.
import { expect, expectNoAxeViolations, test } from "./fixtures";

test.describe.configure({ timeout: 90_000 });

test.describe("first visit on this device", () => {
  test.use({ welcomeSeen: false });

  test(
    "with script the welcome dialog shows once, on the first page a visit starts from, and is gone for good once closed",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/basket");
      await expect(page.getByRole("heading", { level: 1, name: "Your basket" })).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);

      await page.goto("/");
      const welcome = page.getByRole("dialog", { name: /^Welcome to / });
      await expect(welcome).toBeVisible();
      await expect(welcome).toContainText("Enter your postcode to see the stores that serve you");
      await expectNoAxeViolations(page);
      await welcome.getByRole("button", { name: "Start shopping" }).click();
      await expect(welcome).toBeHidden();
      expect(await page.evaluate(() => window.localStorage.getItem("firstTimeUser"))).toBe(
        JSON.stringify({ welcomeSeen: true }),
      );

      await page.reload();
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("dialog")).toHaveCount(0);
    },
  );

  test("without script nothing stands in the way of the first page", { tag: "@no-js" }, async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText(/^Welcome to /)).toHaveCount(0);
  });
});

test(
  "deprecated local data keys are removed at start, and the storefront's own keys stay",
  { tag: "@js-only" },
  async ({ page }) => {
    await page.addInitScript(() => {
      // Once per page: the keys an earlier version left behind, before the storefront's script starts.
      if (window.sessionStorage.getItem("e2e-seeded")) return;
      window.sessionStorage.setItem("e2e-seeded", "1");
      window.localStorage.setItem("vuex", JSON.stringify({ basket: { token: "old" } }));
      window.localStorage.setItem("basketToken", "old-token");
      window.localStorage.setItem("recent-postcodes", JSON.stringify(["SW1A 1AA"]));
    });
    await page.goto("/");
    await expect
      .poll(() =>
        page.evaluate(() => [window.localStorage.getItem("vuex"), window.localStorage.getItem("basketToken")]),
      )
      .toEqual([null, null]);
    expect(await page.evaluate(() => window.localStorage.getItem("recent-postcodes"))).toBe(
      JSON.stringify(["SW1A 1AA"]),
    );
  },
);
