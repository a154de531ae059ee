// A plain HTTP client for the tests that must see the response exactly as it crossed the wire: browsers and
// Playwright's request context add headers and undo compression, which would hide what these tests check.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

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
  const scriptSrc = policy.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src ") || d === "script-src");
  const match = scriptSrc?.match(/'nonce-([^']+)'/);
  return match?.[1] ?? null;
}
