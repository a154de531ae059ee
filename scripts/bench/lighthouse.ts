// Lighthouse mobile (its default slow 4G, and a mid-tier phone's CPU: the host's slowed by the factor its measured
// benchmark index calls for, rather than Lighthouse's fixed 4×) on Debian's Chromium, the shopper
// pages with the prepared session's cookie; and each page's HTML as the server sends it to a browser (compressed
// bytes on the wire), against the HTML budget. One run per page by default; with `runs` above one, the pages are run
// in turn (a, b, c, a, b, c, …, so a busy minute on the machine is spread over every page) and each page's scores
// are the median of its runs, every run's figures kept beside them. CI's check stops running a page once one run has
// reached its floor (`enough`).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { probe } from "./load";
import { CHROMIUM_FLAGS, UNSEEN_FEATURES } from "./chromium-flags";

export const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";

/**
 * The CPU Lighthouse simulates, as a benchmark index (Lighthouse's own measure of a host, in every report's
 * `environment.benchmarkIndex`). Lighthouse's fixed 4× slowdown is meant to move a high-end desktop (index 1,500–2,000,
 * Lighthouse's docs/throttling.md) into the mid-tier phone bracket: 1,750 ÷ 4, a phone in the middle of that bracket.
 */
export const SIMULATED_PHONE_INDEX = 1750 / 4;
/** Lighthouse's own slowdown, used until the host has been measured. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/**
 * The CPU slowdown that makes this host the simulated phone (decision 0047's amendment): the host's benchmark index over
 * the phone's, at least 1 (a host slower than the phone is not sped up), to one decimal. A fixed 4× would score a host
 * half as fast as a high-end desktop as a phone half as fast as the one meant, which is how a shared CI machine on a slow
 * day scored 83–89 where the same build scores 95–99.
 */
export function cpuSlowdownFor(benchmarkIndex: number | null): number {
  if (benchmarkIndex === null || !Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return DEFAULT_CPU_SLOWDOWN;
  return Math.max(1, Math.round((benchmarkIndex / SIMULATED_PHONE_INDEX) * 10) / 10);
}

/**
 * chrome-launcher's defaults with the unseen features added to its own `--disable-features`, then the flags that
 * work here (chromium-flags.ts).
 */
export function launcherFlags(defaults: readonly string[]): string[] {
  const merged = defaults.map((flag) =>
    flag.startsWith("--disable-features=") ? `${flag},${UNSEEN_FEATURES.join(",")}` : flag,
  );
  if (!merged.some((flag) => flag.startsWith("--disable-features=")))
    merged.push(`--disable-features=${UNSEEN_FEATURES.join(",")}`);
  return [...merged, ...CHROMIUM_FLAGS];
}

/** One Lighthouse run's scores and the metrics behind the performance score (milliseconds; CLS unitless). */
export interface LighthouseRun {
  performance: number | null;
  accessibility: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  speedIndexMs: number | null;
  cls: number | null;
  /** The largest contentful paint's element, as Lighthouse names it (a selector or its snippet). */
  lcpElement: string | null;
  /** The host's benchmark index as this run measured it, and the CPU slowdown the run simulated. */
  benchmarkIndex: number | null;
  cpuSlowdown: number | null;
  note: string | null;
}

export interface LighthouseRow {
  name: string;
  path: string;
  /** Bytes of HTML as sent with `Accept-Encoding: gzip, br`, and the encoding the server chose. */
  htmlBytes: number;
  htmlEncoding: string | null;
  /** Scores 0–1 (the median of the runs); null when Lighthouse was skipped or could not score the category. */
  performance: number | null;
  accessibility: number | null;
  /** Why there are no scores (skipped, or the run's error). */
  note: string | null;
  /** Every run, in the order they were made (empty when Lighthouse was skipped). */
  runs?: LighthouseRun[];
  /** The bare React Router page, scored in the same run as the yardstick: no budget applies to it. */
  baseline?: boolean;
}

export interface LighthousePage {
  name: string;
  path: string;
  headers: Record<string, string>;
}

export interface LighthouseSettings {
  /** Runs per page (default 1), or at most that many with `enough`; the row's scores are their median. */
  runs?: number;
  /**
   * A performance score (0–100, as reports print it) that ends a page's runs once one reaches it: CI's floor, held by
   * a page's best run.
   */
  enough?: number;
  /** A folder to write each run's full report into (`<page>-<run>.json`), to read its audits. */
  saveDir?: string;
}

/** The name–value pairs of a Cookie request header. */
export function parseCookieHeader(header: string): [string, string][] {
  return header
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes("="))
    .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as [string, string]);
}

