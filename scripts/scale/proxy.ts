// The load balancer in front of the scale test's instances: round robin over the backends, kept-alive connections
// to them (as a real balancer keeps), the client's address appended to X-Forwarded-For, and a backend that refuses
// the connection skipped (and left alone for a second). A connection that breaks before an answer is retried on the
// next backend for a GET, as balancers do for idempotent requests; for a POST the shopper's connection is reset in
// turn (the shopper cannot know whether it was done, so the shopper decides: a browser user presses reload).
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Backend {
  name: string;
  port: number;
}

/** A request the proxy has handed to a backend and not yet finished. */
export interface InFlight {
  id: number;
  backend: string;
  method: string;
  path: string;
}

/** How a request handed to a backend ended: its status, or "reset" when the backend's connection broke. */
export type Outcome = { request: InFlight; status: number | "reset"; ms: number };

export interface Proxy {
  origin: string;
  port: number;
  /** The requests each backend is answering right now. */
  inFlight(backend: string): InFlight[];
  /** Called for every request a backend finished (answered or broke under). */
  onOutcome(listener: (outcome: Outcome) => void): () => void;
  /** Answers per backend and status ("refused" counts connections a backend refused). */
  counts(): Record<string, Record<string, number>>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
]);
/** A backend that refused a connection is not tried again for this long (another request may find it back sooner). */
const DOWN_FOR_MS = 1000;
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
/** The answer header that names the backend that gave it, for checks that follow a shopper across the instances. */
export const INSTANCE_HEADER = "x-scale-instance";

/** Connection errors that mean the backend never took the request: it can go to another backend whatever it is. */
export function refusedConnection(error: NodeJS.ErrnoException): boolean {
  return error.code === "ECONNREFUSED";
}

/** The X-Forwarded-For a balancer sends on: what the client sent, then the client's own address. */
export function forwardedFor(existing: string | string[] | undefined, clientAddress: string | undefined): string {
  const before = (Array.isArray(existing) ? existing.join(", ") : (existing ?? "")).trim();
  const address = (clientAddress ?? "").replace(/^::ffff:/, "");
  return before ? `${before}, ${address}` : address;
}

/** The order to try backends in for the `turn`-th request: round robin, backends marked down last. */
export function backendOrder<T>(backends: T[], turn: number, isDown: (backend: T) => boolean): T[] {
  const rotated = backends.map((_, index) => backends[(turn + index) % backends.length]!);
  return [...rotated.filter((backend) => !isDown(backend)), ...rotated.filter(isDown)];
}

export async function startProxy(backends: Backend[], port = 0): Promise<Proxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 1000 });
  const downUntil = new Map<string, number>();
  const inFlight = new Map<string, Map<number, InFlight>>(backends.map((backend) => [backend.name, new Map()]));
  const listeners = new Set<(outcome: Outcome) => void>();
  const counts: Record<string, Record<string, number>> = {};
  const count = (backend: string, key: string) => {
    const row = (counts[backend] ??= {});
    row[key] = (row[key] ?? 0) + 1;
  };
  let turn = 0;
  let nextId = 1;

  function forward(
    backend: Backend,
    req: IncomingMessage,
    body: Buffer,
    res: ServerResponse,
  ): Promise<"done" | "refused" | "reset"> {
    return new Promise((resolve) => {
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers))
        if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
      headers["x-forwarded-for"] = forwardedFor(req.headers["x-forwarded-for"], req.socket.remoteAddress);
      headers["x-forwarded-proto"] = "http";
      headers["content-length"] = String(body.length);
      const request: InFlight = {
        id: nextId++,
        backend: backend.name,
        method: req.method ?? "GET",
        path: req.url ?? "/",
      };
      const started = performance.now();
      let settled = false;
      const finish = (status: number | "reset") => {
        if (settled) return;
        settled = true;
        inFlight.get(backend.name)?.delete(request.id);
        const outcome = { request, status, ms: performance.now() - started };
        for (const listener of listeners) listener(outcome);
      };
      const upstream = http.request(
        { host: "127.0.0.1", port: backend.port, method: req.method, path: req.url, headers, agent },
        (answer) => {
          count(backend.name, String(answer.statusCode ?? 0));
          const out: http.OutgoingHttpHeaders = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
          out[INSTANCE_HEADER] = backend.name;
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
          answer.on("end", () => {
            finish(answer.statusCode ?? 0);
            resolve("done");
          });
          answer.on("error", () => {
            // The backend went away in the middle of an answer: the client's connection breaks the same way.
            finish("reset");
            res.destroy();
            resolve("done");
          });
        },
      );
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (settled) return;
        if (refusedConnection(error)) {
          // Never reached the backend: not in flight, nothing done.
          settled = true;
          inFlight.get(backend.name)?.delete(request.id);
          count(backend.name, "refused");
          resolve("refused");
          return;
        }
        count(backend.name, "reset");
        finish("reset");
        resolve(res.headersSent ? "done" : "reset");
        if (res.headersSent) res.destroy();
      });
      inFlight.get(backend.name)?.set(request.id, request);
      upstream.end(body);
    });
  }

  const server = http.createServer((req, res) => void answer(req, res));
  async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const order = backendOrder(backends, turn++, (backend) => (downUntil.get(backend.name) ?? 0) > Date.now());
    for (const backend of order) {
      const result = await forward(backend, req, body, res);
      if (result === "done") return;
      if (result === "refused") {
        downUntil.set(backend.name, Date.now() + DOWN_FOR_MS);
        continue;
      }
      // Broken before an answer: a GET is safe to send elsewhere; a POST may have been done, so the client decides.
      if (SAFE.has(req.method ?? "GET")) continue;
      res.destroy();
      return;
    }
    res.writeHead(503, { "content-type": "text/plain; charset=utf-8", "retry-after": "1" });
    res.end("No instance is available. Please try again.");
  }
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${bound}`,
    port: bound,
    inFlight: (backend) => [...(inFlight.get(backend)?.values() ?? [])],
    onOutcome(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    counts: () => counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
