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
    await page.goto("/stores");
    let navigations = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    const checked = page.waitForResponse((r) => r.url().includes("/builds/latest.json"));
    // A navigation in the page (the header's home link), not a new document.
    await page.getByRole("banner").getByRole("link").first().click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    expect((await checked).status()).toBe(200);
    await page.waitForTimeout(1000);
    // The one navigation was the link's own (the URL change); nothing reloaded.
    expect(navigations).toBe(1);
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
    expect(await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).type)).toBe("navigate");
  });

  test("reloads once when a newer build is live, not twice within 10 s", async ({ page }) => {
    await page.route("**/builds/latest.json*", (route) => route.fulfill({ json: { id: "a-newer-build" }, headers: { "cache-control": "no-store" } }));
    await page.goto("/stores");
    let reloads = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) reloads++;
    });
    // The tab comes back into view: the check finds the newer build and the page reloads.
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect.poll(() => reloads).toBe(1);
    await page.waitForLoadState("load");
    // Checked again at once, on the same path: within 10 s it does not reload again.
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await page.waitForTimeout(1500);
    expect(reloads).toBe(1);
    await expect(page.getByRole("main")).toBeVisible();
  });
});
