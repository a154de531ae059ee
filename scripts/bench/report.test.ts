import { describe, expect, it } from "vitest";
import { unscored, type LighthouseRun } from "./lighthouse";
import type { LoadResult } from "./load";
import { asMarkdown, asText, misses, type Report, type ThroughputRow } from "./report";

const load = (requestsPerSecond: number, p95Ms: number, cpuMsPerRequest: number | null): LoadResult => ({
  requestsPerSecond,
  p50Ms: p95Ms / 2,
  p95Ms,
  responses: requestsPerSecond * 5,
  failures: 0,
  cpuMs: cpuMsPerRequest === null ? null : cpuMsPerRequest * requestsPerSecond * 5,
  cpuMsPerRequest,
});

const bare = load(1000, 10, 0.5);
const row = (fields: Partial<ThroughputRow>): ThroughputRow => ({
  database: "PostgreSQL",
  databaseKind: "postgres",
  name: "page",
  kind: "page",
  audience: "shopper",
  path: "/",
  compression: "br",
  load: load(400, 30, 1.5),
  bare,
  twin: null,
  htmlBytes: 1000,
  ...fields,
});

const run = (performance: number, accessibility: number): LighthouseRun => ({
  ...unscored(null),
  performance,
  accessibility,
});

const report = (throughput: ThroughputRow[]): Report => ({
  date: "2026-12-08",
  machine: "test",
  settings: { connections: 20, warmUpSeconds: 1, seconds: 5 },
  throughput,
  basket: [],
  lighthouse: [
    {
      name: "home",
      path: "/",
      htmlBytes: 6000,
      htmlEncoding: "br",
      performance: 0.98,
      accessibility: 1,
      note: null,
      runs: [run(0.97, 1), run(0.98, 1), run(0.99, 1)],
    },
  ],
  lighthouseDatabase: "PGlite",
  javascript: [],
  holds: [],
});

describe("the bench's report (issue 40)", () => {
  it("prints CPU per request beside the bare page's and the fresh twin's, each with its budget", () => {
    const twin = load(500, 20, 1.4);
    const text = asText(
      report([
        row({ name: "category", twin }),
        row({ name: "category, fresh twin", kind: "twin", audience: "anonymous", load: twin }),
      ]),
    );
    expect(text).toContain("CPU per request");
    expect(text).toMatch(/category\s+shopper\s+1\.50\s+0\.50\s+3\.00×\s+≤ 4× ok\s+1\.40\s+1\.07×\s+≤ 1\.25× ok/);
    expect(text).toMatch(/category, fresh twin\s+anonymous, fresh\s+1\.40\s+0\.50\s+2\.80×\s+—\s+—\s+—\s+—/);
    expect(text).toMatch(/≥ 0\.35× ok/);
    expect(text).toMatch(/≤ 4× ok/);
    expect(text).toContain("97 / 100, 98 / 100, 99 / 100");
    expect(misses(report([row({ twin })]))).toBe(0);
  });

  it("counts every budget a page misses, and a figure not read as a miss", () => {
    // On PostgreSQL: 300 req/s is below 0.35×, p95 50 ms is above 4×, CPU 2.5 ms above 4× and above 1.25× the twin's.
    const slow = row({ load: load(300, 50, 2.5), twin: load(500, 20, 1.5) });
    expect(misses(report([slow]))).toBe(4);
    // The same figures on PGlite reach its 0.25× floor.
    expect(misses(report([{ ...slow, database: "PGlite", databaseKind: "pglite" }]))).toBe(3);
    expect(misses(report([row({ load: load(400, 30, null) })]))).toBe(1);
    expect(asMarkdown(report([slow]))).toContain("| ≤ 1.25× MISS |");
  });
});
