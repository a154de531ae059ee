import { z } from "zod";
import { revocationCount } from "./revocations";
import { readBodyUpTo } from "./contract/body-limit";
import {
  CLIENT_IDENTITY_HEADERS,
  identityHeaders,
  PLATFORM_VERSION,
  UNSUPPORTED_PLATFORM_VERSION_MESSAGE,
  type ClientIdentity,
} from "./contract/client-identity";
import {
  fillPath,
  type Endpoint,
  type InProcessAnswer,
  type InProcessCall,
  type ParsedRequestOf,
  type ResponseOf,
  type VerifiedTokens,
} from "./contract";

type VerifiedTokensEntry = VerifiedTokens extends Map<string, infer V> ? V : never;
import type { AuthInfo, PlatformDeps, RequestContext } from "./context";
import { ApiError } from "./errors";
import { databaseUnavailable } from "./db/unavailable";
import { SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE } from "./contract/service-unavailable";
import { SYSTEM_ERROR_MESSAGE } from "./contract/error-messages";
import { CHECKOUT_MESSAGES } from "./contract/checkout-rules";
import type { Logger } from "./logger";

type Handler<E extends Endpoint> = (
  input: ParsedRequestOf<E>,
  ctx: RequestContext,
) => Promise<ResponseOf<E> | Response> | ResponseOf<E> | Response;

interface Route {
  endpoint: Endpoint;
  pattern: RegExp;
  params: string[];
  handler: Handler<Endpoint>;
}

/** Largest JSON body any endpoint accepts; endpoints may set a smaller one. */
const MAX_BODY_BYTES = 256 * 1024;

export class Router {
  private routes: Route[] = [];

