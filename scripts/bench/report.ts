// The bench's tables, as plain text for the terminal and as Markdown for docs/performance.md; every figure with a
// budget is printed beside it, "MISS" where it is missed.
import type { RoundTripResult } from "./basket";
import {
  basketVerdict,
  budgets,
  countMisses,
  minShareOfBare,
  pageVerdicts,
  ratio,
  scoreVerdict,
  verdict,
  type Audience,
  type PageVerdicts,
} from "./budgets";
import type { HoldRow } from "./holds";
import type { LighthouseRow } from "./lighthouse";
import type { LoadResult, LoadSettings } from "./load";
import type { DatabaseKind } from "./options";

export interface ThroughputRow {
  database: string;
  databaseKind: DatabaseKind;
  name: string;
  /**
   * Pages carry their audience's budget; a fresh twin (an anonymous visitor's page drawn fresh at a shopper page's
   * path) is the shopper page's CPU yardstick; bare pages are the yardstick; assets have no budget.
   */
  kind: "bare" | "page" | "twin" | "asset";
  audience: Audience | null;
  path: string;
  compression: string | null;
  load: LoadResult;
  /** The bare page with the same encoding, measured just before this page (null for the yardstick itself). */
  bare: LoadResult | null;
  /** A shopper page's fresh anonymous twin, measured just after it (null when the page has none). */
  twin: LoadResult | null;
  /** The HTML's bytes as sent to a browser (compressed when the server compresses). */
  htmlBytes: number | null;
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
  basket: { database: string; result: RoundTripResult }[];
  /** Null when no pass ran Lighthouse's pages (HTML sizes are measured even with --no-lighthouse). */
  lighthouse: LighthouseRow[] | null;
  /** The database of the pass Lighthouse and the HTML sizes were measured on. */
  lighthouseDatabase: string | null;
  javascript: JsRow[];
  /** The slot-hold rush (holds.ts), one row per database measured. */
  holds: HoldRow[];
}

type Cell = string;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "—");
const cpuMs = (value: number | null | undefined) =>
  value !== null && value !== undefined && Number.isFinite(value) ? value.toFixed(2) : "—";
const times = (value: number | null) => (value === null ? "—" : `${value.toFixed(2)}×`);
const score = (value: number | null) => (value === null ? "—" : String(Math.round(value * 100)));

/** The row's verdicts, for pages only (bare pages, twins and assets have no budget of their own). */
function verdictsOf(row: ThroughputRow): PageVerdicts | null {
  if (row.kind !== "page" || !row.audience) return null;
  return pageVerdicts(row.audience, row.databaseKind, {
    requestsPerSecond: row.load.requestsPerSecond,
    p95Ms: row.load.p95Ms,
    cpuMsPerRequest: row.load.cpuMsPerRequest,
    bare: row.bare,
    twinCpuMsPerRequest: row.twin ? row.twin.cpuMsPerRequest : undefined,
  });
}

const audienceOf = (row: ThroughputRow) => (row.kind === "twin" ? "anonymous, fresh" : (row.audience ?? "—"));
const budgetCell = (bound: string, result: string | null) => (result === null ? "—" : `${bound} ${result}`);

function throughputTable(rows: ThroughputRow[]): Cell[][] {
  const header = [
    "database",
    "target",
    "audience",
    "path",
    "encoding",
    "req/s",
    "bare req/s",
    "vs bare",
    "budget",
    "p50 ms",
    "p95 ms",
    "bare p95 ms",
    "vs bare",
    "budget",
    "failures",
  ];
  const shopper = budgets.pages.shopper;
  const body = rows.map((row) => {
    const verdicts = verdictsOf(row);
    const minShare = row.audience ? minShareOfBare(row.audience, row.databaseKind) : null;
    return [
      row.database,
      row.name,
      audienceOf(row),
      row.path,
      row.compression ?? "off",
      row.load.requestsPerSecond.toFixed(0),
      row.bare ? row.bare.requestsPerSecond.toFixed(0) : "—",
      times(ratio(row.load.requestsPerSecond, row.bare?.requestsPerSecond)),
      budgetCell(`≥ ${minShare}×`, verdicts?.share ?? null),
      ms(row.load.p50Ms),
      ms(row.load.p95Ms),
      row.bare ? ms(row.bare.p95Ms) : "—",
      times(ratio(row.load.p95Ms, row.bare?.p95Ms)),
      budgetCell(`≤ ${shopper.maxP95OfBare}×`, verdicts?.p95 ?? null),
      row.load.failures === 0 ? "0" : `${row.load.failures} MISS`,
    ];
  });
  return [header, ...body];
}

