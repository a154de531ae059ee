import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { controllableClock, systemClock, type Clock, type ControllableClock } from "../platform/contract";
import { openDatabase, type Database } from "../platform/db/open";
import { seedIfEmpty } from "../platform/db/seed";
import { bannerEvents } from "../platform/db/schema";
import { saveWhiteLabelOverrides } from "../platform/business/white-label";
import { createPlatform } from "../platform/http";
import { locationServiceFromEnv } from "../platform/location/from-env";
import { paymentServicesFromEnv, type TestGateway } from "../platform/payments";
import type { ReconcileSummary } from "../platform/payments/reconcile";
import type { Logger } from "../platform/logger";
import type { AppServices } from "../app/services/context";
import type { PlatformTransport } from "../app/services/platform-client.server";
import type { Env } from "./env";
import { mountDevOutbox, mountOrderTestRoutes } from "./dev-pages";
import { fetchHandlerMiddleware } from "./platform-adapter";
import { precompressed } from "./precompressed";
import { CHECKOUT_COM_FORM_ORIGINS, contentSecurityPolicy, newNonce, SECURITY_HEADERS } from "./security";

export interface ServerParts {
  app: express.Express;
  clock: Clock;
  database: Database | null;
  close(): Promise<void>;
}

/** The session secret: from the environment, else one made on first start and kept in DATA_DIR. */
export function sessionSecret(env: Env, log: Logger): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(env.DATA_DIR, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  log.warn("session.secret_generated", { file, hint: "set SESSION_SECRET when running more than one instance" });
  return secret;
}

export interface PaymentSweep {
  /** Stops the timer and waits for a sweep under way, so the database is not closed beneath it. */
  stop(): Promise<void>;
}

/**
 * Runs the payment reconciliation sweep every `everyMs`. A sweep still running when the next is due is not doubled
 * (that tick is skipped), and the timer alone does not keep the process alive. Quiet sweeps are not logged.
 */
