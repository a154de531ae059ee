// Apple's side of Apple Pay merchant validation for the end-to-end server (serve.ts). When Safari shows the Apple Pay
// sheet it hands the page a validation URL on apple.com; the platform asks that URL for a merchant session over
// mutual TLS, presenting the merchant identity certificate (platform/payments/apple-pay.ts). Here the journeys' stub
// of ApplePaySession (e2e/wallets.spec.ts) hands out an apple.com URL on E2E_PORT+2, apple-host.ts makes the server
// resolve Apple's hosts to the loopback address, and this fake answers there with certificates made by openssl, as
// platform/payments/apple-pay.test.ts does. It shares the port with the mailbox (mail-server.ts): a connection whose
// first byte opens a TLS handshake is Apple's, any other is the mailbox's.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Server as HttpServer } from "node:http";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import { createServer as createNetServer, type Server as NetServer } from "node:net";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";

export const APPLE_PAY_HOST = "apple-pay-gateway.apple.com";
export const APPLE_PAY_MERCHANT_ID = "merchant.uk.co.larder.e2e";
/**
 * The domains the merchant registered with Apple: the suite's own address. Apple refuses any other site (the
 * journeys reach it as localhost for that) with its documented 400.
 */
export const REGISTERED_DOMAINS: readonly string[] = ["127.0.0.1"];

/** The validation URL Apple's sheet hands the page, on the fake's port (E2E_PORT+2). */
export function appleValidationUrl(port: number): string {
  return `https://${APPLE_PAY_HOST}:${port}/paymentservices/paymentSession`;
}

export interface FakeApplePay {
  /** Not listening: mail-server.ts hands it the TLS connections on the shared port. */
  server: HttpsServer;
  /** The environment that sets the platform's Apple Pay up with the fake's merchant identity and trusts the fake. */
  env: Record<string, string>;
}

/** Makes the certificates under `dir` and the fake's server. */
export function createFakeApplePay(dir: string): FakeApplePay {
  const selfSigned = (name: string, subject: string, extra: string[] = []) =>
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
        "-subj",
        subject,
        ...extra,
        "-keyout",
        join(dir, `${name}-key.pem`),
        "-out",
        join(dir, `${name}-cert.pem`),
      ],
      { stdio: "ignore" },
    );
  selfSigned("apple", `/CN=${APPLE_PAY_HOST}`, ["-addext", `subjectAltName=DNS:${APPLE_PAY_HOST}`]);
  selfSigned("merchant", `/CN=${APPLE_PAY_MERCHANT_ID}`);
  const pem = (name: string) => readFileSync(join(dir, name), "utf8");

  const server = createHttpsServer(
    // Only the merchant identity certificate gets through the handshake, as with Apple.
    {
      key: pem("apple-key.pem"),
      cert: pem("apple-cert.pem"),
      requestCert: true,
      rejectUnauthorized: true,
      ca: [pem("merchant-cert.pem")],
    },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const answer = (status: number, body: unknown) =>
          response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
        if (request.method !== "POST" || request.url !== "/paymentservices/paymentSession")
          return answer(404, { statusMessage: "Not found" });
        let asked: {
          merchantIdentifier?: unknown;
          displayName?: unknown;
          initiative?: unknown;
          initiativeContext?: unknown;
        } = {};
        try {
          asked = JSON.parse(Buffer.concat(chunks).toString("utf8")) as typeof asked;
        } catch {
          return answer(400, { statusMessage: "Payment Services Exception Bad Request" });
        }
        const presented = (request.socket as TLSSocket).getPeerCertificate().subject?.CN;
        if (
          asked.merchantIdentifier !== APPLE_PAY_MERCHANT_ID ||
          presented !== APPLE_PAY_MERCHANT_ID ||
          asked.initiative !== "web"
        ) {
          return answer(400, {
            statusMessage: `Payment Services Exception merchantId=${String(asked.merchantIdentifier)} invalid`,
          });
        }
        const domain = String(asked.initiativeContext);
        if (!REGISTERED_DOMAINS.includes(domain)) {
          return answer(400, {
            statusMessage: `Payment Services Exception merchantId=${APPLE_PAY_MERCHANT_ID} not registered for domain=${domain}`,
          });
        }
        const now = Date.now();
        // Apple's merchant session, opaque to the platform, which hands it to the browser unchanged.
        return answer(200, {
          epochTimestamp: now,
          expiresAt: now + 3_600_000,
          merchantSessionIdentifier: `SSH${now.toString(16).toUpperCase()}`,
          nonce: now.toString(36),
          merchantIdentifier: "E2E0000000000000000000000000000000000000000000000000000000000000",
          domainName: domain,
          displayName: String(asked.displayName),
          signature: "e2e-apple-signature",
          operationalAnalyticsIdentifier: `${String(asked.displayName)}:E2E`,
          retries: 0,
        });
      });
    },
  );
  return {
    server,
    env: {
      APPLE_PAY_MERCHANT_ID,
      APPLE_PAY_CERT_FILE: join(dir, "merchant-cert.pem"),
      APPLE_PAY_KEY_FILE: join(dir, "merchant-key.pem"),
      NODE_EXTRA_CA_CERTS: join(dir, "apple-cert.pem"),
    },
  };
}

/** Listens on `port` for both: TLS connections go to `tls`, the rest to `plain`. */
export function listenSharingTls(port: number, plain: HttpServer, tls: HttpsServer): Promise<NetServer> {
  const front = createNetServer((socket) => {
    socket.once("data", (first) => {
      socket.pause();
      socket.unshift(first);
      // 0x16: a TLS handshake record.
      (first[0] === 0x16 ? tls : plain).emit("connection", socket);
      process.nextTick(() => socket.resume());
    });
    socket.on("error", () => socket.destroy());
  });
  // Closing does not wait for kept-alive connections: they are ended with it.
  const sockets = new Set<import("node:net").Socket>();
  front.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const close = front.close.bind(front);
  front.close = (callback) => {
    for (const socket of sockets) socket.destroy();
    return close(callback);
  };
  return new Promise((resolve, reject) => {
    front.once("error", reject);
    front.listen(port, "127.0.0.1", () => resolve(front));
  });
}
