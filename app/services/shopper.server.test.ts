import { describe, expect, it } from "vitest";
import { z } from "zod";
import { controllableClock, endpoint } from "#contract";
import { createSession } from "react-router";
import { createShopperApi, SharedPlatform } from "./shopper.server";
import { PlatformError } from "./platform-client.server";
import { isUnavailablePage } from "~/models/error-page";
import type { Flash, SessionData } from "~/models/shopper";

const echo = endpoint({
  method: "POST",
  path: "/api/echo",
  auth: "token",
  request: z.object({ n: z.number() }),
  response: z.object({ n: z.number(), call: z.number() }),
});

function platform() {
  let calls = 0;
  let tokens = 0;
  const transport = {
    baseUrl: "http://p.test",
    async fetch(request: Request) {
      const url = new URL(request.url);
      if (url.pathname === "/api/auth/oauthToken") {
        tokens++;
        return Response.json({
          access_token: `t${tokens}`,
          refresh_token: "r",
          expires_in: 3600,
          token_type: "Bearer",
          strategy: "guest",
        });
      }
      if (request.headers.get("authorization") !== `Bearer t${tokens}`)
        return Response.json({ status: 401, errorCode: 401, message: "no" }, { status: 401 });
      const body = (await request.json()) as { n: number };
      calls++;
      return Response.json({ n: body.n, call: calls });
    },
  };
  return {
    shared: new SharedPlatform(transport, controllableClock("2026-11-23T10:00:00Z"), 60_000),
    calls: () => calls,
    tokens: () => tokens,
  };
}

describe("shared platform reads", () => {
  it("serves a repeated read from the cache and keeps one server token", async () => {
    const p = platform();
    expect((await p.shared.cached(echo, { n: 1 })).call).toBe(1);
    expect((await p.shared.cached(echo, { n: 1 })).call).toBe(1);
    expect((await p.shared.cached(echo, { n: 2 })).call).toBe(2);
    expect(p.tokens()).toBe(1);
  });
  it("reads again after invalidation", async () => {
    const p = platform();
    await p.shared.cached(echo, { n: 1 });
    p.shared.invalidate();
    expect((await p.shared.cached(echo, { n: 1 })).call).toBe(2);
  });
  it("starts afresh when the server's generation changes", async () => {
    let generation = 0;
    const p = platform();
    const shared = new SharedPlatform(
      p.shared.transport,
      controllableClock("2026-11-23T10:00:00Z"),
      60_000,
      () => generation,
    );
    const first = (await shared.cached(echo, { n: 1 })).call;
    expect((await shared.cached(echo, { n: 1 })).call).toBe(first);
    generation++;
    expect((await shared.cached(echo, { n: 1 })).call).toBe(first + 1);
  });
  it("stays bounded however many different reads it sees", async () => {
    const p = platform();
    for (let n = 0; n < 2100; n++) await p.shared.cached(echo, { n });
    expect((p.shared as unknown as { cache: Map<string, unknown> }).cache.size).toBeLessThanOrEqual(2000);
  });
});

