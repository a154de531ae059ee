import type { z } from "zod";
import { fillPath, type Endpoint, type RequestOf, type ResponseOf } from "../../platform/contract";

/** How the storefront reaches a platform: the embedded one in-process, or a remote one over HTTP. */
export interface PlatformTransport {
  baseUrl: string;
  fetch(request: Request): Promise<Response>;
}

/** An error answered by the platform (or the transport), normalised as the spec's error builder says. */
export class PlatformError extends Error {
  readonly status: number;
  readonly errorCode: number | string | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, errorCode?: number | string, body?: unknown) {
    super(message);
    this.name = "PlatformError";
    this.status = status;
    this.errorCode = errorCode;
    this.body = body;
  }
}

export const UNKNOWN_ERROR_MESSAGE = "An unknown error occurred";

/**
 * Spec 1 §8: status from a numeric errorCode, else status, else 500; message from errorDisplay, else errorText,
 * else message, else 'An unknown error occurred'.
 */
export function buildPlatformError(body: unknown, httpStatus?: number): PlatformError {
  const b = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const code = b.errorCode;
  const numericCode = typeof code === "number" ? code : typeof code === "string" && /^\d{3}$/.test(code) ? Number(code) : undefined;
  const status =
    numericCode ?? (typeof b.status === "number" ? b.status : undefined) ?? (httpStatus && httpStatus >= 400 ? httpStatus : 500);
  const text = [b.errorDisplay, b.errorText, b.message].find((v): v is string => typeof v === "string" && v.trim() !== "");
  return new PlatformError(status, text ?? UNKNOWN_ERROR_MESSAGE, typeof code === "number" || typeof code === "string" ? code : undefined, body);
}

/** Spec 1 §7: these statuses are retried — GET once, other methods never. */
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export function retriesFor(method: string): number {
  return method.toUpperCase() === "GET" ? 1 : 0;
}

export interface CallOptions {
  token?: string;
  idempotencyKey?: string;
  clientIp?: string;
  signal?: AbortSignal;
}

export interface PlatformClient {
  call<E extends Endpoint>(endpoint: E, input: RequestOf<E>, options?: CallOptions): Promise<ResponseOf<E>>;
}

export function createPlatformClient(transport: PlatformTransport): PlatformClient {
  return {
    async call(endpoint, input, options = {}) {
      const { path, rest } = fillPath(endpoint.path, (input ?? {}) as Record<string, unknown>);
      const url = new URL(path, transport.baseUrl);
      const headers = new Headers({ accept: "application/json" });
      if (options.token) headers.set("authorization", `Bearer ${options.token}`);
      if (options.idempotencyKey) headers.set("idempotency-key", options.idempotencyKey);
      if (options.clientIp) headers.set("x-client-ip", options.clientIp);
      let body: string | undefined;
      if (endpoint.method === "GET" || endpoint.method === "DELETE") {
        for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
      } else {
        headers.set("content-type", "application/json");
        body = JSON.stringify(rest);
      }

      let attemptsLeft = retriesFor(endpoint.method);
      for (;;) {
        let response: Response;
        try {
          response = await transport.fetch(new Request(url, { method: endpoint.method, headers, body, signal: options.signal }));
        } catch (cause) {
          // A transport failure (connection refused, reset) is the platform being unavailable.
          if (attemptsLeft-- > 0) continue;
          throw new PlatformError(503, "There was an error on the system. Please try again.", undefined, String(cause));
        }
        if (response.ok) {
          if (response.status === 204) return endpoint.response.parse({}) as ResponseOf<typeof endpoint>;
          const data: unknown = await response.json();
          return parseResponse(endpoint.response, data) as ResponseOf<typeof endpoint>;
        }
        if (RETRY_STATUSES.has(response.status) && attemptsLeft-- > 0) {
          await response.body?.cancel();
          continue;
        }
        let errorBody: unknown = null;
        try {
          errorBody = await response.json();
        } catch {
          errorBody = null;
        }
        throw buildPlatformError(errorBody, response.status);
      }
    },
  };
}

function parseResponse(schema: z.ZodType, data: unknown): unknown {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new PlatformError(502, "There was an error on the system. Please try again.", undefined, parsed.error.issues.slice(0, 3));
  }
  return parsed.data;
}
