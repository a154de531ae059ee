import compression from "compression";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { controllableClock, systemClock, type Clock, type ControllableClock } from "#contract";
import type { Logger } from "../platform/logger";
import type { Env } from "./env";
import { composePlatform, mountPlatform } from "./platform";
import { platformFaults } from "./platform-faults";
import { mountStorefront, securityHeadersAndLog } from "./storefront";
import { mountTestHooks } from "./test-hooks";
import { loggablePath, requestIdFor } from "./security";
import { errorReporterFromEnv } from "./error-reporting";
import { ANONYMOUS } from "../app/models/error-report";

export interface ServerParts {
  app: express.Express;
  clock: Clock;
  /** Ends long-lived answers (event streams), so that closing the server need not wait for them. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole server: the platform composed (platform.ts), then, in the order they answer, security headers and the
 * request log, compression, the health check, the test and development hooks (test-hooks.ts), the embedded
 * platform's /api, and the storefront (storefront.ts).
 */
export async function createServerParts(env: Env, log: Logger): Promise<ServerParts> {
  const testClock: ControllableClock | null = env.TEST_CLOCK ? controllableClock() : null;
  const clock: Clock = testClock ?? systemClock();
  const platform = await composePlatform(env, clock, log);
  // Unexpected errors to Sentry when SENTRY_DSN is set (decision 0029); the storefront's are reported from its bundle.
  const errors = await errorReporterFromEnv(env, log);
  // Shared reads are cached inside the app bundle (its own classes, so its instanceof checks hold); bumping the
  // generation tells that cache to start afresh.
  let sharedGeneration = 0;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.use(securityHeadersAndLog(env, log));
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({
      status: "ok",
      platform: env.PLATFORM_URL ? "remote" : "embedded",
      database: platform.embedded?.database ?? null,
    });
  });

  mountTestHooks(app, {
    env,
    clock,
    testClock,
    platform: platform.embedded,
    invalidateShared: () => void sharedGeneration++,
  });
  // Test servers let a journey make the platform's answers fail for its own shopper (server/platform-faults.ts).
  const faults = testClock ? platformFaults(platform.transport, () => void sharedGeneration++) : null;
  faults?.mount(app);
  mountPlatform(app, platform);
  const transport = faults?.transport ?? platform.transport;
  const storefront = await mountStorefront(app, {
    env,
    log,
    clock,
    testClock,
    transport,
    generation: () => sharedGeneration,
    errors,
  });

  app.use((error: unknown, req: ExpressRequest, res: ExpressResponse, _next: NextFunction) => {
    const requestId = (res.locals.requestId as string | undefined) ?? requestIdFor(undefined, false);
    log.error("http.unhandled", {
      path: loggablePath(req.path),
      requestId,
      error: error instanceof Error ? error.stack : String(error),
    });
    // Out here the session is not read, so who the shopper is cannot be told: the report names nobody (spec 1 §6
    // allows naming them with consent; it never asks for more). The storefront's own errors are reported with it.
    errors.capture(error, {
      requestId,
      source: "server",
      request: {
        method: req.method,
        url: `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`,
        headers: { "user-agent": req.get("user-agent") ?? "" },
      },
      user: ANONYMOUS,
    });
    if (res.headersSent) return;
    res.status(500).type("text/plain").send("Sorry, something went wrong on our end. Please try again later.");
  });

  return {
    app,
    clock,
    drain: () => storefront.drain(),
    async close() {
      await storefront.close();
      await platform.close();
      await errors.flush();
    },
  };
}
