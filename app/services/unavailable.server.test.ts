import { describe, expect, it } from "vitest";
import type { MiddlewareFunction } from "react-router";
import { unavailableHeadersMiddleware } from "./unavailable.server";

const run = (response: Response) =>
  (
    unavailableHeadersMiddleware as (
      args: Parameters<MiddlewareFunction<Response>>[0],
      next: () => Promise<Response>,
    ) => Promise<Response>
  )({} as Parameters<MiddlewareFunction<Response>>[0], async () => response);

describe("the 503 page's headers", () => {
  it("asks again in 5 s and is never cached", async () => {
    const answer = await run(new Response("down", { status: 503, headers: { "Cache-Control": "private, no-cache" } }));
    expect(answer.headers.get("Retry-After")).toBe("5");
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
  });
  it("leaves every other answer as it is", async () => {
    const answer = await run(new Response("ok", { status: 200, headers: { "Cache-Control": "private, no-cache" } }));
    expect(answer.headers.get("Retry-After")).toBeNull();
    expect(answer.headers.get("Cache-Control")).toBe("private, no-cache");
  });
});
