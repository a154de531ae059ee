// Issue 22 item 4: no secret or server-only value reaches the browser. The client build (build/client, what the
// server hands any browser) is scanned for every secret the end-to-end server was started with (serve.ts records
// them, support/server-secrets.ts) and for the names of server-only settings and the server's own code; the pages the
// server draws, whose loader data travels in the HTML, are checked for the same secrets. The build is the one
// `npm run test:e2e` has just made, so this is a Playwright spec, not a vitest test. No browser: @once.
import { test } from "@playwright/test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect } from "./fixtures";
import { readServerSecrets, SERVER_ONLY_NAMES } from "./support/server-secrets";

const clientDir = path.resolve("build/client");

/**
 * Words only the server's own code or settings contain: the names of server-only settings (as `process.env.X` or a
 * bundler's `define` would leave them), `process.env` itself, and marks of the platform's database code.
 */
const SERVER_ONLY_MARKS = [
  ...SERVER_ONLY_NAMES,
  "process.env",
  "drizzle-orm",
  "pg_advisory",
  "node:crypto",
  "password_hash",
  "token_hash",
  "passwordHash",
];

/** Every file of the client build but its precompressed copies (the .br and .gz of files scanned as they are). */
function clientFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return clientFiles(file);
    return /\.(br|gz)$/.test(name) ? [] : [file];
  });
}

/** The parts of a secret worth looking for: the value itself, and each line of a PEM key's body. */
function needles(name: string, value: string): { label: string; text: string }[] {
  if (value.includes("-----BEGIN")) {
    return value
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line.length >= 32 && !line.startsWith("-----"))
      .map((text, i) => ({ label: `${name} (key line ${i + 1})`, text }));
  }
  return value.length >= 8 ? [{ label: name, text: value }] : [];
}

function configuredSecrets(): { label: string; text: string }[] {
  const port = process.env.E2E_PORT ?? "4317";
  const secrets = readServerSecrets(port);
  if (!secrets) {
    test.skip(
      Boolean(process.env.E2E_BASE_URL),
      "the server at E2E_BASE_URL was not started by e2e/support/serve.ts: its secrets are not known here",
    );
    throw new Error(`serve.ts recorded no secrets for port ${port}`);
  }
  return Object.entries(secrets).flatMap(([name, value]) => needles(name, value));
}

test(
  "the client build holds none of the server's secrets, no server-only setting's name and none of its database code",
  { tag: "@once" },
  async () => {
    const secrets = configuredSecrets();
    // The run's own secrets: the session's, the deep links', the order board's password, the SMTP relay, Twilio's
    // token, the social sign-in secrets and Apple Pay's merchant key at least.
    expect(secrets.map((s) => s.label)).toEqual(
      expect.arrayContaining([
        "SESSION_SECRET",
        "DEEPLINK_SECRET",
        "STAFF_PASSWORD",
        "TWILIO_AUTH_TOKEN",
        "GOOGLE_CLIENT_SECRET",
        "FACEBOOK_APP_SECRET",
      ]),
    );
    expect(secrets.some((s) => s.label.startsWith("APPLE_PAY_KEY_FILE"))).toBe(true);

    const files = clientFiles(clientDir);
    expect(files.filter((f) => f.endsWith(".js")).length, "the client build has its scripts").toBeGreaterThan(10);
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file).toString("latin1");
      const where = path.relative(clientDir, file);
      for (const secret of secrets)
        if (text.includes(secret.text)) found.push(`${where}: the value of ${secret.label}`);
      for (const mark of SERVER_ONLY_MARKS) if (text.includes(mark)) found.push(`${where}: ${mark}`);
    }
    expect(found).toEqual([]);
  },
);

test(
  "pages drawn by the server carry none of its secrets, for a visitor or a shopper with a session",
  { tag: "@once" },
  async ({ request, baseURL }) => {
    const secrets = configuredSecrets();
    const origin = new URL(baseURL!).origin;
    // A session of its own: the home page's postcode search, posted from the site's own page.
    await request.post("/location", {
      form: { csrf: "sessionless", intent: "postcode", postcode: "SW1A 1AA", redirectTo: "/" },
      headers: { origin },
      maxRedirects: 0,
    });
    const paths = [
      "/",
      "/stores-near-by",
      "/stores/victoria-street-1",
      "/basket",
      "/login",
      "/register",
      "/login/code",
      "/staff/login",
      "/cookies",
      "/no-such-page",
    ];
    const found: string[] = [];
    for (const pagePath of paths) {
      const html = await (await request.get(pagePath)).text();
      expect(html, pagePath).toMatch(/<\/html>/);
      for (const secret of secrets)
        if (html.includes(secret.text)) found.push(`${pagePath}: the value of ${secret.label}`);
    }
    expect(found).toEqual([]);
  },
);
