// The secrets the end-to-end server was started with: serve.ts writes them, by environment variable name, to a file
// named by E2E_PORT (readable by its owner only), and e2e/client-build-secrets.spec.ts checks that none of them reaches
// the browser. A file's secret (Apple Pay's merchant key) is recorded by its contents, not its path.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function serverSecretsPath(port: number | string): string {
  return join(tmpdir(), `storefront-e2e-${port}-secrets.json`);
}

/**
 * Environment variables whose value must stay on the server, whatever their value in a given run: configured
 * secrets, credentials and anything that names where the server's own services live with their passwords.
 */
export const SERVER_ONLY_NAMES = [
  "SESSION_SECRET",
  "DEEPLINK_SECRET",
  "STAFF_PASSWORD",
  "DATABASE_URL",
  "TEST_DATABASE_URL",
  "SMTP_URL",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_ACCOUNT_SID",
  "PUSHER_SECRET",
  "CHECKOUT_SECRET_KEY",
  "CHECKOUT_WEBHOOK_SIGNATURE_KEY",
  "GOOGLE_CLIENT_SECRET",
  "FACEBOOK_APP_SECRET",
  "RECAPTCHA_SECRET_KEY",
  "STRAPI_TOKEN",
  "GETADDRESS_API_KEY",
  "LOG_CLOUD_SECRET_ACCESS_KEY",
  "LOG_CLOUD_SESSION_TOKEN",
  "SENTRY_AUTH_TOKEN",
  "APPLE_PAY_KEY_FILE",
] as const;

/** Records the server-only values of `env` that are set (a *_FILE's contents rather than its path). */
export function recordServerSecrets(port: number | string, env: Record<string, string | undefined>): void {
  const secrets: Record<string, string> = {};
  for (const name of SERVER_ONLY_NAMES) {
    const value = env[name];
    if (!value) continue;
    secrets[name] = name.endsWith("_FILE") ? readFileSync(value, "utf8") : value;
  }
  writeFileSync(serverSecretsPath(port), JSON.stringify(secrets), { mode: 0o600 });
}

/** The secrets serve.ts recorded for the server on E2E_PORT, or null when it did not start that server. */
export function readServerSecrets(port: number | string): Record<string, string> | null {
  const file = serverSecretsPath(port);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string>) : null;
}
