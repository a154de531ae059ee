/**
 * Web Vitals (issue 18 item 3): measured in the browser by the `web-vitals` package, loaded only when the shopper
 * allows performance cookies, and sent to our own /_vitals — first-party, where the spec loads a remote monitoring
 * script (decision 0026). No zod here: the browser imports it.
 */
export const VITALS_PATH = "/_vitals";
export const VITAL_NAMES = ["CLS", "FCP", "INP", "LCP", "TTFB"] as const;
export type VitalName = (typeof VITAL_NAMES)[number];
export const VITALS_MAX_BYTES = 2048;

export interface VitalReport {
  name: VitalName;
  value: number;
  rating: "good" | "needs-improvement" | "poor";
  /** web-vitals' id of this metric on this page load. */
  id: string;
  navigationType: string;
  /** The page's path (no query: it may carry a postcode or an e-mail address). */
  path: string;
}
