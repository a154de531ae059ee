import { contentTypes, strapiEnvelopeSchema, type Clock, type ContentTypeName, type StrapiEnvelope } from "../contract";
import { ApiError } from "../errors";
import type { Logger } from "../logger";
import type { ContentSource } from "./source";

/*
 * Strapi v4 REST: GET {url}/api/{type}?populate=deep with a bearer API token, answering {data, meta}. Attributes are
 * normalised through the contract's schema for the type. Answers are kept for a short while because every page
 * reads global and site-settings; `invalidate()` (or cacheSeconds 0) drops them.
 */

export interface StrapiSourceOptions {
  url: string;
  token: string;
  log: Logger;
  clock: Clock;
  cacheSeconds?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const MAX_CACHED = 200;
const UNAVAILABLE = "The content service is unavailable. Please try again.";

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Strapi's local upload provider answers media as /uploads/… on its own host; the browser needs the full URL. */
function absoluteMedia(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((v) => absoluteMedia(v, base));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = k === "url" && typeof v === "string" && v.startsWith("/uploads/") ? base + v : absoluteMedia(v, base);
  }
  return out;
}

export function strapiContentSource(options: StrapiSourceOptions): ContentSource {
  const base = options.url.replace(/\/+$/, "");
  const cacheMs = (options.cacheSeconds ?? 60) * 1000;
  const timeoutMs = options.timeoutMs ?? 5000;
  const doFetch = options.fetch ?? fetch;
  const { log, clock } = options;
  const cache = new Map<string, { at: number; envelope: StrapiEnvelope }>();

  function fail(event: string, fields: Record<string, unknown>): never {
    log.error(event, fields);
    throw new ApiError(502, UNAVAILABLE);
  }

  async function request(type: ContentTypeName, params: Record<string, string>): Promise<StrapiEnvelope> {
    const query = new URLSearchParams({ populate: "deep" });
    for (const [k, v] of Object.entries(params)) if (k !== "populate") query.append(k, v);
    const url = `${base}/api/${type}?${query}`;

    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { authorization: `Bearer ${options.token}`, accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      fail("content.strapi_unreachable", { type, error: error instanceof Error ? error.message : String(error) });
    }
    // An unset single type is a 404 in Strapi; that is the page's "not found", not an outage.
    if (response.status === 404) throw new ApiError(404, `Content not found: ${type}`);
    if (!response.ok) {
      const body = (await response.text().catch(() => "")).slice(0, 300);
      fail("content.strapi_failed", { type, status: response.status, body });
    }

    let json: unknown;
    try {
      json = await response.json();
    } catch {
      fail("content.strapi_invalid", { type, status: response.status, issue: "body is not JSON" });
    }
    const envelope = strapiEnvelopeSchema.safeParse(json);
    if (!envelope.success) fail("content.strapi_invalid", { type, issue: envelope.error.issues[0]?.message });

    const schema = contentTypes[type].schema;
    const normalise = (attributes: Record<string, unknown>) => {
      const parsed = schema.safeParse(absoluteMedia(attributes, base));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        fail("content.strapi_invalid", { type, issue: `${issue?.path.join(".")}: ${issue?.message}` });
      }
      return parsed.data as Record<string, unknown>;
    };
    const { data, meta } = envelope.data;
    if (data === null) throw new ApiError(404, `Content not found: ${type}`);
    return {
      data: Array.isArray(data)
        ? data.map((e) => ({ id: e.id, attributes: normalise(e.attributes) }))
        : { id: data.id, attributes: normalise(data.attributes) },
      meta,
    };
  }

  return {
    async get(type, params) {
      const key = `${type}?${new URLSearchParams(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)))}`;
      const now = clock.now().getTime();
      const hit = cache.get(key);
      if (hit && cacheMs > 0 && now - hit.at < cacheMs) return hit.envelope;
      const envelope = await request(type, params);
      if (cacheMs > 0) {
        // Slugs come from visitors' URLs: keep the map bounded, dropping the oldest entry first.
        if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
        cache.set(key, { at: now, envelope });
      }
      return envelope;
    },
    invalidate() {
      cache.clear();
    },
  };
}
