import { defineConfig, devices, type PlaywrightTestProject } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// Playwright cannot download its own browsers on these machines, so Debian's are used when present. The headless shell
// (Debian's chromium-headless-shell, the build Playwright itself runs headless journeys in) is the same Chromium without
// the desktop browser's windows and pop-ups: on two cores it took the browser process's CPU from 64 to 32 s and four
// journey files from 179 to 155 s (decision 0054). Without it, the full chromium runs the same journeys.
const debianChromium = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));
/**
 * The full Chromium 156 opens two omnibox pop-ups (WebUI pages, a renderer process each) for every window, and Playwright
 * makes a window for every context, so each journey paid for two pages nobody sees: about a tenth of the browser's
 * CPU on two cores. A later `--disable-features` replaces an earlier one rather than adding to it, so Playwright's own
 * list (kept in its bundle, not exported) is read and ours added to it; were it ever not found, the run stops here
 * rather than drop Playwright's.
 */
function disabledFeatures(ours: string[]): string {
  const bundle = readFileSync(
    join(dirname(createRequire(import.meta.url).resolve("playwright-core")), "lib/coreBundle.js"),
    "utf8",
  );
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  const theirs = list ? [...list.matchAll(/^\s*"([A-Za-z]+)",?\s*$/gm)].map((m) => m[1]!) : [];
  if (!theirs.includes("PaintHolding"))
    throw new Error("playwright.config.ts: Playwright's disabled Chromium features were not found in playwright-core");
  return `--disable-features=${[...theirs, ...ours].join(",")}`;
}

const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  disabledFeatures(["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]),
];

const port = Number(process.env.E2E_PORT ?? 4317);
// E2E_BASE_URL points the suite at a server that is already running (a dev server, a staging host);
// without it the suite starts its own production build on a fresh database.
const externalBaseURL = process.env.E2E_BASE_URL;
const baseURL = externalBaseURL ?? `http://127.0.0.1:${port}`;

const phone = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };

const variants = [
  { name: "js-on-phone", javaScriptEnabled: true, screen: phone },
  { name: "js-on-desktop", javaScriptEnabled: true, screen: desktop },
  { name: "js-off-phone", javaScriptEnabled: false, screen: phone },
  { name: "js-off-desktop", javaScriptEnabled: false, screen: desktop },
];
const clockSpecs = "**/*.clock.spec.ts";
// Journeys that fix the clock fix it for a whole server, so they have a server of their own (E2E_PORT+10, its fakes on
// +11…+15) and run there one at a time, variant after variant. Playwright starts a project that depends on another in
// a later phase, so the first variant runs beside the other journeys and the later two after them; a server per
// variant, all beside the other journeys, was measured no faster (decision 0053). No clock journey's layout differs on
// a phone without script, so that variant has none. Against an external server they share it and wait for everything
// else.
const clockVariants = variants.filter((v) => v.javaScriptEnabled || v.screen !== phone);
const clockPort = port + 10;
const clockBaseURL = externalBaseURL ?? `http://127.0.0.1:${clockPort}`;

/**
 * Tags decide where a test belongs instead of skips inside it. Every journey runs on a desktop screen; a phone runs
 * only the journeys whose layout differs there (the guide: both viewports only where the layout differs), so:
 * `@phone` (a phone too, with and without script), `@phone-js-only` (a phone too, with script only: the page laid out
 * for a phone is the same without script, whose way through the forms a desktop run checks), `@phone-only` (only a
 * phone has it: the sidebar, the bottom bar). And by script: `@js-only` (needs script: device position,
 * type-ahead), `@no-js` (the way without script), `@once` (no browser involved: one desktop run with script is
 * enough), `@desktop-only` (kept where a title says so; a phone never runs it).
 */
const PHONE_TAGS = /@phone/;

function grepInvert(v: (typeof variants)[number]): RegExp | undefined {
  const tags = [v.javaScriptEnabled ? "@no-js" : "@js-only"];
  if (!v.javaScriptEnabled || v.screen === phone) tags.push("@once");
  if (v.screen === phone) tags.push("@desktop-only");
  if (v.screen === desktop) tags.push("@phone-only");
  if (v.screen === phone && !v.javaScriptEnabled) tags.push("@phone-js-only");
  return new RegExp(tags.join("|"));
}

function grep(v: (typeof variants)[number]): RegExp | undefined {
  return v.screen === phone ? PHONE_TAGS : undefined;
}

// Journeys run in parallel against one server. Journeys that fix the server's clock (`*.clock.spec.ts`) would
// change "now" under everyone else, so they run one at a time, variant after variant, on a server of their own. Clock
// projects are listed first: Playwright starts projects in this order, and their single worker is one long chain.
const journeyProjects: PlaywrightTestProject[] = variants.map((v) => ({
  name: v.name,
  testIgnore: clockSpecs,
  grep: grep(v),
  grepInvert: grepInvert(v),
  use: { ...devices["Desktop Chrome"], ...v.screen, javaScriptEnabled: v.javaScriptEnabled },
}));
const clockProjects: PlaywrightTestProject[] = clockVariants.map((v, index) => ({
  name: `clock-${v.name}`,
  testMatch: clockSpecs,
  grep: grep(v),
  grepInvert: grepInvert(v),
  workers: 1,
  fullyParallel: false,
  // One after another; against one external server, after every other journey too.
  dependencies:
    index > 0 ? [`clock-${clockVariants[index - 1]!.name}`] : externalBaseURL ? variants.map((w) => w.name) : [],
  use: { ...devices["Desktop Chrome"], ...v.screen, javaScriptEnabled: v.javaScriptEnabled, baseURL: clockBaseURL },
}));

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // In CI a failing journey has one more try (decision 0050): a journey that passes only on its second is reported as
  // flaky at the end of the run and fixed next, but does not stop the run. Locally every failure shows at once.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Limits for a machine that is slow, not a bar to clear: CI's two cores have run the same journeys 2.7 times slower
  // on one day than another, and a page that answers in 6 s there is not a failure (a failing journey still fails, later).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"], ["junit", { outputFile: "test-results/e2e-junit.xml" }]] : [["list"]],
  outputDir: "test-results/e2e",
  use: {
    baseURL,
    locale: "en-GB",
    timezoneId: "Europe/London",
    // Recording a trace of every journey (to keep the failing ones) cost a fifth of the suite's time on two cores; CI
    // keeps no files to open one from, so it records none, and a failing journey is re-run locally with its trace.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      args: chromiumArgs,
      ...(debianChromium ? { executablePath: debianChromium } : {}),
    },
  },
  projects: [...clockProjects, ...journeyProjects],
  ...(externalBaseURL
    ? {}
    : {
        webServer: [port, clockPort].map((serverPort) => ({
          command: "node --import tsx e2e/support/serve.ts",
          url: `http://127.0.0.1:${serverPort}/healthz`,
          env: { E2E_PORT: String(serverPort) },
          reuseExistingServer: !process.env.CI,
          timeout: 120_000,
          stdout: "ignore" as const,
          stderr: "pipe" as const,
          gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
        })),
      }),
});
