// The guards every journey relies on must themselves catch what they are for; these pages are served by
// request interception, so they check the guards without depending on the storefront.
import { test as base } from "@playwright/test";
import { describeProblems, expect, expectNoAxeViolations, javaScriptOn, watchBrowserProblems } from "./fixtures";

// The guards differ with JavaScript on and off, not with the screen size, so only the desktop projects run them.
base.describe("browser guards", { tag: "@desktop-only" }, () => {
  const origin = "http://guards.test";
  const strictPolicy = "default-src 'self'; script-src 'nonce-abc123'; style-src 'self' 'nonce-abc123'; img-src 'self'";

  function documentWith(body: string, head = ""): string {
    return (
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Guard check</title>${head}</head>` +
      `<body><main><h1>Guard check</h1>${body}</main></body></html>`
    );
  }

  async function serve(page: import("@playwright/test").Page, html: string): Promise<void> {
    await page.route(`${origin}/**`, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        headers: { "content-security-policy": strictPolicy },
        body: html,
      }),
    );
  }

  base("a style the policy forbids is reported as a CSP violation", async ({ page }) => {
    const problems = await watchBrowserProblems(page);
    await serve(page, documentWith(`<p>Styled</p>`, `<style>p { color: rgb(200, 0, 0); }</style>`));
    await page.goto(`${origin}/`);
    await expect.poll(() => problems.cspViolations.length).toBeGreaterThan(0);
    expect(describeProblems(problems)).toContain("CSP violation");
  });

  base("a script the policy forbids is reported when JavaScript is on", { tag: "@js-only" }, async ({ page }) => {
    const problems = await watchBrowserProblems(page);
    await serve(page, documentWith(`<script>document.title = "ran";</script>`));
    await page.goto(`${origin}/`);
    await expect.poll(() => problems.cspViolations.some((v) => v.startsWith("event:"))).toBe(true);
    await expect(page).toHaveTitle("Guard check");
  });

  base("an uncaught error in a permitted script is reported", { tag: "@js-only" }, async ({ page }) => {
    const problems = await watchBrowserProblems(page);
    await serve(page, documentWith(`<script nonce="abc123">throw new Error("guard check boom")</script>`));
    await page.goto(`${origin}/`);
    await expect.poll(() => problems.pageErrors.join("\n")).toContain("guard check boom");
    expect(problems.cspViolations).toEqual([]);
  });

  base("a page that keeps to its policy reports nothing", async ({ page }) => {
    const problems = await watchBrowserProblems(page);
    await serve(
      page,
      documentWith(
        `<p>Fine</p><script nonce="abc123">document.body.dataset.ran = "yes"</script>`,
        `<style nonce="abc123">p { color: rgb(0, 0, 0); }</style>`,
      ),
    );
    await page.goto(`${origin}/`);
    await expect(page.getByText("Fine")).toHaveCSS("color", "rgb(0, 0, 0)");
    expect(describeProblems(problems)).toBe("");
  });

  base("axe finds an image without alternative text", async ({ page }) => {
    await serve(page, documentWith(`<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10">`));
    await page.goto(`${origin}/`);
    await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt/);
  });

  base("axe passes a plain accessible page", async ({ page }) => {
    await serve(page, documentWith(`<p>Plain text.</p>`));
    await page.goto(`${origin}/`);
    await expectNoAxeViolations(page);
  });

  base("axe audits what a shopper without JavaScript sees, <noscript> content included", async ({ page }, testInfo) => {
    await serve(
      page,
      documentWith(
        `<p>Always here.</p><noscript><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10"></noscript>`,
      ),
    );
    await page.goto(`${origin}/`);
    if (javaScriptOn(testInfo)) {
      await expectNoAxeViolations(page);
    } else {
      await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt/);
    }
  });
});
