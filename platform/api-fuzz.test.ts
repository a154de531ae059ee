import fc from "fast-check";
import { runInNewContext } from "node:vm";
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiErrorSchema, PLATFORM_VERSION, type Endpoint } from "./contract";
import { eq } from "drizzle-orm";
import { registerMember } from "./auth/testing/accounts";
import { issueTokens } from "./auth/tokens";
import { members } from "./db/schema";
import { plainItems } from "./catalogue/testing/items";
import { nested, oddString, schemaArbitrary, wrongValue, type Dictionary } from "./testing/fuzz";
import { seededPlatform, VICTORIA, type TestPlatform } from "./testing";

/*
 * Every /api endpoint of the contract fed generated requests (issue 22, decision 0045): bodies built from its own
 * schema (mostly the right shape, with wrong types, odd Unicode, huge strings and deep nesting here and there),
 * malformed JSON, bodies over the limit, JSON that is not an object, wrong content types, forged headers, and
 * missing or forged tokens. Every answer is a 2xx that the contract's response schema accepts, or a 4xx in the
 * contract's error shape; never a 5xx, and nothing logged as an error. The process's resident memory grows by less
 * than 50 MB over the whole run.
 *
 * FUZZ_SEED repeats a run (fast-check prints the seed and the path of a failure); CI runs one fixed seed, a run
 * elsewhere a new one each time. FUZZ_RUNS changes how many requests each endpoint gets.
 */

