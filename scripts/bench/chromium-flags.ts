// How Debian's Chromium is started on these machines, for the journeys (e2e/support/browser.ts) and for Lighthouse
// (lighthouse.ts) alike: the flags that work here (STACK.md), and the features no run should pay for.

/** Headless, no sandbox or GPU (none here), and none of the browser's own network traffic or updates. */
export const CHROMIUM_FLAGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Chromium 156 opens two omnibox pop-ups (WebUI pages, a renderer process each) with every window, and both
 * Playwright and Lighthouse make a window for every context: pages nobody sees. Added to the `--disable-features`
 * list a launcher already passes, since a second such flag replaces the first rather than adding to it.
 */
export const UNSEEN_FEATURES: readonly string[] = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];
