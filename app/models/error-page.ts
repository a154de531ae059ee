import { data, isRouteErrorResponse } from "react-router";
import { SYSTEM_ERROR_MESSAGE } from "#contract/error-messages";
import { SERVICE_UNAVAILABLE_MESSAGE } from "#contract/service-unavailable";

/** Spec 1 §2 and §8: the error page's texts. */
export const NOT_FOUND_TITLE = "Page Not Found";

/** The heading of the page a shopper gets while the platform cannot answer (its database restarting, say). */
export const UNAVAILABLE_MESSAGE = SERVICE_UNAVAILABLE_MESSAGE;
/** How soon a browser or a crawler may ask again (Retry-After). */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * The "try again in a moment" page, 503: what a loader or an action throws when the platform cannot answer for now.
 * Nothing the shopper did is lost (their session is a cookie); reloading repeats the request.
 */
export function unavailablePage() {
  return data(
    { message: UNAVAILABLE_MESSAGE },
    { status: 503, headers: { "Retry-After": String(UNAVAILABLE_RETRY_SECONDS), "Cache-Control": "no-store" } },
  );
}

/** Whether something thrown is that page (as thrown, or as the router hands it to an error boundary). */
export function isUnavailablePage(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status === 503;
  const thrown = error as { type?: unknown; init?: { status?: unknown } | null } | null;
  return (
    typeof thrown === "object" &&
    thrown !== null &&
    thrown.type === "DataWithResponseInit" &&
    thrown.init?.status === 503
  );
}

/** A failure as a log line names it: the 503 page thrown for an unavailable platform says so, not "[object Object]". */
export function failureText(error: unknown): string {
  if (isUnavailablePage(error)) return "the platform cannot answer for now (503)";
  return error instanceof Error ? error.message : String(error);
}

/**
 * Logs a failure a page gets over (content, navigation): an error, or only a warning while the platform cannot answer
 * (a database restart), when the platform has logged its own warning and the shopper already sees the 503 page.
 */
export function logFailure(
  log: {
    warn(event: string, fields: Record<string, unknown>): void;
    error(event: string, fields: Record<string, unknown>): void;
  },
  event: string,
  error: unknown,
): void {
  (isUnavailablePage(error) ? log.warn : log.error).call(log, event, { error: failureText(error) });
}

/**
 * The status a page is sent with. A page that shows the "try again in a moment" page is a 503 whatever came before it:
 * a form refused with a 400 whose page's loaders the platform then could not answer (a database restart) showed the
 * 503 page under the action's 400, which a browser, a proxy or a retrying client reads as final.
 */
export function documentStatus(status: number, errors: Record<string, unknown> | null | undefined): number {
  if (status >= 500 || !errors) return status;
  return Object.values(errors).some(isUnavailablePage) ? 503 : status;
}

/** Lets the "try again in a moment" page through a catch that would turn every failure into a message of its own. */
export function rethrowIfUnavailable(error: unknown): void {
  if (isUnavailablePage(error)) throw error;
}

export function notFoundMessage(path: string): string {
  return `Page Not Found: ${path}`;
}

export function errorDescription(status: number): string {
  if (status === 404) {
    return "Either this page no longer exists, or there's a typo in the web address. Click below for something more interesting.";
  }
  if (status === 500) {
    return "Sorry, something went wrong on our end. Please try again later, or contact support if the problem continues.";
  }
  return "An unexpected error occurred. Please try again later.";
}

export function errorTitle(status: number): string {
  return status === 404 ? NOT_FOUND_TITLE : `${status} Error`;
}

/** What an error page shows, from whatever a loader or action threw. Never a stack or an internal message. */
export function describeError(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { message?: unknown } | string | null | undefined;
    const message =
      typeof data === "string" && data.trim()
        ? data
        : data && typeof data === "object" && typeof data.message === "string"
          ? data.message
          : error.status === 404
            ? NOT_FOUND_TITLE
            : SYSTEM_ERROR_MESSAGE;
    return { status: error.status, message };
  }
  return { status: 500, message: SYSTEM_ERROR_MESSAGE };
}