describe("a shopper's calls in one request", () => {
  function shopperPlatform() {
    const grants: string[] = [];
    const transport = {
      baseUrl: "http://p.test",
      async fetch(request: Request) {
        const url = new URL(request.url);
        if (url.pathname === "/api/auth/oauthToken") {
          const body = (await request.json()) as { grant_type: string };
          grants.push(body.grant_type);
          // Slow enough that parallel callers overlap.
          await new Promise((resolve) => setTimeout(resolve, 20));
          return Response.json({
            access_token: `t${grants.length}`,
            refresh_token: `r${grants.length}`,
            expires_in: 3600,
            token_type: "Bearer",
            strategy: "guest",
          });
        }
        const body = (await request.json()) as { n: number };
        return Response.json({ n: body.n, call: 0 });
      },
    };
    return { transport, grants };
  }

  it("share one new guest token when parallel loaders all need one", async () => {
    const { transport, grants } = shopperPlatform();
    const session = createSession<SessionData, Flash>();
    const shopper = createShopperApi({
      transport,
      session,
      clock: controllableClock("2026-11-23T10:00:00Z"),
      clientIp: "127.0.0.1",
    });
    await Promise.all([shopper.call(echo, { n: 1 }), shopper.call(echo, { n: 2 }), shopper.call(echo, { n: 3 })]);
    expect(grants).toEqual(["client_credentials"]);
    expect(session.get("auth")?.accessToken).toBe("t1");
  });

  it("refresh an expiring token once, not once per loader (a replayed refresh token revokes the family)", async () => {
    const { transport, grants } = shopperPlatform();
    const session = createSession<SessionData, Flash>();
    const clock = controllableClock("2026-11-23T10:00:00Z");
    session.set("auth", {
      strategy: "guest",
      accessToken: "old",
      refreshToken: "r0",
      expiresAt: clock.now().getTime() + 1000,
    });
    const shopper = createShopperApi({ transport, session, clock, clientIp: "127.0.0.1" });
    await Promise.all([shopper.call(echo, { n: 1 }), shopper.call(echo, { n: 2 })]);
    expect(grants).toEqual(["refresh_token"]);
  });
});

describe("a member's session that ends (spec 2 §4)", () => {
  /** A platform that refuses the member's refresh token and the revoked access token, and serves guests. */
  function memberPlatform(options: { refresh: "refused" | "ok"; memberCalls: "401" | "ok" }) {
    const grants: string[] = [];
    const transport = {
      baseUrl: "http://p.test",
      async fetch(request: Request) {
        const url = new URL(request.url);
        if (url.pathname === "/api/auth/oauthToken") {
          const body = (await request.json()) as { grant_type: string };
          grants.push(body.grant_type);
          if (body.grant_type === "refresh_token" && options.refresh === "refused") {
            return Response.json({ status: 401, errorCode: 401, message: "Invalid refresh token" }, { status: 401 });
          }
          const strategy = body.grant_type === "refresh_token" ? "member" : "guest";
          return Response.json({
            access_token: `${strategy}-${grants.length}`,
            refresh_token: `r${grants.length}`,
            expires_in: 3600,
            token_type: "Bearer",
            strategy,
          });
        }
        const auth = request.headers.get("authorization") ?? "";
        if (auth === "Bearer member-old" && options.memberCalls === "401")
          return Response.json({ status: 401, errorCode: 401, message: "Unauthorized" }, { status: 401 });
        const body = (await request.json()) as { n: number };
        return Response.json({ n: body.n, call: auth.startsWith("Bearer guest") ? 1 : 2 });
      },
    };
    return { transport, grants };
  }

  function memberSession(expiresInMs: number, clock: ReturnType<typeof controllableClock>) {
    const session = createSession<SessionData, Flash>();
    session.set("auth", {
      strategy: "member",
      accessToken: "member-old",
      refreshToken: "r0",
      expiresAt: clock.now().getTime() + expiresInMs,
    });
    session.set("basketToken", "member-basket");
    session.set("store", { id: 1, slug: "s", name: "S" });
    return session;
  }

  it("signs the member out and goes on as a guest when the refresh is refused", async () => {
    const clock = controllableClock("2026-11-23T10:00:00Z");
    const { transport, grants } = memberPlatform({ refresh: "refused", memberCalls: "ok" });
    const session = memberSession(1000, clock);
    const shopper = createShopperApi({ transport, session, clock, clientIp: "127.0.0.1" });
    expect((await shopper.call(echo, { n: 1 })).call).toBe(1);
    expect(grants).toEqual(["refresh_token", "client_credentials"]);
    expect(shopper.memberSessionExpired()).toBe(true);
    expect(session.get("auth")?.strategy).toBe("guest");
    // The member's basket is theirs: the guest starts without it, but keeps the chosen store.
    expect(session.get("basketToken")).toBeUndefined();
    expect(session.get("store")?.slug).toBe("s");
  });

  it("signs the member out when the platform answers 401 to a member's call", async () => {
    const clock = controllableClock("2026-11-23T10:00:00Z");
    const { transport } = memberPlatform({ refresh: "ok", memberCalls: "401" });
    const session = memberSession(3_600_000, clock);
    const shopper = createShopperApi({ transport, session, clock, clientIp: "127.0.0.1" });
    expect((await shopper.call(echo, { n: 1 })).call).toBe(1);
    expect(shopper.memberSessionExpired()).toBe(true);
    expect(session.get("auth")?.strategy).toBe("guest");
    expect(session.get("basketToken")).toBeUndefined();
  });

  it("keeps a member whose refresh works signed in, with nothing to tell", async () => {
    const clock = controllableClock("2026-11-23T10:00:00Z");
    const { transport, grants } = memberPlatform({ refresh: "ok", memberCalls: "ok" });
    const session = memberSession(1000, clock);
    const shopper = createShopperApi({ transport, session, clock, clientIp: "127.0.0.1" });
    expect((await shopper.call(echo, { n: 1 })).call).toBe(2);
    expect(grants).toEqual(["refresh_token"]);
    expect(shopper.memberSessionExpired()).toBe(false);
    expect(session.get("auth")?.strategy).toBe("member");
    expect(session.get("basketToken")).toBe("member-basket");
  });

  it("keeps a guest whose refresh is refused a guest, with nothing to tell", async () => {
    const clock = controllableClock("2026-11-23T10:00:00Z");
    const { transport } = memberPlatform({ refresh: "refused", memberCalls: "ok" });
    const session = createSession<SessionData, Flash>();
    session.set("auth", {
      strategy: "guest",
      accessToken: "guest-old",
      refreshToken: "r0",
      expiresAt: clock.now().getTime() + 1000,
    });
    session.set("basketToken", "guest-basket");
    const shopper = createShopperApi({ transport, session, clock, clientIp: "127.0.0.1" });
    await shopper.call(echo, { n: 1 });
    expect(shopper.memberSessionExpired()).toBe(false);
    expect(session.get("basketToken")).toBe("guest-basket");
  });
});