  on<E extends Endpoint>(endpoint: E, handler: Handler<E>): this {
    const params: string[] = [];
    const source = endpoint.path
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, n: string) => {
        params.push(n);
        return "([^/]+)";
      });
    // Static paths win over parametrised ones (site-settings before :contentType).
    const route: Route = {
      endpoint,
      pattern: new RegExp(`^${source}/?$`),
      params,
      handler: handler as Handler<Endpoint>,
    };
    if (params.length === 0) this.routes.unshift(route);
    else this.routes.push(route);
    this.endpoints = null;
    return this;
  }

  async handle(request: Request, deps: PlatformDeps): Promise<Response> {
    const url = new URL(request.url);
    let pathMatched = false;
    for (const route of this.routes) {
      const m = route.pattern.exec(url.pathname);
      if (!m) continue;
      pathMatched = true;
      if (route.endpoint.method !== request.method.toUpperCase()) continue;
      try {
        return await this.run(route, m, request, url, deps);
      } catch (error) {
        return errorResponse(error, deps.log, request);
      }
    }
    if (pathMatched) return json(new ApiError(405, "Method not allowed").toBody(), 405);
    return json(new ApiError(404, `No such endpoint: ${request.method} ${url.pathname}`).toBody(), 404);
  }

  /**
   * Answers one call made in this process (the embedded platform's own storefront) without HTTP: the input the
   * caller would have sent is checked by the endpoint's request schema as it is for an HTTP request, and the handler's
   * answer is handed back as it is, not encoded to JSON. Query values arrive as strings and bodies as their JSON, so a
   * handler sees exactly what an HTTP request would give it; an error answers the status and body HTTP would carry.
   */
  async invoke(
    endpoint: Endpoint,
    input: Record<string, unknown>,
    call: InProcessCall,
    deps: PlatformDeps,
  ): Promise<InProcessAnswer> {
    const { path, rest } = fillPath(endpoint.path, input);
    let rawBody: string | undefined;
    let request: Request | undefined;
    const requestOf = () => (request ??= inProcessRequest(endpoint, input, call, rawBody));
    try {
      // By method and path: the caller's copy of the contract may be another module instance (the app's bundle).
      const route = this.byEndpoint().get(`${endpoint.method} ${endpoint.path}`);
      if (!route) throw new ApiError(404, `No such endpoint: ${endpoint.method} ${path}`);
      const client = checkedClient(call.client ?? {});
      const auth = await authorise(route.endpoint, call.token, deps, call.verifiedTokens);
      let raw: Record<string, unknown> = {};
      if (endpoint.method === "GET" || endpoint.method === "DELETE") {
        for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null) raw[k] = String(v);
      } else {
        rawBody = JSON.stringify(rest);
        if (Buffer.byteLength(rawBody) > (endpoint.maxBodyBytes ?? MAX_BODY_BYTES))
          throw new ApiError(413, "Request body too large");
        raw = parseJsonBody(rawBody);
      }
      for (const name of route.params) raw[name] = String(input[name] ?? "");
      const ctx = {
        ...deps,
        auth,
        idempotencyKey: call.idempotencyKey ?? null,
        clientIp: call.clientIp ?? "unknown",
        client,
        ...(rawBody === undefined ? {} : { rawBody }),
      } as Omit<RequestContext, "request">;
      Object.defineProperty(ctx, "request", { get: requestOf, enumerable: true });
      const result = await dispatch(route, raw, ctx as RequestContext);
      if (!(result instanceof Response)) return { status: 200, body: result };
      const text = await result.text();
      return { status: result.status, body: text ? (JSON.parse(text) as unknown) : null };
    } catch (error) {
      const response = errorResponse(error, deps.log, requestOf());
      return { status: response.status, body: await response.json() };
    }
  }

  private endpoints: Map<string, Route> | null = null;
  private byEndpoint(): Map<string, Route> {
    this.endpoints ??= new Map(this.routes.map((route) => [`${route.endpoint.method} ${route.endpoint.path}`, route]));
    return this.endpoints;
  }

  private async run(
    route: Route,
    m: RegExpExecArray,
    request: Request,
    url: URL,
    deps: PlatformDeps,
  ): Promise<Response> {
    const { endpoint } = route;
    const client = checkedClient(clientFromHeaders(request.headers));
    const header = request.headers.get("authorization");
    const auth = await authorise(endpoint, header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim(), deps);

    let raw: Record<string, unknown> = {};
    let rawBody: string | undefined;
    if (endpoint.method === "GET" || endpoint.method === "DELETE") {
      raw = Object.fromEntries(url.searchParams);
    } else {
      rawBody = await readLimited(request, endpoint.maxBodyBytes ?? MAX_BODY_BYTES);
      raw = parseJsonBody(rawBody);
      // Query parameters are part of some POST calls (getPostcodeByCoordinates, getPlaceDetails …).
      for (const [k, v] of url.searchParams) if (!(k in raw)) raw[k] = v;
    }
    route.params.forEach((name, i) => {
      raw[name] = decodedSegment(m[i + 1] ?? "", name);
    });
    const ctx: RequestContext = {
      ...deps,
      request,
      auth,
      idempotencyKey: request.headers.get("idempotency-key"),
      clientIp: request.headers.get("x-client-ip") ?? "unknown",
      client,
      ...(rawBody === undefined ? {} : { rawBody }),
    };
    const result = await dispatch(route, raw, ctx);
    if (result instanceof Response) return result;
    return json(result, 200);
  }
}

/**
 * Whose token this is: looked up, or for an in-process call taken from the same storefront request's earlier check
 * while it is not expired and this process has revoked nothing since (decision 0031). Only found tokens are kept, each
 * under its own token, in a record the request's client made and no other request sees.
 */
