// The end-to-end server's error reporting: the storefront (its server and, after consent, the browser) sends Sentry
// envelopes to a local fake of Sentry's ingest (platform/logging/testing/fake-sentry.ts), started by serve.ts on
// E2E_PORT+5. Journeys read what it received over HTTP (e2e/support/sentry.ts).
import { startFakeSentry, type FakeSentry } from "../../platform/logging/testing/fake-sentry";

/** The fake project's key and id (test values: the fake takes only these). */
export const SENTRY_PROJECT = { publicKey: "e2e0000000000000000000000000e2e0", projectId: "4242" } as const;

export function sentryServerUrl(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/** The fake ingest on `port`, and the environment that points the storefront's error reporting at it. */
export async function startSentryServer(port: number): Promise<{ fake: FakeSentry; env: Record<string, string> }> {
  const fake = await startFakeSentry({ ...SENTRY_PROJECT, port });
  return { fake, env: { SENTRY_DSN: fake.dsn } };
}
