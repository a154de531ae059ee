import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  controllableClock,
  DEFAULT_CLIENT_IDENTITY,
  endpoint,
  identityHeaders,
  systemClock,
  type VerifiedTokens,
} from "./contract";
import { revokeFamily } from "./auth/tokens";
import type { Db } from "./db/open";
import type { PlatformDeps, RequestContext } from "./context";
import { ApiError } from "./errors";
import { Router, type InProcessCall } from "./router";
import { memoryLogger } from "./testing/memory-logger";

// The in-process call (decision 0027) must answer exactly what the same call over HTTP answers: the same input
// reaches the handler, and the same status and error body come back.

const getItem = endpoint({
  method: "GET",
  path: "/api/items/:id",
  auth: "token",
  request: z.object({
    id: z.coerce.number().int(),
    size: z.string().optional(),
    big: z.enum(["true", "false"]).optional(),
  }),
  response: z.object({ id: z.number(), size: z.string().nullable() }),
});
const postNote = endpoint({
  method: "POST",
  path: "/api/notes",
  auth: "none",
  request: z.object({ text: z.string().min(1), tags: z.array(z.string()).default([]), when: z.string().optional() }),
  response: z.object({ saved: z.string() }),
  maxBodyBytes: 200,
});
const boardOnly = endpoint({
  method: "GET",
  path: "/api/board",
  auth: "staff",
  request: z.object({}),
  response: z.object({}),
});
const empty = endpoint({
  method: "DELETE",
  path: "/api/things/:id",
  auth: "none",
  request: z.object({ id: z.string() }),
  response: z.object({}),
});
const unregistered = endpoint({
  method: "GET",
  path: "/api/nowhere",
  auth: "none",
  request: z.object({}),
  response: z.object({}),
});

