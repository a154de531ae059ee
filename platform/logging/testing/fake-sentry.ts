import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, inflateSync, brotliDecompressSync } from "node:zlib";

/**
 * A local stand-in for Sentry's ingest, for tests: it answers the documented envelope endpoint
 * (`POST /api/<project>/envelope/`), authenticated by the `sentry_key` query parameter, the `X-Sentry-Auth` header or
 * the envelope header's `dsn`, with a body that may be gzip-, deflate- or brotli-encoded. An envelope is a JSON
 * header line, then items: an item header line (with an optional `length` in bytes) and its payload.
 *
 * It keeps every envelope it accepts, raw as received (decoded) and parsed, and lists them at `GET /__fake/envelopes`
 * for journeys that read them over HTTP. Browsers post cross-origin, so it answers CORS as Sentry does.
 */
export interface ReceivedItem {
  header: Record<string, unknown>;
  /** The payload parsed as JSON, or its text when it is not JSON (attachments). */
  payload: unknown;
}

export interface ReceivedEnvelope {
  /** The body as it arrived, decoded to text: what a test scans for anything that should never leave. */
  raw: string;
  header: Record<string, unknown>;
  items: ReceivedItem[];
  /** How the sender authenticated. */
  auth: "query" | "header" | "dsn";
  receivedAt: number;
}

export interface FakeSentry {
  url: string;
  /** The DSN senders use: http://<key>@127.0.0.1:<port>/<project>. */
  dsn: string;
  envelopes: ReceivedEnvelope[];
  /** Requests refused, with their status, for tests of the refusals. */
  refused: { status: number; reason: string }[];
  /** Events (items of type "event") received so far. */
  events(): Record<string, unknown>[];
  close(): Promise<void>;
}

export class EnvelopeError extends Error {}

/** Parses an envelope's bytes (Sentry's documented format). */
export function parseEnvelope(body: Buffer): { header: Record<string, unknown>; items: ReceivedItem[] } {
  let at = 0;
  const line = (): Buffer | null => {
    if (at >= body.length) return null;
    const end = body.indexOf(0x0a, at);
    const slice = body.subarray(at, end === -1 ? body.length : end);
    at = end === -1 ? body.length : end + 1;
    return slice;
  };
  const json = (bytes: Buffer, what: string): Record<string, unknown> => {
    try {
      const value = JSON.parse(bytes.toString("utf8")) as unknown;
      if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // reported below
    }
    throw new EnvelopeError(`invalid ${what}`);
  };
  const first = line();
  if (!first) throw new EnvelopeError("empty envelope");
  const header = json(first, "envelope header");
  const items: ReceivedItem[] = [];
  for (;;) {
    const itemLine = line();
    if (itemLine === null) break;
    if (itemLine.length === 0) continue;
    const itemHeader = json(itemLine, "item header");
    let payloadBytes: Buffer;
    if (typeof itemHeader.length === "number") {
      payloadBytes = body.subarray(at, at + itemHeader.length);
      if (payloadBytes.length !== itemHeader.length) throw new EnvelopeError("item shorter than its length");
      at += itemHeader.length;
      if (body[at] === 0x0a) at++;
    } else {
      payloadBytes = line() ?? Buffer.alloc(0);
    }
    const text = payloadBytes.toString("utf8");
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      // an attachment or other non-JSON payload: kept as text
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

function decode(req: IncomingMessage, body: Buffer): Buffer {
  const encoding = String(req.headers["content-encoding"] ?? "").toLowerCase();
  if (encoding === "gzip") return gunzipSync(body);
  if (encoding === "deflate") return inflateSync(body);
  if (encoding === "br") return brotliDecompressSync(body);
  return body;
}

/** `Sentry sentry_key=…, sentry_version=7, …` → its fields. */
function authHeaderFields(value: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of value.replace(/^Sentry\s+/i, "").split(",")) {
    const [k, ...v] = part.trim().split("=");
    if (k) fields[k] = v.join("=");
  }
  return fields;
}

export async function startFakeSentry(options: {
  publicKey: string;
  projectId: string;
  port?: number;
}): Promise<FakeSentry> {
  const envelopes: ReceivedEnvelope[] = [];
  const refused: FakeSentry["refused"] = [];
  const server: Server = createServer((req, res) => {
    const cors = {
      "access-control-allow-origin": "*",
      "access-control-expose-headers": "x-sentry-error, x-sentry-rate-limits, retry-after",
    };
    const answer = (status: number, body: unknown, reason?: string) => {
      if (reason) refused.push({ status, reason });
      res.writeHead(status, {
        ...cors,
        "content-type": "application/json",
        ...(reason ? { "x-sentry-error": reason } : {}),
      });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? "/", "http://fake-sentry");
    if (req.method === "OPTIONS") {
      // Any request headers are allowed, as Sentry's ingest does (a browser may add its own, e.g. a test's extra headers).
      const asked = String(
        req.headers["access-control-request-headers"] ?? "content-type, x-sentry-auth, content-encoding",
      );
      res.writeHead(204, {
        ...cors,
        "access-control-allow-methods": "POST",
        "access-control-allow-headers": asked,
        "access-control-max-age": "3600",
      });
      return res.end();
    }
    if (req.method === "GET" && url.pathname === "/__fake/envelopes") return answer(200, { envelopes });
    const match = /^\/api\/([^/]+)\/envelope\/?$/.exec(url.pathname);
    if (req.method !== "POST" || !match) return answer(404, { detail: "not found" });
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (match[1] !== options.projectId) return answer(404, { detail: "unknown project" }, "unknown project");
      let body: Buffer;
      let parsed: ReturnType<typeof parseEnvelope>;
      try {
        body = decode(req, Buffer.concat(chunks));
        parsed = parseEnvelope(body);
      } catch (error) {
        return answer(400, { detail: String(error instanceof Error ? error.message : error) }, "invalid envelope");
      }
      const headerAuth = req.headers["x-sentry-auth"]
        ? authHeaderFields(String(req.headers["x-sentry-auth"])).sentry_key
        : undefined;
      const dsnKey = typeof parsed.header.dsn === "string" ? safeUsername(parsed.header.dsn) : undefined;
      const queryKey = url.searchParams.get("sentry_key") ?? undefined;
      const [auth, key] = queryKey
        ? (["query", queryKey] as const)
        : headerAuth
          ? (["header", headerAuth] as const)
          : (["dsn", dsnKey] as const);
      if (!key)
        return answer(401, { detail: "missing authorization information" }, "missing authorization information");
      if (key !== options.publicKey) return answer(401, { detail: "invalid api key" }, "invalid api key");
      envelopes.push({ raw: body.toString("utf8"), ...parsed, auth, receivedAt: Date.now() });
      return answer(200, { id: parsed.header.event_id ?? null });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    dsn: `http://${options.publicKey}@127.0.0.1:${port}/${options.projectId}`,
    envelopes,
    refused,
    events: () =>
      envelopes.flatMap((e) =>
        e.items.filter((i) => i.header.type === "event").map((i) => i.payload as Record<string, unknown>),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function safeUsername(dsn: string): string | undefined {
  try {
    return new URL(dsn).username || undefined;
  } catch {
    return undefined;
  }
}
