import { budgets } from "./targets";
import type { HoldRow } from "./holds";
import type { LoadResult, LoadSettings } from "./load";

export interface ThroughputRow {
  name: string;
  /** Pages carry the throughput budget; bare pages are the yardstick; assets only the latency budget. */
  kind: "bare" | "page" | "asset";
  path: string;
  compression: string | null;
  load: LoadResult;
  /** Requests a second as a share of the bare page served with the same compression setting. */
  shareOfBare: number | null;
}

export interface JsRow {
  name: string;
  path: string;
  routeIds: string[];
  files: number;
  gzipBytes: number;
  brotliBytes: number;
  /** What the page loads beyond the bare React Router page: our code and the libraries we chose. */
  ownGzipBytes: number | null;
}

export interface Report {
  date: string;
  machine: string;
  settings: LoadSettings;
  throughput: ThroughputRow[];
  javascript: JsRow[];
  /** The slot-hold rush (holds.ts), one row per database measured. */
  holds: HoldRow[];
}

type Cell = string;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const verdict = (ok: boolean) => (ok ? "ok" : "MISS");

function throughputTable(rows: ThroughputRow[]): Cell[][] {
  const header = ["target", "path", "compression", "req/s", "vs bare", `budget ≥ ${budgets.minShareOfBareThroughput * 100}% bare`, "p50 ms", "p95 ms", `budget p95 < ${budgets.maxP95Ms} ms`, "failures"];
  const body = rows.map((row) => {
    const share = row.shareOfBare;
    const throughputVerdict = row.kind === "page" && share !== null ? verdict(share >= budgets.minShareOfBareThroughput) : "—";
    const latencyVerdict = row.kind === "bare" ? "—" : verdict(row.load.p95Ms < budgets.maxP95Ms);
    return [
      row.name,
      row.path,
      row.compression ?? "off",
      row.load.requestsPerSecond.toFixed(0),
      share === null ? "—" : `${share.toFixed(2)}×`,
      throughputVerdict,
      row.load.p50Ms.toFixed(1),
      row.load.p95Ms.toFixed(1),
      latencyVerdict,
      row.load.failures === 0 ? "0" : `${row.load.failures} MISS`,
    ];
  });
  return [header, ...body];
}

function javascriptTable(rows: JsRow[]): Cell[][] {
  const header = ["route", "path", "matched routes", "files", "gzip KB", "brotli KB", `budget ≤ ${budgets.maxPageJsKb} KB`, "beyond bare page, gzip KB", `budget < ${budgets.maxOwnJsKb} KB`];
  const body = rows.map((row) => [
    row.name,
    row.path,
    row.routeIds.join(" › "),
    String(row.files),
    kb(row.gzipBytes),
    kb(row.brotliBytes),
    verdict(row.gzipBytes <= budgets.maxPageJsKb * 1024),
    row.ownGzipBytes === null ? "—" : kb(row.ownGzipBytes),
    row.ownGzipBytes === null ? "—" : verdict(row.ownGzipBytes < budgets.maxOwnJsKb * 1024),
  ]);
  return [header, ...body];
}

function holdsTable(rows: HoldRow[]): Cell[][] {
  const header = ["database", "shoppers → capacity", "rounds", "holds/s", "slowest round ms", "granted per round", "budget = capacity", "overbooked places", "budget 0", "failures"];
  const body = rows.map((row) => [
    row.database,
    `${row.shoppers} → ${row.capacity}`,
    String(row.rounds),
    row.holdsPerSecond.toFixed(0),
    String(row.slowestRoundMs),
    row.granted.join(", "),
    verdict(row.granted.every((granted) => granted === row.capacity)),
    String(row.overbooked),
    verdict(row.overbooked === 0),
    row.failed === 0 ? "0" : `${row.failed} MISS`,
  ]);
  return [header, ...body];
}

function holdsLine(rows: HoldRow[]): string {
  const first = rows[0];
  return first
    ? `${first.shoppers} shoppers, one basket each, ask for one slot of capacity ${first.capacity} at once, in ${first.rounds} rounds on fresh slots; ` +
        "holds/s counts requests answered (granted or full) per second of wall time; the platform is called in this process through its own fetch."
    : "";
}

function plain(table: Cell[][]): string {
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  return table.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ").trimEnd()).join("\n");
}

function markdown(table: Cell[][]): string {
  const [header, ...body] = table;
  const line = (row: Cell[]) => `| ${row.join(" | ")} |`;
  return [line(header!), line(header!.map(() => "---")), ...body.map(line)].join("\n");
}

function loadLine(settings: LoadSettings): string {
  return `autocannon on loopback, ${settings.connections} connections, ${settings.seconds} s per target after a ${settings.warmUpSeconds} s warm-up, ` +
    "requests sent with `Accept-Encoding: gzip, br`; the load generator shares the machine's cores with the server.";
}

export function misses(report: Report): number {
  const cells = [...throughputTable(report.throughput), ...javascriptTable(report.javascript), ...holdsTable(report.holds)].flat();
  return cells.filter((cell) => cell.includes("MISS")).length;
}

export function asText(report: Report): string {
  return [
    `Benchmark ${report.date} on ${report.machine}`,
    loadLine(report.settings),
    "",
    "Server",
    plain(throughputTable(report.throughput)),
    "",
    "JavaScript each route loads (entry, route manifest file where the page loads it, matched route modules and their imports; KB = 1,024 bytes)",
    plain(javascriptTable(report.javascript)),
    "",
    "Slot holds under a rush",
    holdsLine(report.holds),
    plain(holdsTable(report.holds)),
    ...report.holds.flatMap((row) => row.failures.map((failure) => `  ${row.database}: ${failure}`)),
    "",
    misses(report) === 0 ? "Every budget held." : `${misses(report)} budget(s) MISSED.`,
  ].join("\n");
}

export function asMarkdown(report: Report): string {
  return [
    `Measured ${report.date} on ${report.machine}.`,
    "",
    loadLine(report.settings),
    "",
    "### Server",
    "",
    markdown(throughputTable(report.throughput)),
    "",
    "### JavaScript each route loads",
    "",
    "Entry, the route manifest file where the page loads it (with lazy route discovery it does not), matched route modules and their imports, each file once; gzip level 9 and brotli quality 11; KB = 1,024 bytes. " +
      "\"Beyond bare page\" is the page's total less the bare React Router page's, built in the same run: our own code and the libraries we added.",
    "",
    markdown(javascriptTable(report.javascript)),
    "",
    "### Slot holds under a rush",
    "",
    holdsLine(report.holds),
    "",
    markdown(holdsTable(report.holds)),
    "",
    misses(report) === 0 ? "Every budget held." : `${misses(report)} budget(s) missed (marked MISS).`,
  ].join("\n");
}
