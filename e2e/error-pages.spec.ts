// The error pages: Page Not Found for an unknown path, its Go back (same-site referrers only) and Go to Homepage
// links, and the 500 page that never shows a stack; with JavaScript on and off.
import { expect, expectNoAxeViolations, test } from "./fixtures";

const companyName = /Larder & Co/;
const notFoundDescription =
  "Either this page no longer exists, or there's a typo in the web address. Click below for something more interesting.";
const serverErrorDescription =
  "Sorry, something went wrong on our end. Please try again later, or contact support if the problem continues.";

// A stack trace line as Node and browsers print them: "at fn (/path/file.js:12:34)" or "at /path/file.js:12:34".
const stackLine = /\bat\s+(?:\S+\s+\()?(?:file:\/\/|\/|[A-Za-z]:\\)\S*:\d+:\d+/;

test.describe("error page", () => {
  test("an unmatched path answers 404 with the Page Not Found page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page Not Found");
    await expect(page.getByRole("heading", { name: "Page Not Found: /no-such-page" })).toBeVisible();
    await expect(page.getByText("404 Error", { exact: true })).toBeVisible();
    await expect(page.getByText(notFoundDescription, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go back" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/");
    await expectNoAxeViolations(page);
  });

  test("Go back returns to the same-site page the shopper came from @desktop-only", async ({ page, baseURL }) => {
    await page.goto("/came-from-here");
    await page.goto("/no-such-page", { referer: `${baseURL}/came-from-here` });
    const goBack = page.getByRole("link", { name: "Go back" });
    const href = await goBack.getAttribute("href");
    expect(href, "Go back links to the referrer").not.toBeNull();
    const target = new URL(href ?? "", page.url());
    expect(target.origin).toBe(new URL(page.url()).origin);
    expect(target.pathname).toBe("/came-from-here");

    await goBack.click();
    await expect(page).toHaveURL((url) => url.pathname === "/came-from-here");
    await expect(page.getByRole("heading", { name: "Page Not Found: /came-from-here" })).toBeVisible();
  });

  test("Go back ignores a referrer from another site and goes home @desktop-only", async ({ page }) => {
    await page.goto("/no-such-page", { referer: "https://elsewhere.example/offers" });
    const goBack = page.getByRole("link", { name: "Go back" });
    await expect(goBack).toHaveAttribute("href", "/");
    await goBack.click();
    await expect(page).toHaveURL((url) => url.pathname === "/" && url.hostname !== "elsewhere.example");
    await expect(page).toHaveTitle(companyName);
  });

  test("Go to Homepage returns to the home page @desktop-only", async ({ page }) => {
    await page.goto("/no-such-page");
    await page.getByRole("link", { name: "Go to Homepage" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page).toHaveTitle(companyName);
    await expect(page.getByRole("banner").getByRole("img", { name: companyName }).first()).toBeVisible();
  });

  test("an error thrown in a loader shows the 500 page and never a stack @desktop-only", async ({ page }) => {
    const response = await page.goto("/__test/boom");
    expect(response?.status()).toBe(500);
    await expect(page.getByText("500 Error", { exact: true })).toBeVisible();
    await expect(page.getByText(serverErrorDescription, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/");
    await expect(page.locator("body")).not.toContainText(stackLine);
    // The HTML also carries the data React hydrates from, where a development-mode server would put the stack.
    const html = (await response?.text()) ?? "";
    expect(html.match(stackLine)?.[0], "a stack trace line in the HTML").toBeUndefined();
    expect(html.match(/.{0,80}node_modules.{0,40}/)?.[0], "a server file path in the HTML").toBeUndefined();
    await expectNoAxeViolations(page);
  });
});
