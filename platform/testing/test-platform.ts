import { fileURLToPath } from "node:url";
import { controllableClock, type ControllableClock, type OauthTokenResponse } from "../contract";
import type { Database, Db } from "../db/open";
import { createPlatform, type Platform, type PlatformConfig } from "../http";
import type { MessageSenders } from "../ports/messaging";
import type { PaymentServices } from "../ports/payment-gateway";
import type { RealtimePublisher } from "../ports/realtime";
import { embeddedPaymentServices } from "../payments";
import { memoryLogger, type LogEntry } from "./memory-logger";
import { openTestDatabase } from "./test-database";

/** The instant every test platform starts at: a Monday, 10:00 in London (British Summer Time). */
export const TEST_NOW = "2025-06-02T09:00:00.000Z";

/** The client address test requests come from unless a test sets x-client-ip itself. */
export const TEST_CLIENT_IP = "203.0.113.10";

export interface CallOptions {
  /** Bearer token; omit for none. */
  token?: string | null;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  /** The JSON body, or null when the body is empty. */
  body: unknown;
}

export interface TestPlatform {
  fetch(request: Request): Promise<Response>;
  /** One /api call; a GET's body goes into the query string. */
  call(method: string, path: string, body?: Record<string, unknown>, options?: CallOptions): Promise<TestResponse>;
  /** A fresh guest access token. */
  guestToken(): Promise<string>;
  /** A fresh guest token pair, for tests of refresh. */
  guestTokens(): Promise<OauthTokenResponse>;
  clock: ControllableClock;
  db: Db;
  kind: Database["kind"];
  logs: LogEntry[];
  /**
   * The embedded test gateway the platform pays through (unless `payments` replaced it): its pages and API, for
   * tests that play the shopper on the hosted card page or the 3-D Secure challenge (see
   * platform/payments/testing/drive.ts). Its redirect hrefs are paths under basePath.
   */
  testGateway: { basePath: string; fetch(request: Request): Promise<Response> };
  /** The payment reconciliation sweep, as the server's timer runs it (at the test clock's time). */
  reconcilePayments: Platform["reconcilePayments"];
  /** One outbox delivery pass, as the server's timer runs it, through the senders given in the options. */
  deliverMessages: Platform["deliverMessages"];
  /** One housekeeping run, as the server's timer runs it (at the test clock's time). */
  housekeep: Platform["housekeep"];
  close(): Promise<void>;
}

export interface TestPlatformOptions {
  now?: string;
  config?: Partial<PlatformConfig>;
  /** Replaces the embedded test gateway (e.g. `{ gateway: null, applePay: null }`, or a validator for Apple Pay). */
  payments?: PaymentServices;
  /** Senders for the outbox's messages; none by default (messages wait in the outbox). */
  messaging?: MessageSenders;
  /** Where order status changes are published (Pusher's adapter against its fake); none by default. */
  realtime?: RealtimePublisher;
}

const ORIGIN = "http://platform.test";

/**
 * The platform on a fresh database (PGlite clone, or PostgreSQL when TEST_DATABASE_URL is set), a clock
 * fixed at TEST_NOW and a logger that keeps its entries. Requests go through the same fetch the server uses.
 */
export async function createTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const database = await openTestDatabase();
  const clock = controllableClock(options.now ?? TEST_NOW);
  const log = memoryLogger();
  const config: PlatformConfig = {
    contentDir: fileURLToPath(new URL("../../content", import.meta.url)),
    accessTokenSeconds: 3600,
    refreshTokenSeconds: 30 * 24 * 3600,
    ...options.config,
  };
  const embedded = embeddedPaymentServices({ db: database.db, clock, log });
  const platform = createPlatform({
    db: database.db,
    clock,
    log,
    config,
    payments: options.payments ?? embedded.services,
    messaging: options.messaging,
    realtime: options.realtime,
  });

  async function call(
    method: string,
    path: string,
    body?: Record<string, unknown>,
    opts: CallOptions = {},
  ): Promise<TestResponse> {
    const upper = method.toUpperCase();
    const url = new URL(path, ORIGIN);
    const headers: Record<string, string> = { "x-client-ip": TEST_CLIENT_IP, ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let requestBody: string | undefined;
    if (body !== undefined && (upper === "GET" || upper === "DELETE")) {
      for (const [k, v] of Object.entries(body)) url.searchParams.set(k, String(v));
    } else if (body !== undefined) {
      requestBody = JSON.stringify(body);
      headers["content-type"] ??= "application/json";
    }
    const response = await platform.fetch(new Request(url, { method: upper, headers, body: requestBody }));
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : null };
  }

  async function guestTokens(): Promise<OauthTokenResponse> {
    const response = await call("POST", "/api/auth/oauthToken", { grant_type: "client_credentials" });
    if (response.status !== 200)
      throw new Error(`Guest token call answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body as OauthTokenResponse;
  }

  return {
    fetch: platform.fetch,
    call,
    guestTokens,
    guestToken: async () => (await guestTokens()).access_token,
    clock,
    db: database.db,
    kind: database.kind,
    logs: log.entries,
    testGateway: { basePath: embedded.testGateway.basePath, fetch: embedded.testGateway.fetch },
    reconcilePayments: platform.reconcilePayments,
    deliverMessages: platform.deliverMessages,
    housekeep: platform.housekeep,
    close: () => database.close(),
  };
}
