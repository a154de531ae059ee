import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiErrorSchema } from "../contract";
import { authTokens } from "../db/schema";
import { createTestPlatform, type TestPlatform } from "../testing";
import { hashToken, SESSION_EXPIRED } from "./tokens";

const tokenResponse = api.oauthToken.response;
const HOUR = 3600 * 1000;

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

async function serverTime(token?: string) {
  return t.call("GET", "/api/server-time", undefined, { token });
}

describe("POST /api/auth/oauthToken", () => {
  it("issues a guest token pair without a token", async () => {
    const res = await t.call("POST", "/api/auth/oauthToken", { grant_type: "client_credentials", strategy: "guest" });
    expect(res.status).toBe(200);
    const body = tokenResponse.parse(res.body);
    expect(body).toMatchObject({ token_type: "Bearer", strategy: "guest", expires_in: 3600 });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.refresh_token).not.toBe(body.access_token);
  });

  it("stores only hashes, with expiry from the clock", async () => {
    const body = tokenResponse.parse(
      (await t.call("POST", "/api/auth/oauthToken", { grant_type: "client_credentials" })).body,
    );
    const rows = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(body.access_token)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe("access");
    expect(rows[0]!.expiresAt.toISOString()).toBe(new Date(t.clock.now().getTime() + HOUR).toISOString());
    const raw = await t.db.select().from(authTokens).where(eq(authTokens.tokenHash, body.access_token));
    expect(raw).toHaveLength(0);
    const refresh = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(body.refresh_token)));
    expect(refresh[0]!.kind).toBe("refresh");
    expect(refresh[0]!.family).toBe(rows[0]!.family);
  });

  it("refuses grant types it does not support with a validation error", async () => {
    for (const grant_type of ["authorization_code", "custom_request", "", undefined]) {
      const res = await t.call("POST", "/api/auth/oauthToken", { grant_type, username: "a@b.c", password: "x" });
      expect(res.status).toBe(400);
      expect(apiErrorSchema.parse(res.body).status).toBe(400);
    }
  });

  it("needs the refresh token for the refresh grant", async () => {
    const res = await t.call("POST", "/api/auth/oauthToken", { grant_type: "refresh_token" });
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.body).message).toMatch(/refresh_token/);
  });
});

describe("token checks on /api", () => {
  it("answers 401 without a token", async () => {
    const res = await serverTime();
    expect(res.status).toBe(401);
    expect(apiErrorSchema.parse(res.body)).toMatchObject({ status: 401, errorCode: 401 });
  });

  it("answers 401 for an unknown token with the session-expiry message", async () => {
    const res = await serverTime("not-a-token");
    expect(res.status).toBe(401);
    expect(apiErrorSchema.parse(res.body).message).toBe(SESSION_EXPIRED);
  });

  it("accepts a guest token until it expires", async () => {
    const start = t.clock.now();
    const token = await t.guestToken();
    expect((await serverTime(token)).status).toBe(200);
    t.clock.advance(HOUR - 1000);
    expect((await serverTime(token)).status).toBe(200);
    t.clock.advance(1000);
    const res = await serverTime(token);
    expect(res.status).toBe(401);
    expect(apiErrorSchema.parse(res.body).message).toBe(SESSION_EXPIRED);
    t.clock.set(start);
  });

  it("does not accept a refresh token as an access token", async () => {
    const pair = await t.guestTokens();
    expect((await serverTime(pair.refresh_token)).status).toBe(401);
  });
});

describe("refresh", () => {
  const refresh = (refresh_token: string) =>
    t.call("POST", "/api/auth/oauthToken", { grant_type: "refresh_token", refresh_token });

  it("rotates: new pair in the same family, the old refresh token revoked", async () => {
    const first = await t.guestTokens();
    t.clock.advance(HOUR + 1000);
    expect((await serverTime(first.access_token)).status).toBe(401);

    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    const second = tokenResponse.parse(res.body);
    expect(second.strategy).toBe("guest");
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await serverTime(second.access_token)).status).toBe(200);

    const [oldRow] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(first.refresh_token)));
    const [newRow] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(second.refresh_token)));
    expect(oldRow!.revokedAt).not.toBeNull();
    expect(newRow!.family).toBe(oldRow!.family);
  });

  it("treats reuse of a rotated refresh token as theft and revokes the whole family", async () => {
    const first = await t.guestTokens();
    const second = tokenResponse.parse((await refresh(first.refresh_token)).body);
    expect((await serverTime(second.access_token)).status).toBe(200);

    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(apiErrorSchema.parse(reuse.body).message).toBe(SESSION_EXPIRED);
    expect((await serverTime(second.access_token)).status).toBe(401);
    expect((await refresh(second.refresh_token)).status).toBe(401);
  });

  it("lets only one of several racing refreshes win", async () => {
    const pair = await t.guestTokens();
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(pair.refresh_token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401)).toHaveLength(4);
  });

  it("refuses unknown and expired refresh tokens", async () => {
    expect((await refresh("unknown")).status).toBe(401);
    const pair = await t.guestTokens();
    t.clock.advance(30 * 24 * HOUR);
    const res = await refresh(pair.refresh_token);
    expect(res.status).toBe(401);
    expect(apiErrorSchema.parse(res.body).status).toBe(401);
  });
});
