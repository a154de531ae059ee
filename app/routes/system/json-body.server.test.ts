import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readJsonBody } from "./json-body.server";

const schema = z.object({ n: z.number() });

function streamed(parts: string[]): { request: Request; pulled: () => number } {
  const encoder = new TextEncoder();
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled < parts.length) controller.enqueue(encoder.encode(parts[pulled++]!));
      else controller.close();
    },
  });
  return {
    request: new Request("http://shop.test/_log", { method: "POST", body, duplex: "half" } as RequestInit),
    pulled: () => pulled,
  };
}

describe("readJsonBody", () => {
  it("answers the checked value of a small JSON body", async () => {
    const request = new Request("http://shop.test/_log", { method: "POST", body: JSON.stringify({ n: 3 }) });
    expect(await readJsonBody(request, 100, schema)).toEqual({ ok: true, value: { n: 3 } });
  });

  it("is 413 when the declared length is over the limit, before reading", async () => {
    const request = new Request("http://shop.test/_log", {
      method: "POST",
      body: "x".repeat(200),
      headers: { "content-length": "200" },
    });
    expect(await readJsonBody(request, 100, schema)).toEqual({ ok: false, status: 413 });
    expect(request.bodyUsed).toBe(false);
  });

  it("stops reading a body with no length once it passes the limit", async () => {
    const parts = ['{"n":', " ".repeat(80), " ".repeat(80), "1}"];
    const { request, pulled } = streamed(parts);
    expect(await readJsonBody(request, 100, schema)).toEqual({ ok: false, status: 413 });
    expect(pulled(), "the last part is never read").toBeLessThan(parts.length);
  });

  it("is 400 for a body that is not JSON, an empty one, or one the schema refuses", async () => {
    for (const body of ["{n:", "", JSON.stringify({ n: "three" })]) {
      const request = new Request("http://shop.test/_log", { method: "POST", body });
      expect(await readJsonBody(request, 100, schema), body).toEqual({ ok: false, status: 400 });
    }
  });
});
