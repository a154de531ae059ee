import { parseWithZod } from "@conform-to/zod/v4";
import type { MiddlewareFunction } from "react-router";
import { z } from "zod";
import { appContext, shopperContext } from "./context";
import { flashCookiesFor, redirectWithToast } from "./flash.server";
import { CSRF_FAILED_MESSAGE, CSRF_FIELD, csrfMatches, newCsrfToken, sameSiteReferrer, sessionStorageFor } from "./session.server";
import { createShopperApi } from "./shopper.server";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Posts that change no shopper state and come from script, not forms: the browser's error log. */
const CSRF_EXEMPT = new Set(["/_log"]);

/** Resources that need no session at all: images are public and cacheable, so they must not set a cookie. */
const SESSIONLESS = new Set(["/img"]);

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
  let csrf = session.get("csrf");
  if (!csrf) {
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
      for (const header of await flashes.headers({ add: [], clear: arrived.names, now: Date.now() })) response.headers.append("Set-Cookie", header);
    }
    if (JSON.stringify(session.data) !== before) response.headers.append("Set-Cookie", await storage.commitSession(session));
    return response;
  };

  if (MUTATING.has(request.method.toUpperCase()) && !CSRF_EXEMPT.has(path)) {
    const given = await readCsrfField(request);
    if (!csrfMatches(csrf, given)) {
      return commit(await redirectWithToast(context, sameSiteReferrer(request), { kind: "error", message: CSRF_FAILED_MESSAGE }));
    }
  }

  context.set(shopperContext, {
    session,
    takeFlash,
    csrfToken: csrf,
    shared: services.platform,
    api: createShopperApi({ transport: services.platform.transport, session, clock: services.clock, clientIp: services.clientIp }),
  });
  return commit(await next());
};

/** The token field every form post carries (remix-utils' AuthenticityTokenInput renders it). */
const tokenSchema = z.object({ [CSRF_FIELD]: z.string().max(200) });

/** The post's anti-forgery token, read from a copy of the body so the action still gets it whole. */
async function readCsrfField(request: Request): Promise<string | undefined> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) return undefined;
  try {
    const submission = parseWithZod(await request.clone().formData(), { schema: tokenSchema });
    return submission.status === "success" ? submission.value[CSRF_FIELD] : undefined;
  } catch {
    return undefined;
  }
}
