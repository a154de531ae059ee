import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { backendOrder, forwardedFor, INSTANCE_HEADER, startProxy, type Outcome } from "./proxy";
import { freePort } from "../bench/processes";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A backend that answers its name and the X-Forwarded-For it got; `/break` drops the connection without an answer. */
async function backend(name: string, breaks = false): Promise<{ name: string; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (breaks && req.url === "/break") {
      req.socket.destroy();
      return;
    }
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ name, forwardedFor: req.headers["x-forwarded-for"] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { name, port: (server.address() as AddressInfo).port, hits };
}

describe("the scale test's proxy", () => {
  it("orders backends round robin, the ones marked down last", () => {
    expect(backendOrder(["a", "b", "c"], 0, () => false)).toEqual(["a", "b", "c"]);
    expect(backendOrder(["a", "b", "c"], 4, () => false)).toEqual(["b", "c", "a"]);
    expect(backendOrder(["a", "b", "c"], 0, (name) => name === "a")).toEqual(["b", "c", "a"]);
  });

  it("appends the client's address to the X-Forwarded-For the shopper sent", () => {
    expect(forwardedFor("2001:db8::5", "::ffff:127.0.0.1")).toBe("2001:db8::5, 127.0.0.1");
    expect(forwardedFor(undefined, "127.0.0.1")).toBe("127.0.0.1");
  });

  it("sends requests round robin, passing the shopper's address on, and skips a backend that refuses connections", async () => {
    const one = await backend("one");
    const two = await backend("two");
    const gone = { name: "gone", port: await freePort() };
    const proxy = await startProxy([one, gone, two]);
    closers.push(() => proxy.close());
    const answers: { name: string; forwardedFor: string; header: string | null }[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${proxy.origin}/page`, { headers: { "X-Forwarded-For": "2001:db8::7" } });
      const body = (await response.json()) as { name: string; forwardedFor: string };
      answers.push({ ...body, header: response.headers.get(INSTANCE_HEADER) });
    }
    expect(answers.every((answer) => answer.forwardedFor === "2001:db8::7, 127.0.0.1")).toBe(true);
    // Each answer names the backend that gave it.
    expect(answers.every((answer) => answer.header === answer.name)).toBe(true);
    expect(answers.filter((answer) => answer.name === "one").length).toBeGreaterThanOrEqual(2);
    expect(answers.filter((answer) => answer.name === "two").length).toBeGreaterThanOrEqual(2);
    expect(proxy.counts().gone?.refused).toBeGreaterThanOrEqual(1);
  });

  it("sends a GET whose connection broke to the next backend, but resets a POST's (it may have been done)", async () => {
    const one = await backend("one", true);
    const two = await backend("two");
    const proxy = await startProxy([one, two]);
    closers.push(() => proxy.close());
    const outcomes: Outcome[] = [];
    proxy.onOutcome((outcome) => outcomes.push(outcome));
    const get = await fetch(`${proxy.origin}/break`);
    expect(get.status).toBe(200);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["reset", 200]);
    // The next request's turn is "two": one more request makes the POST land on "one", which breaks it.
    await fetch(`${proxy.origin}/page`);
    await expect(fetch(`${proxy.origin}/break`, { method: "POST", body: "a=1" })).rejects.toThrow();
    expect(one.hits.filter((hit) => hit === "POST /break")).toHaveLength(1);
    expect(two.hits.filter((hit) => hit === "POST /break")).toHaveLength(0);
  });

  it("answers 503 when no backend takes the connection", async () => {
    const proxy = await startProxy([{ name: "gone", port: await freePort() }]);
    closers.push(() => proxy.close());
    const response = await fetch(`${proxy.origin}/`);
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/^No instance is available/);
  });
});
