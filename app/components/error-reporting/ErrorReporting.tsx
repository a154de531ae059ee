import { useEffect, useEffectEvent } from "react";
import type { BrowserErrorReporting } from "~/models/error-report";

type SentryModule = typeof import("./sentry-browser");

let loading: Promise<SentryModule> | null = null;
let running: SentryModule | null = null;

/**
 * Starts the browser's error reporting (decision 0029) once the root says it may: SENTRY_DSN is set and the shopper
 * allows performance cookies — at start when they did so before, or as soon as they accept. Sentry is imported
 * then, as its own chunk: never part of a page's initial JavaScript. Withdrawing consent stops it.
 */
export function ErrorReporting({ config }: { config: BrowserErrorReporting | null }): null {
  const dsn = config?.dsn ?? null;
  const user = config ? JSON.stringify(config.user) : null;
  // The config object is new on every load; its DSN and identity are what start, change or stop reporting.
  const follow = useEffectEvent(() => {
    if (!config) {
      if (running) {
        const stopping = running;
        running = null;
        loading = null;
        void stopping.stop();
      }
      return;
    }
    if (running) {
      running.identify(config);
      return;
    }
    if (loading) return;
    loading = import("./sentry-browser");
    loading
      .then((sentry) => {
        sentry.start(config);
        running = sentry;
      })
      .catch(() => {
        loading = null; // A chunk that failed to load: try again on the next page.
      });
  });
  useEffect(() => follow(), [dsn, user]);
  return null;
}

/** An error a boundary caught (the browser's own handlers never see it): reported when reporting runs. */
export function reportCaughtError(error: unknown): void {
  running?.report(error);
}