function cpuTable(rows: ThroughputRow[]): Cell[][] {
  const header = [
    "database",
    "target",
    "audience",
    "CPU ms/req",
    "bare CPU ms/req",
    "vs bare",
    "budget",
    "fresh twin CPU ms/req",
    "vs twin",
    "budget",
  ];
  const shopper = budgets.pages.shopper;
  const body = rows.map((row) => {
    const verdicts = verdictsOf(row);
    return [
      row.database,
      row.name,
      audienceOf(row),
      cpuMs(row.load.cpuMsPerRequest),
      row.bare ? cpuMs(row.bare.cpuMsPerRequest) : "—",
      times(ratio(row.load.cpuMsPerRequest, row.bare?.cpuMsPerRequest)),
      budgetCell(`≤ ${shopper.maxCpuOfBare}×`, verdicts?.cpu ?? null),
      row.twin ? cpuMs(row.twin.cpuMsPerRequest) : "—",
      times(ratio(row.load.cpuMsPerRequest, row.twin?.cpuMsPerRequest)),
      budgetCell(`≤ ${shopper.maxCpuOfTwin}×`, verdicts?.twin ?? null),
    ];
  });
  return [header, ...body];
}

function basketTable(rows: Report["basket"]): Cell[][] {
  const header = [
    "database",
    "shoppers at once",
    "round trips",
    "p50 ms",
    "p95 ms",
    "bare page p50 / p95 ms",
    "p95 vs bare",
    "budget",
    "failures",
  ];
  const body = rows.map(({ database, result }) => {
    const { p95OfBare, verdict: p95 } = basketVerdict(result.p95Ms, result.bareP95Ms);
    return [
      database,
      String(result.settings.shoppers),
      String(result.trips),
      ms(result.p50Ms),
      ms(result.p95Ms),
      `${ms(result.bareP50Ms)} / ${ms(result.bareP95Ms)}`,
      times(p95OfBare),
      `≤ ${budgets.addToBasketMaxP95OfBare}× ${p95}`,
      result.failed === 0 ? "0" : `${result.failed} MISS`,
    ];
  });
  return [header, ...body];
}

function lighthouseTable(rows: LighthouseRow[]): Cell[][] {
  const { minPerformance, minAccessibility } = budgets.lighthouse;
  const header = [
    "page",
    "path",
    "HTML KB",
    "encoding",
    `budget ≤ ${budgets.maxHtmlKb} KB`,
    "performance (median)",
    `budget ≥ ${minPerformance}`,
    "accessibility (median)",
    `budget ${minAccessibility}`,
    "runs: performance / accessibility",
    "note",
  ];
  const body = rows.map((row) => {
    const skipped =
      row.baseline || (row.performance === null && row.accessibility === null && row.note?.startsWith("skipped"));
    return [
      row.name,
      row.path,
      kb(row.htmlBytes),
      row.htmlEncoding ?? "off",
      row.baseline ? "—" : verdict(row.htmlBytes <= budgets.maxHtmlKb * 1024),
      score(row.performance),
      skipped ? "—" : scoreVerdict(row.performance, minPerformance),
      score(row.accessibility),
      skipped ? "—" : scoreVerdict(row.accessibility, minAccessibility),
      (row.runs ?? []).map((run) => `${score(run.performance)} / ${score(run.accessibility)}`).join(", ") || "—",
      row.note ?? "",
    ];
  });
  return [header, ...body];
}

function javascriptTable(rows: JsRow[]): Cell[][] {
  const header = [
    "route",
    "path",
    "matched routes",
    "files",
    "gzip KB",
    "brotli KB",
    `budget ≤ ${budgets.maxPageJsKb} KB`,
    "beyond bare page, gzip KB",
    `budget < ${budgets.maxOwnJsKb} KB`,
  ];
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
  const header = [
    "database",
    "shoppers → capacity",
    "rounds",
    "holds/s",
    `budget ≥ ${budgets.minHoldsPerSecond}`,
    "slowest round ms",
    "granted per round",
    "budget = capacity",
    "overbooked places",
    "budget 0",
    "failures",
  ];
  const body = rows.map((row) => [
    row.database,
    `${row.shoppers} → ${row.capacity}`,
    String(row.rounds),
    row.holdsPerSecond.toFixed(0),
    verdict(row.holdsPerSecond >= budgets.minHoldsPerSecond),
    String(row.slowestRoundMs),
    row.granted.join(", "),
    verdict(row.granted.every((granted) => granted === row.capacity)),
    String(row.overbooked),
    verdict(row.overbooked === 0),
    row.failed === 0 ? "0" : `${row.failed} MISS`,
  ]);
  return [header, ...body];
}

const holdsLine = (rows: HoldRow[]) => {
  const first = rows[0];
  return first
    ? `${first.shoppers} shoppers, one basket each, ask for one slot of capacity ${first.capacity} at once, ` +
        `in ${first.rounds} rounds on fresh slots; ` +
        "holds/s counts requests answered (granted or full) per second of wall time; " +
        "the platform is called in this process through its own fetch."
    : "";
};

