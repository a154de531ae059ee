import { createHmac } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { parse as parseCookieHeader } from "cookie";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { consentFrom } from "~/models/consent";
import { closedBannerId, HEADER_BANNER_COOKIE } from "~/models/header-banner";
import { appContext, type AppServices } from "./context";
import { FLASH_COOKIE_PREFIX } from "./flash.server";
import { SESSION_COOKIE, sameSiteReferrer } from "./session.server";

/*
 * Pages for visitors without a session (decision 0032). Such a page depends only on its address, the consent cookies
 * (the banner), the header banner's closed cookie (decision 0034), the same-site referrer (the error page's Go back) and shared data, so:
 * - it is sent with `Cache-Control: public, no-cache` and a strong ETag (a 304 when the browser's copy is current) and
 *   `Vary: Accept-Encoding, Cookie`, so no cache ever gives it to a request with other cookies;
 * - it is kept here, drawn and compressed once, for one second (the same time the server keeps shared reads), keyed by
 *   address, consent, referrer and the shared reads' generation (test hooks and clock moves start it afresh).
 * A response is kept only when it is an HTML page (200 or 404) that sets no cookie. A request with the session or a
 * flash cookie, a data request or any other method never reads it.
 *
 * The page's CSP nonce comes from its content: the page is drawn with a placeholder, and the nonce is a keyed hash of
 * what was drawn, so the page, its nonce and its ETag are the same every time the same content is drawn (on every
 * instance with the same secret), and an answer from the cache (200 or 304) allows exactly the nonce in its body.
 */

const TTL_MS = 1000;
const MAX_ENTRIES = 300;
/** First path segments of pages that belong to a shopper, change state or carry a secret: never kept. */
const NEVER_KEPT = new Set([
  "basket",
  "checkout",
  "orders",
  "member",
  "staff",
  "auth",
  "login",
  "register",
  "forgotten-password",
  "forgotten-password-set",
  "logout",
  "location",
  "cookies",
  "header-banner",
  "__test",
  "_log",
  "_vitals",
  "img",
  "builds",
  "banners",
  "store",
  "ul",
]);
const NEVER_KEPT_IN_STORE = new Set(["time-slots", "fulfilment"]);

type Encoding = "br" | "gzip" | "identity";

interface Entry {
  expires: number;
  status: number;
  headers: [string, string][];
  nonce: string;
  /** The ETag's opaque part, from the content; each encoding adds its name. */
  tag: string;
  varyReferer: boolean;
  bodies: Partial<Record<Encoding, Buffer>>;
}

interface PageCache {
  entries: Map<string, { expires: number; entry: Promise<Entry | null> }>;
}

const caches = new WeakMap<object, PageCache>();

function cacheFor(services: AppServices): PageCache {
  let cache = caches.get(services.platform);
  if (!cache) {
    cache = { entries: new Map() };
    caches.set(services.platform, cache);
  }
  return cache;
}

/** Whether a page at this path may be kept at all. */
export function keepablePath(pathname: string): boolean {
  if (pathname.endsWith(".data")) return false;
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length > 0 && NEVER_KEPT.has(segments[0]!)) return false;
  if (segments[0] === "stores" && segments.length >= 3 && NEVER_KEPT_IN_STORE.has(segments[2]!)) return false;
  return true;
}

/** A visitor without a session: no session cookie and no flash message waiting. */
export function sessionless(cookieHeader: string | null): { consent: string; closedBanner: string } | null {
  const cookies = cookieHeader ? parseCookieHeader(cookieHeader) : {};
  for (const name of Object.keys(cookies)) {
    if (name === SESSION_COOKIE || name.startsWith(FLASH_COOKIE_PREFIX)) return null;
  }
  const consent = consentFrom(cookies);
  return {
    consent: `${consent.given ? 1 : 0}${consent.performance ? 1 : 0}${consent.targeting ? 1 : 0}`,
    // The header banner this visitor closed (only a well-formed fingerprint, so the key stays short).
    closedBanner: closedBannerId(cookies[HEADER_BANNER_COOKIE]) ?? "",
  };
}

export function preferredEncoding(acceptEncoding: string | null): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allowed = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (allowed("br")) return "br";
  if (allowed("gzip")) return "gzip";
  return "identity";
}

function encode(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === "br") {
    return brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  }
  if (encoding === "gzip") return gzipSync(body, { level: 9 });
  return body;
}

function etagOf(entry: Entry, encoding: Encoding): string {
  return `"${entry.tag}-${encoding}"`;
}

/** The If-None-Match header names this tag (or is `*`). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

function hmac(secret: string, data: string | Buffer): string {
  return createHmac("sha256", secret).update(data).digest("base64url");
}

const placeholders = new Map<string, string>();
/** The nonce pages are drawn with before their own is known: secret, so no content can contain it. */
function placeholderFor(secret: string): string {
  let placeholder = placeholders.get(secret);
  if (!placeholder) {
    placeholder = hmac(secret, "page-cache nonce placeholder").slice(0, 32);
    placeholders.set(secret, placeholder);
  }
  return placeholder;
}