function harness() {
  const log = memoryLogger();
  const seen: {
    input: unknown;
    ctx: Pick<RequestContext, "auth" | "idempotencyKey" | "clientIp" | "rawBody" | "client">;
  }[] = [];
  const keep = (input: unknown, ctx: RequestContext) =>
    seen.push({
      input,
      ctx: {
        auth: ctx.auth,
        idempotencyKey: ctx.idempotencyKey,
        clientIp: ctx.clientIp,
        rawBody: ctx.rawBody,
        client: ctx.client,
      },
    });
  const router = new Router()
    .on(getItem, (input, ctx) => {
      keep(input, ctx);
      if (input.id === 404)
        throw new ApiError(404, "No such item", { errorCode: "ITEM_NOT_FOUND", errorDisplay: "That item has gone" });
      if (input.id === 500) throw new Error("database on fire");
      if (input.id === 503)
        throw new Error("Failed query: select 1", {
          cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
        });
      return { id: input.id, size: input.size ?? null };
    })
    .on(postNote, (input, ctx) => {
      keep(input, ctx);
      return { saved: `${input.text}:${input.tags.join(",")}` };
    })
    .on(boardOnly, () => ({}))
    .on(empty, () => new Response(null, { status: 204 }));
  const deps = {
    log,
    clock: systemClock(),
    authenticate: async (token: string) =>
      token === "good" ? { strategy: "guest", memberId: null, family: "f1" } : null,
  } as unknown as PlatformDeps;

  async function overHttp(method: string, path: string, init: { body?: unknown; call?: InProcessCall } = {}) {
    const headers = new Headers({ accept: "application/json", "x-client-ip": init.call?.clientIp ?? "unknown" });
    if (init.call?.token) headers.set("authorization", `Bearer ${init.call.token}`);
    if (init.call?.idempotencyKey) headers.set("idempotency-key", init.call.idempotencyKey);
    if (init.call?.client) for (const [name, value] of identityHeaders(init.call.client)) headers.set(name, value);
    if (init.body !== undefined) headers.set("content-type", "application/json");
    const response = await router.handle(
      new Request(`http://platform.internal${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
      deps,
    );
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }
  return { router, deps, seen, log, overHttp };
}

describe("Router.invoke, the in-process call", () => {
  it("hands the handler what an HTTP query would (strings, parsed by the schema) and answers the handler's own object", async () => {
    const { router, deps, seen, overHttp } = harness();
    const call = { token: "good", clientIp: "198.51.100.7", idempotencyKey: "k-1" };
    const inProcess = await router.invoke(getItem, { id: 7, size: "L", big: null }, call, deps);
    const http = await overHttp("GET", "/api/items/7?size=L", { call });
    expect(inProcess).toEqual(http);
    expect(inProcess).toEqual({ status: 200, body: { id: 7, size: "L" } });
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]!.ctx).toEqual({
      auth: { strategy: "guest", memberId: null, family: "f1" },
      idempotencyKey: "k-1",
      clientIp: "198.51.100.7",
      rawBody: undefined,
      client: {},
    });
  });

  it("sends a body as its JSON would arrive (undefined fields gone, defaults applied) with the raw body kept", async () => {
    const { router, deps, seen, overHttp } = harness();
    const inProcess = await router.invoke(postNote, { text: "hi", when: undefined }, {}, deps);
    const http = await overHttp("POST", "/api/notes", { body: { text: "hi" } });
    expect(inProcess).toEqual({ status: 200, body: { saved: "hi:" } });
    expect(http).toEqual(inProcess);
    expect(seen[0]!.ctx.rawBody).toBe('{"text":"hi"}');
    expect(seen[0]!.input).toEqual(seen[1]!.input);
  });

  it("answers errors with the status and body HTTP carries: the handler's, validation, auth, size, unknown, missing", async () => {
    const { router, deps, overHttp, log } = harness();
    const cases: [Parameters<typeof router.invoke>, Parameters<typeof overHttp>][] = [
      [
        [getItem, { id: 404 }, { token: "good" }, deps],
        ["GET", "/api/items/404", { call: { token: "good" } }],
      ],
      [
        [getItem, { id: "x" }, { token: "good" }, deps],
        ["GET", "/api/items/x", { call: { token: "good" } }],
      ],
      [
        [getItem, { id: 1 }, {}, deps],
        ["GET", "/api/items/1"],
      ],
      [
        [getItem, { id: 1 }, { token: "expired" }, deps],
        ["GET", "/api/items/1", { call: { token: "expired" } }],
      ],
      [
        [boardOnly, {}, { token: "good" }, deps],
        ["GET", "/api/board", { call: { token: "good" } }],
      ],
      [
        [postNote, { text: "x".repeat(300) }, {}, deps],
        ["POST", "/api/notes", { body: { text: "x".repeat(300) } }],
      ],
      [
        [postNote, { text: "" }, {}, deps],
        ["POST", "/api/notes", { body: { text: "" } }],
      ],
      [
        [getItem, { id: 500 }, { token: "good" }, deps],
        ["GET", "/api/items/500", { call: { token: "good" } }],
      ],
      [
        [unregistered, {}, {}, deps],
        ["GET", "/api/nowhere"],
      ],
    ];
    const statuses: number[] = [];
    for (const [invokeArgs, httpArgs] of cases) {
      const inProcess = await router.invoke(...invokeArgs);
      expect(inProcess).toEqual(await overHttp(...httpArgs));
      statuses.push(inProcess.status);
    }
    expect(statuses).toEqual([404, 400, 401, 401, 401, 413, 400, 500, 404]);
    expect(log.entries.filter((e) => e.event === "platform.unhandled")).toHaveLength(2);
  });

  it("answers 503 SERVICE_UNAVAILABLE, logged as a warning, when the database cannot be reached (a restart, a failover)", async () => {
    const { router, deps, overHttp, log } = harness();
    const inProcess = await router.invoke(getItem, { id: 503 }, { token: "good" }, deps);
    expect(inProcess).toEqual(await overHttp("GET", "/api/items/503", { call: { token: "good" } }));
    expect(inProcess).toEqual({
      status: 503,
      body: {
        status: 503,
        errorCode: "SERVICE_UNAVAILABLE",
        message: "The shop cannot be reached for a moment. Please try again.",
      },
    });
    const response = await router.handle(
      new Request("http://platform.internal/api/items/503", { headers: { authorization: "Bearer good" } }),
      deps,
    );
    expect(response.headers.get("retry-after")).toBe("5");
    expect(log.entries.filter((e) => e.event === "platform.unhandled")).toHaveLength(0);
    const warnings = log.entries.filter((e) => e.event === "platform.database_unavailable");
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatchObject({ level: "warn", fields: { error: "connect ECONNREFUSED 127.0.0.1:5432" } });
  });

  it("answers a handler's own Response (204) as HTTP would", async () => {
    const { router, deps } = harness();
    expect(await router.invoke(empty, { id: "a/b" }, {}, deps)).toEqual({ status: 204, body: null });
  });
});

// Decision 0031: within one storefront request the in-process call checks a token once; the record is the request's
// own, keyed by the token, and gives way to the token's expiry and to any revocation made in this process.
describe("the client's name and versions (spec 1 §9)", () => {
  it("reach the handler alike over HTTP and in process; a call naming none is answered as ever", async () => {
    const { router, deps, seen, overHttp } = harness();
    const call: InProcessCall = { client: DEFAULT_CLIENT_IDENTITY };
    expect((await overHttp("POST", "/api/notes", { body: { text: "a" }, call })).status).toBe(200);
    expect((await router.invoke(postNote, { text: "a" }, call, deps)).status).toBe(200);
    expect(seen.map((s) => s.ctx.client)).toEqual([DEFAULT_CLIENT_IDENTITY, DEFAULT_CLIENT_IDENTITY]);
    expect((await overHttp("POST", "/api/notes", { body: { text: "b" } })).status).toBe(200);
    expect(seen[2]!.ctx.client).toEqual({});
  });

  it("refuse a client of another contract version before the handler runs, with the same answer both ways", async () => {
    const { router, deps, seen, overHttp } = harness();
    const call: InProcessCall = { client: { ...DEFAULT_CLIENT_IDENTITY, platformVersion: "5" } };
    const http = await overHttp("POST", "/api/notes", { body: { text: "a" }, call });
    const inProcess = await router.invoke(postNote, { text: "a" }, call, deps);
    expect(http).toEqual(inProcess);
    expect(http.status).toBe(400);
    expect(http.body).toMatchObject({
      errorCode: "UNSUPPORTED_PLATFORM_VERSION",
      errorDisplay: "This site and its ordering system are out of step. Please try again in a few minutes.",
    });
    expect(seen).toHaveLength(0);
  });
});

describe("tokens verified within one storefront request", () => {
  function counted() {
    const { router, deps, seen } = harness();
    const clock = controllableClock("2026-11-27T10:00:00Z");
    const looked: string[] = [];
    const sessions: Record<string, { strategy: "guest" | "member"; memberId: number | null; family: string }> = {
      alice: { strategy: "guest", memberId: null, family: "fa" },
      bob: { strategy: "member", memberId: 7, family: "fb" },
      carol: { strategy: "guest", memberId: null, family: "fc" },
    };
    const testDeps = {
      ...deps,
      clock,
      authenticate: async (token: string) => {
        looked.push(token);
        const session = sessions[token];
        const expiresAt = new Date("2026-11-27T11:00:00Z");
        return session && clock.now() < expiresAt ? { ...session, expiresAt } : null;
      },
    } as PlatformDeps;
    const authOf = () => seen.at(-1)!.ctx.auth;
    return { router, deps: testDeps, clock, looked, authOf };
  }

  it("looks a token up once per request record, and every call of the request still gets its own session", async () => {
    const { router, deps, looked, authOf } = counted();
    const verifiedTokens: VerifiedTokens = new Map();
    for (let i = 0; i < 3; i++)
      expect((await router.invoke(getItem, { id: i }, { token: "alice", verifiedTokens }, deps)).status).toBe(200);
    expect(looked).toEqual(["alice"]);
    expect(authOf()).toEqual({ strategy: "guest", memberId: null, family: "fa" });
    // Another token in the same record is looked up for itself and never answered with the first one's session.
    await router.invoke(getItem, { id: 1 }, { token: "bob", verifiedTokens }, deps);
    expect(authOf()).toEqual({ strategy: "member", memberId: 7, family: "fb" });
    expect((await router.invoke(getItem, { id: 1 }, { token: "mallory", verifiedTokens }, deps)).status).toBe(401);
    expect(looked).toEqual(["alice", "bob", "mallory"]);
    // Calls that start together (a page's loaders) share one check.
    await Promise.all([1, 2, 3].map((id) => router.invoke(getItem, { id }, { token: "carol", verifiedTokens }, deps)));
    expect(looked.filter((t) => t === "carol")).toHaveLength(1);
    // The handler cannot change what later calls of the request are told.
    authOf()!.memberId = 99;
    await router.invoke(getItem, { id: 1 }, { token: "bob", verifiedTokens }, deps);
    expect(authOf()).toEqual({ strategy: "member", memberId: 7, family: "fb" });
  });

  it("another request's record (or none) looks the token up again", async () => {
    const { router, deps, looked } = counted();
    await router.invoke(getItem, { id: 1 }, { token: "alice", verifiedTokens: new Map() }, deps);
    await router.invoke(getItem, { id: 1 }, { token: "alice", verifiedTokens: new Map() }, deps);
    await router.invoke(getItem, { id: 1 }, { token: "alice" }, deps);
    await router.invoke(getItem, { id: 1 }, { token: "alice" }, deps);
    expect(looked).toEqual(["alice", "alice", "alice", "alice"]);
  });

  it("refuses a kept token once it has expired", async () => {
    const { router, deps, clock, looked } = counted();
    const verifiedTokens: VerifiedTokens = new Map();
    expect((await router.invoke(getItem, { id: 1 }, { token: "alice", verifiedTokens }, deps)).status).toBe(200);
    clock.set("2026-11-27T11:00:00Z");
    const refused = await router.invoke(getItem, { id: 1 }, { token: "alice", verifiedTokens }, deps);
    expect(refused).toEqual({
      status: 401,
      body: expect.objectContaining({ message: "Your session has expired. Please log in again." }),
    });
    expect(looked).toEqual(["alice", "alice"]);
    expect(verifiedTokens.has("alice")).toBe(false);
  });

  it("answers 503 when the token's lookup fails with the database down, without an unhandled rejection ending the process", async () => {
    const { router, deps } = counted();
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const failing = {
      ...deps,
      authenticate: () => Promise.reject(new Error("Failed query: select …", { cause: refused })),
    } as PlatformDeps;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const verifiedTokens: VerifiedTokens = new Map();
      expect((await router.invoke(getItem, { id: 1 }, { token: "alice", verifiedTokens }, failing)).status).toBe(503);
      // Parallel loaders sharing the failed check get the same answer; the failed check is not kept.
      const shared = await Promise.all(
        [1, 2].map((id) => router.invoke(getItem, { id }, { token: "bob", verifiedTokens }, failing)),
      );
      expect(shared.map((answer) => answer.status)).toEqual([503, 503]);
      expect(verifiedTokens.size).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("looks the token up again after any revocation in this process (a sign-out in the same request)", async () => {
    const { router, deps, looked } = counted();
    const verifiedTokens: VerifiedTokens = new Map();
    await router.invoke(getItem, { id: 1 }, { token: "alice", verifiedTokens }, deps);
    const noDb = { update: () => ({ set: () => ({ where: async () => undefined }) }) } as unknown as Db;
    await revokeFamily(noDb, deps.clock, "fa");
    await router.invoke(getItem, { id: 1 }, { token: "alice", verifiedTokens }, deps);
    await router.invoke(getItem, { id: 1 }, { token: "alice", verifiedTokens }, deps);
    expect(looked).toEqual(["alice", "alice"]);
  });
});

// Found by the /api fuzzing (decision 0045): each of these was a 500.
describe("requests no client should send, refused in the error shape", () => {
  it("a path parameter whose escapes are broken is a 400, not an error of the system", async () => {
    const { overHttp, log } = harness();
    for (const broken of ["%", "%zz", "%E0%A4%A", "a%"]) {
      const answer = await overHttp("DELETE", `/api/things/${broken}`);
      expect(answer, broken).toEqual({
        status: 400,
        body: expect.objectContaining({ status: 400, errorCode: 400, message: "id: the address has a broken escape" }),
      });
    }
    expect(log.entries.filter((e) => e.level === "error")).toEqual([]);
    expect(await overHttp("DELETE", "/api/things/caf%C3%A9")).toEqual({ status: 204, body: null });
  });

  it("text with the null character (which PostgreSQL cannot store) is a 400 naming the field, in a body, a query or a path", async () => {
    const { router, deps, overHttp, seen, log } = harness();
    const refused = (field: string) => ({
      status: 400,
      body: expect.objectContaining({ status: 400, message: `${field}: Text may not contain the null character` }),
    });
    expect(await overHttp("POST", "/api/notes", { body: { text: "a\u0000b" } })).toEqual(refused("text"));
    expect(await overHttp("POST", "/api/notes", { body: { text: "fine", tags: ["ok", "\u0000"] } })).toEqual(
      refused("tags.1"),
    );
    expect(await overHttp("GET", "/api/items/3?size=%00", { call: { token: "good" } })).toEqual(refused("size"));
    expect(await overHttp("DELETE", "/api/things/a%00")).toEqual(refused("id"));
    expect(await router.invoke(postNote, { text: "a\u0000b" }, {}, deps)).toEqual(
      await overHttp("POST", "/api/notes", { body: { text: "a\u0000b" } }),
    );
    // Unknown fields are dropped by the schema before the check, so they refuse nothing.
    expect((await overHttp("POST", "/api/notes", { body: { text: "fine", other: "\u0000" } })).status).toBe(200);
    expect(seen.map((s) => s.input)).toEqual([{ text: "fine", tags: [] }]);
    expect(log.entries.filter((e) => e.level === "error")).toEqual([]);
  });
});
