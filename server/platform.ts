import type express from "express";
import { DEFAULT_CLIENT_IDENTITY, type ClientIdentity, type Clock } from "#contract";
import type { Logger } from "../platform/logger";
import { startPlatform, type EmbeddedPlatform } from "../platform/start";
import type { PlatformTransport } from "../app/services/platform-client.server";
import { housekeepingIntervalSeconds, type Env } from "./env";
import { fetchHandlerMiddleware } from "./platform-adapter";

/** The platform this server talks to: embedded in this process (PGlite or PostgreSQL), or remote by PLATFORM_URL. */
export interface ComposedPlatform {
  /** How the storefront reaches it: the embedded platform's fetch in process, or HTTP. */
  transport: PlatformTransport;
  /** The platform started in this process, which opened its own database; null for a remote platform. */
  embedded: EmbeddedPlatform | null;
  /** Stops the embedded platform's timers (waiting for runs under way), then closes its database. */
  close(): Promise<void>;
}

export async function composePlatform(env: Env, clock: Clock, log: Logger): Promise<ComposedPlatform> {
  if (env.PLATFORM_URL) {
    log.info("platform.remote", { url: env.PLATFORM_URL });
    return {
      transport: {
        baseUrl: env.PLATFORM_URL,
        fetch: (request) => fetch(request),
        identity: identityOf(env),
        timeoutMs: env.PLATFORM_TIMEOUT_MS,
      },
      embedded: null,
      close: async () => {},
    };
  }

  // Only the embedded platform's payments and expired rows are this server's to sweep; a remote platform sweeps its own.
  const platform = await startPlatform({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    seed: true,
    clock,
    log,
    env,
    production: env.NODE_ENV === "production",
    paymentSweepSeconds: env.PAYMENT_SWEEP_SECONDS,
    housekeepingSeconds: housekeepingIntervalSeconds(env),
  });
  return {
    // The storefront calls the embedded platform in process, without HTTP or JSON (decision 0027); its answers are
    // checked against the contract everywhere but production.
    transport: {
      baseUrl: "http://platform.internal",
      fetch: (request) => platform.fetch(request),
      invoke: (endpoint, input, call) => platform.invoke(endpoint, input, call),
      checkAnswers: env.NODE_ENV !== "production" || env.PLATFORM_CHECK_ANSWERS,
      identity: identityOf(env),
      timeoutMs: env.PLATFORM_TIMEOUT_MS,
    },
    embedded: platform,
    close: () => platform.close(),
  };
}

/** Serves the embedded platform's /api, and the test gateway's pages and API with their own security policy. */
export function mountPlatform(app: express.Express, platform: ComposedPlatform): void {
  const { embedded } = platform;
  if (!embedded) return;
  app.use("/api", fetchHandlerMiddleware(embedded.fetch));
  // The test gateway answers on the storefront's origin.
  const { testGateway } = embedded;
  if (testGateway) app.use(testGateway.basePath, fetchHandlerMiddleware(testGateway.fetch));
}

/** Who the storefront says it is on every platform call (spec 1 §9): the site's version from SITE_VERSION. */
function identityOf(env: Env): ClientIdentity {
  return { ...DEFAULT_CLIENT_IDENTITY, siteVersion: env.SITE_VERSION };
}
