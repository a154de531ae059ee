// Two shoppers at the same store at once, each with a basket, a held time and names of their own, and every page each
// is sent must show their own and never the other's (issue 40: nothing of one shopper's is ever served to another).
// Alicia is a member (her names come from her account: the dashboard, the details prefilled), Bruno a guest (his are
// typed at checkout). One module for both runs of it: e2e/shoppers-apart.spec.ts against one server, and
// `npm run test:scale` through its round-robin proxy over three instances, where a shopper's consecutive requests are
// answered by different ones. Only the storefront's own pages and forms are used, as a browser without script does.
import { cookieHeader, formsOf, keepCookies, textOf, type Send } from "../bench/session";
import { INSTANCE_HEADER } from "./proxy";

export const APART_STORE = "/stores/victoria-street-1";
const POSTCODE = "SW1A 1AA";

export interface ApartShopper {
  /** Who, in messages and marks' owners: "alicia". */
  key: string;
  firstName: string;
  /** A member registers with the register form; a guest gives names at checkout. */
  member: boolean;
  /** Menu items and quantities, each added on a line whose id names the shopper. */
  items: [menuItemId: string, quantity: string][];
  /** Which of the time-slot page's days to hold a time on (1 is tomorrow): each shopper a day of their own. */
  day: number;
}

/** The two: different items and quantities (so different totals), different days. */
export const APART_SHOPPERS: readonly [ApartShopper, ApartShopper] = [
  {
    key: "alicia",
    firstName: "Alicia",
    member: true,
    items: [
      ["45", "4"],
      ["36", "2"],
    ],
    day: 1,
  },
  {
    key: "bruno",
    firstName: "Bruno",
    member: false,
    items: [
      ["45", "5"],
      ["38", "3"],
    ],
    day: 2,
  },
];

/** What one shopper was made to hold, and so what their own pages must show. */
export interface ShopperFacts {
  lineIds: string[];
  firstName: string;
  email: string;
  member: boolean;
  /** The held day (YYYY-MM-DD) and time (the time-slot form's value). */
  day: string;
  heldAt: string;
  /** The held time in the store bar's words, as marks keep it ("Tomorrow 23:30–00:00"). */
  slotText: string;
  /** The basket's total as the payment page says it ("£12.34"). */
  total: string;
}

const FIELD_MARKS: Record<string, string> = {
  basketLineId: "line",
  firstName: "name",
  lastName: "name",
  email: "name",
};

/**
 * What a page shows that may belong to one shopper: the answer's status (and where a redirect points), the values of
 * the fields that carry a shopper's own things (line ids, names), the held time wherever a page names it (the store
 * bar, the basket's and checkout's "Collection time", the time-slot form's checked time), the totals, and every word
 * of its text. Each kind but the words is tagged ("slot:Tomorrow 23:30–00:00"), so the checks can require it.
 */
export function marksOf(answer: { status: number; html: string; location?: string | null }): Set<string> {
  const marks = new Set<string>([`answer:${answer.status}`]);
  if (answer.location) marks.add(`to:${answer.location}`);
  for (const [input] of answer.html.matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]+)"/.exec(input)?.[1] ?? "";
    const value = /\bvalue="([^"]*)"/.exec(input)?.[1];
    if (value === undefined) continue;
    const kind = FIELD_MARKS[name];
    if (kind) marks.add(`${kind}:${value}`);
    if (name === "timeSlotDate" && /\bchecked\b/.test(input)) marks.add(`held:${value}`);
  }
  const text = textOf(answer.html);
  for (const [, time] of text.matchAll(/\b(?:Collection|Delivery) time (\S[^:]{0,40}?\d\d:\d\d–\d\d:\d\d)/g))
    marks.add(`slot:${time!.replace(/,/g, "")}`);
  for (const [, amount] of text.matchAll(/\b(?:Total to pay:|Total|Basket) ([£$€][\d,]+\.\d\d)/g))
    marks.add(`total:${amount!}`);
  for (const word of text.split(" ")) if (word) marks.add(word);
  return marks;
}

