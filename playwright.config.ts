import { defineConfig, devices, type PlaywrightTestProject } from "@playwright/test";
import { existsSync } from "node:fs";

// Playwright cannot download its own browsers on these machines, so Debian's chromium is used when present.
const debianChromium = "/usr/bin/chromium";
const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const port = Number(process.env.E2E_PORT ?? 4317);
// E2E_BASE_URL points the suite at a server that is already running (a dev server, a staging host);
// without it the suite starts its own production build on a fresh database.
const externalBaseURL = process.env.E2E_BASE_URL;
const baseURL = externalBaseURL ?? `http://127.0.0.1:${port}`;
// Journeys that fix the clock fix it for a whole server, so each screen-and-script variant of them gets a server of
// its own (E2E_PORT+10, +20, +30, +40; each server's fakes on its port+1…+5) and they all run beside the other
// journeys instead of after them. Against an external server they share it and wait for everything else.
const clockPorts = [10, 20, 30, 40].map((offset) => port + offset);
const clockBaseURL = (index: number) => externalBaseURL ?? `http://127.0.0.1:${clockPorts[index]}`;

const phone = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };

const variants = [
  { name: "js-on-phone", javaScriptEnabled: true, screen: phone },
  { name: "js-on-desktop", javaScriptEnabled: true, screen: desktop },
  { name: "js-off-phone", javaScriptEnabled: false, screen: phone },
  { name: "js-off-desktop", javaScriptEnabled: false, screen: desktop },
];
const clockSpecs = "**/*.clock.spec.ts";

/**
 * Tags decide where a test belongs instead of skips inside it: `@js-only` (needs script: device position,
 * type-ahead), `@no-js` (the way without script), `@once` (no browser involved: one desktop run with script is
 * enough), `@desktop-only` (screen size changes nothing it checks), `@phone-js-only` (on a phone only with script:
 * the page laid out for a phone is the same without script, whose way through the forms a desktop run checks),
 * `@phone-only` (only a phone has it: the sidebar, the bottom bar).
 */
function grepInvert(v: (typeof variants)[number]): RegExp | undefined {
  const tags = [v.javaScriptEnabled ? "@no-js" : "@js-only"];
  if (!v.javaScriptEnabled || v.screen === phone) tags.push("@once");
  if (v.screen === phone) tags.push("@desktop-only");
  if (v.screen === desktop) tags.push("@phone-only");
  if (v.screen === phone && !v.javaScriptEnabled) tags.push("@phone-js-only");
  return new RegExp(tags.join("|"));
}

// Journeys run in parallel against one server. Journeys that fix the server's clock (`*.clock.spec.ts`) would
// change "now" under everyone else, so each variant of them runs one at a time on its own server. Clock projects
// are listed first: Playwright starts projects in this order, and their single worker is the longest chain.
const journeyProjects: PlaywrightTestProject[] = variants.map((v) => ({
  name: v.name,
  testIgnore: clockSpecs,
  grepInvert: grepInvert(v),
  use: { ...devices["Desktop Chrome"], ...v.screen, javaScriptEnabled: v.javaScriptEnabled },
}));
const clockProjects: PlaywrightTestProject[] = variants.map((v, index) => ({
  name: `clock-${v.name}`,
  testMatch: clockSpecs,
  grepInvert: grepInvert(v),
  workers: 1,
  fullyParallel: false,
  // Against one external server the clock projects run after every other journey, one after another.
  dependencies: !externalBaseURL ? [] : index > 0 ? [`clock-${variants[index - 1]!.name}`] : variants.map((w) => w.name),
  use: { ...devices["Desktop Chrome"], ...v.screen, javaScriptEnabled: v.javaScriptEnabled, baseURL: clockBaseURL(index) },
}));

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A journey that only passes on a second try is a bug to fix, not to hide.
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["list"], ["junit", { outputFile: "test-results/e2e-junit.xml" }]] : [["list"]],
  outputDir: "test-results/e2e",
  use: {
    baseURL,
    locale: "en-GB",
    timezoneId: "Europe/London",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      args: chromiumArgs,
      ...(existsSync(debianChromium) ? { executablePath: debianChromium } : {}),
    },
  },
  projects: [...clockProjects, ...journeyProjects],
  ...(externalBaseURL
    ? {}
    : {
        webServer: [port, ...clockPorts].map((serverPort) => ({
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
