import { describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint } from "#contract";
import {
  buildPlatformError,
  createPlatformClient,
  isPlatformUnavailable,
  PlatformError,
  UNKNOWN_ERROR_MESSAGE,
  type InProcessCall,
} from "./platform-client.server";

const getThing = endpoint({
  method: "GET",
  path: "/api/thing/:id",
  auth: "token",
  request: z.object({ id: z.string(), q: z.string().optional() }),
  response: z.object({ ok: z.boolean() }),
});
const postThing = endpoint({
  method: "POST",
  path: "/api/thing",
  auth: "token",
  request: z.object({ name: z.string() }),
  response: z.object({ ok: z.boolean() }),
});

function scripted(statuses: number[]) {
  const seen: Request[] = [];
  const transport = {
    baseUrl: "http://platform.test",
    async fetch(request: Request) {
      seen.push(request);
      const status = statuses[Math.min(seen.length - 1, statuses.length - 1)]!;
      const body = status < 400 ? { ok: true } : { status, errorCode: status, message: `failed ${status}` };
      return new Response(JSON.stringify(body), { status });
    },
  };
  return { client: createPlatformClient(transport), seen };
}

describe("error builder (spec 1 §8)", () => {
  it("takes the status from a numeric errorCode first", () => {
    expect(buildPlatformError({ errorCode: 404, status: 400, message: "x" }, 400).status).toBe(404);
  });
  it("falls back to status, then the HTTP status, then 500", () => {
    expect(buildPlatformError({ errorCode: "MOBILE_USED_WITH_INVITE", status: 409, message: "x" }).status).toBe(409);
    expect(buildPlatformError({ message: "x" }, 422).status).toBe(422);
    expect(buildPlatformError({ message: "x" }).status).toBe(500);
    expect(buildPlatformError(null).status).toBe(500);
  });
  it("keeps a text errorCode", () => {
    expect(buildPlatformError({ errorCode: "MOBILE_USED_WITH_INVITE", status: 409, message: "x" }).errorCode).toBe(
      "MOBILE_USED_WITH_INVITE",
    );
  });
  it("takes the message from errorDisplay, errorText, message, else the unknown-error text", () => {
    expect(buildPlatformError({ errorDisplay: "A", errorText: "B", message: "C" }).message).toBe("A");
    expect(buildPlatformError({ errorText: "B", message: "C" }).message).toBe("B");
    expect(buildPlatformError({ message: "C" }).message).toBe("C");
    expect(buildPlatformError({}).message).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(UNKNOWN_ERROR_MESSAGE).toBe("An unknown error occurred");
  });
});

describe("retry policy (spec 1 §7)", () => {
  for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
    it(`retries a GET once on ${status}`, async () => {
      const { client, seen } = scripted([status, 200]);
      await expect(client.call(getThing, { id: "7" })).resolves.toEqual({ ok: true });
      expect(seen).toHaveLength(2);
    });
    it(`never retries a POST on ${status}`, async () => {
      const { client, seen } = scripted([status, 200]);
      await expect(client.call(postThing, { name: "a" })).rejects.toMatchObject({
        status,
        message: `failed ${status}`,
      });
      expect(seen).toHaveLength(1);
    });
  }
  it("retries a GET only once", async () => {
    const { client, seen } = scripted([503, 503, 200]);
    await expect(client.call(getThing, { id: "7" })).rejects.toBeInstanceOf(PlatformError);
    expect(seen).toHaveLength(2);
  });
  it("does not retry other failures", async () => {
    const { client, seen } = scripted([404, 200]);
    await expect(client.call(getThing, { id: "7" })).rejects.toMatchObject({ status: 404 });
    expect(seen).toHaveLength(1);
  });
});

