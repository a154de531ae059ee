// Decision 0046: what only a production server does, checked on one started here (NODE_ENV=production, the built app on
// a fresh database of its own): HSTS on every answer, the session and every other cookie Secure, and the test hooks
// refused. The rest of the policy (CSP without 'unsafe-inline', no framing) is checked here again on every page type,
// as production serves it. No browser: @once.
import { test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "./fixtures";
import { fill, pagePaths } from "./support/route-manifest";
import { cookieProblems, cookiesOfAJourney, securityHeaderProblems } from "./support/security-headers";

const root = join(import.meta.dirname, "..");

/** A port nobody listens on now (the system's choice), for the server this spec starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

// One production server for the file: its tests run in one worker, after one another.
test.describe.configure({ mode: "serial" });

let server: ChildProcess | null = null;
let dataDir = "";
let base = "";
let output = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), "storefront-production-"));
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString("base64url"),
      DEEPLINK_SECRET: randomBytes(32).toString("base64url"),
      LOG_REQUESTS: "false",
      // Behind a TLS-terminating load balancer, as production runs (README: TRUST_PROXY).
      TRUST_PROXY: "1",
      TEST_CLOCK: "",
      COOKIE_SECURE: "",
    },
  });
  server.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  server.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  await expect(async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
  }).toPass({ timeout: 90_000 });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill("SIGKILL");
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function headersOf(response: Response): Record<string, string> {
  return Object.fromEntries(response.headers.entries());
}

test(
  "in production every page type and every other answer carries HSTS and the CSP without 'unsafe-inline', and no site may frame it",
  { tag: "@once" },
  async () => {
    const pages = pagePaths().map(fill);
    const home = await (await fetch(base)).text();
    const script = home.match(/\/assets\/[\w.-]+\.js/)?.[0] ?? "/assets/missing.js";
    const others = [
      script,
      "/img?src=/catalogue/dairy.svg&w=320",
      "/healthz",
      "/api/business/profile",
      "/builds/latest.json",
      "/no-such-page",
    ];
    const problems: string[] = [];
    for (const path of [...pages, ...others]) {
      const response = await fetch(new URL(path, base), { redirect: "manual" });
      await response.arrayBuffer();
      if (response.status >= 500) problems.push(`${path}: ${response.status}`);
      problems.push(
        ...securityHeaderProblems(`${path} (${response.status})`, headersOf(response), { production: true }),
      );
    }
    expect(problems, output.slice(-2000)).toEqual([]);
  },
);

test(
  "in production every cookie the storefront sets is Secure, HttpOnly, SameSite=Lax and site-wide",
  { tag: "@once" },
  async () => {
    const { setCookies, names } = await cookiesOfAJourney(base);
    expect([...names].sort()).toEqual([
      "__flash",
      "__session",
      "cookieConsent",
      "headerBannerClosed",
      "performanceCookies",
      "targetingCookies",
    ]);
    expect(setCookies.flatMap((line) => cookieProblems(line, { production: true }))).toEqual([]);
  },
);

test(
  "in production the test hooks are not there: the clock does not move and the test pages are not found",
  { tag: "@once" },
  async () => {
    const clock = await fetch(`${base}/__test/clock`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ now: "2030-01-01T00:00:00Z" }),
    });
    // Nothing answers the hook: the post goes on to the storefront, which has no such form.
    expect(clock.status, await clock.text()).not.toBe(200);
    expect(clock.status).toBeLessThan(500);
    const token = await fetch(`${base}/api/auth/oauthToken`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "client_credentials" }),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const time = (await (
      await fetch(`${base}/api/server-time`, { headers: { authorization: `Bearer ${access_token}` } })
    ).json()) as { timeUTC: string };
    expect(Math.abs(Date.parse(time.timeUTC) - Date.now()), "the server's clock is the real one").toBeLessThan(60_000);
    for (const hook of ["/__test/toast?message=hello", "/__test/boom"]) {
      const response = await fetch(`${base}${hook}`, { redirect: "manual" });
      expect(response.status, hook).toBe(404);
    }
  },
);

// Behind TLS the browser's Origin is https while the load balancer speaks http to us: with TRUST_PROXY the request is
// taken for the https one it was, so React Router's own origin check and ours accept the site's own post (without it
// every page's form would be refused with 400), and still refuse another site's.
test(
  "behind a TLS-terminating load balancer the site's own form post goes through and another site's does not",
  { tag: "@once" },
  async () => {
    const host = new URL(base).host;
    // The cookie banner's choice: a page's form (React Router checks its origin), which sets cookies of its own.
    const postFrom = (origin: string, site: string) =>
      fetch(`${base}/cookies`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-proto": "https",
          "x-forwarded-host": host,
          origin,
          "sec-fetch-site": site,
        },
        body: new URLSearchParams({ csrf: "sessionless", intent: "accept-all", redirectTo: "/faqs" }),
      });
    const own = await postFrom(`https://${host}`, "same-origin");
    expect(own.status).toBe(303);
    expect(own.headers.get("location")).toBe("/faqs");
    expect(own.headers.getSetCookie().find((c) => c.startsWith("cookieConsent=true"))).toContain("Secure");
    const other = await postFrom("https://elsewhere.example", "cross-site");
    expect(other.status).toBe(400);
    expect(other.headers.getSetCookie()).toEqual([]);
  },
);
