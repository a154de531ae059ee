import { LocationServiceError } from "../ports/location-service";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpOptions {
  /** Injected in tests; the global fetch otherwise. */
  fetch?: FetchLike;
  /** Whole request, answer included. Shoppers wait on these calls, so keep it short. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 3000;

export interface JsonAnswer {
  status: number;
  /** The parsed body, or undefined when it was empty or not JSON. */
  body: unknown;
}

/**
 * GETs a URL and reads its JSON answer. Timeouts and network failures become 503, so no caller ever sees a
 * raw fetch error. `label` names the call in errors and logs: URLs may carry an API key and are never logged.
 */
export async function getJson(
  service: string,
  label: string,
  url: string,
  options: HttpOptions = {},
): Promise<JsonAnswer> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await doFetch(url, { method: "GET", headers: { accept: "application/json" }, signal });
    const text = await response.text();
    let body: unknown;
    try {
      body = text.trim() ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  } catch (error) {
    if (signal.aborted) throw new LocationServiceError(service, 503, `${label} timed out after ${timeoutMs} ms`);
    const reason =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new LocationServiceError(service, 503, `${label} failed: ${reason}`);
  }
}

/** Joins a base URL (with or without a path or trailing slash) and a path. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}${path}`;
}
