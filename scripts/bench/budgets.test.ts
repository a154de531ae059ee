import { describe, expect, it } from "vitest";
import { basketVerdict, budgets, countMisses, pageVerdicts, ratio, scoreVerdict, type PageFigures } from "./budgets";

/** The bare page measured just before: 1,000 requests a second, p95 10 ms, 0.5 ms of CPU a request. */
const bare = { requestsPerSecond: 1000, p95Ms: 10, cpuMsPerRequest: 0.5 };
const page = (figures: Partial<PageFigures>): PageFigures => ({
  requestsPerSecond: 500,
  p95Ms: 20,
  cpuMsPerRequest: 1,
  bare,
  ...figures,
});

describe("page budgets (issue 40): ratios to the bare page measured just before", () => {
  it("holds anonymous pages to 2× the bare page's requests a second, and to nothing else", () => {
    expect(pageVerdicts("anonymous", "pglite", page({ requestsPerSecond: 2000 }))).toMatchObject({
      shareOfBare: 2,
      share: "ok",
      p95: null,
      cpu: null,
      twin: null,
    });
    expect(pageVerdicts("anonymous", "postgres", page({ requestsPerSecond: 1999 })).share).toBe("MISS");
    // A slow p95 and a heavy CPU figure carry no budget for an anonymous page.
    const slow = pageVerdicts("anonymous", "pglite", page({ requestsPerSecond: 2500, p95Ms: 500, cpuMsPerRequest: 9 }));
    expect(slow).toMatchObject({ share: "ok", p95: null, cpu: null });
  });

  it("holds shopper pages to 0.25× on PGlite but 0.35× on PostgreSQL", () => {
    expect(pageVerdicts("shopper", "pglite", page({ requestsPerSecond: 250 })).share).toBe("ok");
    expect(pageVerdicts("shopper", "pglite", page({ requestsPerSecond: 249 })).share).toBe("MISS");
    expect(pageVerdicts("shopper", "postgres", page({ requestsPerSecond: 350 })).share).toBe("ok");
    expect(pageVerdicts("shopper", "postgres", page({ requestsPerSecond: 300 })).share).toBe("MISS");
  });

  it("holds a shopper page's p95 to 4× the bare page's p95", () => {
    expect(pageVerdicts("shopper", "pglite", page({ p95Ms: 40 }))).toMatchObject({ p95OfBare: 4, p95: "ok" });
    expect(pageVerdicts("shopper", "pglite", page({ p95Ms: 40.5 })).p95).toBe("MISS");
  });

  it("holds a shopper page's CPU per request to 4× the bare page's", () => {
    expect(pageVerdicts("shopper", "pglite", page({ cpuMsPerRequest: 2 }))).toMatchObject({ cpuOfBare: 4, cpu: "ok" });
    expect(pageVerdicts("shopper", "postgres", page({ cpuMsPerRequest: 2.1 })).cpu).toBe("MISS");
  });

  it("holds a shopper page's CPU per request to 1.25× its fresh twin's, only where a twin was measured", () => {
    expect(pageVerdicts("shopper", "pglite", page({ cpuMsPerRequest: 1.25, twinCpuMsPerRequest: 1 }))).toMatchObject({
      cpuOfTwin: 1.25,
      twin: "ok",
    });
    expect(pageVerdicts("shopper", "pglite", page({ cpuMsPerRequest: 1.3, twinCpuMsPerRequest: 1 })).twin).toBe("MISS");
    expect(pageVerdicts("shopper", "pglite", page({})).twin).toBeNull();
  });

  it("counts a figure that could not be measured as missed", () => {
    expect(pageVerdicts("shopper", "pglite", page({ bare: null }))).toMatchObject({
      share: "MISS",
      p95: "MISS",
      cpu: "MISS",
    });
    expect(pageVerdicts("anonymous", "pglite", page({ bare: null })).share).toBe("MISS");
    const unread = page({ p95Ms: Number.NaN, cpuMsPerRequest: null, twinCpuMsPerRequest: null });
    expect(pageVerdicts("shopper", "postgres", unread)).toMatchObject({ p95: "MISS", cpu: "MISS", twin: "MISS" });
    // The bare page's CPU unread, or read as nothing: no ratio to hold.
    const bareUnread = page({ bare: { ...bare, cpuMsPerRequest: Number.NaN } });
    expect(pageVerdicts("shopper", "pglite", bareUnread).cpu).toBe("MISS");
    expect(pageVerdicts("shopper", "pglite", page({ bare: { ...bare, cpuMsPerRequest: 0 } })).cpu).toBe("MISS");
    expect(pageVerdicts("shopper", "pglite", page({ twinCpuMsPerRequest: Number.NaN })).twin).toBe("MISS");
    expect(scoreVerdict(null, 98)).toBe("MISS");
  });

  it("works out a ratio only from two figures that were measured", () => {
    expect(ratio(3, 2)).toBe(1.5);
    expect(ratio(null, 2)).toBeNull();
    expect(ratio(1, undefined)).toBeNull();
    expect(ratio(1, 0)).toBeNull();
    expect(ratio(Number.NaN, 1)).toBeNull();
  });
});

describe("add to basket: p95 against the bare page's in the same step", () => {
  it("holds it to 4×", () => {
    expect(basketVerdict(40, 10)).toEqual({ p95OfBare: 4, verdict: "ok" });
    expect(basketVerdict(41, 10)).toEqual({ p95OfBare: 4.1, verdict: "MISS" });
    expect(basketVerdict(Number.NaN, 10).verdict).toBe("MISS");
    expect(basketVerdict(20, Number.NaN).verdict).toBe("MISS");
  });
});

describe("Lighthouse and counting misses", () => {
  it("reads Lighthouse's 0–1 scores as it shows them, rounded, over three runs", () => {
    expect(budgets.lighthouse.runs).toBe(3);
    expect(scoreVerdict(0.975, budgets.lighthouse.minPerformance)).toBe("ok");
    expect(scoreVerdict(0.97, budgets.lighthouse.minPerformance)).toBe("MISS");
    expect(scoreVerdict(1, budgets.lighthouse.minAccessibility)).toBe("ok");
    expect(scoreVerdict(0.99, budgets.lighthouse.minAccessibility)).toBe("MISS");
  });

  it("counts MISS cells, including failure counts", () => {
    expect(countMisses(["ok", "MISS", "≥ 0.5× MISS", "3 MISS", "—", "0"])).toBe(3);
  });
});
