import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { controllableClock, type OauthTokenResponse } from "./contract";
import { startPlatform, type EmbeddedPlatform, type StartPlatformOptions } from "./start";
import { memoryLogger } from "./testing/memory-logger";
import { admin } from "./testing/test-database";

const serverUrl = process.env.TEST_DATABASE_URL;
const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

/** A database nobody else uses: a fresh one on TEST_DATABASE_URL's server, or PGlite in a fresh folder. */
async function freshLocation(): Promise<Pick<StartPlatformOptions, "databaseUrl" | "dataDir">> {
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "platform-start-"));
    cleanUps.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    return { dataDir };
  }
  const name = `test_${randomUUID().replace(/-/g, "")}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  cleanUps.push(() => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString() };
}

function start(where: Pick<StartPlatformOptions, "databaseUrl" | "dataDir">) {
  const log = memoryLogger();
  const started = startPlatform({
    ...where,
    seed: true,
    clock: controllableClock("2025-06-02T09:00:00.000Z"),
    log,
    env: {
      CONTENT_DIR: path.join(import.meta.dirname, "..", "content"),
      ACCESS_TOKEN_SECONDS: 3600,
      REFRESH_TOKEN_SECONDS: 86_400,
      GOOGLE_JWKS_URL: "http://127.0.0.1:9/jwks",
      FACEBOOK_GRAPH_URL: "http://127.0.0.1:9",
    },
    production: false,
    paymentSweepSeconds: 0,
    housekeepingSeconds: 0,
  });
  return { log, started };
}

async function post(platform: EmbeddedPlatform, path: string, body: unknown, token?: string): Promise<unknown> {
  const headers: Record<string, string> = { "content-type": "application/json", "x-client-ip": "203.0.113.10" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await platform.fetch(
    new Request(`http://platform.test${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  expect(response.status).toBe(200);
  return response.json();
}

describe("the embedded platform, started as the server starts it", () => {
  it("opens, migrates and seeds a database of its own, answers /api, and seeds nothing the next time", async () => {
    const where = await freshLocation();
    const first = start(where);
    const platform = await first.started;
    try {
      expect(platform.database).toBe(serverUrl ? "postgres" : "pglite");
      expect(first.log.entries.map((entry) => entry.event)).toEqual(["seed.demo_brand", "platform.embedded"]);
      expect(platform.testGateway?.basePath).toBe("/test-gateway");
      const tokens = (await post(platform, "/api/auth/oauthToken", {
        grant_type: "client_credentials",
      })) as OauthTokenResponse;
      const { stores } = (await post(platform, "/api/stores/all", {}, tokens.access_token)) as { stores: unknown[] };
      expect(stores.length).toBe(15);
      const hooks = platform.testingRouter({ onSharedChange() {}, testHooks: false, outbox: true });
      expect(hooks.routes).toEqual([{ method: "GET", path: "/dev/outbox" }]);
    } finally {
      await platform.close();
    }

    const second = start(where);
    await (await second.started).close();
    expect(second.log.entries.map((entry) => entry.event)).toEqual(["platform.embedded"]);
  });
});
