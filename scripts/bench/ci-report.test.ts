import { describe, expect, it } from "vitest";
import { ciFloors } from "./budgets";
import { ciJsTable, ciLighthouseTable, ciMisses, ciReport, failingMisses, parseCiOptions } from "./ci-report";
import {
  cpuSlowdownFor,
  launcherFlags,
  median,
  medianScore,
  runFigures,
  runInTurn,
  type LighthouseRow,
  type LighthouseRun,
} from "./lighthouse";

const known = ["home", "store home", "category", "basket", "checkout payment"];

const run = (performance: number | null, extra: Partial<LighthouseRun> = {}): LighthouseRun => ({
  performance,
  accessibility: 1,
  fcpMs: 1000,
  lcpMs: 1500,
  tbtMs: 100,
  speedIndexMs: 1200,
  cls: 0,
  lcpElement: null,
  benchmarkIndex: 875,
  cpuSlowdown: 2,
  note: null,
  ...extra,
});
const row = (name: string, runs: LighthouseRun[]): LighthouseRow => ({
  name,
  path: "/",
  htmlBytes: 1000,
  htmlEncoding: "br",
  runs,
  performance: medianScore(runs, "performance"),
  accessibility: medianScore(runs, "accessibility"),
  note: null,
});

describe("npm run budgets: options", () => {
  it("runs Lighthouse five times at the most on home, a store home and the basket by default", () => {
    expect(parseCiOptions([], known)).toEqual({
      runs: 5,
      pages: ["home", "store home", "basket"],
      build: false,
      saveDir: null,
      lighthouseGate: true,
    });
    expect(ciFloors).toMatchObject({ maxPageJsKb: 140, minPerformance: 90, lighthouseRuns: 5 });
  });

  it("takes the runs, the pages by their bench names, a build and a folder for the reports", () => {
    expect(parseCiOptions(["--runs=5", "--pages=store home,category", "--build", "--save=out"], known)).toEqual({
      runs: 5,
      pages: ["store home", "category"],
      build: true,
      saveDir: "out",
      lighthouseGate: true,
    });
  });

  it("refuses what it does not know", () => {
    expect(() => parseCiOptions(["--runs=0"], known)).toThrow(/--runs/);
    expect(() => parseCiOptions(["--pages=shop"], known)).toThrow(/not "shop"/);
    expect(() => parseCiOptions(["--quick"], known)).toThrow(/unknown option --quick/);
  });
});

describe("npm run budgets: verdicts", () => {
  it("takes the median run, counting a run that could not be scored as zero", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([null, null])).toBeNull();
    expect(medianScore([run(0.95), run(null), run(0.91)], "performance")).toBe(0.91);
    expect(medianScore([run(0.95), run(null), run(null)], "performance")).toBe(0);
    expect(medianScore([run(null), run(null)], "performance")).toBeNull();
  });

  it("fails a page's JavaScript over 140 KB gzip, and a page none of whose runs reaches 90", () => {
    const javascript = [
      { name: "home", path: "/", files: 10, gzipBytes: 140 * 1024, brotliBytes: 120 * 1024 },
      { name: "payment", path: "/checkout/payment", files: 19, gzipBytes: 140 * 1024 + 1, brotliBytes: 121 * 1024 },
    ];
    const lighthouse = [
      row("home", [run(0.99), run(0.6), run(0.97)]),
      row("store home", [run(0.84), run(0.9), run(0.87)]),
      row("basket", [run(0.88), run(0.89), run(0.894)]),
    ];
    expect(ciJsTable(javascript).map((line) => line.at(-1))).toEqual(["floor ≤ 140 KB", "ok", "MISS"]);
    expect(ciLighthouseTable(lighthouse).map((line) => [line[2], line[3], line[4], line[5]])).toEqual([
      ["runs", "median", "best", "best ≥ 90"],
      ["99 60 97", "97", "99", "ok"],
      ["84 90 87", "87", "90", "ok"],
      ["88 89 89", "89", "89", "MISS"],
    ]);
    expect(ciMisses(javascript, lighthouse)).toBe(2);
    const report = ciReport(javascript, lighthouse, 3, "a test machine");
    expect(report).toMatch(/BEST run ≥ 90/);
    expect(report).toMatch(/2 CI budget\(s\) missed/);
    expect(ciReport(javascript.slice(0, 1), lighthouse.slice(0, 1), 3, "a test machine")).toMatch(
      /Every CI budget held/,
    );
  });

  it("with --lighthouse-report, shows Lighthouse's misses but fails only on JavaScript's", () => {
    expect(parseCiOptions(["--lighthouse-report"], known).lighthouseGate).toBe(false);
    const heavy = [
      { name: "payment", path: "/checkout/payment", files: 19, gzipBytes: 141 * 1024, brotliBytes: 121 * 1024 },
    ];
    const slow = [row("basket", [run(0.88), run(0.89), run(0.85)])];
    expect(failingMisses([], slow, false)).toBe(0);
    expect(failingMisses(heavy, slow, false)).toBe(1);
    expect(failingMisses(heavy, slow, true)).toBe(2);
    expect(ciReport([], slow, 3, "a test machine", false)).toMatch(
      /1 CI budget\(s\) missed \(marked MISS\); Lighthouse's 1 shown as a report/,
    );
  });

  it("misses a page Lighthouse could not score", () => {
    expect(ciMisses([], [row("store home", [run(null, { note: "NO_FCP" })])])).toBe(1);
  });
});

