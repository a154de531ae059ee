import { parse as parseCookieHeader } from "cookie";
import type { RouterContextProvider } from "react-router";
import { api } from "#contract";
import { consentFrom } from "~/models/consent";
import {
  ANONYMOUS,
  reportUser,
  type BrowserErrorReporting,
  type ErrorReport,
  type ReportUser,
} from "~/models/error-report";
import { appContext, shopperContext, type Shopper } from "./context";

/**
 * The storefront's side of error reporting (issue 18 item 2; spec 1 §6, §8). The reporter itself is the server's
 * (server/error-reporting.ts, Sentry when SENTRY_DSN is set, else nothing); here is what a report says about the
 * request and the shopper, and what the browser is told so its own reporting can start after consent.
 */
/** Reading the member's name must never hold a report up for long. */
const NAME_TIMEOUT_MS = 2_000;

function shopperOf(context: Readonly<RouterContextProvider>): Shopper | null {
  try {
    return context.get(shopperContext);
  } catch {
    return null; // The error came before the session middleware set the shopper up.
  }
}

/**
 * Who the report names (spec 1 §6): with performance consent, the member's full name (read from the platform) or
 * 'guest'; otherwise, or when the shopper cannot be told, anonymous.
 */
export async function identify(context: Readonly<RouterContextProvider>, request: Request): Promise<ReportUser> {
  const header = request.headers.get("Cookie");
  const consent = consentFrom(header ? parseCookieHeader(header) : {});
  if (!consent.performance) return ANONYMOUS;
  const shopper = shopperOf(context);
  if (!shopper) return ANONYMOUS;
  if (shopper.session.get("auth")?.strategy !== "member") return reportUser(true, "guest");
  try {
    const profile = await Promise.race([
      shopper.api.call(api.memberProfileGet, {}),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timed out")), NAME_TIMEOUT_MS).unref?.()),
    ]);
    return reportUser(true, profile);
  } catch {
    return reportUser(true, "unknown");
  }
}

/** The request as a report shows it: method, URL and a few harmless headers (the scrubber cleans the rest). */
function requestOf(request: Request): ErrorReport["request"] {
  const headers: Record<string, string> = {};
  for (const name of ["user-agent", "referer", "accept-language"]) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  return { method: request.method, url: request.url, headers };
}

/** Reports an unexpected error of this request (never awaited: the shopper's answer does not wait for it). */
export function reportRequestError(
  context: Readonly<RouterContextProvider>,
  request: Request,
  error: unknown,
  source: ErrorReport["source"],
): void {
  let services;
  try {
    services = context.get(appContext);
  } catch {
    return;
  }
  const { errors, requestId } = services;
  if (!errors.enabled) return;
  const send = (user: ReportUser) => errors.capture(error, { requestId, source, request: requestOf(request), user });
  void identify(context, request).then(send, () => send(ANONYMOUS));
}

/** What the root loader gives the browser: the public DSN and identity, only when configured and allowed. */
export async function browserErrorReporting(
  context: Readonly<RouterContextProvider>,
  request: Request,
  performanceConsent: boolean,
): Promise<BrowserErrorReporting | null> {
  const sentry = context.get(appContext).config.sentry;
  if (!sentry || !performanceConsent) return null;
  return { dsn: sentry.publicDsn, environment: sentry.environment, user: await identify(context, request) };
}
