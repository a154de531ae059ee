// The storefront pages `npm run bench` measures. A later issue adds its page by adding a line here; the
// benchmark then measures its throughput and latency and the JavaScript its route loads, against the budgets.

export interface PageTarget {
  name: string;
  path: string;
  /** The status a correct answer has; any other counts as a failure under load. */
  expectStatus: number;
  /**
   * Runs once against the started server before the page is measured, for pages that need a shopper's
   * state (a postcode, a basket): returns the headers, such as a session cookie, every request then sends.
   */
  prepare?: (origin: string) => Promise<Record<string, string>>;
}

export const pages: PageTarget[] = [
  { name: "home", path: "/", expectStatus: 200 },
  { name: "error page", path: "/no-such-page", expectStatus: 404 },
];

/** The budgets of DESIGN.md, "Budgets". KB are 1,024 bytes, as in the bare-page figure there (111 KB). */
export const budgets = {
  /** A page serves at least this share of the bare page's requests a second, measured in the same run. */
  minShareOfBareThroughput: 0.5,
  maxP95Ms: 100,
  maxPageJsKb: 140,
  maxOwnJsKb: 30,
} as const;
