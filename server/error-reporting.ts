import type { ErrorReport, ErrorReporter } from "../app/models/error-report";
import { parseDsn, scrubEvent, sentryUser } from "../app/models/error-report";
import type { Logger } from "../platform/logger";

/** The server's reporter, which also learns the build's id once the storefront's bundle is loaded. */
export interface ServerErrorReporter extends ErrorReporter {
  setRelease(release: string): void;
  /** Sends what waits (at shutdown, and for tests); true when everything went. */
  flush(timeoutMs?: number): Promise<boolean>;
}

/** Reporting off (no SENTRY_DSN): nothing is loaded, nothing is sent. */
export const NO_SERVER_ERROR_REPORTER: ServerErrorReporter = {
  enabled: false,
  capture() {},
  setRelease() {},
  flush: async () => true,
};

export interface SentryOptions {
  dsn: string;
  environment: string;
  release?: string;
  log: Logger;
}

/**
 * Unexpected server errors to Sentry through @sentry/node's client, built by hand rather than by `Sentry.init` (see
 * docs/decisions/0029-sentry-error-reporting.md): no OpenTelemetry, no instrumentation of Node's modules, no
 * default integrations, no tracing, no sessions, no client reports — only the events we capture, scrubbed by the
 * same function as the browser's (app/models/error-report.ts), sent over Sentry's envelope protocol. The package is
 * loaded only when a DSN is configured (it takes about two seconds to load here).
 */
export async function sentryErrorReporter(options: SentryOptions): Promise<ServerErrorReporter> {
  if (!parseDsn(options.dsn)) throw new Error("SENTRY_DSN is not a Sentry DSN");
  const Sentry = await import("@sentry/node");
  const client = new Sentry.NodeClient({
    dsn: options.dsn,
    environment: options.environment,
    ...(options.release ? { release: options.release } : {}),
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    // No dedupe: the same fault in two shoppers' requests is two reports, each with its own request id.
    integrations: [Sentry.linkedErrorsIntegration()],
    // No user details, cookies or bodies collected by the SDK itself; the scrubber is the second guard.
    dataCollection: { userInfo: false, cookies: false, httpBodies: [] },
    sendClientReports: false,
    enableRuntimeChannelInjection: false,
    includeServerName: false,
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: () => null,
  });
  client.init();
  let release = options.release;
  const base = new Sentry.Scope();
  base.setClient(client);
  return {
    enabled: true,
    setRelease(id) {
      release = id;
    },
    capture(error: unknown, report: ErrorReport) {
      try {
        const scope = base.clone();
        scope.setUser(sentryUser(report.user));
        scope.setTag("source", report.source);
        if (report.requestId) scope.setTag("request_id", report.requestId);
        scope.addEventProcessor((event) => ({
          ...event,
          ...(release ? { release } : {}),
          ...(report.request
            ? {
                request: {
                  method: report.request.method,
                  url: report.request.url,
                  headers: report.request.headers ?? {},
                },
              }
            : {}),
        }));
        client.captureException(error, { mechanism: { type: report.source, handled: false } }, scope);
      } catch (failure) {
        // Reporting must never take the server down with it.
        options.log.warn("error_report.failed", { error: String(failure) });
      }
    },
    async flush(timeoutMs = 2_000) {
      return client.flush(timeoutMs);
    },
  };
}

/** The reporter the environment asks for: Sentry with SENTRY_DSN, nothing without. */
export async function errorReporterFromEnv(
  env: { SENTRY_DSN?: string; NODE_ENV: string },
  log: Logger,
): Promise<ServerErrorReporter> {
  if (!env.SENTRY_DSN) return NO_SERVER_ERROR_REPORTER;
  return sentryErrorReporter({ dsn: env.SENTRY_DSN, environment: env.NODE_ENV, log });
}
