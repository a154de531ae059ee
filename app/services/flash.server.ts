import { randomBytes } from "node:crypto";
import { parse as parseCookieHeader } from "cookie";
import { data, redirect, type Cookie, type RouterContextProvider } from "react-router";
import type { Flash, Toast } from "~/models/shopper";
import { appContext, type AppServices } from "./context";
import { signedCookie } from "./signed-cookie.server";

/*
 * Flash messages (a toast, a failed store search) travel in cookies of their own, one per message, not in the session
 * cookie. A page that shows a message clears exactly the cookies it read. The session cookie is last-write-wins: when
 * a message lived there, a page load still in flight (the data refresh after a quantity change) cleared it by writing
 * back its older copy of the session, over the one a newer request (a coupon applied at once) had just written with
 * its own message — and that message was lost. A message's own cookie is only ever cleared by a page that read it.
 */

export const FLASH_COOKIE_PREFIX = "__flash_";
/** A message nobody showed within five minutes is stale (the shopper left): the browser drops its cookie. */
const FLASH_MAX_AGE = 300;
/** At most this many messages are read from one request; a client that piled up more has them cleared unread. */
const MAX_READ = 8;
const FLASH_COOKIE_NAME = new RegExp(`^${FLASH_COOKIE_PREFIX}[A-Za-z0-9_-]{1,64}$`);
export const FLASH_KEYS = ["toast", "locationError"] as const satisfies readonly (keyof Flash)[];

export type FlashKey = (typeof FLASH_KEYS)[number];

interface StoredFlash {
  key: FlashKey;
  value: Flash[FlashKey];
  /** When it was set (epoch ms) and its order within that request: the newest message of a kind is the one shown. */
  at: number;
  seq: number;
}

export interface ArrivedFlashes {
  flash: Partial<Flash>;
  /** Every flash cookie the request carried, read or not: a page that shows the messages clears all of them. */
  names: string[];
}

export interface FlashCookies {
  read(cookieHeader: string | null): Promise<ArrivedFlashes>;
  /** Set-Cookie values: one cookie per new message, and the named ones cleared. */
  headers(changes: { add: { key: FlashKey; value: unknown }[]; clear: string[]; now: number }): Promise<string[]>;
}

function isText(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= 1000;
}

/** Only the shapes the pages know how to show; anything else in a (signed, so our own) cookie is ignored. */
function validValue(key: FlashKey, value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  if (key === "toast") return (v.kind === "success" || v.kind === "error" || v.kind === "info") && isText(v.message);
  return isText(v.message) && typeof v.value === "string" && v.value.length <= 200;
}

function asStored(value: unknown): StoredFlash | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!FLASH_KEYS.includes(v.key as FlashKey) || typeof v.at !== "number" || typeof v.seq !== "number") return null;
  if (!validValue(v.key as FlashKey, v.value)) return null;
  return v as unknown as StoredFlash;
}

const cache = new Map<string, FlashCookies>();

export function flashCookiesFor(config: AppServices["config"]): FlashCookies {
  const cacheKey = `${config.secureCookies}:${config.sessionSecrets.join(",")}`;
  const known = cache.get(cacheKey);
  if (known) return known;

  const cookie = (name: string): Cookie =>
    signedCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      path: "/",
      maxAge: FLASH_MAX_AGE,
      secrets: config.sessionSecrets,
    });

  const flashes: FlashCookies = {
    async read(cookieHeader) {
      if (!cookieHeader || !cookieHeader.includes(FLASH_COOKIE_PREFIX)) return { flash: {}, names: [] };
      const names = Object.keys(parseCookieHeader(cookieHeader)).filter((name) => FLASH_COOKIE_NAME.test(name));
      const stored: StoredFlash[] = [];
      for (const name of names.slice(0, MAX_READ)) {
        const entry = asStored(await cookie(name).parse(cookieHeader));
        if (entry) stored.push(entry);
      }
      stored.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const flash: Partial<Flash> = {};
      for (const entry of stored) Object.assign(flash, { [entry.key]: entry.value });
      return { flash, names };
    },

    async headers({ add, clear, now }) {
      const headers: string[] = [];
      for (const name of clear) headers.push(await cookie(name).serialize("", { maxAge: 0, expires: new Date(0) }));
      let seq = 0;
      for (const { key, value } of add) {
        if (!validValue(key, value)) continue;
        const name = `${FLASH_COOKIE_PREFIX}${randomBytes(9).toString("base64url")}`;
        headers.push(
          await cookie(name).serialize({
            key,
            value: value as StoredFlash["value"],
            at: now,
            seq: seq++,
          } satisfies StoredFlash),
        );
      }
      return headers;
    },
  };
  cache.set(cacheKey, flashes);
  return flashes;
}

type RequestContext = Readonly<RouterContextProvider>;

/**
 * Set-Cookie headers that leave messages for the next page the shopper sees: one cookie per message, read and cleared
 * by the root loader of the page that shows it. Give them to any answer — a redirect, a fetcher's data, a page.
 */
export async function flashHeaders(
  context: RequestContext,
  flash: Partial<Flash>,
  headers = new Headers(),
): Promise<Headers> {
  const add = FLASH_KEYS.flatMap((key) => (flash[key] ? [{ key, value: flash[key] }] : []));
  const cookies = flashCookiesFor(context.get(appContext).config);
  for (const value of await cookies.headers({ add, clear: [], now: Date.now() })) headers.append("Set-Cookie", value);
  return headers;
}

function initWith(init: number | ResponseInit | undefined, status: number): ResponseInit {
  return typeof init === "number" ? { status: init } : { status, ...init };
}

/** A 303 to `to` that leaves these messages for the page it leads to. */
export async function redirectWithFlash(
  context: RequestContext,
  to: string,
  flash: Partial<Flash>,
  init?: number | ResponseInit,
): Promise<Response> {
  const base = initWith(init, 303);
  return redirect(to, { ...base, headers: await flashHeaders(context, flash, new Headers(base.headers)) });
}

/** A 303 to `to` with a toast on the page it leads to: the answer of a form post that worked (or was refused whole). */
export function redirectWithToast(
  context: RequestContext,
  to: string,
  toast: Toast,
  init?: number | ResponseInit,
): Promise<Response> {
  return redirectWithFlash(context, to, { toast }, init);
}

/** Data for a fetcher, with a toast that the revalidation after it shows. */
export async function dataWithToast<T>(
  context: RequestContext,
  value: T,
  toast: Toast | null,
  init?: number | ResponseInit,
) {
  const base = initWith(init, 200);
  if (!toast) return data(value, base);
  return data(value, { ...base, headers: await flashHeaders(context, { toast }, new Headers(base.headers)) });
}
