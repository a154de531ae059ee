import express from "express";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint } from "#contract";
import {
  createPlatformClient,
  isPlatformUnavailable,
  type PlatformTransport,
} from "../app/services/platform-client.server";
import { platformFaults } from "./platform-faults";

const getThing = endpoint({
  method: "GET",
  path: "/api/thing/:id",
  auth: "none",
  request: z.object({ id: z.string() }),
  response: z.object({ ok: z.number() }),
});
const postThing = endpoint({
  method: "POST",
  path: "/api/thing",
  auth: "none",
  request: z.object({ name: z.string() }),
  response: z.object({ ok: z.number() }),
});

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/** An in-process platform answering at once, behind the fault hook, with the storefront's client on top. */
async function harness(timeoutMs: number) {
  let calls = 0;
  const inner: PlatformTransport = {
    baseUrl: "http://platform.internal",
    timeoutMs,
    fetch: async () => Response.json({ ok: ++calls }),
    invoke: async () => ({ status: 200, body: { ok: ++calls } }),
  };
  const faults = platformFaults(inner);
  const app = express();
  faults.mount(app);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closers.push(() => server.close());
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ask = async (fault: Record<string, unknown>) => {
    const response = await fetch(`${origin}/__test/platform-fault`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(fault),
    });
    return (await response.json()) as { clientIp: string; status: number; delayMs: number };
  };
  const client = createPlatformClient(faults.transport);
  return { ask, client, calls: () => calls, transport: faults.transport };
}

describe("slow platform answers (delayMs) against the storefront's time-out", () => {
  it("keeps the time-out on the wrapped transport", async () => {
    const { transport } = await harness(1234);
    expect(transport.timeoutMs).toBe(1234);
  });

  it("a late GET answer is given up on and asked again once (spec 1 §7); the second answers", async () => {
    const { ask, client, calls } = await harness(50);
    const { clientIp, status, delayMs } = await ask({ path: "/api/thing/7", delayMs: 300 });
    expect({ status, delayMs }).toEqual({ status: 0, delayMs: 300 });
    const started = Date.now();
    expect(await client.call(getThing, { id: "7" }, { clientIp })).toEqual({ ok: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(Date.now() - started).toBeLessThan(300);
    // The late answer still comes, unseen: the platform did the work.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls()).toBe(2);
  });

  it("a late POST answer is not asked again: the call fails as unavailable after one time-out", async () => {
    const { ask, client, calls } = await harness(50);
    const { clientIp } = await ask({ path: "/api/thing", delayMs: 200 });
    const error = await client.call(postThing, { name: "a" }, { clientIp }).catch((e: unknown) => e);
    expect(isPlatformUnavailable(error)).toBe(true);
    expect(calls()).toBe(0);
    // Only this shopper's next answer was slow.
    expect(await client.call(postThing, { name: "a" }, { clientIp })).toEqual({ ok: 1 });
  });

  it("a slow answer within the time-out is simply slow; delay with a status fails after the wait", async () => {
    const { ask, client } = await harness(500);
    const { clientIp } = await ask({ path: "/api/thing", delayMs: 60 });
    expect(await client.call(postThing, { name: "a" }, { clientIp })).toEqual({ ok: 1 });
    await ask({ path: "/api/thing", delayMs: 60, status: 502 });
    await expect(client.call(postThing, { name: "a" }, { clientIp })).rejects.toMatchObject({
      status: 502,
      errorCode: "TEST_FAULT",
    });
  });
});
