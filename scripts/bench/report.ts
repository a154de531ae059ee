// The bench's tables, as plain text for the terminal and as Markdown for docs/performance.md; every figure with a
// budget is printed beside it, "MISS" where it is missed.
import type { RoundTripResult } from "./basket";
import { budgets, countMisses, pageVerdicts, scoreVerdict, verdict, type Audience } from "./budgets";
import type { HoldRow } from "./holds";
import type { LighthouseRow } from "./lighthouse";
import type { LoadResult, LoadSettings } from "./load";

export interface ThroughputRow {
  database: string;
  name: string;
  /** Pages carry their audience's budget; bare pages are the yardstick; assets only the latency budget. */
  kind: "bare" | "page" | "asset";
  audience: Audience | null;
  path: string;
  compression: string | null;
  load: LoadResult;
  /** The bare page with the same encoding, measured just before this page (null for the yardstick itself). */
  bare: LoadResult | null;
  /** Requests a second as a share of the bare page served with the same compression, in the same pass. */
  shareOfBare: number | null;
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
const score = (value: number | null) => (value === null ? "—" : String(Math.round(value * 100)));

function throughputTable(rows: ThroughputRow[]): Cell[][] {
  const header = [
    "database",
    "target",
    "audience",
    "path",
    "encoding",
    "bare req/s",
    "req/s",
    "vs bare",
    "budget",
    "p50 ms",
    "p95 ms",
    "budget",
    "bare p95 ms",
    "failures",
  ];
  const body = rows.map((row) => {
    const budget = row.audience ? budgets.pages[row.audience] : null;
    const verdicts =
      row.kind === "page" && row.audience ? pageVerdicts(row.audience, row.shareOfBare, row.load.p95Ms) : null;
    return [
      row.database,
      row.name,
      row.audience ?? "—",
      row.path,
      row.compression ?? "off",
      row.bare ? row.bare.requestsPerSecond.toFixed(0) : "—",
      row.load.requestsPerSecond.toFixed(0),
      row.shareOfBare === null ? "—" : `${row.shareOfBare.toFixed(2)}×`,
      verdicts && budget ? `≥ ${budget.minShareOfBare}× ${verdicts.share}` : "—",
      ms(row.load.p50Ms),
      ms(row.load.p95Ms),
      verdicts && budget ? `≤ ${budget.maxP95Ms} ${verdicts.p95}` : "—",
      row.bare ? ms(row.bare.p95Ms) : "—",
      row.load.failures === 0 ? "0" : `${row.load.failures} MISS`,
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
    `budget ≤ ${budgets.addToBasketMaxP95Ms} ms`,
    "bare page p50 / p95 ms",
    "failures",
  ];
  const body = rows.map(({ database, result }) => [
    database,
    String(result.settings.shoppers),
    String(result.trips),
    ms(result.p50Ms),
    ms(result.p95Ms),
    verdict(Number.isFinite(result.p95Ms) && result.p95Ms <= budgets.addToBasketMaxP95Ms),
    `${ms(result.bareP50Ms)} / ${ms(result.bareP95Ms)}`,
    result.failed === 0 ? "0" : `${result.failed} MISS`,
  ]);
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
    "performance",
    `budget ≥ ${minPerformance}`,
    "accessibility",
    `budget ${minAccessibility}`,
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

const loadLine = (settings: LoadSettings) =>
  `autocannon on loopback, ${settings.connections} connections, ${settings.seconds} s per target ` +
  `after a ${settings.warmUpSeconds} s warm-up, ` +
  "requests sent with `Accept-Encoding: gzip, br`; the load generator shares the machine's cores with the server. " +
  "Each page is interleaved with the bare page: " +
  "the bare page with the same encoding is measured just before it, and the ratio is to that. " +
  `Budgets: anonymous pages (no cookie) ≥ ${budgets.pages.anonymous.minShareOfBare}× and p95 ≤ ${budgets.pages.anonymous.maxP95Ms} ms; ` +
  "shopper pages (session made through the storefront's forms: postcode, store, held slot, ten-line basket; " +
  `the member signed in) ≥ ${budgets.pages.shopper.minShareOfBare}× and p95 ≤ ${budgets.pages.shopper.maxP95Ms} ms.`;

const basketLine = (rows: Report["basket"]) =>
  rows[0]
    ? `${rows[0].result.settings.shoppers} shoppers at once, each with their own session, ` +
      `${rows[0].result.settings.tripsPerShopper} adds each one after another: ` +
      "a product card's form POSTed to /basket/add, the 303 followed, the page it points to fetched; " +
      "the bare page fetched as often by as many clients."
    : "";

function tables(report: Report): Cell[][][] {
  return [
    throughputTable(report.throughput),
    basketTable(report.basket),
    ...(report.lighthouse ? [lighthouseTable(report.lighthouse)] : []),
    javascriptTable(report.javascript),
    holdsTable(report.holds),
  ];
}

export function misses(report: Report): number {
  return countMisses(tables(report).flatMap((table) => table.slice(1).flat()));
}

type Section = [title: string, note: string, table: Cell[][]];

function sections(report: Report): Section[] {
  return [
    ["Pages under load", loadLine(report.settings), throughputTable(report.throughput)],
    ["Add to basket", basketLine(report.basket), basketTable(report.basket)],
    ...(report.lighthouse
      ? [
          [
            "Lighthouse (mobile) and HTML size",
            "One Lighthouse run per page (mobile defaults, simulated throttling, " +
              "the CPU slowdown calibrated to the host's benchmark index as in `npm run budgets`) with Debian's Chromium, " +
              `on the ${report.lighthouseDatabase ?? "first"} pass, and the bare React Router page (compressed) as the yardstick; ` +
              "home, store and category without a cookie, basket and payment with the guest shopper's. " +
              "HTML KB is the page as the server sends it to a browser.",
            lighthouseTable(report.lighthouse),
          ] as Section,
        ]
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