async function verify(
  token: string,
  deps: PlatformDeps,
  verified: VerifiedTokens | undefined,
): Promise<AuthInfo | null> {
  const revocations = revocationCount();
  const kept = verified?.get(token);
  // Calls of one page start together (its loaders run in parallel): they share the check already under way.
  if (kept && kept.revocations === revocations && kept.until > deps.clock.now().getTime()) {
    const auth = await kept.auth;
    return auth && { ...auth };
  }
  const lookup = deps.authenticate(token);
  const entry: VerifiedTokensEntry = {
    auth: lookup.then((found) => found && { strategy: found.strategy, memberId: found.memberId, family: found.family }),
    until: Number.POSITIVE_INFINITY,
    revocations,
  };
  // Only calls that share the check await entry.auth: when the lookup fails (the database restarting) and none does,
  // its rejection would go unhandled and end the process. This call's own await below still sees the failure.
  entry.auth.catch(() => undefined);
  verified?.set(token, entry);
  let found: Awaited<typeof lookup>;
  try {
    found = await lookup;
  } catch (error) {
    if (verified?.get(token) === entry) verified.delete(token);
    throw error;
  }
  if (!found || !found.expiresAt) {
    if (verified?.get(token) === entry) verified.delete(token);
  } else entry.until = found.expiresAt.getTime();
  return found && { strategy: found.strategy, memberId: found.memberId, family: found.family };
}

/** Whose token this is, refused (401) when it does not open the endpoint. */
async function authorise(
  endpoint: Endpoint,
  token: string | undefined,
  deps: PlatformDeps,
  verified?: VerifiedTokens,
): Promise<AuthInfo | null> {
  const auth = token ? await verify(token, deps, verified) : null;
  // Staff tokens open the order board's calls and nothing else; shoppers' tokens never open the board.
  if (endpoint.auth === "token" && (!auth || auth.strategy === "staff")) {
    throw new ApiError(
      401,
      token && !auth ? "Your session has expired. Please log in again." : "A guest or member token is required",
      {
        errorCode: 401,
      },
    );
  }
  if (endpoint.auth === "staff" && auth?.strategy !== "staff") {
    throw new ApiError(401, "A staff token is required", { errorCode: 401 });
  }
  return auth;
}

/** What an HTTP call's headers name of its client; a header it leaves out is absent. */
function clientFromHeaders(headers: Headers): Partial<ClientIdentity> {
  const client: Partial<ClientIdentity> = {};
  for (const [key, name] of Object.entries(CLIENT_IDENTITY_HEADERS) as [keyof ClientIdentity, string][]) {
    const value = headers.get(name);
    if (value !== null) client[key] = value.slice(0, 40);
  }
  return client;
}

/**
 * A client that names a contract version other than this platform's would misread its answers: refused (400) before
 * anything is done. Clients that name none (the apps' older builds, tools) are answered as ever.
 */
function checkedClient(client: Partial<ClientIdentity>): Partial<ClientIdentity> {
  if (client.platformVersion !== undefined && client.platformVersion !== PLATFORM_VERSION) {
    throw new ApiError(400, UNSUPPORTED_PLATFORM_VERSION_MESSAGE, {
      errorCode: "UNSUPPORTED_PLATFORM_VERSION",
      errorDisplay: UNSUPPORTED_PLATFORM_VERSION_MESSAGE,
    });
  }
  return client;
}

/** Checks the raw input against the endpoint's request schema (400 with the first issue) and runs the handler. */
async function dispatch(route: Route, raw: Record<string, unknown>, ctx: RequestContext): Promise<unknown> {
  const parsed = route.endpoint.request.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? `${first.path.join(".")}: ` : "";
    throw new ApiError(400, `${where}${first?.message ?? "Invalid request"}`, { errorText: VALIDATION_ERROR_TEXT });
  }
  // PostgreSQL stores no U+0000 in text or jsonb: such a value would fail in the database, an error of the system.
  const nul = nullCharacterAt(parsed.data);
  if (nul !== null)
    throw new ApiError(400, `${nul ? `${nul}: ` : ""}Text may not contain the null character`, {
      errorText: VALIDATION_ERROR_TEXT,
    });
  return route.handler(parsed.data as never, ctx);
}