export function startPaymentSweep(reconcile: () => Promise<ReconcileSummary>, everyMs: number, log: Logger): PaymentSweep {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = reconcile()
      .then((summary) => {
        if (summary.placed > 0 || summary.closed > 0) log.info("payments.sweep", { ...summary });
      })
      .catch((error: unknown) => log.error("payments.sweep_failed", { error: error instanceof Error ? error.stack : String(error) }))
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

export async function createServerParts(env: Env, log: Logger): Promise<ServerParts> {
  const testClock: ControllableClock | null = env.TEST_CLOCK ? controllableClock() : null;
  const clock: Clock = testClock ?? systemClock();
  const dev = env.NODE_ENV === "development";

  // The platform: remote over HTTP, or embedded in this process on PGlite or PostgreSQL.
  let database: Database | null = null;
  let transport: PlatformTransport;
  let embeddedFetch: ((request: Request) => Promise<Response>) | null = null;
  let testGateway: TestGateway | null = null;
  let paymentSweep: PaymentSweep | null = null;
  if (env.PLATFORM_URL) {
    transport = { baseUrl: env.PLATFORM_URL, fetch: (request) => fetch(request) };
    log.info("platform.remote", { url: env.PLATFORM_URL });
  } else {
    database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.DATA_DIR, "pglite") });
    if (await seedIfEmpty(database.db)) log.info("seed.demo_brand", { database: database.kind });
    const payments = paymentServicesFromEnv(database.db, clock, log, env);
    testGateway = payments.testGateway;
    if (testGateway && env.NODE_ENV === "production") {
      log.warn("payments.test_gateway", {
        path: testGateway.basePath,
        hint: "card payments go to the embedded test gateway and take no money: set CHECKOUT_SECRET_KEY and CHECKOUT_PUBLIC_KEY",
      });
    }
    const platform = createPlatform({
      db: database.db,
      clock,
      log,
      location: locationServiceFromEnv(database.db, env),
      payments: payments.services,
      config: {
        contentDir: path.resolve("content"),
        strapi: env.STRAPI_URL && env.STRAPI_TOKEN ? { url: env.STRAPI_URL, token: env.STRAPI_TOKEN } : undefined,
        accessTokenSeconds: env.ACCESS_TOKEN_SECONDS,
        refreshTokenSeconds: env.REFRESH_TOKEN_SECONDS,
        slotHoldSeconds: env.SLOT_HOLD_SECONDS,
        recaptcha:
          env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY
            ? { siteKey: env.RECAPTCHA_SITE_KEY, secretKey: env.RECAPTCHA_SECRET_KEY, verifyUrl: env.RECAPTCHA_VERIFY_URL }
            : undefined,
        couponAttemptsPerIp: env.COUPON_ATTEMPTS_PER_IP,
        staff: env.STAFF_USERNAME && env.STAFF_PASSWORD ? { username: env.STAFF_USERNAME, password: env.STAFF_PASSWORD } : undefined,
        publicUrl: env.PUBLIC_URL,
        applePayDisplayName: env.APPLE_PAY_DISPLAY_NAME,
      },
    });
    embeddedFetch = platform.fetch;
    // Only the embedded platform's payments are this server's to settle; a remote platform settles its own.
    if (env.PAYMENT_SWEEP_SECONDS > 0) paymentSweep = startPaymentSweep(() => platform.reconcilePayments(), env.PAYMENT_SWEEP_SECONDS * 1000, log);
    transport = { baseUrl: "http://platform.internal", fetch: platform.fetch };
    log.info("platform.embedded", { database: database.kind, payments: payments.services.gateway?.environment ?? null });
  }
  // A card form posted to the storefront is answered by a redirect to checkout.com's hosted page, which form-action
  // must allow; the embedded test gateway is on the storefront's own origin.
  const formTargets = env.CHECKOUT_SECRET_KEY ? CHECKOUT_COM_FORM_ORIGINS : [];
  // Shared reads are cached inside the app bundle (its own classes, so its instanceof checks hold); bumping the
  // generation tells that cache to start afresh.
  let sharedGeneration = 0;
  const generation = () => sharedGeneration;
  const secrets = [sessionSecret(env, log)];

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  // Per-request nonce, security headers and one JSON log line per request.
  app.use((req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.locals.nonce = newNonce();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(res.locals.nonce as string, { dev, formTargets }));
    if (env.NODE_ENV === "production") res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (env.LOG_REQUESTS) {
      res.on("finish", () => {
        log.info("http.request", {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
        });
      });
    }
    next();
  });
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok", platform: env.PLATFORM_URL ? "remote" : "embedded", database: database?.kind ?? null });
  });

  if (testClock) {
    // Tests move time; the environment schema refuses TEST_CLOCK in production.
    app.post("/__test/clock", express.json(), (req, res) => {
      const now = (req.body as { now?: string | null } | undefined)?.now;
      try {
        testClock.set(now ?? null);
        // Shared reads (store states) were computed at the old time.
        sharedGeneration++;
        res.json({ now: clock.now().toISOString(), fixed: testClock.overridden });
      } catch (error) {
        res.status(400).json({ status: 400, errorCode: 400, message: String(error) });
      }
    });
  }

  if (testClock && database) {
    const db = database.db;
    // Tests switch white-label settings (address search, automatic store selection) as the business would.
    app.post("/__test/white-label", express.json(), async (req, res) => {
      try {
        await saveWhiteLabelOverrides(db, clock, (req.body ?? {}) as Record<string, never>);
        sharedGeneration++;
        res.json({ ok: true });
      } catch (error) {
        res.status(400).json({ status: 400, errorCode: 400, message: String(error) });
      }
    });
    // Banner journeys check what the platform counted: impressions and clicks per banner (no API reads them).
    app.get("/__test/banner-events", async (_req, res) => {
      const rows = await db.select().from(bannerEvents);
      res.setHeader("Cache-Control", "no-store");
      res.json({ events: rows.map((r) => ({ bannerId: r.bannerId, kind: r.kind, platform: r.platform, count: r.count })) });
    });
    mountOrderTestRoutes(app, db);
  }
  if (database && env.NODE_ENV !== "production") mountDevOutbox(app, database.db);

  if (embeddedFetch) app.use("/api", fetchHandlerMiddleware(embeddedFetch));
  // The test gateway's pages and API answer on the storefront's origin, with their own security policy.
  if (testGateway) app.use(testGateway.basePath, fetchHandlerMiddleware(testGateway.fetch));

  let vite: ViteDevServer | null = null;
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (dev) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true } });
    app.use(vite.middlewares);
    build = () => vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const buildPath = path.resolve("build/server/index.js");
    if (!existsSync(buildPath)) throw new Error("No production build: run `npm run build` first.");
    build = (await import(buildPath)) as ServerBuild;
    // Hashed file names change with content: cache them for a year, sent precompressed when the client allows.
    const assets = path.resolve("build/client/assets");
    app.use("/assets", precompressed(assets, (res) => res.setHeader("Cache-Control", "public, max-age=31536000, immutable")));
    app.use("/assets", express.static(assets, { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static("build/client", { maxAge: "1h", index: false }));
  }

  const handler = createRequestHandler({
    build,
    // Only the development server shows error details; tests run the production behaviour.
    mode: env.NODE_ENV === "development" ? "development" : "production",
    async getLoadContext(req, res) {
      const serverBuild = typeof build === "function" ? await build() : build;
      // The context keys must be the bundle's own instances, not this file's copy of the module.
      const keys = serverBuild.entry.module as unknown as {
        appContext: typeof import("../app/services/context").appContext;
        sharedPlatformFor: typeof import("../app/services/shopper.server").sharedPlatformFor;
      };
      const services: AppServices = {
        nonce: res.locals.nonce as string,
        clock,
        testClock,
        log,
        platform: keys.sharedPlatformFor(transport, clock, generation),
        clientIp: req.ip ?? "unknown",
        config: {
          sessionSecrets: secrets,
          secureCookies: env.COOKIE_SECURE ?? env.NODE_ENV === "production",
          testRoutes: testClock !== null,
        },
      };
      return new RouterContextProvider(new Map([[keys.appContext, services]]));
    },
  });
  app.all("/{*splat}", handler);

  app.use((error: unknown, req: ExpressRequest, res: ExpressResponse, _next: NextFunction) => {
    log.error("http.unhandled", { path: req.path, error: error instanceof Error ? error.stack : String(error) });
    if (res.headersSent) return;
    res.status(500).type("text/plain").send("Sorry, something went wrong on our end. Please try again later.");
  });

  return {
    app,
    clock,
    database,
    async close() {
      await paymentSweep?.stop();
      await vite?.close();
      await database?.close();
    },
  };
}