export function plain(table: Cell[][]): string {
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  return table
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

function markdown(table: Cell[][]): string {
  const [header, ...body] = table;
  const line = (row: Cell[]) => `| ${row.map((cell) => cell.replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(header!), line(header!.map(() => "---")), ...body.map(line)].join("\n");
}

const loadLine = (settings: LoadSettings) => {
  const { anonymous, shopper } = budgets.pages;
  return (
    `autocannon on loopback, ${settings.connections} connections, ${settings.seconds} s per target ` +
    `after a ${settings.warmUpSeconds} s warm-up, ` +
    "requests sent with `Accept-Encoding: gzip, br`; the load generator shares the machine's cores with the server. " +
    "Each page is interleaved with the bare page: " +
    "the bare page with the same encoding is measured just before it, and each ratio is to that. " +
    `Budgets: anonymous pages (no cookie) ≥ ${anonymous.minShareOfBare.pglite}× the bare page's requests a second; ` +
    "shopper pages (session made through the storefront's forms: postcode, store, held slot, ten-line basket; " +
    `the member signed in) ≥ ${shopper.minShareOfBare.pglite}× on PGlite and ` +
    `≥ ${shopper.minShareOfBare.postgres}× on PostgreSQL, p95 ≤ ${shopper.maxP95OfBare}× the bare page's p95. ` +
    "A fresh twin is a shopper page's path fetched as an anonymous visitor whose page is drawn fresh " +
    "(`Cookie: __session=bench-fresh`, an unsigned value the server discards: no page cache, no cookie set), " +
    "measured just after the shopper page; it has no budget of its own."
  );
};

const cpuLine = () => {
  const { shopper } = budgets.pages;
  return (
    "The server's CPU (user + system, from /proc/<pid>/stat, with any process it spawned) over the measured phase, " +
    "not the warm-up, divided by the responses served in it; on PostgreSQL with the CPU of every `postgres` " +
    "process added. The bare page's figure is its own server's, measured just before the page. " +
    `Budgets: shopper pages ≤ ${shopper.maxCpuOfBare}× the bare page's CPU per request, ` +
    `and ≤ ${shopper.maxCpuOfTwin}× their fresh twin's where one is measured.`
  );
};

const basketLine = (rows: Report["basket"]) =>
  rows[0]
    ? `${rows[0].result.settings.shoppers} shoppers at once, each with their own session, ` +
      `${rows[0].result.settings.tripsPerShopper} adds each one after another: ` +
      "a product card's form POSTed to /basket/add, the 303 followed, the page it points to fetched; " +
      "the bare page fetched as often by as many clients in the same step, its p95 the yardstick."
    : "";

const lighthouseLine = (report: Report) =>
  (report.lighthouse?.some((row) => (row.runs ?? []).length > 0)
    ? `${budgets.lighthouse.runs} Lighthouse runs per page, taken in turn, the median held to the budget ` +
      "(mobile defaults, simulated throttling, the CPU slowdown calibrated to the host's benchmark index " +
      "as in `npm run budgets`) with Debian's Chromium, " +
      `on the ${report.lighthouseDatabase ?? "first"} pass, and the bare React Router page (compressed) as the ` +
      "yardstick; home, store and category without a cookie, basket and payment with the guest shopper's. "
    : "Lighthouse skipped (`--quick` or `--no-lighthouse`). ") +
  "HTML KB is the page as the server sends it to a browser (compressed when the server compresses).";

type Section = [title: string, note: string, table: Cell[][]];

function sections(report: Report): Section[] {
  return [
    ["Pages under load", loadLine(report.settings), throughputTable(report.throughput)],
    ["CPU per request", cpuLine(), cpuTable(report.throughput)],
    ["Add to basket", basketLine(report.basket), basketTable(report.basket)],
    ...(report.lighthouse
      ? [["Lighthouse (mobile) and HTML size", lighthouseLine(report), lighthouseTable(report.lighthouse)] as Section]
      : []),
    [
      "JavaScript each route loads",
      "Entry, the route manifest file where the page loads it, matched route modules and their imports, each file once; " +
        "gzip level 9 and brotli quality 11; KB = 1,024 bytes. " +
        "\"Beyond bare page\" is the page's total less the bare React Router page's, built in the same run.",
      javascriptTable(report.javascript),
    ],
    ["Slot holds under a rush", holdsLine(report.holds), holdsTable(report.holds)],
  ];
}

/** The MISS cells of every table (failure counts among them): what `--strict` fails on. */
export function misses(report: Report): number {
  return countMisses(sections(report).flatMap(([, , table]) => table.slice(1).flat()));
}

const summary = (report: Report) =>
  misses(report) === 0 ? "Every budget held." : `${misses(report)} budget(s) missed (marked MISS).`;

export function asText(report: Report): string {
  return [
    `Benchmark ${report.date} on ${report.machine}`,
    ...sections(report).flatMap(([title, note, table]) => ["", title, note, plain(table)]),
    ...report.holds.flatMap((row) => row.failures.map((failure) => `  ${row.database}: ${failure}`)),
    ...report.basket.flatMap(({ database, result }) =>
      result.failures.map((failure) => `  add to basket, ${database}: ${failure}`),
    ),
    "",
    summary(report),
  ].join("\n");
}

export function asMarkdown(report: Report): string {
  return [
    `Measured ${report.date} on ${report.machine}.`,
    ...sections(report).flatMap(([title, note, table]) => ["", `### ${title}`, "", note, "", markdown(table)]),
    "",
    summary(report),
  ].join("\n");
}
