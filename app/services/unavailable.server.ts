import type { MiddlewareFunction } from "react-router";
import { UNAVAILABLE_RETRY_SECONDS } from "~/models/error-page";

/**
 * The "try again in a moment" page (a 503, models/error-page.ts) tells browsers, crawlers and balancers when to ask
 * again and is never kept by a cache, whichever route's loader or action threw it (the router does not carry a thrown
 * answer's headers onto the error page).
 */
export const unavailableHeadersMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.status === 503) {
    if (!response.headers.has("Retry-After")) response.headers.set("Retry-After", String(UNAVAILABLE_RETRY_SECONDS));
    response.headers.set("Cache-Control", "no-store");
  }
  return response;
};
