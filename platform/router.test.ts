import { describe, expect, it } from "vitest";
import { z } from "zod";
import { controllableClock, endpoint, systemClock, type VerifiedTokens } from "./contract";
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
  request: z.object({ id: z.coerce.number().int(), size: z.string().optional(), big: z.enum(["true", "false"]).optional() }),
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
const boardOnly = endpoint({ method: "GET", path: "/api/board", auth: "staff", request: z.object({}), response: z.object({}) });
const empty = endpoint({ method: "DELETE", path: "/api/things/:id", auth: "none", request: z.object({ id: z.string() }), response: z.object({}) });
const unregistered = endpoint({ method: "GET", path: "/api/nowhere", auth: "none", request: z.object({}), response: z.object({}) });

function harness() {
  const log = memoryLogger();
  const seen: { input: unknown; ctx: Pick<RequestContext, "auth" | "idempotencyKey" | "clientIp" | "rawBody"> }[] = [];
  const keep = (input: unknown, ctx: RequestContext) =>
    seen.push({ input, ctx: { auth: ctx.auth, idempotencyKey: ctx.idempotencyKey, clientIp: ctx.clientIp, rawBody: ctx.rawBody } });
  const router = new Router()
    .on(getItem, (input, ctx) => {
      keep(input, ctx);
      if (input.id === 404) throw new ApiError(404, "No such item", { errorCode: "ITEM_NOT_FOUND", errorDisplay: "That item has gone" });
      if (input.id === 500) throw new Error("database on fire");
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
    authenticate: async (token: string) => (token === "good" ? { strategy: "guest", memberId: null, family: "f1" } : null),
  } as unknown as PlatformDeps;

  async function overHttp(method: string, path: string, init: { body?: unknown; call?: InProcessCall } = {}) {
    const headers = new Headers({ accept: "application/json", "x-client-ip": init.call?.clientIp ?? "unknown" });
    if (init.call?.token) headers.set("authorization", `Bearer ${init.call.token}`);
    if (init.call?.idempotencyKey) headers.set("idempotency-key", init.call.idempotencyKey);
    if (init.body !== undefined) headers.set("content-type", "application/json");
    const response = await router.handle(
      new Request(`http://platform.internal${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }),
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
    expect(seen[0]!.ctx).toEqual({ auth: { strategy: "guest", memberId: null, family: "f1" }, idempotencyKey: "k-1", clientIp: "198.51.100.7", rawBody: undefined });
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
      [[getItem, { id: 404 }, { token: "good" }, deps], ["GET", "/api/items/404", { call: { token: "good" } }]],
      [[getItem, { id: "x" }, { token: "good" }, deps], ["GET", "/api/items/x", { call: { token: "good" } }]],
      [[getItem, { id: 1 }, {}, deps], ["GET", "/api/items/1"]],
      [[getItem, { id: 1 }, { token: "expired" }, deps], ["GET", "/api/items/1", { call: { token: "expired" } }]],
      [[boardOnly, {}, { token: "good" }, deps], ["GET", "/api/board", { call: { token: "good" } }]],
      [[postNote, { text: "x".repeat(300) }, {}, deps], ["POST", "/api/notes", { body: { text: "x".repeat(300) } }]],
      [[postNote, { text: "" }, {}, deps], ["POST", "/api/notes", { body: { text: "" } }]],
      [[getItem, { id: 500 }, { token: "good" }, deps], ["GET", "/api/items/500", { call: { token: "good" } }]],
      [[unregistered, {}, {}, deps], ["GET", "/api/nowhere"]],
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

  it("answers a handler's own Response (204) as HTTP would", async () => {
    const { router, deps } = harness();
    expect(await router.invoke(empty, { id: "a/b" }, {}, deps)).toEqual({ status: 204, body: null });
  });
});

// Decision 0031: within one storefront request the in-process call checks a token once; the record is the request's
// own, keyed by the token, and gives way to the token's expiry and to any revocation made in this process.
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
    for (let i = 0; i < 3; i++) expect((await router.invoke(getItem, { id: i }, { token: "alice", verifiedTokens }, deps)).status).toBe(200);
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
    expect(refused).toEqual({ status: 401, body: expect.objectContaining({ message: "Your session has expired. Please log in again." }) });
    expect(looked).toEqual(["alice", "alice"]);
    expect(verifiedTokens.has("alice")).toBe(false);
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
