// The storefront pages `npm run bench` measures (issue 17's list). A later issue adds its page with a line here:
// which session it is measured with, the status a correct answer has, and what the page must show with that
// session before it is measured (so a page that lost the shopper's state is not timed as if it had it). A shopper
// page with `freshTwin: true` is also measured as its fresh anonymous twin (issue 40), its CPU held against the twin's.
import type { Audience } from "./budgets";
import { BASKET_LINES, DEMO_MEMBER, STORE_PATH } from "./shopper";

/** No cookie at all; the guest shopper (held slot, ten lines, checkout at payment); the signed-in demo member. */
export type SessionKind = "none" | "guest" | "member";

export interface PageTarget {
  name: string;
  path: string;
  audience: Audience;
  session: SessionKind;
  /** The status a correct answer has; any other counts as a failure under load. */
  expectStatus: number;
  /** Phrases the page's text must contain with its session. */
  shows: (string | RegExp)[];
  /** Measured with Lighthouse (mobile) and held to the HTML budget. */
  lighthouse?: boolean;
  /**
   * A shopper page also measured at the same path as an anonymous visitor whose page is drawn fresh (the page cache
   * bypassed, with FRESH_TWIN_COOKIE): its CPU per request is the yardstick for the shopper's.
   */
  freshTwin?: boolean;
}

/**
 * The fresh twin's cookie: a session cookie whose value is not signed, which the server discards. The page is drawn
 * as for a visitor without a session, but a request with a session cookie never reads the page cache, and no cookie
 * is set in answer (pass.ts checks both before the twin is measured).
 */
export const FRESH_TWIN_COOKIE = "__session=bench-fresh";

const CATEGORY = `${STORE_PATH}/category/dairy-and-eggs-2`;
/** The store bar with the shopper's held time (its link says "Change time") and the basket's ten items. */
const storeBar = ["Change time", `${BASKET_LINES} items`];

export const pages: PageTarget[] = [
  {
    name: "home",
    path: "/",
    audience: "anonymous",
    session: "none",
    expectStatus: 200,
    shows: ["Find a store"],
    lighthouse: true,
  },
  {
    name: "store home",
    path: STORE_PATH,
    audience: "anonymous",
    session: "none",
    expectStatus: 200,
    shows: ["Victoria Street"],
    lighthouse: true,
  },
  {
    name: "category",
    path: CATEGORY,
    audience: "anonymous",
    session: "none",
    expectStatus: 200,
    shows: ["Dairy"],
    lighthouse: true,
  },
  {
    name: "content: about us",
    path: "/about-us",
    audience: "anonymous",
    session: "none",
    expectStatus: 200,
    shows: ["About"],
  },
  {
    name: "content: delivery information",
    path: "/delivery-information",
    audience: "anonymous",
    session: "none",
    expectStatus: 200,
    shows: ["Delivery"],
  },
  {
    name: "content: FAQs",
    path: "/faqs",
    audience: "anonymous",
    session: "none",
    expectStatus: 200,
    shows: ["Frequently asked questions"],
  },
  {
    name: "content: news article",
    path: "/news/leeds-store-opens",
    audience: "anonymous",
    session: "none",
    expectStatus: 200,
    shows: ["Briggate"],
  },
  {
    name: "error page",
    path: "/no-such-page",
    audience: "anonymous",
    session: "none",
    expectStatus: 404,
    shows: ["Page Not Found"],
  },

  {
    name: "stores near by",
    path: "/stores-near-by",
    audience: "shopper",
    session: "guest",
    expectStatus: 200,
    shows: ["Victoria Street"],
  },
  {
    name: "store home",
    path: STORE_PATH,
    audience: "shopper",
    session: "guest",
    expectStatus: 200,
    shows: storeBar,
    freshTwin: true,
  },
  {
    name: "category",
    path: CATEGORY,
    audience: "shopper",
    session: "guest",
    expectStatus: 200,
    shows: storeBar,
    freshTwin: true,
  },
  {
    name: "item page",
    path: `${CATEGORY}/menuItem/brie-200g-49`,
    audience: "shopper",
    session: "guest",
    expectStatus: 200,
    shows: [...storeBar, "Brie"],
    freshTwin: true,
  },
  {
    name: "search results",
    path: `${STORE_PATH}/search?searchTerm=milk`,
    audience: "shopper",
    session: "guest",
    expectStatus: 200,
    shows: [...storeBar, /milk/i],
    freshTwin: true,
  },
  {
    name: "basket",
    path: "/basket",
    audience: "shopper",
    session: "guest",
    expectStatus: 200,
    shows: [`Items (${BASKET_LINES})`],
    lighthouse: true,
  },
  {
    name: "checkout details",
    path: "/checkout/details",
    audience: "shopper",
    session: "guest",
    expectStatus: 200,
    shows: ["Your details", "Subtotal"],
  },
  {
    name: "checkout payment",
    path: "/checkout/payment",
    audience: "shopper",
    session: "guest",
    expectStatus: 200,
    shows: ["Total to pay"],
    lighthouse: true,
  },
  {
    name: "member dashboard",
    path: "/member",
    audience: "shopper",
    session: "member",
    expectStatus: 200,
    shows: [DEMO_MEMBER.firstName, "Log out"],
  },
  {
    name: "member orders",
    path: "/member/orders",
    audience: "shopper",
    session: "member",
    expectStatus: 200,
    shows: [/Order \d+/, "Past orders"],
  },
];

/**
 * Pages whose JavaScript is weighed without measuring their throughput: every other screen with a form, so the
 * JavaScript budget (≤ 140 KB, under 30 KB of our own) holds on every page, not only on those under load.
 */
export const javascriptOnly: { name: string; path: string }[] = [
  { name: "time slots", path: `${STORE_PATH}/time-slots` },
  { name: "checkout options", path: "/checkout/options" },
  { name: "checkout billing address", path: "/checkout/payment/billing-address" },
  { name: "checkout card", path: "/checkout/payment/card-form" },
  { name: "staff sign-in", path: "/staff/login" },
];
