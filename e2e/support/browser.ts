// The browser the journeys run in, and how it is started. Kept apart from playwright.config.ts so the few journeys
// that need what the others go without (images) can ask for it with test.use({ launchOptions }).
import type { LaunchOptions } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { CHROMIUM_FLAGS, UNSEEN_FEATURES } from "../../scripts/bench/chromium-flags";

// Playwright cannot download its own browsers on these machines, so Debian's are used when present. The headless shell
// (Debian's chromium-headless-shell, the build Playwright itself runs headless journeys in) is the same Chromium without
// the desktop browser's windows and pop-ups: on two cores it took the browser process's CPU from 64 to 32 s and four
// journey files from 179 to 155 s (decision 0054). Without it, the full chromium runs the same journeys.
const debianChromium = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));

/**
 * What the run is told when the journeys fall back to the full browser: the same journeys pass, but on two cores they
 * took 14.0 minutes in it against 9.6 in the headless shell (docs/performance.md), which puts `npm test` past the
 * 15 minutes the README promises. Said once, by the runner (its workers load the config too).
 */
export function slowerBrowserNotice(): string | undefined {
  if (debianChromium !== "/usr/bin/chromium") return undefined;
  return (
    "Journeys run in Debian's full chromium: about half as slow again as its headless shell. " +
    "`apt-get install chromium-headless-shell` for the quicker run the README times."
  );
}
/**
 * Playwright's own `--disable-features` list (kept in its bundle, not exported) with ours added, since a later such
 * flag replaces an earlier one; were Playwright's ever not found, the run stops here rather than drop it.
 */
function disabledFeatures(ours: string[]): string {
  const bundle = readFileSync(
    join(dirname(createRequire(import.meta.url).resolve("playwright-core")), "lib/coreBundle.js"),
    "utf8",
  );
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  const theirs = list ? [...list.matchAll(/^\s*"([A-Za-z]+)",?\s*$/gm)].map((m) => m[1]!) : [];
  if (!theirs.includes("PaintHolding"))
    throw new Error(
      "e2e/support/browser.ts: Playwright's disabled Chromium features were not found in playwright-core",
    );
  return `--disable-features=${[...theirs, ...ours].join(",")}`;
}

const chromiumArgs = [...CHROMIUM_FLAGS, disabledFeatures([...UNSEEN_FEATURES])];

/**
 * Journeys run without images unless they ask for them (decision 0059): no journey looks at a picture's pixels, and
 * each page's pictures cost the browser, Playwright and the server a request and a decode each — a category page
 * loaded 8 to 11 of them, and without them it took 20–45 % less of the browser's time. What images are checked for
 * (their addresses, sizes, alternative text, priority) is in the markup, which is there either way; the image route is
 * checked over HTTP (headers.spec.ts), and the first screen's layout shift with the images loading (first-screen.spec.ts).
 */
export function browserLaunchOptions({ images }: { images: boolean }): LaunchOptions {
  return {
    args: images ? chromiumArgs : [...chromiumArgs, "--blink-settings=imagesEnabled=false"],
    ...(debianChromium ? { executablePath: debianChromium } : {}),
  };
}
