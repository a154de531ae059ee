import { createHash, createHmac } from "node:crypto";
import type { RealtimeApp, RealtimeEvent, RealtimePublisher } from "../ports/realtime";

/*
 * Pusher Channels' HTTP API (https://pusher.com/docs/channels/library_auth_reference/rest-api/): an event is
 * POST /apps/{app_id}/events with a JSON body { name, channels, data } and the request signed in the query string —
 * auth_key (the app's key), auth_timestamp (seconds), auth_version 1.0, body_md5 (hex MD5 of the body) and
 * auth_signature, the hex HMAC-SHA256 with the app's secret of "POST\n{path}\n{the other parameters, keys lower-cased,
 * sorted, joined key=value with &}". Pusher refuses a timestamp more than 600 s from its own clock.
 */

export const PUSHER_AUTH_VERSION = "1.0";

/** A cluster names a host (api-{cluster}.pusher.com): only letters, digits and hyphens may make it one. */
const CLUSTER = /^[a-z0-9-]{1,40}$/;

/** Pusher's parameters as they are signed: keys lower-cased and sorted, values as they are, joined with &. */
export function pusherParamsToSign(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([key, value]) => [key.toLowerCase(), value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
}

/** The hex HMAC-SHA256 of "METHOD\npath\nparams" with the app's secret. */
export function pusherSignature(input: {
  method: string;
  path: string;
  params: Record<string, string>;
  secret: string;
}): string {
  const toSign = `${input.method.toUpperCase()}\n${input.path}\n${pusherParamsToSign(input.params)}`;
  return createHmac("sha256", input.secret).update(toSign, "utf8").digest("hex");
}

export function bodyMd5(body: string): string {
  return createHash("md5").update(body, "utf8").digest("hex");
}

/** The signed query string of a POST of `body` to `path`, at `timestamp` (seconds since the epoch). */
export function signedPusherQuery(input: {
  key: string;
  secret: string;
  path: string;
  body: string;
  timestamp: number;
}): URLSearchParams {
  const params: Record<string, string> = {
    auth_key: input.key,
    auth_timestamp: String(input.timestamp),
    auth_version: PUSHER_AUTH_VERSION,
    body_md5: bodyMd5(input.body),
  };
  const auth_signature = pusherSignature({ method: "POST", path: input.path, params, secret: input.secret });
  return new URLSearchParams({ ...params, auth_signature });
}

/** The API's address for a cluster: https://api-{cluster}.pusher.com. */
export function pusherClusterUrl(cluster: string): string {
  if (!CLUSTER.test(cluster)) throw new Error(`Pusher cluster "${cluster}" is not a cluster name`);
  return `https://api-${cluster}.pusher.com`;
}

export interface PusherOptions {
  /** PUSHER_APP_ID. */
  appId: string;
  /** PUSHER_SECRET: the secret paired with the business profile's pusherSettings.key. */
  secret: string;
  /** PUSHER_HOST: an address to use instead of the cluster's (a local fake in tests, a proxy). */
  host?: string;
  /** Per request; default 3 s, so a slow Pusher holds a board's move only that long. */
  timeoutMs?: number;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Real time in milliseconds, for auth_timestamp: never a test clock, which Pusher's own clock would refuse. */
  now?: () => number;
}

/** Publishes events through Pusher's HTTP API, for the app named by key and cluster. */
export function pusherPublisher(options: PusherOptions): RealtimePublisher {
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  const path = `/apps/${encodeURIComponent(options.appId)}/events`;
  return {
    async publish(app: RealtimeApp, event: RealtimeEvent) {
      const base = (options.host ?? pusherClusterUrl(app.cluster)).replace(/\/+$/, "");
      const body = JSON.stringify({ name: event.name, channels: [event.channel], data: event.data });
      const query = signedPusherQuery({
        key: app.key,
        secret: options.secret,
        path,
        body,
        timestamp: Math.floor(now() / 1000),
      });
      const response = await fetcher(`${base}${path}?${query}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
      });
      if (response.status !== 200) {
        // Pusher answers errors in plain text naming the problem (a bad signature, an unknown app), never our data.
        const detail = (await response.text().catch(() => "")).slice(0, 200);
        throw new Error(`Pusher answered ${response.status}${detail ? `: ${detail}` : ""}`);
      }
      await response.body?.cancel();
    },
  };
}
