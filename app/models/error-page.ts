import { isRouteErrorResponse } from "react-router";

/** Spec 1 §2 and §8: the error page's texts. */
export const NOT_FOUND_TITLE = "Page Not Found";
export const SYSTEM_ERROR_MESSAGE = "There was an error on the system. Please try again.";

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