/** The median of the figures that were measured (the lower middle one of an even count); null when none was. */
export function median(values: (number | null)[]): number | null {
  const known = values
    .filter((value): value is number => value !== null && Number.isFinite(value))
    .sort((a, b) => a - b);
  if (known.length === 0) return null;
  return known[Math.floor((known.length - 1) / 2)]!;
}

/**
 * The median score of a page's runs. A run that could not be scored counts as a zero, so most runs must score for a
 * page to pass; null when no run scored at all.
 */
export function medianScore(runs: LighthouseRun[], category: "performance" | "accessibility"): number | null {
  if (runs.every((run) => run[category] === null)) return null;
  return median(runs.map((run) => run[category] ?? 0));
}

interface AuditItem {
  node?: { selector?: string; snippet?: string };
  /** Lighthouse 12 lists the element in a table inside a list. */
  items?: AuditItem[];
}

interface Audit {
  numericValue?: number;
  details?: { items?: AuditItem[] };
}

/** The figures of one run from its report (Lighthouse's result, typed only as far as it is read here). */
export function runFigures(lhr: {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, Audit | undefined>;
  runtimeError?: { message: string };
  runWarnings: string[];
  environment?: { benchmarkIndex?: number };
  configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } };
}): LighthouseRun {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const node = (lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [])
    .flatMap((item) => item.items ?? [item])
    .find((item) => item.node)?.node;
  const failing = lhr.runtimeError?.message ?? lhr.runWarnings[0] ?? null;
  return {
    performance: lhr.categories.performance?.score ?? null,
    accessibility: lhr.categories.accessibility?.score ?? null,
    fcpMs: value("first-contentful-paint"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    speedIndexMs: value("speed-index"),
    cls: value("cumulative-layout-shift"),
    lcpElement: node?.snippet ?? node?.selector ?? null,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    cpuSlowdown: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? null,
    note: failing ? failing.slice(0, 160) : null,
  };
}

/** A run with no scores or timings, and why (a report or a test builds a scored run on it). */
export const unscored = (note: string | null): LighthouseRun => ({
  performance: null,
  accessibility: null,
  fcpMs: null,
  lcpMs: null,
  tbtMs: null,
  speedIndexMs: null,
  cls: null,
  lcpElement: null,
  benchmarkIndex: null,
  cpuSlowdown: null,
  note,
});

/** Whether a Lighthouse score (0–1) reaches a floor given in whole points, as Lighthouse itself rounds it for show. */
export function reaches(performance: number | null, floor: number): boolean {
  return performance !== null && Math.round(performance * 100) >= floor;
}

/**
 * Makes the runs in turn (page 1, 2, 3, then again), `runs` rounds at the most, each run's figures appended to its page's
 * list. With `enough`, a page one of whose runs already scored that much is not run again; the rounds end when every
 * page has.
 */
export async function runInTurn(
  pageCount: number,
  runs: number,
  enough: number | null,
  results: LighthouseRun[][],
  measure: (page: number, round: number) => Promise<LighthouseRun>,
): Promise<void> {
  const done = (page: number) => enough !== null && results[page]!.some((run) => reaches(run.performance, enough));
  for (let round = 1; round <= runs; round++) {
    for (let page = 0; page < pageCount; page++) {
      if (!done(page)) results[page]!.push(await measure(page, round));
    }
  }
}

export async function measureLighthouse(
  origin: string,
  pages: LighthousePage[],
  runLighthouse: boolean,
  settings: LighthouseSettings = {},
): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const page of pages) {
    const html = await probe(origin + page.path, page.headers);
    rows.push({
      name: page.name,
      path: page.path,
      htmlBytes: html.bytes,
      htmlEncoding: html.contentEncoding,
      performance: null,
      accessibility: null,
      note: runLighthouse ? null : "skipped (--no-lighthouse)",
      runs: [],
    });
  }
  if (!runLighthouse) return rows;
  const runs = Math.max(1, settings.runs ?? 1);
  if (settings.saveDir) mkdirSync(settings.saveDir, { recursive: true });

  const [{ navigationGather }, { Runner }, { launch, Launcher }, puppeteer] = await Promise.all([
    import("lighthouse/core/gather/navigation-runner.js"),
    import("lighthouse/core/runner.js"),
    import("chrome-launcher"),
    import("puppeteer-core"),
  ]);
  const chrome = await launch({
    chromePath: CHROMIUM,
    ignoreDefaultFlags: true,
    chromeFlags: launcherFlags(Launcher.defaultFlags()),
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  /**
   * One run in a fresh browser context (empty cache, no cookies) holding only the page's session cookies, set in the
   * browser's own jar: the page, its scripts and its data requests then all carry the one session, and any cookie the
   * server sets replaces it as in a real browser (a Cookie header added to every request would not).
   */
  // The host's speed: Lighthouse measures it (its benchmark index) as each run starts, before loading the page. The run's
  // trace is gathered first and its audits made after, with the slowdown that run's own index calls for: a shared
  // machine's index moves by half within a minute (2,750 to 1,550 in one CI stage), so a slowdown taken from the runs
  // before would simulate a phone up to twice as slow as meant, or as fast. With simulated throttling the slowdown is
  // read only by the audits (Lantern multiplies the trace's tasks by it), never while gathering.
  const runOnce = async (page: LighthousePage) => {
    const context = await browser.createBrowserContext();
    try {
      const tab = await context.newPage();
      const cookies = parseCookieHeader(page.headers.Cookie ?? "").map(([name, value]) => ({
        name,
        value,
        url: origin,
      }));
      if (cookies.length) await tab.setCookie(...cookies);
      const flags = {
        output: "json" as const,
        logLevel: "error" as const,
        onlyCategories: ["performance", "accessibility"],
        disableStorageReset: true,
        throttling: { cpuSlowdownMultiplier: DEFAULT_CPU_SLOWDOWN },
      };
      const { artifacts, runnerOptions } = await navigationGather(tab, origin + page.path, { flags });
      runnerOptions.resolvedConfig.settings.throttling.cpuSlowdownMultiplier = cpuSlowdownFor(
        artifacts.BenchmarkIndex ?? null,
      );
      return await Runner.audit(artifacts, { ...runnerOptions, computedCache: new Map() });
    } finally {
      await context.close();
    }
  };
  try {
    // A first run warms the server's caches and the browser; its figures are not kept.
    console.log(`› Lighthouse: warming up (${pages[0]!.name}, not scored)`);
    await runOnce(pages[0]!).catch(() => undefined);
    await runInTurn(
      pages.length,
      runs,
      settings.enough ?? null,
      rows.map((row) => row.runs!),
      async (index, round) => {
        const page = pages[index]!;
        console.log(
          `› Lighthouse: ${page.name}${runs > 1 ? ` (run ${round} of ${settings.enough === undefined ? "" : "at most "}${runs})` : ""}`,
        );
        try {
          let result = await runOnce(page);
          // A run Lighthouse could not record (a runtime error such as NO_NAVSTART, which says "run Lighthouse again")
          // measured nothing: it is made again, twice at the most (seen failing twice in a row).
          for (let again = 0; again < 2 && result?.lhr.runtimeError; again++) {
            console.log(`› Lighthouse: ${page.name} again (${result.lhr.runtimeError.code})`);
            result = await runOnce(page);
          }
          if (!result) return unscored("Lighthouse gave no result");
          if (settings.saveDir)
            writeFileSync(
              join(settings.saveDir, `${page.name.replace(/\W+/g, "-")}-${round}.json`),
              JSON.stringify(result.lhr),
            );
          const landed = new URL(result.lhr.finalDisplayedUrl);
          // Scores of another page (a redirect) are not this page's: they count as missed.
          if (landed.pathname + landed.search !== page.path)
            return unscored(`redirected to ${landed.pathname}${landed.search}; not scored`);
          return runFigures(result.lhr as unknown as Parameters<typeof runFigures>[0]);
        } catch (error) {
          return unscored((error instanceof Error ? error.message : String(error)).slice(0, 160));
        }
      },
    );
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  for (const row of rows) {
    row.performance = medianScore(row.runs!, "performance");
    row.accessibility = medianScore(row.runs!, "accessibility");
    row.note = row.runs!.map((run) => run.note).find((note) => note !== null) ?? null;
  }
  return rows;
}