/** A shopper's own marks on a page: seen on each of their reads and on none of the other shopper's. */
export function ownMarks(mine: Set<string>[], theirs: Set<string>[]): Set<string> {
  const [first, ...rest] = mine;
  return new Set(
    [...(first ?? [])].filter(
      (mark) => rest.every((read) => read.has(mark)) && theirs.every((read) => !read.has(mark)),
    ),
  );
}

/** A later read against the own marks: the other's shown (a leak) and the shopper's own missing, each as a sentence. */
export function crossings(
  read: { who: string; other: string; path: string; seen: Set<string>; servedBy?: string | null },
  own: Set<string>,
  othersOwn: Set<string>,
): string[] {
  const where = `on ${read.path}${read.servedBy ? ` (answered by instance ${read.servedBy})` : ""}`;
  const leaked = [...othersOwn].filter((mark) => read.seen.has(mark));
  const missing = [...own].filter((mark) => !read.seen.has(mark));
  return [
    ...(leaked.length ? [`${read.who} was shown ${read.other}'s ${listed(leaked)} ${where}`] : []),
    ...(missing.length ? [`${read.who} was not shown their own ${listed(missing)} ${where}`] : []),
  ];
}

/** Marks in a sentence: the tagged ones (lines, names, times, totals) first, at most eight. */
function listed(marks: string[]): string {
  const tagged = (mark: string) => (/^[a-z]+:./.test(mark) ? 0 : 1);
  const sorted = [...marks].sort((x, y) => tagged(x) - tagged(y));
  return sorted.length > 8 ? `${sorted.slice(0, 8).join(", ")} and ${sorted.length - 8} more` : sorted.join(", ");
}

/** The pages compared: each shopper's basket, checkout steps, dashboard, the store and both held days' time pages. */
export function apartPages(days: string[]): string[] {
  return [
    "/basket",
    "/checkout/options",
    "/checkout/details",
    "/checkout/payment",
    "/member",
    APART_STORE,
    `${APART_STORE}/category/dairy-and-eggs-2`,
    ...days.map((day) => `${APART_STORE}/time-slots?day=${day}`),
  ];
}

/**
 * The marks each page must show a shopper as their own, or the comparison would not cover them: the basket's lines,
 * time and total; the time on checkout's options, the store bar and the held day's page (its form's checked time);
 * the names on checkout's details; the total on payment; the member's dashboard with her names, and for a guest the
 * dashboard's redirect to the login page.
 */
export function requiredMarks(facts: ShopperFacts): Map<string, string[]> {
  const slot = `slot:${facts.slotText}`;
  const total = `total:${facts.total}`;
  return new Map([
    ["/basket", [...facts.lineIds.map((id) => `line:${id}`), slot, total]],
    ["/checkout/options", [slot]],
    ["/checkout/details", [`name:${facts.firstName}`, `name:${facts.email}`]],
    ["/checkout/payment", [total]],
    ["/member", facts.member ? ["answer:200", facts.firstName, facts.email] : ["answer:303"]],
    [APART_STORE, [slot, total]],
    [`${APART_STORE}/time-slots?day=${facts.day}`, [`held:${facts.heldAt}`, slot]],
  ]);
}

/** The required marks a page's own marks lack, as a sentence (none when all are there). */
export function lackingRequired(who: string, path: string, own: Set<string>, required: string[]): string[] {
  const lacking = required.filter((mark) => !own.has(mark));
  return lacking.length
    ? [`${who}'s own marks on ${path} lack ${lacking.join(", ")} (not shown on both reads, or shown to the other too)`]
    : [];
}

/** How a shopper's requests were spread: answers per instance, and consecutive pairs answered by different ones. */
export function spreadOf(served: string[]): { counts: Record<string, number>; pairs: number; apart: number } {
  const counts: Record<string, number> = {};
  for (const name of served) counts[name] = (counts[name] ?? 0) + 1;
  const pairs = Math.max(0, served.length - 1);
  const apart = served.slice(1).filter((name, index) => name !== served[index]).length;
  return { counts, pairs, apart };
}

