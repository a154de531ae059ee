import { z } from "zod";
import type { Endpoint, ParsedRequestOf, ResponseOf } from "./contract";
import type { AuthInfo, PlatformDeps, RequestContext } from "./context";
import { ApiError } from "./errors";
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
    const source = endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, n: string) => {
      params.push(n);
      return "([^/]+)";
    });
    // Static paths win over parametrised ones (site-settings before :contentType).
    const route: Route = { endpoint, pattern: new RegExp(`^${source}/?$`), params, handler: handler as Handler<Endpoint> };
    if (params.length === 0) this.routes.unshift(route);
    else this.routes.push(route);
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

  private async run(route: Route, m: RegExpExecArray, request: Request, url: URL, deps: PlatformDeps): Promise<Response> {
    const { endpoint } = route;
    let auth: AuthInfo | null = null;
    const header = request.headers.get("authorization");
    const token = header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
    if (token) auth = await deps.authenticate(token);
    // Staff tokens open the order board's calls and nothing else; shoppers' tokens never open the board.
    if (endpoint.auth === "token" && (!auth || auth.strategy === "staff")) {
      throw new ApiError(401, token && !auth ? "Your session has expired. Please log in again." : "A guest or member token is required", {
        errorCode: 401,
      });
    }
    if (endpoint.auth === "staff" && auth?.strategy !== "staff") {
      throw new ApiError(401, "A staff token is required", { errorCode: 401 });
    }

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
      raw[name] = decodeURIComponent(m[i + 1] ?? "");
    });

    const parsed = endpoint.request.safeParse(raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first?.path.length ? `${first.path.join(".")}: ` : "";
      throw new ApiError(400, `${where}${first?.message ?? "Invalid request"}`, {
        errorText: "There was a validation error, please make sure your details are correct.",
      });
    }

    const ctx: RequestContext = {
      ...deps,
      request,
      auth,
      idempotencyKey: request.headers.get("idempotency-key"),
      clientIp: request.headers.get("x-client-ip") ?? "unknown",
      ...(rawBody === undefined ? {} : { rawBody }),
    };
    const result = await route.handler(parsed.data as never, ctx);
    if (result instanceof Response) return result;
    return json(result, 200);
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
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ApiError(400, "Request body must be a JSON object");
  return body as Record<string, unknown>;
}

/** Reads the body as text, refusing (413) as soon as it passes the limit rather than buffering it whole. */
async function readLimited(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () => new ApiError(413, "Request body too large");
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
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
  if (error instanceof z.ZodError) {
    log.error("platform.response_invalid", { url: request.url, issues: error.issues.slice(0, 3) });
  } else {
    log.error("platform.unhandled", { url: request.url, error: error instanceof Error ? error.stack : String(error) });
  }
  return json(new ApiError(500, "There was an error on the system. Please try again.").toBody(), 500);
}
