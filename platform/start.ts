import path from "node:path";
import type { Clock, Endpoint } from "./contract";
import { databaseTarget, openDatabase } from "./db/open";
import { seedIfEmpty } from "./db/seed";
import { startHousekeeping } from "./housekeeping";
import { createPlatform, type InProcessAnswer, type InProcessCall, type PlatformConfig } from "./http";
import { locationServiceFromEnv, type LocationEnv } from "./location/from-env";
import type { Logger } from "./logger";
import { startOutboxDelivery } from "./outbox/deliver";
import { messageSendersFromEnv, type MessagingEnv } from "./outbox/from-env";
import { paymentServicesFromEnv, type PaymentEnv, type TestGateway } from "./payments";
import { startPaymentSweep } from "./payments/sweep";
import { realtimeFromEnv, type PusherEnv } from "./pusher/from-env";
import { createTestingRouter, type TestingRouter, type TestingRouterOptions } from "./testing/http";

/*
 * The embedded platform as a host starts it: its own database opened, migrated and (when asked) seeded, its outside
 * services chosen from the environment, and its timers running. The host gets handlers and a close, never the
 * database.
 */

/** The environment variables the embedded platform reads, as the host has checked them. */
export interface EmbeddedPlatformEnv extends PaymentEnv, MessagingEnv, PusherEnv, LocationEnv {
  CONTENT_DIR: string;
  STRAPI_URL?: string;
  STRAPI_TOKEN?: string;
  ACCESS_TOKEN_SECONDS: number;
  REFRESH_TOKEN_SECONDS: number;
  SLOT_HOLD_SECONDS?: number;
  RECAPTCHA_SITE_KEY?: string;
  RECAPTCHA_SECRET_KEY?: string;
  RECAPTCHA_VERIFY_URL?: string;
  COUPON_ATTEMPTS_PER_IP?: number;
  STAFF_USERNAME?: string;
  STAFF_PASSWORD?: string;
  PUBLIC_URL?: string;
  APPLE_PAY_DISPLAY_NAME?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_JWKS_URL: string;
  FACEBOOK_APP_ID?: string;
  FACEBOOK_APP_SECRET?: string;
  FACEBOOK_GRAPH_URL: string;
}

export interface StartPlatformOptions {
  /** PostgreSQL at this URL. Unset: PGlite in dataDir's pglite folder, or in memory without a dataDir. */
  databaseUrl?: string;
  dataDir?: string;
  /** Seed the demo brand into a database that has no stores yet. */
  seed: boolean;
  clock: Clock;
  log: Logger;
  env: EmbeddedPlatformEnv;
  /** Only warns: card payments on the embedded test gateway take no money. */
  production: boolean;
  /** How often card payments whose shopper never came back are settled; 0 turns it off. */
  paymentSweepSeconds: number;
  /** How often expired rows are purged (decision 0043); 0 turns it off. */
  housekeepingSeconds: number;
}

export interface EmbeddedPlatform {
  database: "pglite" | "postgres";
  /** Answers one /api request. */
  fetch(request: Request): Promise<Response>;
  /** Answers one call from this process without HTTP (decision 0027; see Router.invoke). */
  invoke(endpoint: Endpoint, input: Record<string, unknown>, call: InProcessCall): Promise<InProcessAnswer>;
  /** The embedded card gateway, to be served on the storefront's origin; null when checkout.com is used. */
  testGateway: TestGateway | null;
  /** The test and development hooks on this platform's tables (testing/http.ts), as the host allows them. */
  testingRouter(options: Omit<TestingRouterOptions, "db" | "clock">): TestingRouter;
  /** Stops the payment sweep, the outbox delivery and housekeeping (waiting for runs under way), then the database. */
  close(): Promise<void>;
}

/** The calls that may queue a message: one-time codes, reset links, and payments (which place orders). */
const QUEUES_MESSAGES = /^\/api\/(?:auth\/(?:sendOtpMessage|requestResetPassword)|payment\/)/i;

export async function startPlatform(options: StartPlatformOptions): Promise<EmbeddedPlatform> {
  const { clock, log, env } = options;
  // Migrations run here, one process at a time on PostgreSQL (db/open.ts).
  const database = await openDatabase(databaseTarget(options));
  try {
    if (options.seed && (await seedIfEmpty(database.db))) log.info("seed.demo_brand", { database: database.kind });
    const payments = paymentServicesFromEnv(database.db, clock, log, env);
    const testGateway = payments.testGateway;
    if (testGateway && options.production) {
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
      config: configFrom(env),
    });
    const sweep =
      options.paymentSweepSeconds > 0
        ? startPaymentSweep(() => platform.reconcilePayments(), options.paymentSweepSeconds * 1000, log)
        : null;
    // With several instances, one purges at a time.
    const housekeeping =
      options.housekeepingSeconds > 0
        ? startHousekeeping(() => platform.housekeep(), options.housekeepingSeconds * 1000, log)
        : null;
    // Messages go out every second, and at once after a call that may have queued one (a code, a reset link, an
    // order placed); without a sender they wait in the outbox.
    const delivery =
      messaging.email || messaging.sms ? startOutboxDelivery(() => platform.deliverMessages(), 1000, log) : null;
    log.info("platform.embedded", {
      database: database.kind,
      payments: payments.services.gateway?.environment ?? null,
      messages: { email: messaging.email ? "smtp" : "outbox", sms: messaging.sms ? "twilio" : "outbox" },
      realtime: realtime ? "pusher" : null,
    });
    return {
      database: database.kind,
      fetch: delivery
        ? async (request) => {
            const response = await platform.fetch(request);
            if (request.method === "POST" && QUEUES_MESSAGES.test(new URL(request.url).pathname)) delivery.nudge();
            return response;
          }
        : platform.fetch,
      invoke: delivery
        ? async (endpoint, input, call) => {
            const answer = await platform.invoke(endpoint, input, call);
            if (endpoint.method === "POST" && QUEUES_MESSAGES.test(endpoint.path)) delivery.nudge();
            return answer;
          }
        : (endpoint, input, call) => platform.invoke(endpoint, input, call),
      testGateway,
      testingRouter: (hooks) => createTestingRouter({ ...hooks, db: database.db, clock }),
      async close() {
        await sweep?.stop();
        await delivery?.stop();
        await housekeeping?.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

function configFrom(env: EmbeddedPlatformEnv): PlatformConfig {
  return {
    contentDir: path.resolve(env.CONTENT_DIR),
    strapi: env.STRAPI_URL && env.STRAPI_TOKEN ? { url: env.STRAPI_URL, token: env.STRAPI_TOKEN } : undefined,
    accessTokenSeconds: env.ACCESS_TOKEN_SECONDS,
    refreshTokenSeconds: env.REFRESH_TOKEN_SECONDS,
    slotHoldSeconds: env.SLOT_HOLD_SECONDS,
    recaptcha:
      env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY
        ? { siteKey: env.RECAPTCHA_SITE_KEY, secretKey: env.RECAPTCHA_SECRET_KEY, verifyUrl: env.RECAPTCHA_VERIFY_URL }
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
  };
}