describe("requests", () => {
  it("fills path parameters, puts GET input in the query and sends the token and idempotency key", async () => {
    const { client, seen } = scripted([200]);
    await client.call(getThing, { id: "a b", q: "x" }, { token: "t0k", idempotencyKey: "k1", clientIp: "1.2.3.4" });
    const req = seen[0]!;
    expect(new URL(req.url).pathname).toBe("/api/thing/a%20b");
    expect(new URL(req.url).searchParams.get("q")).toBe("x");
    expect(req.headers.get("authorization")).toBe("Bearer t0k");
    expect(req.headers.get("idempotency-key")).toBe("k1");
    expect(req.headers.get("x-client-ip")).toBe("1.2.3.4");
  });
  it("names the client on every call (spec 1 §9): 'website', the site's version and the contract's, 4.0.26 and 4 by default", async () => {
    const { client, seen } = scripted([200, 200]);
    await client.call(getThing, { id: "1" });
    await client.call(postThing, { name: "milk" });
    for (const req of seen) {
      expect(req.headers.get("x-client-platform")).toBe("website");
      expect(req.headers.get("x-site-version")).toBe("4.0.26");
      expect(req.headers.get("x-platform-version")).toBe("4");
    }
    const seenHere: Request[] = [];
    const named = createPlatformClient({
      baseUrl: "http://p",
      identity: { platform: "website", siteVersion: "5.1.0", platformVersion: "4" },
      fetch: async (request) => {
        seenHere.push(request);
        return Response.json({ ok: true });
      },
    });
    await named.call(getThing, { id: "1" });
    expect(seenHere[0]!.headers.get("x-site-version")).toBe("5.1.0");
  });
  it("sends POST input as JSON", async () => {
    const { client, seen } = scripted([200]);
    await client.call(postThing, { name: "milk" });
    expect(await seen[0]!.json()).toEqual({ name: "milk" });
  });
  it("rejects a response that breaks the contract", async () => {
    const client = createPlatformClient({
      baseUrl: "http://p",
      fetch: async () => new Response(JSON.stringify({ ok: "yes" }), { status: 200 }),
    });
    await expect(client.call(postThing, { name: "a" })).rejects.toMatchObject({ status: 502 });
  });
  it("treats a transport failure as 503 after the GET retry", async () => {
    let calls = 0;
    const client = createPlatformClient({
      baseUrl: "http://p",
      fetch: async () => {
        calls++;
        throw new TypeError("fetch failed");
      },
    });
    await expect(client.call(getThing, { id: "1" })).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(2);
  });
});

