/*
 * Drives the test gateway's pages as a browser without JavaScript would: open a page, read its forms, post one,
 * and report where the gateway sends the browser next. For tests (the adapter's, the payment API's, and anything
 * that needs a shopper to pay on the hosted page); `fetch` is the gateway's own fetch or one over HTTP.
 */

export type FetchHandler = (request: Request) => Promise<Response>;

export interface PageAnswer {
  status: number;
  /** The Location of a redirect, as the gateway wrote it (absolute for return addresses, a path on its own pages). */
  location: string | null;
  headers: Headers;
  html: string;
}

/** The origin page paths are resolved against when the gateway is called in process. */
export const DRIVE_ORIGIN = "http://storefront.test";

export const TEST_CARD = {
  approve: "4242 4242 4242 4242",
  decline: "4544 2491 6767 3670",
  challenge: "4010 0617 0000 0021",
} as const;

async function answer(response: Response): Promise<PageAnswer> {
  return {
    status: response.status,
    location: response.headers.get("location"),
    headers: response.headers,
    html: await response.text(),
  };
}

export async function getPage(fetch: FetchHandler, href: string, origin = DRIVE_ORIGIN): Promise<PageAnswer> {
  return answer(await fetch(new Request(new URL(href, origin), { redirect: "manual" })));
}

export async function postForm(
  fetch: FetchHandler,
  href: string,
  fields: Record<string, string>,
  origin = DRIVE_ORIGIN,
): Promise<PageAnswer> {
  return answer(
    await fetch(
      new Request(new URL(href, origin), {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      }),
    ),
  );
}

const unescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The action of every form on a page, in order. */
export function formActions(html: string): string[] {
  return [...html.matchAll(/<form\b[^>]*\baction="([^"]*)"/g)].map((m) => unescape(m[1]!));
}

async function openForms(fetch: FetchHandler, href: string, origin: string): Promise<string[]> {
  const page = await getPage(fetch, href, origin);
  if (page.status !== 200)
    throw new Error(`${href} answered ${page.status}${page.location ? ` (to ${page.location})` : ""}`);
  return formActions(page.html);
}

/** Opens the hosted card page and pays with a card (one of TEST_CARD, or any number). */
export async function payOnCardPage(
  fetch: FetchHandler,
  hostedHref: string,
  card: { number: string; expiry?: string; securityCode?: string },
  origin = DRIVE_ORIGIN,
): Promise<PageAnswer> {
  const [pay] = await openForms(fetch, hostedHref, origin);
  if (!pay) throw new Error(`${hostedHref} has no card form`);
  return postForm(
    fetch,
    pay,
    { "card-number": card.number, "expiry-date": card.expiry ?? "12/30", "security-code": card.securityCode ?? "123" },
    origin,
  );
}

/** Opens the hosted card page and presses "Cancel payment". */
export async function cancelOnCardPage(
  fetch: FetchHandler,
  hostedHref: string,
  origin = DRIVE_ORIGIN,
): Promise<PageAnswer> {
  const [, cancel] = await openForms(fetch, hostedHref, origin);
  if (!cancel) throw new Error(`${hostedHref} has no cancel form`);
  return postForm(fetch, cancel, {}, origin);
}

/** Opens the 3-D Secure challenge and presses one of its buttons. */
export async function answerChallenge(
  fetch: FetchHandler,
  challengeHref: string,
  outcome: "authenticate" | "fail" | "cancel",
  origin = DRIVE_ORIGIN,
): Promise<PageAnswer> {
  const [form] = await openForms(fetch, challengeHref, origin);
  if (!form) throw new Error(`${challengeHref} has no challenge form`);
  return postForm(fetch, form, { outcome }, origin);
}
