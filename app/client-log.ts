/**
 * Sends the browser's uncaught errors to the storefront's /_log route (spec 1 §7: warn, error and fatal only;
 * logging failures are ignored silently). At most a few per page, so a loop of errors cannot flood the server.
 */
const MAX_PER_PAGE = 10;
let sent = 0;

export function sendClientLog(level: "warn" | "error" | "fatal", message: string, stack?: string): void {
  if (sent >= MAX_PER_PAGE) return;
  sent++;
  const body = JSON.stringify({ level, message: message.slice(0, 2000), url: location.href, stack: stack?.slice(0, 4000) });
  fetch("/_log", { method: "POST", body, keepalive: true, headers: { "content-type": "application/json" } }).catch(() => {});
}

export function installClientLog(): void {
  window.addEventListener("error", (event) => {
    sendClientLog("error", event.message || "Script error", event.error instanceof Error ? event.error.stack : undefined);
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
    sendClientLog("error", reason instanceof Error ? reason.message : String(reason), reason instanceof Error ? reason.stack : undefined);
  });
}