describe("time-outs (PLATFORM_TIMEOUT_MS) and unavailability", () => {
  /** A platform whose answers to the first `slow` requests never come (until the request is aborted). */
  function slowAtFirst(slow: number) {
    const seen: Request[] = [];
    const client = createPlatformClient({
      baseUrl: "http://p",
      timeoutMs: 30,
      fetch: (request) => {
        seen.push(request);
        if (seen.length > slow) return Promise.resolve(new Response(JSON.stringify({ ok: true }), { status: 200 }));
        return new Promise<Response>((_, reject) =>
          request.signal.addEventListener("abort", () => reject(request.signal.reason)),
        );
      },
    });
    return { client, seen };
  }

  it("gives up on an attempt after the time-out: a GET is tried once more (spec 1 §7) and then answers", async () => {
    const { client, seen } = slowAtFirst(1);
    expect(await client.call(getThing, { id: "1" })).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
  });

  it("fails a GET whose two attempts time out, and a POST whose one does, as unavailable (503)", async () => {
    const get = slowAtFirst(2);
    const started = Date.now();
    const error = await get.client.call(getThing, { id: "1" }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(get.seen).toHaveLength(2);
    expect(error).toMatchObject({ status: 503, errorCode: "SERVICE_UNAVAILABLE" });
    expect(isPlatformUnavailable(error)).toBe(true);
    const post = slowAtFirst(1);
    await expect(post.client.call(postThing, { name: "a" })).rejects.toMatchObject({
      status: 503,
      errorCode: "SERVICE_UNAVAILABLE",
    });
    expect(post.seen).toHaveLength(1);
  });

  it("times out in-process calls too: a GET tried once more, a POST never, the late answer dropped", async () => {
    let calls = 0;
    const late = createPlatformClient({
      baseUrl: "http://p",
      timeoutMs: 20,
      fetch: async () => {
        throw new Error("an in-process transport is not fetched");
      },
      async invoke() {
        calls++;
        if (calls === 1) await new Promise((resolve) => setTimeout(resolve, 200));
        return { status: 200, body: { ok: calls } };
      },
    });
    expect(await late.call(getThing, { id: "1" })).toEqual({ ok: 2 });
    calls = 0;
    const error = await late.call(postThing, { name: "a" }).catch((e: unknown) => e);
    expect(isPlatformUnavailable(error)).toBe(true);
    expect(calls).toBe(1);
  });

  it("tells unavailability (no answer, or the platform's SERVICE_UNAVAILABLE) from a refusal that happens to be 503", async () => {
    const answering = (body: unknown) =>
      createPlatformClient({
        baseUrl: "http://p",
        fetch: async () => new Response(JSON.stringify(body), { status: 503 }),
      });
    const down = await answering({ status: 503, errorCode: "SERVICE_UNAVAILABLE", message: "back soon" })
      .call(postThing, { name: "a" })
      .catch((e: unknown) => e);
    expect(isPlatformUnavailable(down)).toBe(true);
    const refused = await answering({ status: 503, errorCode: 503, message: "busy" })
      .call(postThing, { name: "a" })
      .catch((e: unknown) => e);
    expect(isPlatformUnavailable(refused)).toBe(false);
    const unreachable = createPlatformClient({
      baseUrl: "http://p",
      fetch: async () => Promise.reject(new TypeError("fetch failed")),
    });
    expect(isPlatformUnavailable(await unreachable.call(postThing, { name: "a" }).catch((e: unknown) => e))).toBe(true);
  });
});

describe("in-process calls to the embedded platform (decision 0027)", () => {
  function inProcess(answers: { status: number; body: unknown }[], checkAnswers = false) {
    const seen: { path: string; input: Record<string, unknown>; call: unknown }[] = [];
    const client = createPlatformClient({
      baseUrl: "http://p",
      fetch: async () => {
        throw new Error("an in-process transport is not fetched");
      },
      checkAnswers,
      async invoke(endpoint, input, call) {
        seen.push({ path: endpoint.path, input, call });
        return answers[Math.min(seen.length - 1, answers.length - 1)]!;
      },
    });
    return { client, seen };
  }

  it("hands over the input and the token, key and address, and takes the answer as it is", async () => {
    const answer = { ok: true };
    const { client, seen } = inProcess([{ status: 200, body: answer }]);
    expect(
      await client.call(postThing, { name: "milk" }, { token: "t", idempotencyKey: "k", clientIp: "1.2.3.4" }),
    ).toBe(answer);
    expect(seen).toEqual([
      {
        path: "/api/thing",
        input: { name: "milk" },
        call: {
          client: { platform: "website", siteVersion: "4.0.26", platformVersion: "4" },
          token: "t",
          idempotencyKey: "k",
          clientIp: "1.2.3.4",
        },
      },
    ]);
  });

  it("builds the same PlatformError from an error answer as over HTTP", async () => {
    const body = { status: 422, errorCode: "AGE_RESTRICTED", errorDisplay: "Over 18s only", message: "age" };
    const { client } = inProcess([{ status: 422, body }]);
    const error = await client.call(postThing, { name: "wine" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ status: 422, errorCode: "AGE_RESTRICTED", message: "Over 18s only", body });
  });

  it("retries a GET once on a retryable status, and never a POST", async () => {
    const failed = { status: 503, body: { status: 503, errorCode: 503, message: "busy" } };
    const get = inProcess([failed, { status: 200, body: { ok: true } }]);
    expect(await get.client.call(getThing, { id: "1" })).toEqual({ ok: true });
    expect(get.seen).toHaveLength(2);
    const post = inProcess([failed, { status: 200, body: { ok: true } }]);
    await expect(post.client.call(postThing, { name: "a" })).rejects.toMatchObject({ status: 503, message: "busy" });
    expect(post.seen).toHaveLength(1);
  });

  it("with checkAnswers, refuses an answer that breaks the contract or that JSON would change", async () => {
    await expect(
      inProcess([{ status: 200, body: { ok: "yes" } }], true).client.call(postThing, { name: "a" }),
    ).rejects.toMatchObject({ status: 502 });
    // A Date would reach a loader as a Date in process but as a string over HTTP.
    const dated = endpoint({
      method: "GET",
      path: "/api/dated",
      auth: "none",
      request: z.object({}),
      response: z.object({ at: z.string() }),
    });
    const withDate = inProcess([{ status: 200, body: { at: new Date(0) } }], true);
    await expect(withDate.client.call(dated, {})).rejects.toMatchObject({ status: 502 });
    // A field the contract does not name would reach the page in process, where HTTP's parse would strip it.
    const extra = inProcess([{ status: 200, body: { ok: true, secret: "internal" } }], true);
    await expect(extra.client.call(postThing, { name: "a" })).rejects.toMatchObject({ status: 502 });
    expect(await inProcess([{ status: 200, body: { ok: true } }], true).client.call(postThing, { name: "a" })).toEqual({
      ok: true,
    });
  });
});

describe("a request's record of verified tokens (decision 0031)", () => {
  function recording(oneRequest?: boolean) {
    const calls: InProcessCall[] = [];
    const transport = {
      baseUrl: "http://p",
      fetch: async () => new Response("{}"),
      async invoke(_endpoint: unknown, _input: unknown, call: InProcessCall) {
        calls.push(call);
        return { status: 200, body: { ok: true } };
      },
    };
    return { client: createPlatformClient(transport, oneRequest === undefined ? {} : { oneRequest }), calls };
  }

  it("hands every call of one request's client the same record, and no other client's", async () => {
    const first = recording(true);
    const second = recording(true);
    await first.client.call(getThing, { id: "1" }, { token: "a" });
    await first.client.call(postThing, { name: "x" }, { token: "a" });
    await second.client.call(getThing, { id: "1" }, { token: "a" });
    expect(first.calls[0]!.verifiedTokens).toBeInstanceOf(Map);
    expect(first.calls[1]!.verifiedTokens).toBe(first.calls[0]!.verifiedTokens);
    expect(second.calls[0]!.verifiedTokens).toBeInstanceOf(Map);
    expect(second.calls[0]!.verifiedTokens).not.toBe(first.calls[0]!.verifiedTokens);
  });

  it("hands none from a client that is not one request's (the server's own shared reads)", async () => {
    const shared = recording();
    await shared.client.call(getThing, { id: "1" }, { token: "a" });
    expect(shared.calls[0]!.verifiedTokens).toBeUndefined();
  });
});
