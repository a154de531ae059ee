/*
 * Route rules and the stores-trailing-slash guard (spec 1 §2; decision 0030): where a request is sent before any
 * route runs. Pure, so every rule — including the attempts to turn a rule into an open redirect — is tested without
 * a server.
 */

export interface RedirectRule {
  from: string;
  to: string;
  permanent: boolean;
}

export interface RedirectAnswer {
  location: string;
  status: 301 | 302 | 307 | 308;
  /** The target is another site: the shopper leaves this one. */
  external: boolean;
}

const ABSOLUTE = /^https?:\/\//i;

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20) return true;
  return false;
}

/**
 * A path of this site, never another host: one leading slash, and not `//host` or `/\host` (browsers read both as
 * an address on another host), checked on the decoded form too so `/%2F%2Fhost` cannot slip through a later decode.
 */
export function isSitePath(value: string): boolean {
  if (!value.startsWith("/") || /^\/[/\\]/.test(value) || /\s/.test(value) || hasControlCharacter(value)) return false;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return false;
  }
  return !/^\/[/\\]/.test(decoded);
}

/** Moved for good or for now; GET and HEAD may become GET (301, 302), anything else keeps its method (308, 307). */
export function redirectStatus(permanent: boolean, method: string): RedirectAnswer["status"] {
  const safe = method === "GET" || method === "HEAD";
  if (permanent) return safe ? 301 : 308;
  return safe ? 302 : 307;
}

/** The path a rule compares: trailing slashes do not count (`/help/` is `/help`). */
function comparable(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** Where one rule sends `pathname`, or null when it does not match. */
function target(rule: RedirectRule, pathname: string): string | null {
  const path = comparable(pathname);
  if (rule.from.endsWith("/*")) {
    const base = comparable(rule.from.slice(0, -2));
    const rest =
      base === "/" ? path : path === base ? "" : path.startsWith(`${base}/`) ? path.slice(base.length) : null;
    if (rest === null) return null;
    // The rest comes from the visitor's address: repeated slashes collapse, so it cannot start a `//host`.
    const tail = rest.replace(/\/{2,}/g, "/");
    if (!rule.to.endsWith("/*")) return rule.to;
    const head = rule.to.slice(0, -2);
    return `${head}${tail}` || "/";
  }
  return comparable(rule.from) === path ? rule.to : null;
}

/**
 * The first rule matching the request's path, as the redirect to answer; null when none matches, when the target is
 * neither a site path nor an http(s) address, or when it would send the request to itself.
 */
export function matchRouteRule(rules: readonly RedirectRule[], url: URL, method: string): RedirectAnswer | null {
  for (const rule of rules) {
    const to = target(rule, url.pathname);
    if (to === null) continue;
    const external = ABSOLUTE.test(to);
    if (!external && !isSitePath(to.split(/[?#]/)[0] ?? "")) continue;
    const location = external || to.includes("?") ? to : `${to}${url.search}`;
    if (!external && location === `${url.pathname}${url.search}`) continue;
    return { location, status: redirectStatus(rule.permanent, method), external };
  }
  return null;
}

/**
 * stores-trailing-slash: a store's pages have one address, without a trailing slash (`/stores/leeds-3/` answers a
 * permanent redirect to `/stores/leeds-3`), so links, caches and search engines see one page, not two.
 */
export function storesTrailingSlash(url: URL, method: string): RedirectAnswer | null {
  const { pathname } = url;
  if (!/^\/stores(\/.*)?\/$/.test(pathname)) return null;
  const location = pathname.replace(/\/+$/, "");
  if (!isSitePath(location)) return null;
  return { location: `${location}${url.search}`, status: redirectStatus(true, method), external: false };
}