function answer(entry: Entry, encoding: Encoding, request: Request, services: AppServices): Response {
  services.useNonce?.(entry.nonce);
  const etag = etagOf(entry, encoding);
  const headers = new Headers(entry.headers);
  headers.set("Cache-Control", "public, no-cache");
  headers.set("ETag", etag);
  headers.set("Vary", entry.varyReferer ? "Accept-Encoding, Cookie, Referer" : "Accept-Encoding, Cookie");
  if (matches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  let body = entry.bodies[encoding];
  if (!body) {
    body = encode(entry.bodies.identity!, encoding);
    entry.bodies[encoding] = body;
  }
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  return new Response(new Uint8Array(body), { status: entry.status, headers });
}

const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "cache-control",
  "etag",
  "vary",
  "date",
  "set-cookie",
]);

/**
 * Draws the page with the placeholder nonce and puts the page's own nonce in its place: an entry when the answer may
 * be kept, else the response as it is (with the request's own nonce where it was drawn with the placeholder).
 */
async function draw(
  context: Readonly<RouterContextProvider>,
  services: AppServices,
  next: () => Promise<Response>,
  varyReferer: boolean,
): Promise<{ entry: Entry } | { response: Response }> {
  const secret = services.config.sessionSecrets[0] ?? "";
  const placeholder = placeholderFor(secret);
  context.set(appContext, { ...services, nonce: placeholder });
  let response: Response;
  try {
    response = await next();
  } finally {
    context.set(appContext, services);
  }
  const html = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  if (!html || !response.body) return { response };
  const drawn = await response.text();
  const keep = (response.status === 200 || response.status === 404) && !response.headers.has("Set-Cookie");
  if (!keep) {
    const headers = new Headers(response.headers);
    headers.delete("Content-Length");
    return {
      response: new Response(drawn.split(placeholder).join(services.nonce), { status: response.status, headers }),
    };
  }
  const digest = hmac(secret, drawn);
  const nonce = digest.slice(0, 22);
  const body = Buffer.from(drawn.split(placeholder).join(nonce));
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!DROPPED_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
  });
  return {
    entry: {
      expires: Date.now() + TTL_MS,
      status: response.status,
      headers,
      nonce,
      tag: digest.slice(22, 43),
      varyReferer,
      bodies: { identity: body },
    },
  };
}

function sweep(cache: PageCache, now: number): void {
  for (const [key, held] of cache.entries) if (held.expires <= now) cache.entries.delete(key);
  if (cache.entries.size < MAX_ENTRIES) return;
  let drop = Math.ceil(cache.entries.size / 2);
  for (const key of cache.entries.keys()) {
    if (drop-- <= 0) break;
    cache.entries.delete(key);
  }
}

/** The root's first middleware: answers a sessionless visitor's page from the page cache, or draws and keeps it. */
export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method !== "GET") return next();
  const services = context.get(appContext);
  // A data request's address is its page's once React Router takes `.data` off: never answered with the page.
  if (services.dataRequest) return next();
  const url = new URL(request.url);
  if (url.searchParams.has("_routes") || !keepablePath(url.pathname)) return next();
  const visitor = sessionless(request.headers.get("Cookie"));
  if (!visitor) return next();
  const referrer = sameSiteReferrer(request);
  const generation = services.platform.currentGeneration();
  const key = `${generation}\n${url.origin}${url.pathname}${url.search}\n${visitor.consent}\n${visitor.closedBanner}\n${referrer}`;
  const encoding = preferredEncoding(request.headers.get("Accept-Encoding"));
  const cache = cacheFor(services);
  const now = Date.now();
  const held = cache.entries.get(key);
  if (held && held.expires > now) {
    const entry = await held.entry.catch(() => null);
    if (entry) return answer(entry, encoding, request, services);
  }

  // This request draws the page; requests for the same page meanwhile wait for it rather than draw it again.
  let settle: (entry: Entry | null) => void = () => {};
  const pending = new Promise<Entry | null>((resolve) => {
    settle = resolve;
  });
  if (cache.entries.size >= MAX_ENTRIES) sweep(cache, now);
  cache.entries.set(key, { expires: now + TTL_MS, entry: pending });
  try {
    const drawn = await draw(context, services, next, referrer !== "/");
    if ("response" in drawn) {
      cache.entries.delete(key);
      settle(null);
      return drawn.response;
    }
    settle(drawn.entry);
    cache.entries.set(key, { expires: drawn.entry.expires, entry: pending });
    return answer(drawn.entry, encoding, request, services);
  } catch (error) {
    cache.entries.delete(key);
    settle(null);
    throw error;
  }
};
