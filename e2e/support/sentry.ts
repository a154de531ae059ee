// Reads the error reports the storefront sent during a journey, from the fake Sentry ingest serve.ts runs on
// E2E_PORT+5 (e2e/support/sentry-server.ts).
import type { APIRequestContext } from "@playwright/test";
import type { ReceivedEnvelope } from "../../platform/logging/testing/fake-sentry";
import { sentryServerUrl } from "./sentry-server";

export const SENTRY_ORIGIN = sentryServerUrl(Number(process.env.E2E_PORT ?? 4317) + 5);
const TIMEOUT_MS = 10_000;

export interface SentryEvent {
  event_id: string;
  platform?: string;
  release?: string;
  environment?: string;
  user?: { username?: string; ip_address?: unknown; email?: unknown; id?: unknown };
  tags?: Record<string, string>;
  request?: { url?: string };
  exception?: { values?: { type?: string; value?: string }[] };
}

/** Every envelope the fake has received so far. */
export async function sentryEnvelopes(request: APIRequestContext): Promise<ReceivedEnvelope[]> {
  const response = await request.get(`${SENTRY_ORIGIN}/__fake/envelopes`);
  if (!response.ok())
    throw new Error(`The fake Sentry answered ${response.status()}: is the e2e server (e2e/support/serve.ts) running?`);
  return ((await response.json()) as { envelopes: ReceivedEnvelope[] }).envelopes;
}

/** The events whose envelope matches `test` (on the raw text, so a marker anywhere in it finds it). */
export async function eventsMatching(
  request: APIRequestContext,
  test: (raw: string, event: SentryEvent) => boolean,
): Promise<{ event: SentryEvent; raw: string }[]> {
  return (await sentryEnvelopes(request)).flatMap((envelope) =>
    envelope.items
      .filter((i) => i.header.type === "event")
      .map((i) => ({ event: i.payload as SentryEvent, raw: envelope.raw }))
      .filter((e) => test(e.raw, e.event)),
  );
}

/** Waits (up to 10 s) for an event matching `test`, and answers it with its envelope's raw text. */
export async function waitForEvent(
  request: APIRequestContext,
  what: string,
  test: (raw: string, event: SentryEvent) => boolean,
): Promise<{ event: SentryEvent; raw: string }> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const [found] = await eventsMatching(request, test);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No error report ${what} reached the fake Sentry within ${TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits (up to 10 s) for the report of the server error answered with this X-Request-Id. */
export function waitForRequestEvent(
  request: APIRequestContext,
  requestId: string,
): Promise<{ event: SentryEvent; raw: string }> {
  return waitForEvent(request, `for request ${requestId}`, (_raw, event) => event.tags?.request_id === requestId);
}
