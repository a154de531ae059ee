import { isSitePath } from "./route-rules";

/*
 * set-basket-referer-url and set-search-referer-url (spec 1 §2; decision 0030): the basket's and the search's back
 * links return to the page the shopper came from. Only a page of this site counts — the Referer's origin must be the
 * request's own — and only its path and query are kept, so a back link can never lead off the site.
 */

export interface RefererGuard {
  /** The session key the page's back link is kept under. */
  key: "basketReferer" | "searchReferer";
  /** Pages that do not count as "where the shopper came from": the page itself, and steps that lead back to it. */
  ignores(pathname: string): boolean;
}

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export const BASKET_REFERER: RefererGuard = {
  key: "basketReferer",
  // The checkout's steps and the basket's own forms come back to the basket; going "back" to them is no way out.
  ignores: (pathname) => under(pathname, "/basket") || under(pathname, "/checkout"),
};

export const SEARCH_REFERER: RefererGuard = {
  key: "searchReferer",
  // Another search (a new term, the next page) is still the search.
  ignores: (pathname) => /^\/stores\/[^/]+\/search\/?$/.test(pathname),
};

/** The path and query of a same-site Referer, or null for none, another site's, or one that is not a page here. */
export function sameSitePath(referer: string | null, requestUrl: string): string | null {
  if (!referer) return null;
  let from: URL;
  let here: URL;
  try {
    from = new URL(referer);
    here = new URL(requestUrl);
  } catch {
    return null;
  }
  if (from.origin !== here.origin) return null;
  const path = `${from.pathname}${from.search}`;
  return isSitePath(from.pathname) ? path : null;
}

/** The page this visit came from that the guard keeps, or null when the visit leaves the kept one as it is. */
export function refererToKeep(guard: RefererGuard, referer: string | null, requestUrl: string): string | null {
  const path = sameSitePath(referer, requestUrl);
  if (path === null) return null;
  return guard.ignores(new URL(path, "http://site.invalid").pathname) ? null : path;
}

/** The back link to show: the kept page when it is still a site path, else the fallback. */
export function backLinkHref(kept: unknown, fallback: string): string {
  return typeof kept === "string" && isSitePath(kept) ? kept : fallback;
}

/**
 * The page a shopper sent to sign in during a request comes back to once signed in: the page a GET asked for; for a
 * form's post, the page the form was on (a same-site Referer), else the post's own address when that is a page too,
 * else the fallback. A post's address is often a form's action alone, or a confirmation the shopper never saw.
 */
export function pageToReturnTo(request: Request, isPage: (pathname: string) => boolean, fallback: string): string {
  const url = new URL(request.url);
  const own = `${url.pathname}${url.search}`;
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") return own;
  const from = sameSitePath(request.headers.get("referer"), request.url);
  if (from !== null) return from;
  return isSitePath(url.pathname) && isPage(url.pathname) ? own : fallback;
}
