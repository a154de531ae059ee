// A plain HTTP client for the tests that must see the response exactly as it crossed the wire: browsers and
// Playwright's request context add headers and undo compression, which would hide what these tests check.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent, still compressed if the server compressed it. */
  body: Buffer;
}

export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

export function header(response: RawResponse, name: string): string {
  const value = response.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

/** The nonce a Content-Security-Policy allows scripts by, or null when it names none. */
export function scriptNonce(policy: string): string | null {
  const scriptSrc = policy
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src ") || d === "script-src");
  const match = scriptSrc?.match(/'nonce-([^']+)'/);
  return match?.[1] ?? null;
}

/**
 * Two GETs on one kept-alive connection, the second after `idleMs` of silence: the status lines the server
 * answered, in order, and whether the server had closed the connection before the second was sent.
 */
export async function twoGetsOnOneConnection(
  url: string,
  idleMs: number,
): Promise<{ statuses: string[]; closedWhileIdle: boolean }> {
  const target = new URL(url);
  const socket = connect(Number(target.port || 80), target.hostname);
  let received = "";
  let closed = false;
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  socket.on("close", () => (closed = true));
  socket.on("error", () => (closed = true));
  const get = `GET ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: keep-alive\r\n\r\n`;
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(get);
  const statusLines = () => received.match(/HTTP\/1\.1 \d{3}/g) ?? [];
  const until = async (done: () => boolean, ms: number) => {
    for (const end = Date.now() + ms; !done() && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
  };
  await until(() => statusLines().length >= 1, 10_000);
  await new Promise((r) => setTimeout(r, idleMs));
  const closedWhileIdle = closed;
  if (!closed) {
    socket.write(get);
    await until(() => statusLines().length >= 2 || closed, 10_000);
  }
  socket.destroy();
  return { statuses: statusLines(), closedWhileIdle };
}