describe("a platform that cannot answer for now", () => {
  const down = {
    baseUrl: "http://p.test",
    async fetch(request: Request) {
      if (new URL(request.url).pathname === "/api/auth/oauthToken") {
        return Response.json({
          access_token: "t",
          refresh_token: "r",
          expires_in: 3600,
          token_type: "Bearer",
          strategy: "guest",
        });
      }
      return Response.json({ status: 503, errorCode: "SERVICE_UNAVAILABLE", message: "back soon" }, { status: 503 });
    },
  };
  const refusing = {
    ...down,
    async fetch() {
      return Response.json({ status: 503, errorCode: 503, message: "busy" }, { status: 503 });
    },
  };

  it("is the 503 'try again in a moment' page, for a shopper's call and for a shared read", async () => {
    const session = createSession<SessionData, Flash>();
    const shopper = createShopperApi({
      transport: down,
      session,
      clock: controllableClock("2026-11-23T10:00:00Z"),
      clientIp: "198.51.100.1",
    });
    const thrown = await shopper.call(echo, { n: 1 }).catch((e: unknown) => e);
    expect(isUnavailablePage(thrown)).toBe(true);
    expect(thrown).toMatchObject({
      data: { message: "The shop cannot be reached for a moment. Please try again." },
      init: { status: 503 },
    });
    const shared = new SharedPlatform(down, controllableClock("2026-11-23T10:00:00Z"), 60_000);
    expect(isUnavailablePage(await shared.cached(echo, { n: 1 }).catch((e: unknown) => e))).toBe(true);
  });

  it("leaves any other failure, a refusal with status 503 among them, to the caller", async () => {
    const session = createSession<SessionData, Flash>();
    const shopper = createShopperApi({
      transport: refusing,
      session,
      clock: controllableClock("2026-11-23T10:00:00Z"),
      clientIp: "198.51.100.1",
    });
    const thrown = await shopper.call(echo, { n: 1 }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(PlatformError);
    expect(isUnavailablePage(thrown)).toBe(false);
  });
});
