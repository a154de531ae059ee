import { useEffect } from "react";
import { VITALS_PATH, type VitalReport } from "~/models/web-vitals";

let started = false;

function send(report: VitalReport): void {
  const body = JSON.stringify(report);
  // sendBeacon outlives the page (LCP, CLS and INP are reported as it is hidden); fetch with keepalive otherwise.
  if (navigator.sendBeacon?.(VITALS_PATH, new Blob([body], { type: "application/json" }))) return;
  void fetch(VITALS_PATH, {
    method: "POST",
    body,
    keepalive: true,
    headers: { "content-type": "application/json" },
  }).catch(() => {});
}

/**
 * Loads `web-vitals` (its own chunk, never in the initial JavaScript) once the shopper allows performance cookies —
 * at start when they did so before, or as soon as they accept — and reports each metric of this page load once.
 */
export function WebVitals({ allowed }: { allowed: boolean }): null {
  useEffect(() => {
    if (!allowed || started) return;
    started = true;
    void import("web-vitals")
      .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        const report = (metric: { name: string; value: number; rating: string; id: string; navigationType: string }) =>
          send({
            name: metric.name as VitalReport["name"],
            value: metric.value,
            rating: metric.rating as VitalReport["rating"],
            id: metric.id,
            navigationType: metric.navigationType,
            path: window.location.pathname,
          });
        for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(report);
      })
      .catch(() => {
        started = false; // A chunk that failed to load: try again on the next page.
      });
  }, [allowed]);
  return null;
}