const SEED = Number(process.env.FUZZ_SEED ?? (process.env.CI ? 22_045 : Date.now() % 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
/** The contract had this many endpoints when the suite was written: fewer means the list is not being read. */
const ENDPOINTS_AT_LEAST = 92;
const STAFF = { username: "board", password: "correct horse battery staple" };
const MEMBER_EMAIL = "fuzz.member@example.com";
/** The address the suite's own set-up calls come from, apart from the fuzzed calls' (which rate limits count). */
const SETUP_IP = "192.0.2.1";
const MB = 1024 * 1024;
const WARM_UP_RUNS = 10;

const endpoints = Object.entries(api as Record<string, Endpoint>).sort(([a], [b]) => a.localeCompare(b));

type TokenKind = "guest" | "member" | "staff" | "none" | "forged" | "garbage" | "bad-scheme";

/** One generated request, printed short when fast-check reports it. */
class Case {
  constructor(
    readonly kind: string,
    readonly token: TokenKind,
    /** The made-up token sent when `token` is "garbage". */
    readonly garbage: string,
    readonly path: string,
    readonly query: string,
    readonly headers: Record<string, string>,
    readonly body: string | undefined,
    /** Which of a few hundred addresses the call comes from (rate limits count by address). */
    readonly client: number,
  ) {}
  [fc.toStringMethod](): string {
    const body =
      this.body === undefined
        ? ""
        : this.body.length > 300
          ? `${this.body.slice(0, 300)}… (${this.body.length} chars)`
          : this.body;
    const token = this.token === "garbage" ? JSON.stringify(this.garbage.slice(0, 80)) : this.token;
    return `${this.kind} ${this.path}${this.query} token=${token} headers=${JSON.stringify(this.headers)} body=${JSON.stringify(body)}`;
  }
}

let t: TestPlatform;
const tokens: Record<"guest" | "member" | "staff", string> = { guest: "", member: "", staff: "" };
let dictionary: Dictionary = {};
let rssBefore = 0;
let databaseBefore = 0;
let usageBefore: NodeJS.MemoryUsage;
let requests = 0;
const startedAt = performance.now();
const timings: string[] = [];

/** The embedded PGlite's WebAssembly memory (part of the resident set; it grows and never shrinks), 0 on PostgreSQL. */
function databaseMemory(): number {
  const client = (t.db as unknown as { $client?: { mod?: { HEAPU8?: Uint8Array } } }).$client;
  return client?.mod?.HEAPU8?.byteLength ?? 0;
}

/** Forces a full garbage collection, so resident memory is measured without garbage waiting to be swept. */
async function collectGarbage(): Promise<void> {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let memberId = 0;

/**
 * Fresh tokens of each kind and a basket of the guest's, with the field values the running shop knows, so that
 * generated calls reach past "no such basket" now and then. Made again for every endpoint: the fuzzing of sign-out
 * and password changes ends the sessions it is given.
 */
async function freshSession(): Promise<void> {
  const issue = async (strategy: "guest" | "member" | "staff") =>
    (
      await issueTokens(
        t.db,
        t.clock,
        { accessTokenSeconds: 3600, refreshTokenSeconds: 3600 },
        { strategy, memberId: strategy === "member" ? memberId : null },
      )
    ).access_token;
  tokens.guest = await issue("guest");
  tokens.member = await issue("member");
  tokens.staff = await issue("staff");
  const basket = await t.call(
    "POST",
    "/api/basket/retrieve",
    { storeId: VICTORIA, fulfilmentMethod: "delivery" },
    { token: tokens.guest, headers: { "x-client-ip": SETUP_IP } },
  );
  dictionary = { ...dictionary, basketToken: [api.retrieveBasket.response.parse(basket.body).basketToken] };
}

beforeAll(async () => {
  ({ t } = await seededPlatform({ config: { staff: STAFF } }));
  await registerMember(t, { email: MEMBER_EMAIL, mobile: "07700 900 777" });
  memberId = (await t.db.select({ id: members.id }).from(members).where(eq(members.email, MEMBER_EMAIL)))[0]!.id;
  dictionary = {
    storeId: [VICTORIA, VICTORIA + 1],
    menuItemId: (await plainItems(t)).slice(0, 3).map((i) => i.id),
    fulfilmentMethod: ["delivery", "collection"],
    postcode: ["SW1A 1AA", "W1A 1AA"],
    email: [MEMBER_EMAIL],
    username: [MEMBER_EMAIL, STAFF.username],
  };
  // A first few requests of every kind to every endpoint, unchecked, before memory is measured: the heap and the
  // allocators reach their working size (the bodies near the limit are the largest), and what grows after is kept.
  for (const [, endpoint] of endpoints) {
    await freshSession();
    for (const c of fc.sample(casesFor(endpoint), { numRuns: WARM_UP_RUNS, seed: SEED + 1 })) await send(endpoint, c);
  }
  // The largest bodies of all, a few dozen times: the memory allocator's own high-water mark (which it keeps) is
  // reached now rather than by chance during the run.
  const largest = api.retrieveBasket;
  for (let i = 0; i < 40; i++) {
    const body =
      i % 2
        ? JSON.stringify({ a: "x".repeat(256 * 1024 + 64 * 1024) })
        : `{"a":${"[".repeat(60_000)}${"]".repeat(60_000)}}`;
    await send(
      largest,
      new Case("warm-up", "guest", "", largest.path, "", { "content-type": "application/json" }, body, 1),
    );
  }
  t.logs.length = 0;
  await collectGarbage();
  usageBefore = process.memoryUsage();
  databaseBefore = databaseMemory();
  rssBefore = usageBefore.rss;
  // Seconds on a quiet machine; a few times that when other work shares its cores.
}, 180_000);

afterAll(async () => {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.info(
    `api fuzz: ${endpoints.length} endpoints, ${requests} requests, ${seconds} s, seed ${SEED}\n${timings.join("\n")}`,
  );
  await t?.close();
});

/** A token that is not one: a real one altered, made up, or of the wrong kind. */
const forgedToken = fc.oneof(
  fc.constantFrom("x", "null", "undefined", "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.", "Bearer", "' OR '1'='1"),
  fc.string({ unit: "binary-ascii", minLength: 1, maxLength: 64 }).map((s) => s.replace(/[^\x21-\x7e]/g, "A")),
  fc.integer({ min: 4_000, max: 16_000 }).map((n) => "A".repeat(n)),
);

/** Content types a client might wrongly send with a body. */
const CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=latin1",
  "",
  "application/json\u00ff",
];

const malformedJson = (valid: string) =>
  fc.oneof(
    fc.constantFrom(
      "{",
      "}",
      "[",
      '{"a":}',
      '{"a":1,}',
      "{'a':1}",
      "{a:1}",
      "NaN",
      "undefined",
      "\ufeff{}",
      '{"a":1}{"b":2}',
      "/* */{}",
      '{"a":"\\x"}',
      '{"a":"\\ud800"}',
      "\u0000",
    ),
    fc.nat({ max: Math.max(0, valid.length - 1) }).map((n) => valid.slice(0, n) || "{"),
    fc.string({ unit: "binary", minLength: 1, maxLength: 200 }),
  );

/** A JSON body nested deeper than any parser should be asked to follow: raw text, or an object's field. */
const deepBody = fc
  .tuple(fc.integer({ min: 500, max: 60_000 }), fc.boolean(), fc.boolean())
  .map(([depth, asObject, raw]) => {
    if (raw)
      return asObject
        ? `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`
        : `{"a":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    return JSON.stringify({ a: nested(Math.min(depth, 3_000), asObject) });
  });

/** A body over the endpoint's limit (by up to 64 KB): valid JSON with one huge field, or plain filler. */
const hugeBody = (limit: number) =>
  fc
    .tuple(fc.integer({ min: limit + 1, max: limit + 64 * 1024 }), fc.boolean())
    .map(([size, asJson]) => (asJson ? JSON.stringify({ a: "x".repeat(size) }) : "y".repeat(size)));

/** Generated requests for one endpoint. */
function casesFor(endpoint: Endpoint): fc.Arbitrary<Case> {
  const withBody = endpoint.method !== "GET" && endpoint.method !== "DELETE";
  const limit = endpoint.maxBodyBytes ?? 256 * 1024;
  const params = [...endpoint.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  const shaped = schemaArbitrary(endpoint.request, { dictionary });
  const own: TokenKind[] =
    endpoint.auth === "staff" ? ["staff"] : endpoint.auth === "token" ? ["guest", "member"] : ["none"];
  const token = fc.tuple(
    fc.oneof(
      { arbitrary: fc.constantFrom(...own), weight: 12 },
      {
        arbitrary: fc.constantFrom<TokenKind>("none", "forged", "garbage", "bad-scheme", "guest", "member", "staff"),
        weight: 3,
      },
    ),
    forgedToken,
  );
  const path = (values: unknown): fc.Arbitrary<string> => {
    if (params.length === 0) return fc.constant(endpoint.path);
    const named = values && typeof values === "object" ? (values as Record<string, unknown>) : {};
    // A path parameter from the body's shape, an odd one, or one whose escapes are broken.
    const segment = (name: string) =>
      fc.oneof(
        fc.constant(encodeSegment(String(named[name] ?? "x"))),
        oddString.map(encodeSegment),
        fc.constantFrom("%", "%zz", "%E0%A4%A", "%C0%AF", "%00", "..", "%2e%2e", "a%2Fb"),
      );
    return fc.tuple(...params.map(segment)).map((segments) => {
      let i = 0;
      return endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, () => segments[i++]!);
    });
  };
  const headers = fc.oneof(
    { arbitrary: fc.constant({}), weight: 8 },
    {
      arbitrary: fc.record(
        {
          "x-platform-version": fc.constantFrom(PLATFORM_VERSION, "3", "", "4.0", "\u00ff"),
          "x-client-platform": fc.constantFrom("website", "ios", "", "x".repeat(500)),
          "idempotency-key": fc.oneof(
            fc.constantFrom("", " ", "k-1"),
            fc.string({ unit: "binary-ascii", maxLength: 300 }).map((s) => s.replace(/[^\x20-\x7e]/g, "k")),
          ),
          "x-client-ip": fc.constantFrom("198.51.100.1", "::1", "not-an-ip", "", "1".repeat(300)),
        },
        { requiredKeys: [] },
      ),
      weight: 2,
    },
  );

  const shapedCase = (kind: string, contentType: fc.Arbitrary<string>) =>
    shaped.chain((values) =>
      fc.tuple(path(values), token, headers, contentType, client).map(([p, [tk, garbage], h, type, ip]) => {
        if (!withBody) return new Case(kind, tk, garbage, p, queryOf(values), h, undefined, ip);
        const body = JSON.stringify(values === undefined ? null : withoutParams(values, params));
        return new Case(kind, tk, garbage, p, "", type ? { "content-type": type, ...h } : h, body, ip);
      }),
    );
  const rawCase = (kind: string, body: fc.Arbitrary<string>) =>
    fc
      .tuple(path(undefined), token, headers, body, client)
      .map(([p, [tk, garbage], h, b, ip]) =>
        withBody
          ? new Case(kind, tk, garbage, p, "", { "content-type": "application/json", ...h }, b, ip)
          : new Case(kind, tk, garbage, p, b.length > 8_000 ? "" : `?${b}`, h, undefined, ip),
      );

  const client = fc.integer({ min: 1, max: 254 });
  const json = fc.constant("application/json");
  return fc.oneof(
    { arbitrary: shapedCase("shaped", json), weight: 40 },
    { arbitrary: shapedCase("wrong-content-type", fc.constantFrom(...CONTENT_TYPES)), weight: 3 },
    { arbitrary: rawCase("malformed", shaped.map((v) => JSON.stringify(v) ?? "").chain(malformedJson)), weight: 4 },
    {
      arbitrary: rawCase(
        "not-an-object",
        wrongValue.map((v) => JSON.stringify(v) ?? "null"),
      ),
      weight: 2,
    },
    { arbitrary: rawCase("deep", deepBody), weight: 2 },
    { arbitrary: rawCase("huge", hugeBody(limit)), weight: 1 },
    {
      arbitrary: rawCase(
        "odd-query",
        fc.constantFrom(
          "a=%",
          "a=%zz&b=%E0%A4%A",
          "%00=%00",
          "storeId=1&storeId=2",
          "__proto__[x]=1",
          "a=" + "%F0%9F%8D%95".repeat(50),
        ),
      ),
      weight: withBody ? 0 : 3,
    },
  );
}

/** A path segment as a client escapes it (a lone surrogate goes as U+FFFD, as a browser sends it). */
const encodeSegment = (text: string) => encodeURIComponent(wellFormed(text));

/** The text with each lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, which TypeScript's lib lacks). */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

/** A GET's query from generated values: each value as text, as a form or a browser would send it. */
function queryOf(values: unknown): string {
  if (!values || typeof values !== "object" || Array.isArray(values))
    return values === undefined ? "" : `?${encodeSegment(String(values))}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    query.append(
      wellFormed(key),
      wellFormed(typeof value === "object" && value !== null ? JSON.stringify(value) : String(value)),
    );
  }
  const text = query.toString();
  return text && text.length < 16_000 ? `?${text}` : "";
}

function withoutParams(values: unknown, params: string[]): unknown {
  if (!values || typeof values !== "object" || Array.isArray(values) || params.length === 0) return values;
  const rest = { ...(values as Record<string, unknown>) };
  for (const name of params) delete rest[name];
  return rest;
}

function tokenFor(c: Case): string | null {
  switch (c.token) {
    case "guest":
    case "member":
    case "staff":
      return tokens[c.token];
    case "forged": {
      // A real token with its last character changed.
      const real = tokens.guest;
      return real.slice(0, -1) + (real.endsWith("A") ? "B" : "A");
    }
    case "garbage":
      return c.garbage;
    default:
      return null;
  }
}

async function send(endpoint: Endpoint, c: Case) {
  const headers = new Headers({ "x-client-ip": `198.51.100.${c.client}`, accept: "application/json" });
  const token = tokenFor(c);
  if (c.token === "bad-scheme") headers.set("authorization", `Basic ${tokens.guest}`);
  else if (token) headers.set("authorization", `Bearer ${token}`);
  for (const [name, value] of Object.entries(c.headers)) headers.set(name, value);
  const response = await t.fetch(
    new Request(`http://platform.test${c.path}${c.query}`, { method: endpoint.method, headers, body: c.body }),
  );
  requests++;
  const text = await response.text();
  return { status: response.status, type: response.headers.get("content-type") ?? "", text };
}

describe("every /api endpoint, fed generated requests", () => {
  it("reads the endpoints from the contract, and the platform serves each of them", async () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(ENDPOINTS_AT_LEAST);
    // An endpoint the router does not serve would answer 404 "No such endpoint" to everything.
    for (const [name, endpoint] of endpoints) {
      const path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "x");
      const answer = await t.fetch(
        new Request(`http://platform.test${path}`, { method: endpoint.method, headers: { "x-client-ip": SETUP_IP } }),
      );
      const body = (await answer.json()) as { message?: string };
      expect(body.message ?? "", name).not.toMatch(/^No such endpoint/);
    }
  });

  for (const [name, endpoint] of endpoints) {
    it(`${endpoint.method} ${endpoint.path} (${name})`, async () => {
      await freshSession();
      const started = performance.now();
      let counter = 0;
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(casesFor(endpoint), async (c) => {
          counter++;
          const answer = await send(endpoint, c);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          // The browser's own errors, which /api/_logging passes on, are logged as errors: that is its job.
          const errors = t.logs.filter((entry) => entry.level === "error" && entry.event !== "client.log");
          t.logs.length = 0;
          const where = `${answer.status} ${answer.text.slice(0, 400)}`;
          expect(errors, where).toEqual([]);
          expect(
            (answer.status >= 200 && answer.status < 300) || (answer.status >= 400 && answer.status < 500),
            where,
          ).toBe(true);
          if (answer.status >= 400) {
            expect(answer.type, where).toMatch(/^application\/json/);
            const body = apiErrorSchema.parse(JSON.parse(answer.text));
            expect(body.status, where).toBe(answer.status);
          } else if (answer.status === 200 && answer.type.startsWith("application/json")) {
            const parsed = endpoint.response.safeParse(JSON.parse(answer.text));
            expect(parsed.error?.issues.slice(0, 3) ?? [], where).toEqual([]);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      const answered = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
      timings.push(
        `${name}: ${counter} requests in ${Math.round(performance.now() - started)} ms (${answered.join(" ")})`,
      );
    }, 90_000);
  }

  it("grew the process's resident memory by less than 50 MB", async () => {
    await collectGarbage();
    const usage = process.memoryUsage();
    const grown = (usage.rss - rssBefore) / MB;
    const database = databaseMemory();
    console.info(
      [
        ...Object.entries(usage).map(
          ([k, v]) =>
            `${k}: ${(usageBefore[k as keyof NodeJS.MemoryUsage] / MB).toFixed(1)} -> ${(v / MB).toFixed(1)} MB`,
        ),
        `PGlite's memory: ${(databaseBefore / MB).toFixed(1)} -> ${(database / MB).toFixed(1)} MB`,
        `V8 malloced: ${(getHeapStatistics().malloced_memory / MB).toFixed(1)} MB ` +
          `(peak ${(getHeapStatistics().peak_malloced_memory / MB).toFixed(1)})`,
      ].join(", "),
    );
    console.info(
      `api fuzz: resident memory grew ${grown.toFixed(1)} MB over ${requests} requests ` +
        `(MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? "unset"})`,
    );
    expect(grown).toBeLessThan(50);
  });
});
