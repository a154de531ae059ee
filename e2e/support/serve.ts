// Starts the built storefront for the end-to-end suite on a database nobody else uses: a fresh DATA_DIR
// means PGlite starts empty and the demo brand is seeded, so every run sees the same shop.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createFakeApplePay } from "./fake-apple-pay";
import { startMailServer } from "./mail-server";
import { startFakeOAuth } from "./fake-oauth";
import { E2E_DEEPLINK_SECRET } from "./deep-links";
import { serverLogPath } from "./server-log";
import { recordServerSecrets } from "./server-secrets";
import { startSmsServer } from "./sms-server";
import { startSentryServer } from "./sentry-server";

const root = join(import.meta.dirname, "..", "..");
const port = process.env.E2E_PORT ?? "4317";

// `npm run test:e2e` builds first; this covers `npx playwright test` on a clean checkout.
if (!existsSync(join(root, "build", "server", "index.js"))) {
  const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), "storefront-e2e-"));
// Apple Pay merchant validation against a local fake of Apple (support/fake-apple-pay.ts), which shares E2E_PORT+2
// with the mailbox; the server resolves Apple's hosts to it (support/apple-host.ts).
const applePayDir = join(dataDir, "apple-pay");
mkdirSync(applePayDir);
const apple = createFakeApplePay(applePayDir);
// The storefront sends its mail to a local SMTP server on E2E_PORT+1; journeys read it at E2E_PORT+2 (support/mail.ts).
const mail = await startMailServer(Number(port) + 1, Number(port) + 2, apple.server);
// Google and Facebook sign-in against local fakes of both providers (e2e/social-sign-in.spec.ts), on E2E_PORT+3.
const oauth = await startFakeOAuth({ port: Number(port) + 3 });
// SMS (verification codes) through a local fake of Twilio on E2E_PORT+4; journeys read it there (support/sms.ts).
const sms = await startSmsServer(Number(port) + 4);
// Error reports (browser and server) go to a local fake of Sentry's ingest on E2E_PORT+5; journeys read what it
// received there (support/sentry.ts).
const sentry = await startSentryServer(Number(port) + 5);
const socialEnv = {
  GOOGLE_CLIENT_ID: oauth.google.clientId,
  GOOGLE_CLIENT_SECRET: oauth.google.clientSecret,
  GOOGLE_AUTH_URL: oauth.google.authUrl,
  GOOGLE_TOKEN_URL: oauth.google.tokenUrl,
  GOOGLE_JWKS_URL: oauth.google.jwksUrl,
  FACEBOOK_APP_ID: oauth.facebook.appId,
  FACEBOOK_APP_SECRET: oauth.facebook.appSecret,
  FACEBOOK_AUTH_URL: oauth.facebook.authUrl,
  FACEBOOK_TOKEN_URL: oauth.facebook.tokenUrl,
  FACEBOOK_GRAPH_URL: oauth.facebook.graphUrl,
};

// The demo content with Apple Pay and Google Pay switched on: their buttons show where the browser has the wallet
// (the journeys stub it, e2e/wallets.spec.ts).
const contentDir = join(dataDir, "content");
cpSync(join(root, "content"), contentDir, { recursive: true });
const globalFile = join(contentDir, "global.json");
const global = JSON.parse(readFileSync(globalFile, "utf8")) as { payment?: Record<string, boolean> };
writeFileSync(
  globalFile,
  JSON.stringify(
    { ...global, payment: { ...global.payment, enableApplePayment: true, enableGooglePayment: true } },
    null,
    2,
  ),
);

// The server's output goes on to ours and into a file journeys read (support/server-log.ts).
const logFile = createWriteStream(serverLogPath(port), { flags: "w" });
// The order board's credentials are e2e/support/checkout.ts's STAFF. Each test comes from an address of its own
// (X-Forwarded-For, set by e2e/fixtures.ts), as shoppers behind a proxy do. The session secret is this run's own,
// and every secret the server gets is recorded for the check that none reaches the browser (support/server-secrets.ts).
const serverEnv: Record<string, string | undefined> = {
  ...process.env,
  NODE_ENV: "test",
  TEST_CLOCK: "1",
  PORT: port,
  DATA_DIR: dataDir,
  SESSION_SECRET: randomBytes(32).toString("base64url"),
  STAFF_USERNAME: "board",
  STAFF_PASSWORD: "e2e-board-password",
  TRUST_PROXY: "1",
  DEEPLINK_SECRET: E2E_DEEPLINK_SECRET,
  SMTP_URL: mail.smtpUrl,
  CONTENT_DIR: contentDir,
  ...sms.env,
  ...socialEnv,
  ...apple.env,
  ...sentry.env,
};
recordServerSecrets(port, serverEnv);
const server = spawn(
  process.execPath,
  ["--import", "tsx", "--import", pathToFileURL(join(import.meta.dirname, "apple-host.ts")).href, "server.ts"],
  {
    cwd: root,
    stdio: ["inherit", "pipe", "pipe"],
    env: serverEnv,
  },
);
for (const [from, to] of [
  [server.stdout, process.stdout],
  [server.stderr, process.stderr],
] as const) {
  from.on("data", (chunk: Buffer) => {
    to.write(chunk);
    logFile.write(chunk);
  });
}

function cleanUp(): void {
  logFile.end();
  void oauth.close();
  void sms.fake.close();
  void sentry.fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => server.kill(signal));
}

server.on("exit", (code, signal) => {
  cleanUp();
  void mail.close().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
