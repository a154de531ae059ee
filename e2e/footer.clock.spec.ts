// Journeys that fix the server's clock; playwright.config.ts runs them after all others, one at a time.
import { expect, test } from "./fixtures";

test("the footer's year comes from the server's clock, which the tests can fix", async ({ page, testClock }) => {
  await testClock.set("2031-11-23T12:00:00Z");
  await page.goto("/");
  await expect(page.getByRole("contentinfo")).toContainText("© 2031");

  await testClock.set("2029-01-01T00:30:00Z");
  await page.reload();
  await expect(page.getByRole("contentinfo")).toContainText("© 2029");
});
