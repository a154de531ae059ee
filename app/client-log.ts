import { BrowserLogBatcher, type BrowserLogLevel } from "./models/log-batcher";

/**
 * Sends the browser's warnings and uncaught errors to the storefront's /_log route in batches (spec 1 §7, §9: warn,
 * error and fatal only, 25 entries or 5000 ms, 3 retries, failures ignored). At most a few per page, so a loop of
 * errors cannot flood the server.
 */
const MAX_PER_PAGE = 10;
let queued = 0;

const batcher = new BrowserLogBatcher({
  async send(entries) {
    const response = await fetch("/_log", {
      method: "POST",
      body: JSON.stringify({ entries }),
      keepalive: true,
      headers: { "content-type": "application/json" },
    });
    // A refusal (400, 413) will not change on a retry; only the server or network failing is worth another go.
    return response.ok || (response.status >= 400 && response.status < 500 && response.status !== 429);
  },
  setTimer: (run, ms) => window.setTimeout(run, ms),
  clearTimer: (timer) => window.clearTimeout(timer as number),
});

export function sendClientLog(level: BrowserLogLevel, message: string, stack?: string): void {
  if (queued >= MAX_PER_PAGE) return;
  queued++;
  batcher.add({ level, message: message.slice(0, 2000), url: location.href, stack: stack?.slice(0, 4000) });
}

export function installClientLog(): void {
  window.addEventListener("error", (event) => {
    sendClientLog(
      "error",
      event.message || "Script error",
      event.error instanceof Error ? event.error.stack : undefined,
    );
  });
  window.addEventListener("unhandledrejection", (event) => {
    const reason: unknown = event.reason;
    // A newer submission or load on the same fetcher, or a navigation, aborts the request still running (a quick
    // second click on a stepper, typing on in the search box); the router then rejects the superseded promise
    // with an AbortError. That is the intended outcome, not a fault: neither logged nor reported.
    if (typeof reason === "object" && reason !== null && (reason as { name?: unknown }).name === "AbortError") {
      event.preventDefault();
      return;
    }
    sendClientLog(
      "error",
      reason instanceof Error ? reason.message : String(reason),
      reason instanceof Error ? reason.stack : undefined,
    );
  });
  // Leaving the page: what waits goes now (keepalive lets the request outlive the page).
  window.addEventListener("pagehide", () => void batcher.flush());
}
