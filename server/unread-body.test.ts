import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { discardUnreadBodies } from "./unread-body";

// Found by the forms fuzzing (decision 0045): another site's post to a page, with a body of some size, left the
// connection hanging until the server's time-out, so the browser's next request on it failed a minute later.

let server: http.Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      server?.closeAllConnections();
      return server ? server.close(() => resolve()) : resolve();
    }),
);

/** A server that, as React Router does, makes the body a web stream and answers without reading it. */
async function serverAnsweringUnread(withFix: boolean): Promise<number> {
  const app = express();
  if (withFix) app.use(discardUnreadBodies);
  app.post("/page", (req, res) => {
    createReadableStreamFromReadable(req);
    res.status(400).type("text/plain").send("Bad Request");
  });
  app.get("/faqs", (_req, res) => void res.send("ok"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return (server.address() as AddressInfo).port;
}

/** A post with a large body, then a page, both on one kept-alive connection; the page's answer or a time-out. */
async function postThenGet(port: number): Promise<{ post: number; page: string }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, body?: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          method,
          path,
          agent,
          headers: body ? { "content-type": "application/x-www-form-urlencoded" } : {},
        },
        (response) => {
          let text = "";
          response
            .setEncoding("utf8")
            .on("data", (chunk: string) => (text += chunk))
            .on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.setTimeout(1_500, () => request.destroy(new Error(`${method} ${path} timed out`)));
      request.on("error", reject);
      request.end(body);
    });
  try {
    const post = await send("POST", "/page", `csrf=x&field=${"x".repeat(300_000)}`);
    const page = await send("GET", "/faqs");
    return { post: post.status, page: page.text };
  } finally {
    agent.destroy();
  }
}

describe("a body its answer left unread", () => {
  it("is dropped once the answer is sent, and the connection's next request is answered at once", async () => {
    const port = await serverAnsweringUnread(true);
    expect(await postThenGet(port)).toEqual({ post: 400, page: "ok" });
  });

  it("without that, the connection hangs (what the fix is for)", async () => {
    const port = await serverAnsweringUnread(false);
    await expect(postThenGet(port)).rejects.toThrow(/timed out|ECONNRESET|socket hang up/);
  });
});
