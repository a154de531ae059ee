import { logFailure } from "~/models/error-page";
import { redirect, type MiddlewareFunction, type Session } from "react-router";
import { api, contentTypes, type StrapiEnvelope } from "#contract";
import { backLinkHref, refererToKeep, type RefererGuard } from "~/models/back-link";
import type { SessionData } from "~/models/shopper";
import { matchRouteRule, storesTrailingSlash, type RedirectRule } from "~/models/route-rules";
import { appContext } from "~/services/context";
import type { Logger } from "~/services/logger.server";
import { PlatformError } from "~/services/platform-client.server";
import type { SharedPlatform } from "~/services/shopper.server";

/*
 * The named route guards of spec 1 §2 this storefront runs on the server (decision 0030): the content's route rules
 * and stores-trailing-slash, before any route; set-basket-referer-url and set-search-referer-url, in the basket's and
 * the search's loaders.
 */

/** The rules as parsed from one content read (shared reads hand back the same envelope until they expire). */
const parsedRules = new WeakMap<StrapiEnvelope, RedirectRule[]>();

/** The content's redirect table; none when the content has no route rules, or when reading them failed (logged). */
export async function routeRules(platform: SharedPlatform, log: Logger): Promise<RedirectRule[]> {
  let envelope: StrapiEnvelope;
  try {
    envelope = await platform.cached(api.strapiContent, { contentType: "route-rules", populate: "deep" });
  } catch (error) {
    // Without rules every page still works: a content outage must not take the shop down (decision 0008).
    if (!(error instanceof PlatformError && error.status === 404)) logFailure(log, "content.route_rules_failed", error);
    return [];
  }
  let rules = parsedRules.get(envelope);
  if (!rules) {
    const entry = Array.isArray(envelope.data) ? envelope.data[0] : envelope.data;
    const parsed = contentTypes["route-rules"].schema.safeParse(entry?.attributes ?? {});
    if (!parsed.success) log.error("content.route_rules_invalid", { issue: parsed.error.issues[0]?.message });
    rules = parsed.success ? parsed.data.redirects : [];
    parsedRules.set(envelope, rules);
  }
  return rules;
}

/**
 * Runs before every route, for pages and for the data requests of client navigations alike (React Router hands a
 * redirect thrown here to the browser either way, and leaves for an absolute one with a full page load).
 */
export const routeRulesMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const method = request.method.toUpperCase();
  const slash = storesTrailingSlash(url, method);
  if (slash) throw redirect(slash.location, slash.status);
  const { platform, log } = context.get(appContext);
  const rule = matchRouteRule(await routeRules(platform, log), url, method);
  if (rule) throw redirect(rule.location, rule.status);
  return next();
};

/**
 * set-basket-referer-url / set-search-referer-url: keeps the page the shopper came from (a same-site Referer that is
 * not the page itself), and answers the back link to show — the kept page, else the fallback.
 */
export function rememberBackLink(
  session: Session<SessionData>,
  request: Request,
  guard: RefererGuard,
  fallback: string,
): string {
  const from = refererToKeep(guard, request.headers.get("referer"), request.url);
  if (from !== null && session.get(guard.key) !== from) session.set(guard.key, from);
  return backLinkHref(session.get(guard.key), fallback);
}