const VALIDATION_ERROR_TEXT = CHECKOUT_MESSAGES.validationError;

/**
 * Where in a parsed request a text (a value or a key) carries U+0000, as a path ("" for the request itself), or
 * null when none does. Walked without recursion: a field of any JSON may be nested as deep as its body allows.
 */
export function nullCharacterAt(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, ""]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [v, path] = next;
    if (typeof v === "string") {
      if (v.includes("\u0000")) return path;
    } else if (v !== null && typeof v === "object") {
      for (const [key, child] of Object.entries(v)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes("\u0000")) return at.replaceAll("\u0000", "\\0");
        stack.push([child, at]);
      }
    }
  }
  return null;
}

export type { InProcessAnswer, InProcessCall };

/** The HTTP request an in-process call stands for, made only if a handler reads it (gateway webhooks do). */
function inProcessRequest(
  endpoint: Endpoint,
  input: Record<string, unknown>,
  call: InProcessCall,
  rawBody: string | undefined,
): Request {
  const { path, rest } = fillPath(endpoint.path, input);
  const url = new URL(path, "http://platform.internal");
  const headers = new Headers({ accept: "application/json", "x-client-ip": call.clientIp ?? "unknown" });
  if (call.client) for (const [name, value] of identityHeaders(call.client)) headers.set(name, value);
  if (call.token) headers.set("authorization", `Bearer ${call.token}`);
  if (call.idempotencyKey) headers.set("idempotency-key", call.idempotencyKey);
  if (endpoint.method === "GET" || endpoint.method === "DELETE") {
    for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  } else {
    headers.set("content-type", "application/json");
  }
  return new Request(url, { method: endpoint.method, headers, body: rawBody });
}

/** A path parameter as its client meant it; one whose escapes are broken (`%zz`, half a character) is refused (400). */
function decodedSegment(segment: string, name: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError(400, `${name}: the address has a broken escape`, { errorText: VALIDATION_ERROR_TEXT });
  }
}

function parseJsonBody(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, "Request body is not valid JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new ApiError(400, "Request body must be a JSON object");
  return body as Record<string, unknown>;
}

/** Reads the body as text, refusing (413) as soon as it passes the limit rather than buffering it whole. */
async function readLimited(request: Request, maxBytes: number): Promise<string> {
  const text = await readBodyUpTo(request, maxBytes);
  if (text === null) throw new ApiError(413, "Request body too large");
  return text;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

function errorResponse(error: unknown, log: Logger, request: Request): Response {
  if (error instanceof ApiError) {
    const headers: Record<string, string> = {};
    if (error.status === 429) headers["retry-after"] = "60";
    return json(error.toBody(), error.status, headers);
  }
  if (databaseUnavailable(error)) {
    // A restart or failover, not a fault: a warning, and a 503 the storefront shows as "try again in a moment". The
    // pool replaces its connections at the next query, so the next calls succeed once the server is back.
    log.warn("platform.database_unavailable", {
      url: request.url,
      error: error instanceof Error ? firstLine(error) : String(error),
    });
    return json(new ApiError(503, SERVICE_UNAVAILABLE_MESSAGE, { errorCode: SERVICE_UNAVAILABLE }).toBody(), 503, {
      "retry-after": "5",
    });
  }
  if (error instanceof z.ZodError) {
    log.error("platform.response_invalid", { url: request.url, issues: error.issues.slice(0, 3) });
  } else {
    log.error("platform.unhandled", { url: request.url, error: error instanceof Error ? error.stack : String(error) });
  }
  return json(new ApiError(500, SYSTEM_ERROR_MESSAGE).toBody(), 500);
}

/** The driver's own words (the innermost cause), without the query and its parameters, which may hold shoppers' data. */
function firstLine(error: Error): string {
  let inner: unknown = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  return (inner as Error).message.split("\n", 1)[0] ?? "";
}
