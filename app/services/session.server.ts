import { randomBytes, timingSafeEqual } from "node:crypto";
import { createCookieSessionStorage, type SessionStorage } from "react-router";
import { safeRedirect } from "remix-utils/safe-redirect";
import type { AppServices } from "./context";
import type { SessionData } from "~/models/shopper";
import { signedCookie } from "./signed-cookie.server";

export const SESSION_COOKIE = "__session";
/** The session cookie lives 30 days; every response that changes it renews it. */
const SESSION_MAX_AGE = 30 * 24 * 3600;

const storages = new Map<string, SessionStorage<SessionData>>();

export function sessionStorageFor(config: AppServices["config"]): SessionStorage<SessionData> {
  const key = `${config.secureCookies}:${config.sessionSecrets.join(",")}`;
  let storage = storages.get(key);
  if (!storage) {
    storage = createCookieSessionStorage<SessionData>({
      cookie: signedCookie(SESSION_COOKIE, {
        httpOnly: true,
        sameSite: "lax",
        secure: config.secureCookies,
        path: "/",
        maxAge: SESSION_MAX_AGE,
        secrets: config.sessionSecrets,
      }),
    });
    storages.set(key, storage);
  }
  return storage;
}

export function newCsrfToken(): string {
  return randomBytes(24).toString("base64url");
}

export function csrfMatches(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== "string" || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

/**
 * The browser vouches that a post comes from one of this site's own pages (decision 0032): `Sec-Fetch-Site:
 * same-origin`, or, from a browser that sends no Fetch Metadata, an `Origin` equal to the site's own (the address
 * the request came to, or the configured public address). A request with neither header is not vouched for.
 */
export function browserSaysSameOrigin(request: Request, publicUrl?: string): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  if (origin === new URL(request.url).origin) return true;
  if (!publicUrl) return false;
  try {
    return origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

export const CSRF_FIELD = "csrf";
export const CSRF_FAILED_MESSAGE = "Your form had expired, so nothing was changed. Please try again.";

/** A same-site path to go back to after a refused post, from the Referer; "/" when there is none. */
export function sameSiteReferrer(request: Request): string {
  const referer = request.headers.get("referer");
  if (!referer) return "/";
  try {
    const from = new URL(referer);
    const here = new URL(request.url);
    if (from.origin !== here.origin) return "/";
    return `${from.pathname}${from.search}`;
  } catch {
    return "/";
  }
}

/**
 * A same-site path from a form field; anything else (absolute URLs, "//host") becomes the fallback. remix-utils'
 * safeRedirect is the gate; the URL parser then keeps only the path and query it resolves to.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  const safe = safeRedirect(typeof value === "string" ? value : null, "");
  if (!safe) return fallback;
  try {
    const url = new URL(safe, "http://site.invalid");
    if (url.origin !== "http://site.invalid") return fallback;
    return `${url.pathname}${url.search}`;
  } catch {
    return fallback;
  }
}
