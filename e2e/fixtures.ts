import { test as base, expect, type APIRequestContext, type Browser, type Page, type TestInfo } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export { expect };

/** The axe rule sets every page must pass. Nothing is switched off: a rule that flags a page is a bug to fix. */
export const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] as const;

export interface BrowserProblems {
  cspViolations: string[];
  pageErrors: string[];
}

/** How the init script below marks a `securitypolicyviolation` event it passes on through the console. */
const CSP_EVENT_PREFIX = "e2e-csp-event: ";

const cspConsolePattern =
  /Content[- ]Security[- ]Policy|Refused to (execute|load|apply|connect|frame|create|evaluate)/i;

/**
 * Records what the browser says is wrong with a page: Content-Security-Policy violations (from the console,
 * which Chromium fills even with JavaScript off, and from `securitypolicyviolation` events when scripts run)
 * and uncaught errors. Call it before the first navigation.
 */
export async function watchBrowserProblems(page: Page): Promise<BrowserProblems> {
  const problems: BrowserProblems = { cspViolations: [], pageErrors: [] };

  page.on("console", (message) => {
    const text = message.text();
    if (text.startsWith(CSP_EVENT_PREFIX)) problems.cspViolations.push(`event: ${text.slice(CSP_EVENT_PREFIX.length)}`);
    else if (cspConsolePattern.test(text)) problems.cspViolations.push(`console: ${text}`);
  });
  page.on("pageerror", (error) => {
    problems.pageErrors.push(error.stack ?? error.message);
  });

  // The init script is injected by the browser's debugging protocol, so the page's own CSP does not block it; it tells
  // the console, which the listener above already reads (a binding for it cost every journey a round trip to set up).
  // With JavaScript off it never runs, and the console's own CSP messages remain.
  await page.addInitScript((prefix) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.warn(
        `${prefix}${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:` +
          `${event.lineNumber}`,
      );
    });
  }, CSP_EVENT_PREFIX);
  return problems;
}

export function describeProblems(problems: BrowserProblems): string {
  return [
    ...problems.cspViolations.map((v) => `CSP violation — ${v}`),
    ...problems.pageErrors.map((e) => `Uncaught page error — ${e}`),
  ].join("\n");
}

/**
 * Fails with a readable list of every axe violation on the page as it is now.
 *
 * axe runs as a script, and a page opened with JavaScript off cannot run one (the debugging protocol can
 * evaluate, but timers never fire). So for such a page the very DOM it shows is copied into a scripting
 * page of the same size, with every script removed and `<noscript>` content kept as it is displayed, and
 * audited there with the site's real stylesheets.
 *
 * axe runs in the page's own frames in one pass and reports violations only: a pass that merges the frames' results
 * opens a new page for every audit, and computing a selector for every passing element made audits five times slower
 * and a third of the suite's time, for nothing these checks read.
 */
