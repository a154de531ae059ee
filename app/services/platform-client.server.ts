import type { z } from "zod";
import { DEFAULT_CLIENT_IDENTITY, identityHeaders, type ClientIdentity } from "#contract/client-identity";
import { SYSTEM_ERROR_MESSAGE } from "#contract/error-messages";
import {
  fillPath,
  SERVICE_UNAVAILABLE,
  type Endpoint,
  type InProcessAnswer,
  type InProcessCall,
  type RequestOf,
  type ResponseOf,
  type VerifiedTokens,
} from "#contract";

/** How the storefront reaches a platform: the embedded one in-process, or a remote one over HTTP. */
export interface PlatformTransport {
  baseUrl: string;
  fetch(request: Request): Promise<Response>;
  /**
   * The embedded platform's in-process call (decision 0027): no HTTP request, no JSON, and the handler's answer
   * taken as it is. Absent for a remote platform, whose answers always come over `fetch` and are checked.
   */
  invoke?(endpoint: Endpoint, input: Record<string, unknown>, call: InProcessCall): Promise<InProcessAnswer>;
  /** Check `invoke`'s answers against the contract, as a remote platform's are (everywhere but production). */
  checkAnswers?: boolean;
  /** Who is calling (spec 1 §9), named on every call; the contract's defaults when absent. */
  identity?: ClientIdentity;
  /**
   * How long one attempt may take (PLATFORM_TIMEOUT_MS). An attempt that has not answered by then counts as a failed
   * transport: a GET is tried once more, anything else is not (spec 1 §7), and the call fails as unavailable. No
   * limit when absent.
   */
  timeoutMs?: number;
}

export type { InProcessAnswer, InProcessCall };

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
  const numericCode =
    typeof code === "number" ? code : typeof code === "string" && /^\d{3}$/.test(code) ? Number(code) : undefined;
  const status =
    numericCode ??
    (typeof b.status === "number" ? b.status : undefined) ??
    (httpStatus && httpStatus >= 400 ? httpStatus : 500);
  const text = [b.errorDisplay, b.errorText, b.message].find(
    (v): v is string => typeof v === "string" && v.trim() !== "",
  );
  return new PlatformError(
    status,
    text ?? UNKNOWN_ERROR_MESSAGE,
    typeof code === "number" || typeof code === "string" ? code : undefined,
    body,
  );
}

/** The platform could not be reached, or did not answer in time: what a transport failure and a time-out become. */
function unavailable(cause: unknown): PlatformError {
  return new PlatformError(503, SYSTEM_ERROR_MESSAGE, SERVICE_UNAVAILABLE, String(cause));
}

/**
 * Whether a call failed because the platform cannot answer for now (its database restarting, a remote platform down
 * or too slow), rather than because it refused the call: the storefront shows its "try again in a moment" page.
 */
export function isPlatformUnavailable(error: unknown): error is PlatformError {
  return error instanceof PlatformError && error.status === 503 && error.errorCode === SERVICE_UNAVAILABLE;
}

class AttemptTimedOut extends Error {
  constructor(ms: number) {
    super(`the platform did not answer within ${ms} ms`);
  }
}

/** `work`, or AttemptTimedOut once `ms` have passed (the work itself goes on: an in-process call cannot be stopped). */
function withinTime<T>(work: Promise<T>, ms: number | undefined): Promise<T> {
  if (!ms) return work;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AttemptTimedOut(ms)), ms);
  });
  // An answer that comes after the time-out is dropped, and so is its failure.
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
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

/**
 * `oneRequest`: the client serves one storefront request (the shopper's calls), so the embedded platform may keep the
 * tokens it verified for the rest of that request (decision 0031). Never for a client that outlives a request.
 */
