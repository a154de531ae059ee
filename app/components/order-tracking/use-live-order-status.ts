import { useEffect, useEffectEvent } from "react";
import { useRevalidator } from "react-router";
import { isFinal, LIVE_STATUS_EVENT, parseLiveStatus, sameLiveStatus, type LiveStatus } from "~/models/live-status";

/** How often the page asks again when it has no live stream, and while a driver's position is shown. */
export const POLL_MS = 30_000;

/**
 * Keeps the status page current with script (decision 0040). An EventSource on the order's events stream reloads the
 * page's data as soon as the order's state differs from the one shown, and is closed once the order is done with.
 * Where there is no EventSource, or the stream is refused (no such order, or the server has its fill of streams),
 * the page asks again every 30 s instead. While a driver is followed it also asks every 30 s: the driver's position
 * changes without the status changing, and the stream carries only the status. `enabled` false: none of it.
 */
export function useLiveOrderStatus(
  eventsUrl: string,
  shown: LiveStatus,
  options: { enabled: boolean; followingDriver: boolean },
): void {
  const revalidator = useRevalidator();
  // Effect events read the latest loader data, so new data does not close and reopen the stream.
  const revalidate = useEffectEvent(() => void revalidator.revalidate());
  const differsFromShown = useEffectEvent((live: LiveStatus) => !sameLiveStatus(live, shown));
  const following = options.enabled && !isFinal(shown);
  const { followingDriver } = options;

  useEffect(() => {
    if (!following) return;
    let timer: number | undefined;
    const poll = () => {
      timer ??= window.setInterval(revalidate, POLL_MS);
    };
    if (followingDriver) poll();
    let source: EventSource | null = null;
    if (typeof window.EventSource === "function") {
      const stream = new EventSource(eventsUrl);
      source = stream;
      stream.addEventListener(LIVE_STATUS_EVENT, (event) => {
        const live = parseLiveStatus(String((event as MessageEvent).data));
        if (!live) return;
        if (isFinal(live)) stream.close();
        if (differsFromShown(live)) revalidate();
      });
      // A stream that fails while open is opened again by the browser; one it gave up on leaves the page polling.
      stream.addEventListener("error", () => {
        if (stream.readyState === EventSource.CLOSED) poll();
      });
    } else {
      poll();
    }
    return () => {
      source?.close();
      if (timer !== undefined) window.clearInterval(timer);
    };
  }, [eventsUrl, following, followingDriver]);
}