export async function expectNoAxeViolations(
  page: Page,
  options: { disableRules?: readonly string[] } = {},
): Promise<void> {
  const javaScriptOff = await scriptsDisabled(page);
  const audited = javaScriptOff ? await scriptFreeCopy(page) : page;
  // A rule is only ever turned off by name at the one check that needs it, with the reason beside the call.
  const results = await runAxe(audited, {
    runOnly: { type: "tag", values: [...axeTags] },
    resultTypes: ["violations"],
    rules: Object.fromEntries((options.disableRules ?? []).map((rule) => [rule, { enabled: false }])),
  });
  const found = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? "no impact"}): ${v.help}\n` + v.nodes.map((n) => `    ${n.target.join(" ")}`).join("\n"),
  );
  expect(found, `axe violations on ${page.url()}${javaScriptOff ? " (JavaScript off)" : ""}`).toEqual([]);
}

/** axe-core's own build, read once per worker. */
let axeSource: string | undefined;

/**
 * axe-core run in the page (its documented `axe.run`), put into every frame that does not have it yet (decision 0053).
 * @axe-core/playwright sent the 640 KB script over the debugging protocol and compiled it twice for every audit, even
 * into a page that still had it from the audit before (a page with script keeps it across its client-side
 * navigations): about a third of each audit's time. Every frame gets it, as there; axe's default lets the page talk
 * only to frames of its own origin.
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  for (const frame of page.frames()) {
    try {
      if (!(await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function")))
        await frame.evaluate(axeSource);
    } catch {
      // A frame that went away, or would not take the script, is not audited; axe reports a frame it could not test.
    }
  }
  return page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(
        document,
        runOptions,
      ),
    options,
  );
}

async function scriptsDisabled(page: Page): Promise<boolean> {
  // HTML parsing depends on scripting: with it off, <noscript> content becomes elements, with it on, text.
  // The check runs through the debugging protocol because a page without scripting runs no page script.
  const probe = await page.context().newCDPSession(page);
  try {
    const { result } = await probe.send("Runtime.evaluate", {
      expression:
        "(() => { const box = document.createElement('div'); box.innerHTML = '<noscript><i></i></noscript>'; " +
        "return box.querySelector('noscript i') !== null; })()",
      returnByValue: true,
    });
    return result.value === true;
  } finally {
    await probe.detach();
  }
}

/** The page that shows copies of JavaScript-off pages, one per browser (a worker's tests run one at a time). */
interface CopyPage {
  page: Page;
  /** The copy being shown: its address (without the fragment) and its HTML. */
  showing: { url: string; html: string };
}
const copyPages = new WeakMap<Browser, Promise<CopyPage>>();

function copyPageFor(browser: Browser): Promise<CopyPage> {
  let made = copyPages.get(browser);
  if (!made) {
    made = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: true, locale: "en-GB" });
      const copy: CopyPage = { page: await context.newPage(), showing: { url: "", html: "" } };
      await context.route("**/*", (route) => {
        const request = route.request();
        // Requests never carry the fragment, so the copy is matched on the address without it.
        if (request.isNavigationRequest() && request.url() === copy.showing.url) {
          return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: copy.showing.html });
        }
        if (request.resourceType() === "script") return route.abort();
        return route.continue();
      });
      return copy;
    })();
    copyPages.set(browser, made);
  }
  return made;
}

/**
 * The JavaScript-off page's DOM in a scripting page of the same size. The page is kept for the worker's next audit, so
 * the site's stylesheets come from its cache instead of a new context and page each time.
 */
async function scriptFreeCopy(page: Page): Promise<Page> {
  const html = (await page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<\/?noscript\b[^>]*>/gi, "");
  const browser = page.context().browser();
  if (!browser) throw new Error("axe needs a browser to open a scripting copy of a JavaScript-off page");
  const copy = await copyPageFor(browser);
  copy.showing = { url: page.url().split("#")[0] ?? page.url(), html };
  const viewport = page.viewportSize();
  if (viewport) await copy.page.setViewportSize(viewport);
  await copy.page.goto(copy.showing.url);
  return copy.page;
}

/**
 * Fixes the storefront's clock (only possible on a server started with TEST_CLOCK=1); `null` releases it.
 * The clock is shared by the whole server: set it only in `*.clock.spec.ts` files, which the config runs alone.
 */
export async function setTestClock(request: APIRequestContext, now: string | null): Promise<void> {
  const response = await request.post("/__test/clock", { data: { now } });
  expect(response.status(), `setting the test clock to ${now}`).toBeLessThan(300);
}

export function javaScriptOn(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

interface Fixtures {
  /** What the browser reported as wrong so far; the test fails at the end if anything is in it. */
  browserProblems: BrowserProblems;
  /** Sets the server's test clock for this test and releases it afterwards. */
  testClock: { set(now: string): Promise<void> };
  jsEnabled: boolean;
  /**
   * The shopper chose their cookies before (true by default): journeys start as returning shoppers, without the
   * cookie banner over the page. e2e/consent.spec.ts turns it off to meet the banner.
   */
  consentGiven: boolean;
  /**
   * The device saw the one-time welcome dialog before (true by default), as it saw the cookie banner: journeys are not
   * about it. e2e/first-visit.spec.ts turns it off to meet it once.
   */
  welcomeSeen: boolean;
}

/**
 * Each test is a shopper of its own, on an address of its own (the suite's server trusts X-Forwarded-For, as behind
 * a real proxy): the platform's per-address guessing limits (platform/auth/limits.ts) then count each test's
 * sign-ins and registrations apart, as they would count real shoppers', instead of the whole suite's from 127.0.0.1.
 */
function shopperAddress(testInfo: TestInfo): string {
  let hash = 2166136261;
  for (const char of `${testInfo.project.name}|${testInfo.testId}|${testInfo.repeatEachIndex}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  }
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
}

export const test = base.extend<Fixtures>({
  consentGiven: [true, { option: true }],
  welcomeSeen: [true, { option: true }],
  context: async ({ context, consentGiven, welcomeSeen, baseURL }, use) => {
    if (consentGiven && baseURL) {
      const chosen = { cookieConsent: "true", performanceCookies: "false", targetingCookies: "false" };
      await context.addCookies(Object.entries(chosen).map(([name, value]) => ({ name, value, url: baseURL })));
    }
    if (welcomeSeen) {
      // The flag as app/models/local-data.ts keeps it, set before the page's own scripts run.
      await context.addInitScript(() => {
        try {
          window.localStorage.setItem("firstTimeUser", JSON.stringify({ welcomeSeen: true }));
        } catch {
          // about:blank and other opaque origins have no storage.
        }
      });
    }
    await use(context);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "x-forwarded-for": shopperAddress(testInfo) });
  },
  browserProblems: [
    async ({ page }, use) => {
      const problems = await watchBrowserProblems(page);
      await use(problems);
      expect(describeProblems(problems), "the browser reported problems on this page").toBe("");
    },
    { auto: true },
  ],
  testClock: async ({ request }, use) => {
    let wasSet = false;
    await use({
      async set(now) {
        wasSet = true;
        await setTestClock(request, now);
      },
    });
    if (wasSet) await setTestClock(request, null);
  },
  jsEnabled: async ({}, use, testInfo) => {
    await use(javaScriptOn(testInfo));
  },
});
