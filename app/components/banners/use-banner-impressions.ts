import { useAuthenticityToken } from "remix-utils/csrf/react";
import { useCallback, useEffect, useRef } from "react";
import { bannerFlushDelayMs } from "#contract/catalogue-rules";

export const BANNER_EVENT_PATH = "/banners/event";

/** Sends a banner event as a form post the root middleware accepts (its anti-forgery field included). */
export function sendBannerEvent(csrf: string, fields: Record<string, string>): void {
  const body = new FormData();
  body.set("csrf", csrf);
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  // A beacon survives the page being left (the usual moment a click or the last impressions are sent).
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(BANNER_EVENT_PATH, body)) return;
  void fetch(BANNER_EVENT_PATH, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => {});
}

/**
 * Spec 2 §4 / §9: banner impressions are batched per page view and flushed after a delay (3500 ms, or the first
 * seen banner's display seconds × 1000 + 500). A banner counts once per view, when at least half of it is on screen.
 * Returns a ref callback for each banner's element (which carries data-banner-id and data-display-seconds). One
 * per page: `viewKey` (the location key) starts a new view.
 */
export function useBannerImpressions(viewKey: string): (element: HTMLElement | null) => void {
  const csrf = useAuthenticityToken();
  const state = useRef({
    seen: new Set<number>(),
    batch: new Set<number>(),
    elements: new Set<HTMLElement>(),
    timer: 0,
    observer: null as IntersectionObserver | null,
  });

  const flush = useCallback(() => {
    const s = state.current;
    if (s.timer) window.clearTimeout(s.timer);
    s.timer = 0;
    if (!s.batch.size) return;
    sendBannerEvent(csrf, { display: [...s.batch].join(",") });
    s.batch.clear();
  }, [csrf]);

  useEffect(() => {
    const s = state.current;
    s.seen = new Set();
    s.batch = new Set();
    if (typeof IntersectionObserver === "undefined") return;
    s.observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const element = entry.target as HTMLElement;
          const id = Number(element.dataset.bannerId);
          if (!Number.isInteger(id) || id <= 0 || s.seen.has(id)) continue;
          s.seen.add(id);
          s.batch.add(id);
          s.observer?.unobserve(element);
          if (!s.timer)
            s.timer = window.setTimeout(flush, bannerFlushDelayMs(Number(element.dataset.displaySeconds) || null));
        }
      },
      { threshold: 0.5 },
    );
    for (const element of s.elements) {
      if (element.isConnected) s.observer.observe(element);
      else s.elements.delete(element);
    }
    // Leaving the page (or the view changing) sends what was seen so far rather than losing it.
    const onHide = () => {
      if (document.visibilityState === "hidden") flush();
    };
    document.addEventListener("visibilitychange", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      s.observer?.disconnect();
      s.observer = null;
      flush();
    };
  }, [viewKey, flush]);

  return useCallback((element: HTMLElement | null) => {
    if (!element) return;
    state.current.elements.add(element);
    state.current.observer?.observe(element);
  }, []);
}
