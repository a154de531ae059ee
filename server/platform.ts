import type express from "express";
import path from "node:path";
import { DEFAULT_CLIENT_IDENTITY, type ClientIdentity, type Clock } from "#contract";
import { openDatabase, type Database } from "../platform/db/open";
import { seedIfEmpty } from "../platform/db/seed";
import { createPlatform } from "../platform/http";
import { locationServiceFromEnv } from "../platform/location/from-env";
import type { Logger } from "../platform/logger";
import { startHousekeeping } from "../platform/housekeeping";
import { startOutboxDelivery } from "../platform/outbox/deliver";
import { messageSendersFromEnv } from "../platform/outbox/from-env";
import { paymentServicesFromEnv, type TestGateway } from "../platform/payments";
import { realtimeFromEnv } from "../platform/pusher/from-env";
import type { ReconcileSummary } from "../platform/payments/reconcile";
import type { PlatformTransport } from "../app/services/platform-client.server";
import { housekeepingIntervalSeconds, type Env } from "./env";
import { fetchHandlerMiddleware } from "./platform-adapter";

/** The platform this server talks to: embedded in this process (PGlite or PostgreSQL), or remote by PLATFORM_URL. */
export interface ComposedPlatform {
  /** How the storefront reaches it: the embedded platform's fetch in process, or HTTP. */
  transport: PlatformTransport;
  /** The embedded platform's database; null for a remote platform. */
  database: Database | null;
  /** What the server mounts for the embedded platform (/api and the test gateway); null for a remote one. */
  embedded: { fetch(request: Request): Promise<Response>; testGateway: TestGateway | null } | null;
  /** Stops the payment sweep, the outbox delivery and housekeeping (waiting for runs under way), then closes the database. */
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
      database: null,
      embedded: null,
      close: async () => {},
    };
  }

  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.DATA_DIR, "pglite") },
  );
  if (await seedIfEmpty(database.db)) log.info("seed.demo_brand", { database: database.kind });
  const payments = paymentServicesFromEnv(database.db, clock, log, env);
  const testGateway = payments.testGateway;
  if (testGateway && env.NODE_ENV === "production") {
    log.warn("payments.test_gateway", {
      path: testGateway.basePath,
      hint: "card payments go to the embedded test gateway and take no money: set CHECKOUT_SECRET_KEY and CHECKOUT_PUBLIC_KEY",
    });
  }
  const messaging = messageSendersFromEnv(env);
  const realtime = realtimeFromEnv(env);
  const platform = createPlatform({
    messaging,
    realtime,
    db: database.db,
    clock,
    log,
    location: locationServiceFromEnv(database.db, env),
    payments: payments.services,
    config: {
      contentDir: path.resolve(env.CONTENT_DIR),
      strapi: env.STRAPI_URL && env.STRAPI_TOKEN ? { url: env.STRAPI_URL, token: env.STRAPI_TOKEN } : undefined,
      accessTokenSeconds: env.ACCESS_TOKEN_SECONDS,
      refreshTokenSeconds: env.REFRESH_TOKEN_SECONDS,
      slotHoldSeconds: env.SLOT_HOLD_SECONDS,
      recaptcha:
        env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY
          ? {
              siteKey: env.RECAPTCHA_SITE_KEY,
              secretKey: env.RECAPTCHA_SECRET_KEY,
              verifyUrl: env.RECAPTCHA_VERIFY_URL,
            }
          : undefined,
      couponAttemptsPerIp: env.COUPON_ATTEMPTS_PER_IP,
      staff:
        env.STAFF_USERNAME && env.STAFF_PASSWORD
          ? { username: env.STAFF_USERNAME, password: env.STAFF_PASSWORD }
          : undefined,
      publicUrl: env.PUBLIC_URL,
      applePayDisplayName: env.APPLE_PAY_DISPLAY_NAME,
      google: env.GOOGLE_CLIENT_ID ? { clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL } : undefined,
      facebook:
        env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
          ? { appId: env.FACEBOOK_APP_ID, appSecret: env.FACEBOOK_APP_SECRET, graphUrl: env.FACEBOOK_GRAPH_URL }
          : undefined,
    },
  });
  // Only the embedded platform's payments are this server's to settle; a remote platform settles its own.
  const sweep =
    env.PAYMENT_SWEEP_SECONDS > 0
      ? startPaymentSweep(() => platform.reconcilePayments(), env.PAYMENT_SWEEP_SECONDS * 1000, log)
      : null;
  // Expired rows purged on a timer (decision 0043); with several instances, one purges at a time.
  const housekeepingSeconds = housekeepingIntervalSeconds(env);
  const housekeeping =
    housekeepingSeconds > 0 ? startHousekeeping(() => platform.housekeep(), housekeepingSeconds * 1000, log) : null;
  // Messages go out every second, and at once after a call that may have queued one (a code, a reset link, an
  // order placed); without a sender they wait in the outbox.
  const delivery =
    messaging.email || messaging.sms ? startOutboxDelivery(() => platform.deliverMessages(), 1000, log) : null;
  const fetchPlatform = delivery
    ? async (request: Request) => {
        const response = await platform.fetch(request);
        if (request.method === "POST" && QUEUES_MESSAGES.test(new URL(request.url).pathname)) delivery.nudge();
        return response;
      }
    : platform.fetch;
  const invokePlatform: NonNullable<PlatformTransport["invoke"]> = delivery
    ? async (endpoint, input, call) => {
        const answer = await platform.invoke(endpoint, input, call);
        if (endpoint.method === "POST" && QUEUES_MESSAGES.test(endpoint.path)) delivery.nudge();
        return answer;
      }
    : (endpoint, input, call) => platform.invoke(endpoint, input, call);
  log.info("platform.embedded", {
    database: database.kind,
    payments: payments.services.gateway?.environment ?? null,
    messages: { email: messaging.email ? "smtp" : "outbox", sms: messaging.sms ? "twilio" : "outbox" },
    realtime: realtime ? "pusher" : null,
  });
  return {
    // The storefront calls the embedded platform in process, without HTTP or JSON (decision 0027); its answers are
    // checked against the contract everywhere but production.
    transport: {
      baseUrl: "http://platform.internal",
      fetch: fetchPlatform,
      invoke: invokePlatform,
      checkAnswers: env.NODE_ENV !== "production" || env.PLATFORM_CHECK_ANSWERS,
      identity: identityOf(env),
      timeoutMs: env.PLATFORM_TIMEOUT_MS,
    },
    database,
    embedded: { fetch: fetchPlatform, testGateway },
    async close() {
      await sweep?.stop();
      await delivery?.stop();
      await housekeeping?.stop();
      await database.close();
    },
  };
}