describe("Lighthouse's runs in turn", () => {
  const scripted = (scores: Record<number, number[]>) => {
    const made: string[] = [];
    const measure = async (page: number, round: number) => {
      made.push(`${page}.${round}`);
      return run(scores[page]![round - 1] ?? null);
    };
    return { made, measure };
  };

  it("takes the pages in turn, every round, without a score that ends them", async () => {
    const { made, measure } = scripted({ 0: [0.95, 0.96], 1: [0.8, 0.99] });
    const results: LighthouseRun[][] = [[], []];
    await runInTurn(2, 2, null, results, measure);
    expect(made).toEqual(["0.1", "1.1", "0.2", "1.2"]);
    expect(results.map((runs) => runs.map((one) => one.performance))).toEqual([
      [0.95, 0.96],
      [0.8, 0.99],
    ]);
  });

  it("stops running a page once a run reached the floor, and the rest at the most allowed", async () => {
    // Home passes at once; the store home on its third run (89.5 rounds to 90); the basket never, so it has all five.
    const { made, measure } = scripted({ 0: [0.97], 1: [0.84, 0.88, 0.895], 2: [0.8, 0.81, 0.82, 0.83, 0.84] });
    const results: LighthouseRun[][] = [[], [], []];
    await runInTurn(3, 5, 90, results, measure);
    expect(made).toEqual(["0.1", "1.1", "2.1", "1.2", "2.2", "1.3", "2.3", "2.4", "2.5"]);
    expect(results.map((runs) => runs.length)).toEqual([1, 3, 5]);
  });

  it("runs a page again after a run that could not be scored", async () => {
    const { made, measure } = scripted({ 0: [] });
    await runInTurn(1, 2, 90, [[]], measure);
    expect(made).toEqual(["0.1", "0.2"]);
  });
});

describe("a Lighthouse run's figures", () => {
  it("reads the scores, the metrics and the largest paint's element", () => {
    const figures = runFigures({
      categories: { performance: { score: 0.93 }, accessibility: { score: 1 } },
      audits: {
        "first-contentful-paint": { numericValue: 1010 },
        "largest-contentful-paint": { numericValue: 2020 },
        "total-blocking-time": { numericValue: 150 },
        "speed-index": { numericValue: 1200 },
        "cumulative-layout-shift": { numericValue: 0 },
        "largest-contentful-paint-element": {
          details: { items: [{ items: [{ node: { snippet: '<img fetchpriority="high">' } }] }] },
        },
      },
      runWarnings: [],
      environment: { benchmarkIndex: 912.5 },
      configSettings: { throttling: { cpuSlowdownMultiplier: 2.1 } },
    });
    expect(figures).toEqual({
      performance: 0.93,
      accessibility: 1,
      fcpMs: 1010,
      lcpMs: 2020,
      tbtMs: 150,
      speedIndexMs: 1200,
      cls: 0,
      lcpElement: '<img fetchpriority="high">',
      benchmarkIndex: 912.5,
      cpuSlowdown: 2.1,
      note: null,
    });
  });
});

describe("the simulated phone's CPU (calibrated to the host)", () => {
  it("slows a high-end desktop 4 times, as Lighthouse does, and a slower host less, so every host simulates the same phone", () => {
    expect(cpuSlowdownFor(1750)).toBe(4);
    expect(cpuSlowdownFor(875)).toBe(2);
    expect(cpuSlowdownFor(650)).toBe(1.5);
    expect(cpuSlowdownFor(2600)).toBe(5.9);
  });

  it("never speeds a host up, and keeps Lighthouse's 4× until the host has been measured", () => {
    expect(cpuSlowdownFor(300)).toBe(1);
    expect(cpuSlowdownFor(null)).toBe(4);
    expect(cpuSlowdownFor(0)).toBe(4);
    expect(cpuSlowdownFor(Number.NaN)).toBe(4);
  });

  it("shows each run's host index and slowdown in the CI table", () => {
    const table = ciLighthouseTable([
      row("home", [run(0.95), run(0.93, { benchmarkIndex: 700, cpuSlowdown: 1.6 }), run(0.94)]),
    ]);
    const column = (name: string) => table[1]![table[0]!.indexOf(name)];
    expect(column("host index")).toBe("875 700 875");
    expect(column("CPU ×")).toBe("2 1.6 2");
  });
});

describe("Lighthouse's browser", () => {
  it("adds the omnibox pop-ups to chrome-launcher's disabled features instead of replacing them", async () => {
    const { Launcher } = await import("chrome-launcher");
    const flags = launcherFlags(Launcher.defaultFlags());
    const disabled = flags.filter((flag) => flag.startsWith("--disable-features="));
    expect(disabled).toHaveLength(1);
    const features = disabled[0]!.slice("--disable-features=".length).split(",");
    expect(features).toEqual(
      expect.arrayContaining(["Translate", "MediaRouter", "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]),
    );
    expect(flags).toContain("--headless");
  });

  it("still switches the pop-ups off when the launcher's defaults disable no feature", () => {
    expect(launcherFlags(["--mute-audio"])).toContain("--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup");
  });
});
