// Lighthouse mobile (its default: a mid-range phone, simulated slow 4G and CPU) on Debian's Chromium, one run
// per page, the shopper pages with the prepared session's cookie; and each page's HTML as the server sends it
// to a browser (compressed bytes on the wire), against the HTML budget.
import { probe } from "./load";

export const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";
/** The flags that work on this machine (STACK.md). */
const chromeFlags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export interface LighthouseRow {
  name: string;
  path: string;
  /** Bytes of HTML as sent with `Accept-Encoding: gzip, br`, and the encoding the server chose. */
  htmlBytes: number;
  htmlEncoding: string | null;
  /** Scores 0–1; null when Lighthouse was skipped or could not score the category. */
  performance: number | null;
  accessibility: number | null;
  /** Why there are no scores (skipped, or the run's error). */
  note: string | null;
  /** The bare React Router page, scored in the same run as the yardstick: no budget applies to it. */
  baseline?: boolean;
}

export interface LighthousePage {
  name: string;
  path: string;
  headers: Record<string, string>;
}

/** The name–value pairs of a Cookie request header. */
export function parseCookieHeader(header: string): [string, string][] {
  return header
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes("="))
    .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as [string, string]);
}

export async function measureLighthouse(origin: string, pages: LighthousePage[], runLighthouse: boolean): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const page of pages) {
    const html = await probe(origin + page.path, page.headers);
    rows.push({ name: page.name, path: page.path, htmlBytes: html.bytes, htmlEncoding: html.contentEncoding, performance: null, accessibility: null, note: runLighthouse ? null : "skipped (--no-lighthouse)" });
  }
  if (!runLighthouse) return rows;

  const [{ default: lighthouse }, { launch }, puppeteer] = await Promise.all([import("lighthouse"), import("chrome-launcher"), import("puppeteer-core")]);
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    for (const [index, page] of pages.entries()) {
      const row = rows[index]!;
      console.log(`› Lighthouse: ${page.name}`);
      // Each page in a fresh browser context (empty cache, no cookies) holding only its session's cookies, set in
      // the browser's own jar: the page, its scripts and its data requests then all carry the one session, and any
      // cookie the server sets replaces it as in a real browser (a Cookie header added to every request would not).
      const context = await browser.createBrowserContext();
      try {
        const tab = await context.newPage();
        const cookies = parseCookieHeader(page.headers.Cookie ?? "").map(([name, value]) => ({ name, value, url: origin }));
        if (cookies.length) await tab.setCookie(...cookies);
        const result = await lighthouse(origin + page.path, { output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"], disableStorageReset: true }, undefined, tab);
        const categories = result?.lhr.categories;
        const landed = result ? new URL(result.lhr.finalDisplayedUrl) : null;
        if (landed && landed.pathname + landed.search !== page.path) {
          // Scores of another page (a redirect) are not this page's: they count as missed.
          row.note = `redirected to ${landed.pathname}${landed.search}; not scored`;
          continue;
        }
        row.performance = categories?.performance?.score ?? null;
        row.accessibility = categories?.accessibility?.score ?? null;
        const failing = result?.lhr.runtimeError?.message ?? result?.lhr.runWarnings[0] ?? null;
        if (failing) row.note = failing.slice(0, 160);
      } catch (error) {
        row.note = (error instanceof Error ? error.message : String(error)).slice(0, 160);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return rows;
}
