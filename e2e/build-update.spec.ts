// Issue 18 item 5, "Build updates" (spec 1 §4, §7, §9): /builds/latest.json answers the running build's id; an open
// page checks it at each navigation and when the tab comes back, and a newer live build reloads the page at most once
// per path in 10 seconds. The newer build is played by answering the check in the browser (page.route), since one
// server runs one build.
import { expect, test } from "./fixtures";

test("/builds/latest.json answers the running build's id, uncached and without a cookie @once", async ({ request }) => {
  const response = await request.get("/builds/latest.json?timestamp=1");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(response.headers()["set-cookie"]).toBeUndefined();
  const body = (await response.json()) as { id: unknown };
  expect(typeof body.id).toBe("string");
  expect(String(body.id).length).toBeGreaterThan(0);
});

test.describe("an open page", { tag: ["@js-only", "@desktop-only"] }, () => {
  test("checks at a navigation and stays as it is while the live build is its own", async ({ page }) => {
    let documents = 0;
    page.on("load", () => documents++);
    await page.goto("/stores");
    const checked = page.waitForResponse((r) => r.url().includes("/builds/latest.json"));
    // A navigation in the page (the header's home link), not a new document.
    await page.getByRole("banner").getByRole("link").first().click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    expect((await checked).status()).toBe(200);
    await page.waitForTimeout(1000);
    // The link's navigation loaded no document, and nothing reloaded.
    expect(documents).toBe(1);
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
    expect(
      await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).type),
    ).toBe("navigate");
  });

  test("reloads once when a newer build is live, not twice within 10 s", async ({ page }) => {
    await page.route("**/builds/latest.json*", (route) =>
      route.fulfill({ json: { id: "a-newer-build" }, headers: { "cache-control": "no-store" } }),
    );
    // Documents loaded: a reload is a second one (a navigation inside the page loads none).
    let documents = 0;
    page.on("load", () => documents++);
    await page.goto("/stores");
    // The tab comes back into view (the browser's own focus may come first): the check finds the newer build and the
    // page reloads. A reload destroys the page's context, so the event's dispatch may end with it.
    const focus = () => page.evaluate(() => window.dispatchEvent(new Event("focus"))).catch(() => undefined);
    // Sent until the page has hydrated and listens; once it has reloaded, more focus must not reload it again.
    await expect
      .poll(async () => {
        await focus();
        return documents;
      })
      .toBe(2);
    await page.waitForLoadState("load");
    // Checked again on the same path within 10 s: no second reload.
    await focus();
    await page.waitForTimeout(1500);
    await focus();
    await page.waitForTimeout(1000);
    expect(documents).toBe(2);
    await expect(page.getByRole("main")).toBeVisible();
  });
});