export interface Answer {
  status: number;
  html: string;
  location: string | null;
  /** The instance that answered, where a proxy names it (INSTANCE_HEADER). */
  servedBy: string | null;
}

/** One shopper's browser without script: a cookie jar, the latest page's CSRF token, and who answered each request. */
class ApartBrowser {
  private readonly jar = new Map<string, string>();
  private csrf = "";
  /** The instance that answered each request, in the order the answers came (where a proxy names it). */
  readonly served: string[] = [];
  /** Requests sent. */
  sent = 0;
  constructor(
    readonly origin: string,
    private readonly send: Send,
  ) {}

  private note(response: Response): string | null {
    this.sent++;
    keepCookies(this.jar, response);
    const servedBy = response.headers.get(INSTANCE_HEADER);
    if (servedBy) this.served.push(servedBy);
    return servedBy;
  }

  async request(path: string): Promise<Answer> {
    const response = await this.send(this.origin + path, {
      headers: { Cookie: cookieHeader(this.jar) },
      redirect: "manual",
    });
    const servedBy = this.note(response);
    const html = await response.text();
    const csrf = formsOf(html, "").find((form) => form.fields.csrf)?.fields.csrf;
    if (csrf) this.csrf = csrf;
    return { status: response.status, html, location: response.headers.get("location"), servedBy };
  }

  async get(path: string): Promise<string> {
    const answer = await this.request(path);
    if (answer.status !== 200)
      throw new Error(`GET ${path} answered ${answer.status} (to ${answer.location ?? "—"}), expected 200`);
    return answer.html;
  }

  /** Posts a form with the latest page's token; anything but a 303 to `expectLocation` is an error. */
  async post(path: string, fields: Record<string, string>, expectLocation: string): Promise<string> {
    const response = await this.send(this.origin + path, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: cookieHeader(this.jar),
        Origin: this.origin,
      },
      body: new URLSearchParams({ csrf: this.csrf, ...fields }),
    });
    this.note(response);
    const body = await response.text();
    const location = response.headers.get("location") ?? "";
    if (response.status !== 303 || !location.startsWith(expectLocation)) {
      const said = textOf(/role="alert"[^>]*>([\s\S]*?)<\/(?:div|section|ul)>/.exec(body)?.[1] ?? "").slice(0, 200);
      throw new Error(
        `POST ${path} answered ${response.status} to "${location}", expected 303 to ${expectLocation}` +
          (said ? `: ${said}` : ""),
      );
    }
    return location;
  }
}

/** The values of a time-slot page's times still open to hold. */
function openTimes(html: string): string[] {
  return [...html.matchAll(/<input\b[^>]*\bname="timeSlotDate"[^>]*>/g)]
    .map(([input]) => input)
    .filter((input) => !/\bdisabled\b/.test(input))
    .map((input) => /\bvalue="([^"]+)"/.exec(input)?.[1] ?? "")
    .filter(Boolean);
}

/** The one tagged mark of `kind` a page shows, or an error naming the page. */
function theMark(html: string, kind: string, path: string): string {
  const found = [...marksOf({ status: 200, html })].filter((mark) => mark.startsWith(`${kind}:`));
  if (found.length !== 1) throw new Error(`${path} shows ${found.length} ${kind} marks (${found.join(", ")}), not one`);
  return found[0]!.slice(kind.length + 1);
}

/**
 * A shopper made ready through the storefront's own forms: (a member registered,) the postcode searched, the store
 * opened for collection, the lines added with ids of their own, a time held on their day (the last still open, which
 * others are least likely to take; an earlier one if it is refused), checkout as far as payment.
 */
