import {
  breadcrumbsIntegration,
  captureException,
  close,
  dedupeIntegration,
  globalHandlersIntegration,
  httpContextIntegration,
  init,
  linkedErrorsIntegration,
  setUser,
} from "@sentry/react";
import { scrubEvent, sentryUser, type BrowserErrorReporting, type ScrubbableEvent } from "~/models/error-report";

/*
 * The browser's Sentry (decision 0029): in its own chunk, imported only once the shopper allows performance cookies
 * (ErrorReporting.tsx). Named imports let the build leave out what is not used: no session replay (it would send the
 * page's content past any scrubbing), no feedback widget, no tracing (so no trace headers on any request), no
 * sessions or client reports. Uncaught errors and rejections only, with navigation and request breadcrumbs, every
 * event scrubbed (app/models/error-report.ts) before it leaves.
 */
export function start(config: BrowserErrorReporting): void {
  init({
    dsn: config.dsn,
    release: __BUILD_ID__,
    environment: config.environment,
    defaultIntegrations: false,
    integrations: [
      globalHandlersIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
      httpContextIntegration(),
      // Clicks, navigations and the page's own requests, as the steps before an error.
      breadcrumbsIntegration({ dom: true, fetch: true, history: true, xhr: true, sentry: false }),
    ],
    // No user details, cookies or bodies collected by the SDK itself; the scrubber is the second guard.
    dataCollection: { userInfo: false, cookies: false, httpBodies: [] },
    sendClientReports: false,
    beforeSend: (event) => scrubEvent(event as ScrubbableEvent) as typeof event,
  });
  identify(config);
}

export function identify(config: BrowserErrorReporting): void {
  setUser(sentryUser(config.user));
}

export function report(error: unknown): void {
  captureException(error);
}

/** The shopper withdrew consent: stop reporting (nothing more is sent from this page). */
export function stop(): Promise<boolean> {
  return close(2_000);
}
