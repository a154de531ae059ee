import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, controllableClock } from "../contract";
import { openDatabase, type Database } from "../db/open";
import { rateLimits } from "../db/schema";
import { createPlatform, type Platform } from "../http";
import {
  createTestPlatform,
  expectError,
  memoryLogger,
  TEST_NOW,
  type TestPlatform,
  type TestResponse,
} from "../testing";
import { admin } from "../testing/test-database";
import { AUTH_LIMITS } from "./limits";
import { registerMember } from "./testing/accounts";

/*
 * Guessing limits on sign-in, code sends and reset requests: per account and per client address, counted in the
 * database. Once on one platform (PGlite, or PostgreSQL with TEST_DATABASE_URL), and, with TEST_DATABASE_URL, on two
 * platform instances sharing one PostgreSQL database, taking turns.
 */

const PASSWORD = "plum-kettle-harbour";
const body = (username: string, password: string) => ({ grant_type: "password", username, password });

describe("guessing limits on one platform", () => {
  let t: TestPlatform;
  const from = (ip: string) => ({ headers: { "x-client-ip": ip } });
  beforeAll(async () => {
    t = await createTestPlatform();
    await registerMember(t, { email: "limited@example.com" });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.set(TEST_NOW);
    await t.db.delete(rateLimits);
  });

  it("refuses an account's 11th sign-in in 15 minutes, even with the right password, from any address", async () => {
    for (let i = 0; i < AUTH_LIMITS.signIn.perAccount; i++) {
      expectError(
        await t.call(
          "POST",
          "/api/auth/oauthToken",
          body("limited@example.com", `wrong-guess-${i}`),
          from(`198.51.100.${i}`),
        ),
        401,
      );
    }
    expectError(
      await t.call("POST", "/api/auth/oauthToken", body("limited@example.com", PASSWORD), from("198.51.100.200")),
      429,
      {
        message: AUTH_MESSAGES.tooManyAttempts,
        errorDisplay: AUTH_MESSAGES.tooManyAttempts,
      },
    );
    t.clock.advance(2 * AUTH_LIMITS.signIn.windowSeconds * 1000);
    expect((await t.call("POST", "/api/auth/oauthToken", body("limited@example.com", PASSWORD))).status).toBe(200);
  });

  it("refuses an address's 51st sign-in in 15 minutes, whatever accounts it tries", async () => {
    for (let i = 0; i < AUTH_LIMITS.signIn.perAddress; i++) {
      expectError(
        await t.call("POST", "/api/auth/oauthToken", body(`someone${i}@example.com`, "wrong-guess"), from("192.0.2.7")),
        401,
      );
    }
    expectError(
      await t.call("POST", "/api/auth/oauthToken", body("limited@example.com", PASSWORD), from("192.0.2.7")),
      429,
    );
    expect(
      (await t.call("POST", "/api/auth/oauthToken", body("limited@example.com", PASSWORD), from("192.0.2.8"))).status,
    ).toBe(200);
  });

  it("counts one-time code tries with the password tries", async () => {
    for (let i = 0; i < AUTH_LIMITS.signIn.perAccount; i++) {
      await t.call(
        "POST",
        "/api/auth/oauthToken",
        { grant_type: "custom_request", provider: "otp", username: "limited@example.com", password: "000000" },
        from(`198.51.100.${i}`),
      );
    }
    expectError(await t.call("POST", "/api/auth/oauthToken", body("limited@example.com", PASSWORD)), 429);
  });

  it("limits code sends and reset requests per account and per address", async () => {
    const send = (email: string, ip: string) => t.call("POST", "/api/auth/sendOtpMessage", { email }, from(ip));
    for (let i = 0; i < AUTH_LIMITS.sendCode.perAccount; i++)
      expect((await send("limited@example.com", `198.51.100.${i}`)).status).toBe(200);
    expectError(await send("limited@example.com", "198.51.100.99"), 429, { message: AUTH_MESSAGES.tooManyAttempts });
    // Strangers' addresses count too, so the limit tells nothing about who has an account.
    for (let i = 0; i < AUTH_LIMITS.sendCode.perAccount; i++) await send("stranger@example.com", `198.51.100.${i}`);
    expectError(await send("stranger@example.com", "198.51.100.99"), 429);

    const reset = (email: string, ip: string) =>
      t.call(
        "POST",
        "/api/auth/requestResetPassword",
        { email, resetUrl: "https://shop.example/member/reset-token" },
        from(ip),
      );
    for (let i = 0; i < AUTH_LIMITS.resetRequest.perAddress; i++)
      expect((await reset(`person${i}@example.com`, "192.0.2.50")).status).toBe(200);
    expectError(await reset("limited@example.com", "192.0.2.50"), 429);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("guessing limits across two platform instances on one PostgreSQL database", () => {
  const name = `test_auth_limits_${randomUUID().replace(/-/g, "")}`;
  const databases: Database[] = [];
  const platforms: Platform[] = [];

  beforeAll(async () => {
    await admin(serverUrl!, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const clock = controllableClock(TEST_NOW);
    for (let i = 0; i < 2; i++) {
      // Each instance with its own connection pool, as two servers would have.
      const database = await openDatabase({ url: url.toString() });
      databases.push(database);
      const config = {
        contentDir: fileURLToPath(new URL("../../content", import.meta.url)),
        accessTokenSeconds: 3600,
        refreshTokenSeconds: 86400,
      };
      platforms.push(createPlatform({ db: database.db, clock, log: memoryLogger(), config }));
    }
  });
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.close()));
    await admin(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  async function call(
    on: Platform,
    path: string,
    json: Record<string, unknown>,
    ip = "203.0.113.10",
  ): Promise<TestResponse> {
    const res = await on.fetch(
      new Request(`http://platform.test${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-client-ip": ip },
        body: JSON.stringify(json),
      }),
    );
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : null };
  }

  it("refuses the 11th sign-in for an account however the tries are spread over the instances", async () => {
    const registered = await call(platforms[0]!, "/api/auth/register", {
      firstName: "Two",
      lastName: "Instances",
      email: "two.instances@example.com",
      mobile: "07700900777",
      password: PASSWORD,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    for (let i = 0; i < AUTH_LIMITS.signIn.perAccount; i++) {
      const res = await call(
        platforms[i % 2]!,
        "/api/auth/oauthToken",
        body("two.instances@example.com", `wrong-guess-${i}`),
        `198.51.100.${i}`,
      );
      expect(res.status).toBe(401);
    }
    for (const platform of platforms) {
      expectError(
        await call(platform, "/api/auth/oauthToken", body("two.instances@example.com", PASSWORD), "198.51.100.200"),
        429,
        {
          message: AUTH_MESSAGES.tooManyAttempts,
        },
      );
    }
  });

  it("refuses an address's code sends past the limit however they are spread, all at once", async () => {
    const results = await Promise.all(
      Array.from({ length: AUTH_LIMITS.sendCode.perAddress + 10 }, (_, i) =>
        call(platforms[i % 2]!, "/api/auth/sendOtpMessage", { email: `burst${i}@example.com` }, "192.0.2.99"),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(AUTH_LIMITS.sendCode.perAddress);
    expect(results.filter((r) => r.status === 429)).toHaveLength(10);
  });
});