async function ready(
  who: ApartShopper,
  origin: string,
  send: Send,
  unique: string,
): Promise<{ browser: ApartBrowser; facts: ShopperFacts }> {
  const browser = new ApartBrowser(origin, send);
  const email = `${who.key}.apart.${unique}@example.com`;
  if (who.member) {
    const [form] = formsOf(await browser.get("/register"), "/register");
    if (!form) throw new Error("the register page has no registration form");
    await browser.post(
      "/register",
      {
        ...form.fields,
        firstName: who.firstName,
        lastName: "Apart",
        email,
        mobile: "07700 900123",
        password: `Larder-${unique}-pw`,
      },
      "/member",
    );
  }
  await browser.get("/");
  await browser.post("/location", { intent: "postcode", postcode: POSTCODE, redirectTo: "/" }, "/stores-near-by");
  await browser.get(APART_STORE);
  await browser.post(`${APART_STORE}/fulfilment`, { method: "collection", redirectTo: "/basket" }, "/basket");
  const lineIds: string[] = [];
  for (const [menuItemId, quantity] of who.items) {
    const line = `${who.key}-line-${menuItemId}`;
    await browser.post(
      "/basket/add",
      {
        intent: "add",
        menuItemId,
        quantity,
        basketLineId: line,
        idempotencyKey: `${line}-${unique}`,
        redirectTo: "/basket",
      },
      "/basket",
    );
    lineIds.push(line);
  }

  const slotsPath = `${APART_STORE}/time-slots`;
  const days = [
    ...new Set([...(await browser.get(slotsPath)).matchAll(/\?day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]!)),
  ];
  const day = days[who.day];
  if (!day) throw new Error(`${slotsPath} lists ${days.length} days, ${who.key} holds a time on day ${who.day + 1}`);
  const dayPath = `${slotsPath}?day=${day}`;
  // The day's last open times first: the other shoppers on the server are the least likely to have filled them.
  const candidates = openTimes(await browser.get(dayPath))
    .reverse()
    .slice(0, 5);
  let heldAt = "";
  const refused: string[] = [];
  for (const time of candidates) {
    try {
      await browser.post(dayPath, { intent: "reserve", timeSlotDate: time }, slotsPath);
    } catch (error) {
      refused.push(error instanceof Error ? error.message : String(error));
      continue;
    }
    // The day's page again: it shows the hold's toast (and clears it) and checks the time held.
    if (marksOf({ status: 200, html: await browser.get(dayPath) }).has(`held:${time}`)) {
      heldAt = time;
      break;
    }
  }
  if (!heldAt)
    throw new Error(
      `${who.key} could hold none of the last ${candidates.length} open times on ${day}` +
        (refused.length ? ` (${refused.join("; ")})` : ""),
    );

  if (!who.member) await browser.post("/checkout/login", { intent: "guest" }, "/checkout/options");
  await browser.get("/checkout/options");
  await browser.post("/checkout/options", { instructions: "" }, "/checkout/details");
  const [details] = formsOf(await browser.get("/checkout/details"), "/checkout/details");
  if (!details) throw new Error("the checkout details page has no form");
  // A member's details come filled in from her account; a guest types his.
  const typed: Record<string, string> = who.member
    ? {}
    : { firstName: who.firstName, lastName: "Apart", email, phoneNumber: "07700 900 123" };
  await browser.post(
    "/checkout/details",
    { ...details.fields, ...typed, intent: "details", acceptTerms: "yes" },
    "/checkout/payment",
  );
  const slotText = theMark(await browser.get(APART_STORE), "slot", APART_STORE);
  const total = theMark(await browser.get("/checkout/payment"), "total", "/checkout/payment");
  return {
    browser,
    facts: { lineIds, firstName: who.firstName, email, member: who.member, day, heldAt, slotText, total },
  };
}

export interface ApartOptions {
  origin: string;
  /** How each shopper's requests are sent: with an address of their own (X-Forwarded-For), as their proxy names it. */
  send: (shopper: ApartShopper) => Send;
  /** A part of the member's address and of the idempotency keys no other run uses. */
  unique?: string;
  /** Requests under way at once per shopper in the parallel part, and reads per lane. */
  lanes?: number;
  rounds?: number;
}