export function createPlatformClient(
  transport: PlatformTransport,
  options: { oneRequest?: boolean } = {},
): PlatformClient {
  if (transport.invoke)
    return inProcessClient(
      transport as PlatformTransport & Required<Pick<PlatformTransport, "invoke">>,
      options.oneRequest === true,
    );
  return {
    async call(endpoint, input, options = {}) {
      const { path, rest } = fillPath(endpoint.path, (input ?? {}) as Record<string, unknown>);
      const url = new URL(path, transport.baseUrl);
      const headers = new Headers({ accept: "application/json" });
      for (const [name, value] of identityHeaders(transport.identity ?? DEFAULT_CLIENT_IDENTITY))
        headers.set(name, value);
      if (options.token) headers.set("authorization", `Bearer ${options.token}`);
      if (options.idempotencyKey) headers.set("idempotency-key", options.idempotencyKey);
      if (options.clientIp) headers.set("x-client-ip", options.clientIp);
      let body: string | undefined;
      if (endpoint.method === "GET" || endpoint.method === "DELETE") {
        for (const [k, v] of Object.entries(rest))
          if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
      } else {
        headers.set("content-type", "application/json");
        body = JSON.stringify(rest);
      }

      let attemptsLeft = retriesFor(endpoint.method);
      for (;;) {
        // Each attempt has its own time, body included; the caller's signal still ends the call at once.
        const timeout = transport.timeoutMs ? AbortSignal.timeout(transport.timeoutMs) : undefined;
        const signal =
          timeout && options.signal ? AbortSignal.any([options.signal, timeout]) : (timeout ?? options.signal);
        let response: Response;
        let data: unknown;
        try {
          response = await transport.fetch(new Request(url, { method: endpoint.method, headers, body, signal }));
          if (response.ok && response.status !== 204) data = await response.json();
        } catch (cause) {
          if (options.signal?.aborted) throw cause;
          // A transport failure (connection refused, reset) or an answer that did not come in time: the platform
          // being unavailable. A body that is not JSON is a broken answer, not a missing one.
          if (cause instanceof SyntaxError)
            throw new PlatformError(502, SYSTEM_ERROR_MESSAGE, undefined, String(cause));
          if (attemptsLeft-- > 0) continue;
          throw unavailable(timeout?.aborted ? `the platform did not answer within ${transport.timeoutMs} ms` : cause);
        }
        if (response.ok) {
          if (response.status === 204) return endpoint.response.parse({}) as ResponseOf<typeof endpoint>;
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
    throw new PlatformError(502, SYSTEM_ERROR_MESSAGE, undefined, parsed.error.issues.slice(0, 3));
  }
  return parsed.data;
}

/**
 * The embedded platform called in process: the same retries and errors as over HTTP (spec 1 §7–8), without the
 * request, the JSON and the second parse of the platform's own answer. With `checkAnswers` (tests, development), each
 * answer is also encoded and parsed as HTTP would, checked by the contract's schema, and must come out unchanged, so
 * an answer that skipping the check would let through differently fails there rather than in production.
 */
function inProcessClient(
  transport: PlatformTransport & Required<Pick<PlatformTransport, "invoke">>,
  oneRequest: boolean,
): PlatformClient {
  const verifiedTokens: VerifiedTokens | undefined = oneRequest ? new Map() : undefined;
  return {
    async call(endpoint, input, options = {}) {
      const call: InProcessCall = {
        client: transport.identity ?? DEFAULT_CLIENT_IDENTITY,
        ...(verifiedTokens ? { verifiedTokens } : {}),
      };
      if (options.token) call.token = options.token;
      if (options.idempotencyKey) call.idempotencyKey = options.idempotencyKey;
      if (options.clientIp) call.clientIp = options.clientIp;
      let attemptsLeft = retriesFor(endpoint.method);
      for (;;) {
        let answer: InProcessAnswer;
        try {
          options.signal?.throwIfAborted();
          answer = await withinTime(
            transport.invoke(endpoint, (input ?? {}) as Record<string, unknown>, call),
            transport.timeoutMs,
          );
        } catch (cause) {
          if (attemptsLeft-- > 0) continue;
          throw unavailable(cause);
        }
        if (answer.status >= 200 && answer.status < 300) {
          if (answer.status === 204 || answer.body === null)
            return endpoint.response.parse({}) as ResponseOf<typeof endpoint>;
          if (!transport.checkAnswers) return answer.body as ResponseOf<typeof endpoint>;
          return checkedAnswer(endpoint, answer.body) as ResponseOf<typeof endpoint>;
        }
        if (RETRY_STATUSES.has(answer.status) && attemptsLeft-- > 0) continue;
        throw buildPlatformError(answer.body, answer.status);
      }
    },
  };
}

function checkedAnswer(endpoint: Endpoint, body: unknown): unknown {
  const overHttp: unknown = JSON.parse(JSON.stringify(body));
  const parsed = parseResponse(endpoint.response, overHttp);
  const where = !sameJson(overHttp, body) ? "JSON" : !sameJson(parsed, overHttp) ? "the contract" : null;
  if (where) {
    // Only the endpoint is named: answers carry shoppers' details, which never go to a log.
    const issue = `${endpoint.method} ${endpoint.path}: the in-process answer differs from what ${where} makes of it`;
    console.error(`platform.answer_unchecked_differs ${issue}`);
    throw new PlatformError(502, SYSTEM_ERROR_MESSAGE, undefined, [issue]);
  }
  return body;
}

/** Deep equality of JSON-like values, ignoring key order; `undefined` properties count as absent. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((v, i) => sameJson(v, (b as unknown[])[i]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}