/** The calls that may queue a message: one-time codes, reset links, and payments (which place orders). */
const QUEUES_MESSAGES = /^\/api\/(?:auth\/(?:sendOtpMessage|requestResetPassword)|payment\/)/i;

/** Serves the embedded platform's /api, and the test gateway's pages and API with their own security policy. */
export function mountPlatform(app: express.Express, platform: ComposedPlatform): void {
  if (!platform.embedded) return;
  app.use("/api", fetchHandlerMiddleware(platform.embedded.fetch));
  // The test gateway answers on the storefront's origin.
  const { testGateway } = platform.embedded;
  if (testGateway) app.use(testGateway.basePath, fetchHandlerMiddleware(testGateway.fetch));
}

export interface PaymentSweep {
  /** Stops the timer and waits for a sweep under way, so the database is not closed beneath it. */
  stop(): Promise<void>;
}

/**
 * Runs the payment reconciliation sweep every `everyMs`. A sweep still running when the next is due is not doubled
 * (that tick is skipped), and the timer alone does not keep the process alive. Quiet sweeps are not logged.
 */
export function startPaymentSweep(
  reconcile: () => Promise<ReconcileSummary>,
  everyMs: number,
  log: Logger,
): PaymentSweep {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = reconcile()
      .then((summary) => {
        if (summary.placed > 0 || summary.closed > 0) log.info("payments.sweep", { ...summary });
      })
      .catch((error: unknown) =>
        log.error("payments.sweep_failed", { error: error instanceof Error ? error.stack : String(error) }),
      )
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** Who the storefront says it is on every platform call (spec 1 §9): the site's version from SITE_VERSION. */
function identityOf(env: Env): ClientIdentity {
  return { ...DEFAULT_CLIENT_IDENTITY, siteVersion: env.SITE_VERSION };
}
