// The budgets of issues 17 and 40 and DESIGN.md ("Budgets"), and the verdicts the report prints beside each figure.
// Page budgets are ratios to the bare React Router page measured just before the page in the same run (issue 40:
// the absolute p95 budgets are withdrawn). KB are 1,024 bytes, as in DESIGN.md's bare-page figure (111 KB).
import type { DatabaseKind } from "./options";

export type Audience = "anonymous" | "shopper";

export const budgets = {
  pages: {
    /** Requests a second at least this many times the bare page's (no cookie: the page cache answers). */
    anonymous: { minShareOfBare: { pglite: 2, postgres: 2 } },
    shopper: {
      /** Requests a second as a share of the bare page's, by database. */
      minShareOfBare: { pglite: 0.25, postgres: 0.35 },
      /** p95 at most this many times the bare page's p95. */
      maxP95OfBare: 4,
      /** CPU milliseconds per request at most this many times the bare page's. */
      maxCpuOfBare: 4,
      /** CPU per request at most this many times the same page's, drawn fresh for an anonymous visitor. */
      maxCpuOfTwin: 1.25,
    },
  },
  /** Add to basket (POST, 303, GET of the page it points to, 10 shoppers at once): p95 against the bare page's. */
  addToBasketMaxP95OfBare: 4,
  /** Slot holds answered a second in a rush, with no place held beyond the capacity. */
  minHoldsPerSecond: 500,
  /** Lighthouse mobile: each page's median of `runs` runs. */
  lighthouse: { runs: 3, minPerformance: 98, minAccessibility: 100 },
  maxHtmlKb: 25,
  maxPageJsKb: 140,
  maxOwnJsKb: 30,
} as const;

/**
 * What `.ci/run` fails on (`npm run budgets`, issue 22): floors below the goals above, because CI's machine is shared
 * and Lighthouse's score moves with it. JavaScript weight does not move, so its floor is the budget itself.
 */
export const ciFloors = {
  maxPageJsKb: budgets.maxPageJsKb,
  minPerformance: 90,
  /**
   * Lighthouse runs per page at the most (decision 0052): a page is held by its best run, so its runs end with the
   * first that reaches the floor.
   */
  lighthouseRuns: 5,
  /** The pages whose Lighthouse score CI holds to the floor (names in targets.ts). */
  lighthousePages: ["home", "store home", "basket"],
} as const;

export type Verdict = "ok" | "MISS";

export const verdict = (ok: boolean): Verdict => (ok ? "ok" : "MISS");

/** `part / whole`, or null when either figure is missing (not finite) or the whole is not above zero. */
export function ratio(part: number | null | undefined, whole: number | null | undefined): number | null {
  if (part === null || part === undefined || whole === null || whole === undefined) return null;
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole <= 0 || part < 0) return null;
  return part / whole;
}

/** A ratio held to a floor or a ceiling; a ratio that could not be worked out misses. */
export const atLeast = (value: number | null, min: number): Verdict => verdict(value !== null && value >= min);
export const atMost = (value: number | null, max: number): Verdict => verdict(value !== null && value <= max);

/** A page's figures and those it is held against: the bare page measured just before, and its fresh twin's CPU. */
export interface PageFigures {
  requestsPerSecond: number;
  p95Ms: number;
  cpuMsPerRequest: number | null;
  bare: { requestsPerSecond: number; p95Ms: number; cpuMsPerRequest: number | null } | null;
  /** The fresh anonymous twin's CPU per request: undefined when the page has no twin, null when it was not read. */
  twinCpuMsPerRequest?: number | null;
}

/** Each ratio of a page and its verdict; null where its audience has no such budget. */
export interface PageVerdicts {
  shareOfBare: number | null;
  p95OfBare: number | null;
  cpuOfBare: number | null;
  cpuOfTwin: number | null;
  share: Verdict;
  p95: Verdict | null;
  cpu: Verdict | null;
  twin: Verdict | null;
}

/** The smallest share of the bare page's requests a second the audience's pages may reach on the database. */
export const minShareOfBare = (audience: Audience, database: DatabaseKind): number =>
  budgets.pages[audience].minShareOfBare[database];

/** The verdicts of one page's figures against its audience's budgets on the database it was measured on. */
export function pageVerdicts(audience: Audience, database: DatabaseKind, page: PageFigures): PageVerdicts {
  const shareOfBare = ratio(page.requestsPerSecond, page.bare?.requestsPerSecond);
  const p95OfBare = ratio(page.p95Ms, page.bare?.p95Ms);
  const cpuOfBare = ratio(page.cpuMsPerRequest, page.bare?.cpuMsPerRequest);
  const hasTwin = page.twinCpuMsPerRequest !== undefined;
  const cpuOfTwin = hasTwin ? ratio(page.cpuMsPerRequest, page.twinCpuMsPerRequest) : null;
  const share = atLeast(shareOfBare, minShareOfBare(audience, database));
  if (audience === "anonymous")
    return { shareOfBare, p95OfBare, cpuOfBare, cpuOfTwin, share, p95: null, cpu: null, twin: null };
  const budget = budgets.pages.shopper;
  return {
    shareOfBare,
    p95OfBare,
    cpuOfBare,
    cpuOfTwin,
    share,
    p95: atMost(p95OfBare, budget.maxP95OfBare),
    cpu: atMost(cpuOfBare, budget.maxCpuOfBare),
    twin: hasTwin ? atMost(cpuOfTwin, budget.maxCpuOfTwin) : null,
  };
}

/** Add to basket's p95 against the bare page's, fetched as often by as many clients in the same step. */
export function basketVerdict(p95Ms: number, bareP95Ms: number): { p95OfBare: number | null; verdict: Verdict } {
  const p95OfBare = ratio(p95Ms, bareP95Ms);
  return { p95OfBare, verdict: atMost(p95OfBare, budgets.addToBasketMaxP95OfBare) };
}

/** Lighthouse scores come as 0–1 (or null when a category could not be scored, which misses). */
export function scoreVerdict(score: number | null, min: number): Verdict {
  return score === null ? "MISS" : verdict(Math.round(score * 100) >= min);
}

/** Counts the MISS cells of a table, the figure `--strict` fails on. */
export function countMisses(cells: string[]): number {
  return cells.filter((cell) => cell.includes("MISS")).length;
}