export interface ApartResult {
  /** Leaks, own marks missing, and required marks not among a shopper's own: each a sentence. Empty when apart. */
  problems: string[];
  /** What was done and seen, for a report. */
  lines: string[];
  /** Per shopper, the instance that answered each request in turn (empty where nothing names it). */
  served: Record<string, string[]>;
  requests: number;
}

/**
 * The check: both shoppers made ready at once; then every page read by each in turn (Alicia, Bruno, Alicia, Bruno)
 * to learn what is each one's own, the required marks among them; then both at once, `lanes` requests at a time per
 * shopper, every page many times over, each answer checked for the other's marks and for the shopper's own.
 */
export async function shoppersApart(options: ApartOptions): Promise<ApartResult> {
  const unique = options.unique ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const [first, second] = APART_SHOPPERS;
  const [a, b] = await Promise.all([first, second].map((who) => ready(who, options.origin, options.send(who), unique)));
  const shoppers = [
    { who: first, ...a!, other: second.key },
    { who: second, ...b!, other: first.key },
  ];
  const pages = apartPages([a!.facts.day, b!.facts.day]);
  const problems: string[] = [];
  if (a!.facts.total === b!.facts.total)
    problems.push(`both baskets total ${a!.facts.total}: the totals cannot tell the shoppers apart`);

  // Settle the sessions: the toasts the steps left are shown and cleared once, before the pages are compared.
  for (const { browser } of shoppers) for (const path of pages) await browser.request(path);

  const own = new Map<string, Set<string>>(); // `${key} ${path}`
  for (const path of pages) {
    const reads: Set<string>[] = [];
    for (let turn = 0; turn < 4; turn++) reads.push(marksOf(await shoppers[turn % 2]!.browser.request(path)));
    own.set(`${first.key} ${path}`, ownMarks([reads[0]!, reads[2]!], [reads[1]!, reads[3]!]));
    own.set(`${second.key} ${path}`, ownMarks([reads[1]!, reads[3]!], [reads[0]!, reads[2]!]));
  }
  for (const { who, facts } of shoppers)
    for (const [path, required] of requiredMarks(facts))
      problems.push(...lackingRequired(who.key, path, own.get(`${who.key} ${path}`) ?? new Set(), required));

  const lanes = options.lanes ?? 3;
  const rounds = options.rounds ?? pages.length * 2;
  let parallel = 0;
  await Promise.all(
    shoppers.flatMap(({ who, browser, other }) =>
      Array.from({ length: lanes }, async (_, lane) => {
        for (let round = 0; round < rounds; round++) {
          const path = pages[(lane + round) % pages.length]!;
          const answer = await browser.request(path);
          parallel++;
          const read = { who: who.key, other, path, seen: marksOf(answer), servedBy: answer.servedBy };
          problems.push(...crossings(read, own.get(`${who.key} ${path}`)!, own.get(`${other} ${path}`)!));
        }
      }),
    ),
  );

  const served = Object.fromEntries(shoppers.map(({ who, browser }) => [who.key, browser.served]));
  const requests = shoppers.reduce((sum, { browser }) => sum + browser.sent, 0);
  const describe = ({ who, facts }: (typeof shoppers)[number]) =>
    `${who.firstName} (${who.member ? "member" : "guest"}): ${facts.lineIds.length} lines, ${facts.total}, ` +
    `holds ${facts.slotText}`;
  const lines = [
    `${shoppers.map(describe).join("; ")}`,
    `${pages.length} pages read by each in turn, 4 reads a page, then ${parallel} answers at once ` +
      `(${lanes} requests at a time per shopper); ${requests} requests in all, ${problems.length} problems`,
  ];
  for (const { who, browser } of shoppers) {
    if (browser.served.length === 0) continue;
    const spread = spreadOf(browser.served);
    lines.push(
      `${who.firstName}'s ${browser.served.length} requests answered by ` +
        `${Object.entries(spread.counts)
          .sort(([x], [y]) => x.localeCompare(y))
          .map(([name, count]) => `${name} ${count}`)
          .join(", ")}; ${spread.apart} of ${spread.pairs} consecutive pairs by different instances`,
    );
  }
  return { problems, lines, served, requests };
}
