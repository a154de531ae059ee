import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * Test servers for the checkout.com adapter, on random local ports:
 * - serveFetch puts a fetch-style handler (the embedded test gateway) behind a real HTTP server;
 * - fakeCheckoutCom answers with recorded checkout.com response bodies (fixtures/checkoutcom) and records every
 *   request, so tests can check what the adapter sent; `mode` and `answerNext` make it misbehave on purpose.
 */

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<LocalServer> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Serves a fetch handler over HTTP, as the server's Express mount does. */
export async function serveFetch(handler: (request: Request) => Promise<Response>): Promise<LocalServer> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
        else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      }
      const response = await handler(
        new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
          method: req.method,
          headers,
          body: body ? new Uint8Array(body) : undefined,
        }),
      );
      res.statusCode = response.status;
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  return listen(server);
}

export const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8")) as Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string, without its "?". */
  query: string;
  headers: Record<string, string>;
  body: unknown;
}

export type FakeCheckoutMode = "normal" | "slow" | "garbage";

export interface FakeCheckoutCom extends LocalServer {
  requests: RecordedRequest[];
  mode: FakeCheckoutMode;
  /** The next request gets this answer instead of its recorded one. */
  answerNext(status: number, body?: unknown): void;
}

/** checkout.com's documented answers, by call. */
function recordedAnswer(method: string, path: string): { status: number; body: unknown } {
  if (method === "POST" && path === "/payments")
    return { status: 201, body: fixture("checkoutcom/payment-authorized.json") };
  if (method === "GET" && path === "/payments") return { status: 200, body: fixture("checkoutcom/payment-list.json") };
  if (method === "GET" && /^\/payments\/pay_[a-z0-9]+$/.test(path))
    return { status: 200, body: fixture("checkoutcom/payment-details.json") };
  if (method === "POST" && /^\/payments\/pay_[a-z0-9]+\/voids$/.test(path))
    return { status: 202, body: fixture("checkoutcom/void-accepted.json") };
  if (method === "POST" && path === "/hosted-payments")
    return { status: 201, body: fixture("checkoutcom/hosted-created.json") };
  if (method === "GET" && /^\/hosted-payments\/hpp_[A-Za-z0-9_-]+$/.test(path))
    return { status: 200, body: fixture("checkoutcom/hosted-details.json") };
  if (method === "POST" && path === "/tokens") return { status: 201, body: fixture("checkoutcom/token-applepay.json") };
  if (method === "POST" && path === "/instruments")
    return { status: 201, body: fixture("checkoutcom/instrument-created.json") };
  return { status: 404, body: null };
}

export async function fakeCheckoutCom(): Promise<FakeCheckoutCom> {
  const state: { mode: FakeCheckoutMode; next: { status: number; body: unknown } | null } = {
    mode: "normal",
    next: null,
  };
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const url = new URL(req.url ?? "/", "http://fake");
      const text = raw.toString("utf8");
      requests.push({
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.search.replace(/^\?/, ""),
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
        ),
        body: text ? (JSON.parse(text) as unknown) : null,
      });
      const send = (status: number, body: string, type = "application/json") => {
        res.writeHead(status, { "content-type": type, "cko-request-id": "7d5e3b2a-fake" });
        res.end(body);
      };
      if (state.mode === "slow") {
        setTimeout(() => send(201, "{}"), 2000).unref();
        return;
      }
      if (state.mode === "garbage") return send(201, "<html>Service Unavailable</html>", "text/html");
      const answer = state.next ?? recordedAnswer(req.method ?? "GET", url.pathname);
      state.next = null;
      send(answer.status, answer.body === null || answer.body === undefined ? "" : JSON.stringify(answer.body));
    });
  });
  const local = await listen(server);
  return {
    ...local,
    requests,
    get mode() {
      return state.mode;
    },
    set mode(mode: FakeCheckoutMode) {
      state.mode = mode;
    },
    answerNext(status, body = null) {
      state.next = { status, body };
    },
  };
}
