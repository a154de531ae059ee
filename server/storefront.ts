import { createRequestHandler } from "@react-router/express";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { existsSync } from "node:fs";
import path from "node:path";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { Clock, ControllableClock } from "#contract";
import type { Logger } from "../platform/logger";
import type { AppServices } from "../app/services/context";
import type { PlatformTransport } from "../app/services/platform-client.server";
import type { Env } from "./env";
import { precompressed } from "./precompressed";
import { deepLinkSecret, keptSecret } from "./secrets";
import { TEST_GATEWAY_BASE_PATH } from "../platform/payments";
import {
  cardFieldsSource,
  CHECKOUT_COM_FORM_ORIGINS,
  contentSecurityPolicy,
  loggablePath,
  newNonce,
  requestIdFor,
  SECURITY_HEADERS,
} from "./security";
import { parseDsn } from "../app/models/error-report";
import type { ServerErrorReporter } from "./error-reporting";
import { discardUnreadBodies } from "./unread-body";

/** The session secret: from the environment, else one made on first start and kept in DATA_DIR. */
export function sessionSecret(env: Env, log: Logger): string {
  return keptSecret(env.SESSION_SECRET, env.DATA_DIR, "session-secret", (file) =>
    log.warn("session.secret_generated", { file, hint: "set SESSION_SECRET when running more than one instance" }),
  );
}

/** Per-request nonce, security headers and one JSON log line per request: mounted before anything answers. */
export function securityHeadersAndLog(env: Env, log: Logger) {
  const dev = env.NODE_ENV === "development";
  // A card form posted to the storefront is answered by a redirect to checkout.com's hosted page, which form-action
  // must allow; the embedded test gateway is on the storefront's own origin.
  const formTargets = env.CHECKOUT_SECRET_KEY ? CHECKOUT_COM_FORM_ORIGINS : [];
  // The card step's fields are the gateway's frames and script (decision 0024): allowed only when there is one.
  const cardFields = cardFieldsSource(env, TEST_GATEWAY_BASE_PATH);
  // The browser posts error reports to Sentry's ingest once the shopper allows it (decision 0029).
  const errorReportOrigin = env.SENTRY_DSN ? (parseDsn(env.SENTRY_DSN)?.origin ?? null) : null;
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.locals.nonce = newNonce();
    const requestId = requestIdFor(req.get("x-request-id"), Boolean(env.TRUST_PROXY));
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy(res.locals.nonce as string, { dev, formTargets, cardFields, errorReportOrigin }),
    );
    if (env.NODE_ENV === "production")
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (env.LOG_REQUESTS) {
      res.on("finish", () => {
        log.info("http.request", {
          method: req.method,
          path: loggablePath(req.path),
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
          requestId,
        });
      });
    }
    next();
  };
}

/** A path whose last segment has an extension: the only paths the client's public files answer. */
const HAS_EXTENSION = /\.[A-Za-z0-9]+$/;

export interface StorefrontOptions {
  env: Env;
  log: Logger;
  clock: Clock;
  testClock: ControllableClock | null;
  /** How loaders and actions reach the platform. */
  transport: PlatformTransport;
  /** The generation of shared reads: when it changes, the bundle's cache of them starts afresh. */
  generation(): number;
  /** Where unexpected errors are reported (server/error-reporting.ts); it learns the build's id here. */
  errors: ServerErrorReporter;
}

/**
 * The React Router storefront, after everything else: Vite's middleware in development, else the built client's
 * static files (hashed assets cached for a year, sent precompressed when the client allows), then the request
 * handler for every other path. Answers what closes it (the Vite server in development).
 */
