import { api } from "#contract";
import {
  isFinal,
  liveStatusMessage,
  liveStatusOf,
  sameLiveStatus,
  sseComment,
  type LiveStatus,
} from "~/models/live-status";
import type { Logger } from "~/services/logger.server";
import { PlatformError } from "~/services/platform-client.server";
import type { SharedPlatform } from "~/services/shopper.server";
import { STATUS_TOKEN } from "./status.server";

/*
 * The status page's live updates (decision 0040): a text/event-stream that sends the order's state when the stream
 * opens and again whenever it changes, found by asking the platform every few seconds. Asking works whichever
 * platform is behind the storefront and however many storefront instances share it; the cap on streams bounds what
 * the asking costs one instance.
 */

export interface LiveStreamSettings {
  /** How often each stream asks the platform for the order. */
  pollMs: number;
  /** How often a comment goes down an idle stream, so proxies keep it open. */
  heartbeatMs: number;
  /** A stream ends after this long; the browser opens it again (on whichever instance the balancer picks). */
  maxMs: number;
  /** How long the browser waits before opening a stream again. */
  retryMs: number;
  /** Streams open at once on this instance; past it, pages poll instead. */
  maxStreams: number;
  /** Failed asks in a row after which a stream gives up (the browser opens it again later). */
  maxFailures: number;
}

export const LIVE_STREAM_SETTINGS: LiveStreamSettings = {
  pollMs: 3000,
  heartbeatMs: 15_000,
  maxMs: 10 * 60_000,
  retryMs: 5000,
  maxStreams: 200,
  maxFailures: 5,
};

/** The streams open on this instance, each by the function that ends it. */
const openStreams = new Set<() => void>();

/** Ends every open stream: the server is shutting down, and their browsers will open them again elsewhere. */
export function endLiveStreams(): void {
  for (const end of [...openStreams]) end();
}

export function openLiveStreamCount(): number {
  return openStreams.size;
}

/** The order's state now, or null when the platform knows no order by this token. */
export type ReadLiveStatus = () => Promise<LiveStatus | null>;

/** Asks the platform for the order by its token, through the server's own session: the token is the only key. */
export function platformLiveStatus(platform: SharedPlatform, statusToken: string): ReadLiveStatus {
  return async () => {
    try {
      return liveStatusOf(await platform.call(api.getOrderStatus, { statusToken }));
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) return null;
      throw error;
    }
  };
}

/**
 * The stream of an order's state, starting from `initial`: null when this instance already has its fill of streams.
 * It ends when the order reaches its final state (after saying so), when the order is gone, when the client goes
 * away, after `maxMs`, or after `maxFailures` failed asks in a row.
 */
export function liveStatusStream(options: {
  initial: LiveStatus;
  read: ReadLiveStatus;
  signal: AbortSignal;
  log: Logger;
  settings?: Partial<LiveStreamSettings>;
}): ReadableStream<Uint8Array> | null {
  const settings = { ...LIVE_STREAM_SETTINGS, ...options.settings };
  if (openStreams.size >= settings.maxStreams) return null;
  const { read, signal, log } = options;
  const encoder = new TextEncoder();
  let finish = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let last = options.initial;
      let asking = false;
      let failures = 0;
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          finish();
        }
      };
      const poll = setInterval(() => {
        if (asking || closed) return;
        asking = true;
        read()
          .then((now) => {
            failures = 0;
            if (now === null) return finish();
            if (!sameLiveStatus(now, last)) {
              last = now;
              send(liveStatusMessage(now));
            }
            if (isFinal(now)) finish();
          })
          .catch((error: unknown) => {
            failures++;
            log.warn("orders.live_status_failed", {
              failures,
              error: error instanceof Error ? error.message : String(error),
            });
            if (failures >= settings.maxFailures) finish();
          })
          .finally(() => {
            asking = false;
          });
      }, settings.pollMs);
      const heartbeat = setInterval(() => send(sseComment("keep-alive")), settings.heartbeatMs);
      const limit = setTimeout(() => finish(), settings.maxMs);
      finish = () => {
        if (closed) return;
        closed = true;
        clearInterval(poll);
        clearInterval(heartbeat);
        clearTimeout(limit);
        signal.removeEventListener("abort", finish);
        openStreams.delete(finish);
        try {
          controller.close();
        } catch {
          // Already closed or errored by the consumer going away.
        }
      };
      openStreams.add(finish);
      // The state as the stream opens: a page that missed a change while it was reconnecting catches up at once.
      send(liveStatusMessage(last, settings.retryMs));
      if (signal.aborted) finish();
      else signal.addEventListener("abort", finish, { once: true });
    },
    cancel() {
      finish();
    },
  });
}

const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: compression would hold events back until its buffer filled.
  "Cache-Control": "no-store, no-transform",
  // Proxies such as nginx would otherwise buffer the stream.
  "X-Accel-Buffering": "no",
};

/**
 * The answer to a page's EventSource: 404 for no order, 204 for an order already done with (EventSource then stops
 * asking), 503 when this instance has its fill of streams (the page then polls), else the stream.
 */
export async function liveStatusResponse(options: {
  statusToken: string;
  read: ReadLiveStatus;
  signal: AbortSignal;
  log: Logger;
  settings?: Partial<LiveStreamSettings>;
}): Promise<Response> {
  const noStore = { "Cache-Control": "no-store" };
  if (!STATUS_TOKEN.test(options.statusToken))
    return new Response("Order not found.", { status: 404, headers: noStore });
  const initial = await options.read();
  if (initial === null) return new Response("Order not found.", { status: 404, headers: noStore });
  if (isFinal(initial)) return new Response(null, { status: 204, headers: noStore });
  const stream = liveStatusStream({ ...options, initial });
  if (!stream)
    return new Response("Too many live streams: the page will ask again.", {
      status: 503,
      headers: { ...noStore, "Retry-After": "30" },
    });
  return new Response(stream, { status: 200, headers: STREAM_HEADERS });
}
