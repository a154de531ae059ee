import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiErrorSchema, CLIENT_LOG_MAX_BYTES } from "../contract";
import { createTestPlatform, type TestPlatform } from "../testing";
import { CLIENT_LOG_LIMIT } from "./handlers";

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each test logs from its own address so the rate limit of one does not leak into another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

function entry(overrides: Record<string, unknown> = {}) {
  return {
    level: "error",
    message: "Recommended items fetch error",
    data: {
      timestamp: "2025-06-02T09:00:00.000Z",
      userAgent: "Mozilla/5.0",
      url: "https://shop.test/stores/leeds-3",
      type: "client_log",
    },
    ...overrides,
  };
}

const send = (body: Record<string, unknown>, ip = freshIp(), headers: Record<string, string> = {}) =>
  t.call("POST", "/api/_logging", body, { headers: { "x-client-ip": ip, ...headers } });

describe("POST /api/_logging", () => {
  it("takes warn, error and fatal without a token and writes them to the log", async () => {
    for (const level of ["warn", "error", "fatal"]) {
      const res = await send(entry({ level, message: `${level} happened` }));
      expect(res.status).toBe(200);
      expect(api.clientLog.response.parse(res.body)).toEqual({ ok: true });
      const logged = t.logs.findLast((e) => e.event === "client.log");
      expect(logged).toMatchObject({
        level: level === "warn" ? "warn" : "error",
        fields: { clientLevel: level, message: `${level} happened` },
      });
      expect(logged!.fields.data).toMatchObject({ type: "client_log", url: "https://shop.test/stores/leeds-3" });
    }
  });

  it("refuses other levels and malformed entries with 400", async () => {
    for (const body of [
      entry({ level: "info" }),
      entry({ level: "debug" }),
      entry({ data: { type: "other" } }),
      { level: "error" },
    ]) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(apiErrorSchema.parse(res.body).status).toBe(400);
    }
  });

  it("scrubs card numbers and tokens before logging", async () => {
    const before = t.logs.length;
    const res = await send(
      entry({
        message: "pay failed for 4242 4242 4242 4242 with Bearer Qm9sZC1hbmQtcmFuZG9tLXRva2VuLTEyMzQ1Njc4OTA",
        data: {
          timestamp: "2025-06-02T09:00:00.000Z",
          userAgent: "Mozilla/5.0",
          url: "https://shop.test/checkout?basketToken=6f1c2a9e-77aa-4f0e-9d4c-0c2b8f1e5a11",
          type: "client_log",
          accessToken: "abc",
        },
      }),
    );
    expect(res.status).toBe(200);
    const line = JSON.stringify(t.logs.slice(before));
    expect(line).not.toMatch(/4242/);
    expect(line).not.toMatch(/Qm9sZC1h/);
    expect(line).not.toMatch(/6f1c2a9e/);
    expect(line).not.toMatch(/"abc"/);
    expect(line).toMatch(/\[redacted card\]/);
  });

  it("answers 413 to a body over 8 KB, declared or streamed", async () => {
    const big = entry({ message: "x".repeat(CLIENT_LOG_MAX_BYTES) });
    const streamed = await send(big);
    expect(streamed.status).toBe(413);
    expect(apiErrorSchema.parse(streamed.body).status).toBe(413);

    const declared = await t.fetch(
      new Request("http://platform.test/api/_logging", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(CLIENT_LOG_MAX_BYTES + 1) },
        body: JSON.stringify(big),
      }),
    );
    expect(declared.status).toBe(413);
    apiErrorSchema.parse(await declared.json());

    const justUnder = entry({ message: "y".repeat(CLIENT_LOG_MAX_BYTES - 400) });
    expect(Buffer.byteLength(JSON.stringify(justUnder))).toBeLessThanOrEqual(CLIENT_LOG_MAX_BYTES);
    expect((await send(justUnder)).status).toBe(200);
  });

  it("counts bytes, not characters", async () => {
    // 3,000 three-byte characters: under 8 K characters, over 8 KB.
    const res = await send(entry({ message: "€".repeat(3000) }));
    expect(res.status).toBe(413);
  });

  it("limits each client address to 30 a minute with 429", async () => {
    const ip = freshIp();
    for (let i = 0; i < CLIENT_LOG_LIMIT.hits; i++) expect((await send(entry(), ip)).status).toBe(200);
    const limited = await send(entry(), ip);
    expect(limited.status).toBe(429);
    expect(apiErrorSchema.parse(limited.body).status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();

    expect((await send(entry(), freshIp())).status).toBe(200);
    t.clock.advance(2 * CLIENT_LOG_LIMIT.windowSeconds * 1000);
    expect((await send(entry(), ip)).status).toBe(200);
  });
});