export async function mountStorefront(
  app: express.Express,
  options: StorefrontOptions,
): Promise<{ drain(): Promise<void>; close(): Promise<void> }> {
  const { env, log, clock, testClock, transport, generation, errors } = options;
  const sentryDsn = env.SENTRY_DSN ? parseDsn(env.SENTRY_DSN) : null;
  const secrets = [sessionSecret(env, log)];
  const linkSecret = deepLinkSecret(env, (file) =>
    log.warn("deeplink.secret_generated", { file, hint: "set DEEPLINK_SECRET when running more than one instance" }),
  );
  // A social provider is offered when its client id and secret are both set (decision 0020).
  const oauth: AppServices["config"]["oauth"] = {
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          google: {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            authUrl: env.GOOGLE_AUTH_URL,
            tokenUrl: env.GOOGLE_TOKEN_URL,
          },
        }
      : {}),
    ...(env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
      ? {
          facebook: {
            clientId: env.FACEBOOK_APP_ID,
            clientSecret: env.FACEBOOK_APP_SECRET,
            authUrl: env.FACEBOOK_AUTH_URL,
            tokenUrl: env.FACEBOOK_TOKEN_URL,
          },
        }
      : {}),
  };
  let vite: ViteDevServer | null = null;
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (env.NODE_ENV === "development") {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true } });
    app.use(vite.middlewares);
    build = () => vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const buildPath = path.resolve("build/server/index.js");
    if (!existsSync(buildPath)) throw new Error("No production build: run `npm run build` first.");
    build = (await import(buildPath)) as ServerBuild;
    // Reports carry the build's id as their release, as the browser's do (vite.config.ts's __BUILD_ID__).
    const buildId = (build.entry.module as { buildId?: unknown }).buildId;
    if (typeof buildId === "string") errors.setRelease(buildId);
    const assets = path.resolve("build/client/assets");
    app.use(
      "/assets",
      precompressed(assets, (res) => res.setHeader("Cache-Control", "public, max-age=31536000, immutable")),
    );
    app.use("/assets", express.static(assets, { immutable: true, maxAge: "1y", index: false }));
    // The client's other files all have an extension; a page's path is never looked for on disk (decision 0027: the
    // file system was asked about every page).
    const publicFiles = express.static("build/client", { maxAge: "1h", index: false });
    app.use((req, res, next) => (HAS_EXTENSION.test(req.path) ? publicFiles(req, res, next) : next()));
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
        useNonce(nonce) {
          const policy = res.getHeader("Content-Security-Policy");
          if (typeof policy === "string")
            res.setHeader(
              "Content-Security-Policy",
              policy.split(`'nonce-${res.locals.nonce as string}'`).join(`'nonce-${nonce}'`),
            );
          res.locals.nonce = nonce;
        },
        clock,
        testClock,
        log,
        errors,
        requestId: (res.locals.requestId as string | undefined) ?? requestIdFor(undefined, false),
        dataRequest: req.path.endsWith(".data"),
        platform: keys.sharedPlatformFor(transport, clock, generation),
        clientIp: req.ip ?? "unknown",
        config: {
          sessionSecrets: secrets,
          deepLinkSecret: linkSecret,
          secureCookies: env.COOKIE_SECURE ?? env.NODE_ENV === "production",
          testRoutes: testClock !== null,
          oauth,
          publicUrl: env.PUBLIC_URL,
          cardFieldsScript: cardFieldsSource(env, TEST_GATEWAY_BASE_PATH)?.scriptUrl ?? null,
          sentry: sentryDsn ? { publicDsn: sentryDsn.publicDsn, environment: env.NODE_ENV } : null,
        },
      };
      return new RouterContextProvider(new Map([[keys.appContext, services]]));
    },
  });
  // A body React Router answers without reading (another site's post to a page) must not hang its connection.
  app.all("/{*splat}", discardUnreadBodies, handler);
  return {
    // Long-lived answers (the status page's events) end at once: their browsers open them again elsewhere.
    async drain() {
      const serverBuild = typeof build === "function" ? await build() : build;
      (serverBuild.entry.module as { endLiveStreams?: () => void }).endLiveStreams?.();
    },
    async close() {
      await vite?.close();
    },
  };
}
