import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { Readable } from "node:stream";

/** Largest body the /api mount reads; the platform applies its own, smaller limits per endpoint. */
const MAX_BODY_BYTES = 512 * 1024;

/**
 * Serves a fetch-style handler (Request → Response) from Express, so the embedded platform answers HTTP callers
 * with the same function the storefront calls in-process. The client address is set from the socket (or the
 * proxy, when trusted), replacing anything a caller sent.
 */
export function fetchHandlerMiddleware(handler: (request: Request) => Promise<Response>) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const url = new URL(req.originalUrl, `http://${req.headers.host ?? "localhost"}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        if (Array.isArray(value)) for (const v of value) headers.append(name, v);
        else headers.set(name, value);
      }
      headers.set("x-client-ip", req.ip ?? "unknown");
      let body: Buffer | null | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        body = await readBody(req);
        if (body === null) {
          res.status(413).json({ status: 413, errorCode: 413, message: "Request body too large" });
          return;
        }
      }
      const response = await handler(
        new Request(url, { method: req.method, headers, body: body ? new Uint8Array(body) : undefined }),
      );
      res.status(response.status);
      response.headers.forEach((value, name) => res.setHeader(name, value));
      if (!response.body) {
        res.end();
        return;
      }
      Readable.fromWeb(response.body as import("node:stream/web").ReadableStream).pipe(res);
    } catch (error) {
      next(error);
    }
  };
}

/** The request body, or null when it is larger than the limit. */
function readBody(req: ExpressRequest): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners("data");
        req.resume();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}
