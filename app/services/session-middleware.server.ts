import { parseWithZod } from "@conform-to/zod/v4";
import type { MiddlewareFunction } from "react-router";
import { z } from "zod";
import { appContext, shopperContext } from "./context";
import { AUTH_MESSAGES } from "#contract";
import { flashCookiesFor, flashHeaders, redirectWithToast } from "./flash.server";
import { FORM_UNREADABLE_MESSAGE } from "~/models/form-reply.server";
import {
  browserSaysSameOrigin,
  CSRF_FAILED_MESSAGE,
  CSRF_FIELD,
  csrfMatches,
  newCsrfToken,
  sameSiteReferrer,
  sessionStorageFor,
} from "./session.server";
import { createShopperApi } from "./shopper.server";
import { NO_SESSION_TOKEN } from "~/models/shopper";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Posts that change no shopper state and come from script, not forms: the browser's error log. They carry no token,
 * so they make no session either: a visitor whose page reports an error keeps being served from the page cache.
 */
const CSRF_EXEMPT = new Set(["/_log"]);

/**
 * Resources that need no session at all: images are public and cacheable, the build check is polled by open pages,
 * and Web Vitals come as beacons that change nothing of the shopper's; none of them must set a cookie.
 */
const SESSIONLESS = new Set(["/img", "/builds/latest.json", "/_vitals"]);

/**
 * Posts that change nothing the session holds (closing the header banner sets a cookie of its own): a visitor's post
 * is checked as any sessionless form is, but makes no session, so the visitor's later pages still come from the page
 * cache (decision 0034).
 */
const NO_SESSION_POSTS = new Set(["/header-banner"]);

/**
 * Opens the shopper's session for the request, checks the anti-forgery token of every post, and writes the
 * session cookie back when the request changed it. Flash messages travel in cookies of their own
 * (flash.server.ts): an action leaves one with the headers of its answer (`redirectWithToast`), and a page whose root
 * loader shows the messages clears the ones it arrived with. Requests beside a page (impression pixels, address
 * suggestions, the error log) run no root loader, so they never take a message meant for the page the shopper is
 * about to see.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const path = new URL(request.url).pathname;
  if (SESSIONLESS.has(path)) return next();
  const services = context.get(appContext);
  const storage = sessionStorageFor(services.config);
  const cookieHeader = request.headers.get("Cookie");
  const session = await storage.getSession(cookieHeader);
  const before = JSON.stringify(session.data);
  const mutating = MUTATING.has(request.method.toUpperCase());
  // A visitor's pages are sessionless (decision 0032): no token is made and no cookie set until a post, which is
  // the first thing that needs a session. The post makes one whether it is accepted or refused, so a page drawn
  // after it carries the session's token.
  let csrf = session.get("csrf") ?? "";
  if (!csrf && mutating && !NO_SESSION_POSTS.has(path) && !CSRF_EXEMPT.has(path)) {
    csrf = newCsrfToken();
    session.set("csrf", csrf);
  }

  const flashes = flashCookiesFor(services.config);
  const arrived = await flashes.read(cookieHeader);
  let taken = false;
  // Read by the root loader, once: loaders run in parallel, so no other loader reads messages.
  const takeFlash = () => {
    taken = true;
    return arrived.flash;
  };

  const commit = async (response: Response) => {
    // A redirect renders nothing: what arrived stays for the page it leads to.
    const redirecting = response.status >= 300 && response.status < 400;
    if (taken && !redirecting) {
      for (const header of await flashes.headers({ add: [], clear: arrived.names, now: Date.now() }))
        response.headers.append("Set-Cookie", header);
    }
    if (JSON.stringify(session.data) !== before)
      response.headers.append("Set-Cookie", await storage.commitSession(session));
    return response;
  };

  if (mutating && !CSRF_EXEMPT.has(path)) {
    const form = await readCsrfField(request);
    // Every form posts URL-encoded or multipart; anything else (a script's JSON, a broken body) no action can read.
    if (!form.readable)
      return commit(
        await redirectWithToast(context, sameSiteReferrer(request), {
          kind: "error",
          message: FORM_UNREADABLE_MESSAGE,
        }),
      );
    if (!postAllowed(request, csrf, form.token, services.config.publicUrl)) {
      return commit(
        await redirectWithToast(context, sameSiteReferrer(request), { kind: "error", message: CSRF_FAILED_MESSAGE }),
      );
    }
  }

  const api = createShopperApi({
    transport: services.platform.transport,
    session,
    clock: services.clock,
    clientIp: services.clientIp,
  });
  context.set(shopperContext, { session, takeFlash, csrfToken: csrf, shared: services.platform, api });
  const response = await next();
  return commit(api.memberSessionExpired() ? await sessionExpiredAnswer(request, response, context) : response);
};

/**
 * The member's session ended while this request ran (spec 2 §4): they are a guest now, and are told so. A redirect
 * keeps its destination and carries the toast; a page drawn while the session was ending is drawn again, as a guest,
 * by sending the shopper to it once more; a post goes back to where it came from.
 */
async function sessionExpiredAnswer(
  request: Request,
  response: Response,
  context: Parameters<MiddlewareFunction<Response>>[0]["context"],
): Promise<Response> {
  const toast = { kind: "error", message: AUTH_MESSAGES.sessionExpired } as const;
  const location = response.headers.get("Location");
  if (response.status >= 300 && response.status < 400 && location) {
    const headers = await flashHeaders(context, { toast }, new Headers(response.headers));
    return new Response(response.body, { status: response.status, headers });
  }
  return redirectWithToast(context, request.method === "GET" ? samePage(request) : sameSiteReferrer(request), toast);
}

/** The page a GET asked for, without the data request's suffix and parameters (client navigations ask for /path.data). */
function samePage(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const path = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  return `${path}${url.search}`;
}

/**
 * A post goes through when its form carries the session's token, or when its form was drawn on a sessionless page
 * (the field absent, empty or NO_SESSION_TOKEN) and the browser vouches that it comes from this site (decision 0032). A token
 * that is given must match: a form from an older session is refused as expired.
 */
function postAllowed(
  request: Request,
  csrf: string,
  given: string | undefined,
  publicUrl: string | undefined,
): boolean {
  if (given && given !== NO_SESSION_TOKEN) return csrfMatches(csrf, given);
  return browserSaysSameOrigin(request, publicUrl);
}

/** The token field every form post carries (remix-utils' AuthenticityTokenInput renders it). */
const tokenSchema = z.object({ [CSRF_FIELD]: z.string().max(200).optional() });

/**
 * The post's anti-forgery token, read from a copy of the body so the action still gets it whole; or that the body is
 * no form at all (another content type, or a form body that cannot be parsed), which no action could read either.
 */
async function readCsrfField(
  request: Request,
): Promise<{ readable: false } | { readable: true; token: string | undefined }> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data"))
    return { readable: false };
  try {
    const submission = parseWithZod(await request.clone().formData(), { schema: tokenSchema });
    // A token field that cannot be one (too long) is given but never matches.
    return { readable: true, token: submission.status === "success" ? submission.value[CSRF_FIELD] : "!" };
  } catch {
    return { readable: false };
  }
}
