// Issue 18 item 3, "Web Vitals": measured by the web-vitals package, loaded only when performance cookies are allowed
// (at start when allowed before, or as soon as the shopper accepts), sent to our own /_vitals and written as JSON log
// lines by the server. Nothing is loaded or sent without that consent.
import type { Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readServerLog } from "./support/server-log";
import { browserLaunchOptions } from "./support/browser";

// The pictures load here: what the page reports as its largest paint is measured as a shopper gets it (decision 0059).
test.use({ launchOptions: browserLaunchOptions({ images: true }) });

function watch(page: Page): { vitals: Request[]; vitalsScripts: string[] } {
  const seen = { vitals: [] as Request[], vitalsScripts: [] as string[] };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/_vitals") seen.vitals.push(request);
    if (request.resourceType() === "script" && /web-vitals/i.test(url.pathname)) seen.vitalsScripts.push(url.pathname);
  });
  return seen;
}

/** Hiding the page makes web-vitals report what it holds (LCP, CLS). */
async function hidePage(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

test.describe("with performance cookies off", { tag: ["@js-only", "@desktop-only"] }, () => {
  test("nothing is loaded and nothing is sent", async ({ page }) => {
    const seen = watch(page);
    await page.goto("/stores");
    await expect(page.getByRole("main")).toBeVisible();
    await page.waitForTimeout(1500);
    await hidePage(page);
    await page.waitForTimeout(500);
    expect(seen.vitals).toEqual([]);
    // The chunk is not in the page's modules either.
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => e.name)
        .filter((n) => /web-vitals/i.test(n)),
    );
    expect(loaded).toEqual([]);
  });
});

test.describe("with performance cookies on", { tag: ["@js-only", "@desktop-only"] }, () => {
  test.use({ consentGiven: false });

  test("accepting loads web-vitals, and the page's metrics reach the server's log", async ({ page }) => {
    const seen = watch(page);
    await page.goto("/stores");
    await page.waitForTimeout(500);
    expect(seen.vitals).toEqual([]);
    const first = page.waitForRequest((r) => new URL(r.url()).pathname === "/_vitals");
    await page.getByRole("button", { name: "Accept All Cookies" }).click();
    await expect(page.getByRole("status").filter({ hasText: "You've accepted all cookies." })).toBeVisible();
    await first;
    const vitalsLines = async () =>
      (await readServerLog(200))
        .split("\n")
        .filter((line) => line.includes('"web_vitals"'))
        .map((line) => JSON.parse(line) as { metric: string; value: number; path: string });
    await expect.poll(async () => (await vitalsLines()).some((l) => l.path === "/stores")).toBe(true);

    // A page loaded with consent given earlier measures from its start: its TTFB and FCP arrive, and LCP once hidden.
    await page.goto("/");
    await expect(page.getByRole("main")).toBeVisible();
    await expect
      .poll(
        async () =>
          (await vitalsLines())
            .filter((l) => l.path === "/")
            .map((l) => l.metric)
            .sort(),
        { timeout: 10_000 },
      )
      .toEqual(expect.arrayContaining(["FCP", "TTFB"]));
    await hidePage(page);
    await expect
      .poll(async () => (await vitalsLines()).some((l) => l.path === "/" && l.metric === "LCP"), { timeout: 10_000 })
      .toBe(true);
    expect((await vitalsLines()).every((l) => Number.isFinite(l.value) && l.value >= 0)).toBe(true);
    expect(seen.vitalsScripts.length).toBeGreaterThan(0);
  });
});

test("a report without performance consent is dropped, and a bad one refused @once", async ({ request }) => {
  const report = { name: "LCP", value: 1200, rating: "good", id: "v5-1", navigationType: "navigate", path: "/" };
  expect(
    (
      await request.post("/_vitals", {
        data: report,
        headers: { cookie: "cookieConsent=true; performanceCookies=false" },
      })
    ).status(),
  ).toBe(204);
  const allowed = { cookie: "cookieConsent=true; performanceCookies=true" };
  expect((await request.post("/_vitals", { data: { ...report, name: "FID" }, headers: allowed })).status()).toBe(400);
  expect(
    (
      await request.post("/_vitals", { data: { ...report, path: "https://elsewhere.example/" }, headers: allowed })
    ).status(),
  ).toBe(400);
  const ok = await request.post("/_vitals", { data: report, headers: allowed });
  expect(ok.status()).toBe(204);
  expect(ok.headers()["set-cookie"]).toBeUndefined();
});
