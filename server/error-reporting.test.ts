import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../platform/testing/memory-logger";
import { startFakeSentry, type FakeSentry } from "../platform/logging/testing/fake-sentry";
import { errorReporterFromEnv, NO_SERVER_ERROR_REPORTER, sentryErrorReporter } from "./error-reporting";

let fake: FakeSentry;
beforeAll(async () => {
  fake = await startFakeSentry({ publicKey: "0123456789abcdef0123456789abcdef", projectId: "42" });
});
afterAll(() => fake.close());

async function eventsAfter(count: number): Promise<Record<string, unknown>[]> {
  await expect.poll(() => fake.events().length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count);
  return fake.events();
}

describe("the server's Sentry reporter against a fake ingest", () => {
  it("is off without SENTRY_DSN", async () => {
    expect(await errorReporterFromEnv({ NODE_ENV: "production" }, silentLogger)).toBe(NO_SERVER_ERROR_REPORTER);
    expect(NO_SERVER_ERROR_REPORTER.enabled).toBe(false);
  });

  it("sends an unexpected error as an event with the request id, release, environment and identity, scrubbed", async () => {
    const before = fake.events().length;
    const reporter = await sentryErrorReporter({ dsn: fake.dsn, environment: "production", log: silentLogger });
    reporter.setRelease("build-abc");
    reporter.capture(new Error("Card 4242 4242 4242 4242 of sam.patel@example.com at SW1A 1AA"), {
      requestId: "req-123",
      source: "route",
      request: {
        method: "GET",
        url: "http://shop.test/stores-near-by?postcode=SW1A+1AA&token=secret-basket",
        headers: { "user-agent": "test" },
      },
      user: { kind: "member", fullName: "Robin Ashdown" },
    });
    expect(await reporter.flush()).toBe(true);
    const events = await eventsAfter(before + 1);
    const event = events[before] as {
      release: string;
      environment: string;
      tags: Record<string, string>;
      user: Record<string, unknown>;
      request: { url: string; method: string };
      exception: { values: { type: string; value: string; stacktrace: { frames: unknown[] } }[] };
    };
    expect(event.release).toBe("build-abc");
    expect(event.environment).toBe("production");
    expect(event.tags).toMatchObject({ request_id: "req-123", source: "route" });
    expect(event.user).toEqual({ username: "Robin Ashdown", ip_address: null });
    expect(event.request).toMatchObject({
      method: "GET",
      url: "http://shop.test/stores-near-by?postcode=[postcode]&token=[redacted]",
    });
    expect(event.exception.values[0]).toMatchObject({ type: "Error", value: "Card [card] of [email] at [postcode]" });
    expect(event.exception.values[0]!.stacktrace.frames.length).toBeGreaterThan(0);
    // Authenticated as the SDK does: the key in the X-Sentry-Auth header or the envelope's DSN, never a secret.
    const raw = fake.envelopes.at(-1)!.raw;
    for (const secret of ["4242", "sam.patel", "SW1A", "secret-basket"]) expect(raw).not.toContain(secret);
  });

  it("names an anonymous shopper as anonymous, and sends no breadcrumbs, sessions or traces", async () => {
    const before = fake.envelopes.length;
    const reporter = await sentryErrorReporter({ dsn: fake.dsn, environment: "test", log: silentLogger });
    console.warn("a console line that must not become a breadcrumb");
    reporter.capture(new TypeError("boom"), { source: "server", user: { kind: "anonymous" } });
    await reporter.flush();
    await expect.poll(() => fake.envelopes.length).toBe(before + 1);
    const envelope = fake.envelopes.at(-1)!;
    expect(envelope.items.map((i) => i.header.type)).toEqual(["event"]);
    const event = envelope.items[0]!.payload as {
      user: unknown;
      breadcrumbs?: unknown[];
      tags: Record<string, string>;
    };
    expect(event.user).toEqual({ username: "anonymous", ip_address: null });
    expect(event.breadcrumbs ?? []).toEqual([]);
    expect(event.tags.request_id).toBeUndefined();
  });

  it("reports the same fault in two requests twice, each with its request id", async () => {
    const reporter = await sentryErrorReporter({ dsn: fake.dsn, environment: "test", log: silentLogger });
    const before = fake.events().length;
    const fault = () => new Error("the same fault");
    reporter.capture(fault(), { requestId: "req-a", source: "route", user: { kind: "anonymous" } });
    reporter.capture(fault(), { requestId: "req-b", source: "route", user: { kind: "anonymous" } });
    await reporter.flush();
    const events = (await eventsAfter(before + 2)).slice(before) as { tags: Record<string, string> }[];
    expect(events.map((e) => e.tags.request_id).sort()).toEqual(["req-a", "req-b"]);
  });

  it("refuses a DSN that is not one", async () => {
    await expect(
      sentryErrorReporter({ dsn: "https://sentry.example/1", environment: "test", log: silentLogger }),
    ).rejects.toThrow("SENTRY_DSN");
  });
});

describe("the fake ingest", () => {
  const envelope = (key?: string) =>
    [
      JSON.stringify({ event_id: "e1", ...(key ? { dsn: `http://${key}@x/42` } : {}) }),
      JSON.stringify({ type: "event" }),
      JSON.stringify({ message: "hi" }),
    ].join("\n");

  it("takes gzip bodies and the key from the query, and refuses a wrong key or project", async () => {
    const ok = await fetch(
      `${fake.url}/api/42/envelope/?sentry_key=0123456789abcdef0123456789abcdef&sentry_version=7`,
      {
        method: "POST",
        headers: { "content-encoding": "gzip" },
        body: gzipSync(envelope()),
      },
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ id: "e1" });
    expect(fake.envelopes.at(-1)).toMatchObject({
      auth: "query",
      items: [{ header: { type: "event" }, payload: { message: "hi" } }],
    });
    expect(
      (await fetch(`${fake.url}/api/42/envelope/?sentry_key=wrong`, { method: "POST", body: envelope() })).status,
    ).toBe(401);
    expect((await fetch(`${fake.url}/api/42/envelope/`, { method: "POST", body: envelope() })).status).toBe(401);
    expect(
      (
        await fetch(`${fake.url}/api/7/envelope/?sentry_key=0123456789abcdef0123456789abcdef`, {
          method: "POST",
          body: envelope(),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await fetch(`${fake.url}/api/42/envelope/?sentry_key=0123456789abcdef0123456789abcdef`, {
          method: "POST",
          body: "not json",
        })
      ).status,
    ).toBe(400);
  });

  it("reads items with a length, and lists what it kept over HTTP", async () => {
    const payload = '{"a":"line\\nbreak"}';
    const header = JSON.stringify({ dsn: "http://0123456789abcdef0123456789abcdef@x/42" });
    const item = JSON.stringify({ type: "attachment", length: Buffer.byteLength(payload) });
    const body = `${header}\n${item}\n${payload}\n`;
    expect((await fetch(`${fake.url}/api/42/envelope/`, { method: "POST", body })).status).toBe(200);
    const listed = (await (await fetch(`${fake.url}/__fake/envelopes`)).json()) as {
      envelopes: { auth: string; items: { payload: unknown }[] }[];
    };
    expect(listed.envelopes.at(-1)).toMatchObject({ auth: "dsn", items: [{ payload: { a: "line\nbreak" } }] });
  });
});
