// The storefront pages `npm run bench` measures. A later issue adds its page by adding a line here; the
// benchmark then measures its throughput and latency and the JavaScript its route loads, against the budgets.

import { shopperWithBasket } from "./basket";
import { shopperAtPayment } from "./checkout";

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
  { name: "stores near by", path: "/stores-near-by", expectStatus: 200, prepare: (origin) => shopperAt(origin, "SW1A 1AA") },
  { name: "store home", path: "/stores/victoria-street-1", expectStatus: 200, prepare: (origin) => shopperAt(origin, "SW1A 1AA", "/stores/victoria-street-1") },
  {
    name: "category page",
    path: "/stores/victoria-street-1/category/dairy-and-eggs-2",
    expectStatus: 200,
    prepare: (origin) => shopperAt(origin, "SW1A 1AA", "/stores/victoria-street-1"),
  },
  { name: "basket", path: "/basket", expectStatus: 200, prepare: (origin) => shopperWithBasket(origin) },
  { name: "checkout payment", path: "/checkout/payment", expectStatus: 200, prepare: (origin) => shopperAtPayment(origin) },
];

/**
 * Pages whose JavaScript is weighed without measuring their throughput: every other screen with a form, so the
 * JavaScript budget (≤ 140 KB, under 30 KB of our own) holds on every page, not only on those under load.
 */
export const javascriptOnly: { name: string; path: string }[] = [
  { name: "item page", path: "/stores/victoria-street-1/category/dairy-and-eggs-2/menuItem/brie-200g-49" },
  { name: "time slots", path: "/stores/victoria-street-1/time-slots" },
  { name: "checkout options", path: "/checkout/options" },
  { name: "checkout details", path: "/checkout/details" },
  { name: "checkout billing address", path: "/checkout/payment/billing-address" },
  { name: "checkout card", path: "/checkout/payment/card-form" },
  { name: "staff sign-in", path: "/staff/login" },
];


/** The session cookies a response sets, merged over those already held (a later value replaces an earlier one). */
export function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";", 1)[0] ?? "";
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
}

export function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** The anti-forgery token of a page's forms (the hidden `csrf` field, whatever order its attributes come in). */
export function csrfOf(html: string): string {
  for (const [input] of html.matchAll(/<input\b[^>]*>/g)) {
    if (!/\bname="csrf"/.test(input)) continue;
    const value = /\bvalue="([^"]+)"/.exec(input)?.[1];
    if (value) return value;
  }
  throw new Error("the page has no csrf field");
}

/**
 * A shopper who searched a postcode with the home page's widget (and, with `storePath`, opened that store, so it
 * is their selected store): the Cookie header of that session. Measuring a store page with a session that has
 * not selected the store yet would make every request select it again and create a basket.
 */
export async function shopperAt(origin: string, postcode: string, storePath?: string): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const home = await fetch(`${origin}/`);
  keepCookies(jar, home);
  const csrf = csrfOf(await home.text());

  const searched = await fetch(`${origin}/location`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader(jar), Origin: origin },
    body: new URLSearchParams({ csrf, intent: "postcode", postcode, redirectTo: "/" }),
  });
  await searched.arrayBuffer();
  if (searched.status !== 303 || searched.headers.get("location") !== "/stores-near-by") {
    throw new Error(`searching ${postcode} answered ${searched.status} to ${searched.headers.get("location")}, expected 303 to /stores-near-by`);
  }
  keepCookies(jar, searched);

  if (storePath) {
    const store = await fetch(`${origin}${storePath}`, { headers: { Cookie: cookieHeader(jar) }, redirect: "manual" });
    await store.arrayBuffer();
    if (store.status !== 200) throw new Error(`${storePath} answered ${store.status} while selecting the store`);
    keepCookies(jar, store);
  }
  return { Cookie: cookieHeader(jar) };
}

/** The budgets of DESIGN.md, "Budgets". KB are 1,024 bytes, as in the bare-page figure there (111 KB). */
export const budgets = {
  /** A page serves at least this share of the bare page's requests a second, measured in the same run. */
  minShareOfBareThroughput: 0.5,
  maxP95Ms: 100,
  maxPageJsKb: 140,
  maxOwnJsKb: 30,
} as const;
