import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { LookupFunction, AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appleValidationUrl,
  applePayFromEnv,
  applePayMerchantValidator,
  httpsRequester,
  type ApplePayRequest,
  type ApplePayRequester,
} from "./apple-pay";
import { fixture } from "./testing/fake-checkout";
import { GatewayError } from "../ports/payment-gateway";

const SESSION = fixture("apple-pay-merchant-session.json");
const VALIDATION_URL = "https://apple-pay-gateway.apple.com/paymentservices/paymentSession";

/** A requester that answers like Apple and keeps what it was asked. */
function fakeApple(answer: { status: number; body: string } | Error = { status: 200, body: JSON.stringify(SESSION) }) {
  const calls: ApplePayRequest[] = [];
  const requester: ApplePayRequester = async (request) => {
    calls.push(request);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { calls, requester };
}

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

describe("Apple Pay merchant validation", () => {
  it("asks Apple for a merchant session with the merchant identity and hands it back unchanged", async () => {
    const apple = fakeApple();
    const validator = applePayMerchantValidator({
      merchantId: "merchant.uk.co.example.shop",
      certificate: "CERT",
      key: "KEY",
      requester: apple.requester,
    });
    const session = await validator.validate({
      validationURL: VALIDATION_URL,
      domain: "Shop.Example.co.uk",
      displayName: "Demo Foods",
    });
    expect(session).toEqual(SESSION);
    const [call] = apple.calls;
    expect(call!.url.href).toBe(VALIDATION_URL);
    expect(JSON.parse(call!.body)).toEqual({
      merchantIdentifier: "merchant.uk.co.example.shop",
      displayName: "Demo Foods",
      initiative: "web",
      initiativeContext: "shop.example.co.uk",
    });
    expect([call!.cert, call!.key]).toEqual(["CERT", "KEY"]);
  });

  it("requests only https addresses on apple.com", async () => {
    for (const url of [
      "http://apple-pay-gateway.apple.com/paymentservices/paymentSession",
      "https://apple.com.attacker.example/paymentSession",
      "https://attacker.example/?apple.com",
      "https://apple.com/paymentSession",
      "https://user:pass@apple-pay-gateway.apple.com/paymentSession",
      "https://169.254.169.254/latest/meta-data",
      "file:///etc/passwd",
      "not a url",
    ]) {
      expect(appleValidationUrl(url)).toBeNull();
      const apple = fakeApple();
      const validator = applePayMerchantValidator({
        merchantId: "m",
        certificate: "c",
        key: "k",
        requester: apple.requester,
      });
      const error = await failure(
        validator.validate({ validationURL: url, domain: "shop.example.co.uk", displayName: "Demo" }),
      );
      expect(error.kind).toBe("invalid");
      expect(apple.calls).toHaveLength(0);
    }
    expect(appleValidationUrl("https://apple-pay-gateway-cert.apple.com/paymentservices/startSession")).not.toBeNull();
    expect(appleValidationUrl("https://cn-apple-pay-gateway.APPLE.com/paymentservices/paymentSession")).not.toBeNull();
  });

  it("refuses a domain that is not a host name", async () => {
    const apple = fakeApple();
    const validator = applePayMerchantValidator({
      merchantId: "m",
      certificate: "c",
      key: "k",
      requester: apple.requester,
    });
    for (const domain of ["https://shop.example.co.uk", "shop example", "shop.example.co.uk/path", ""]) {
      expect(
        (await failure(validator.validate({ validationURL: VALIDATION_URL, domain, displayName: "Demo" }))).kind,
      ).toBe("invalid");
    }
    expect(apple.calls).toHaveLength(0);
  });

  it("turns Apple's refusals and failures into gateway errors", async () => {
    const validate = (answer: Parameters<typeof fakeApple>[0]) =>
      applePayMerchantValidator({
        merchantId: "m",
        certificate: "c",
        key: "k",
        requester: fakeApple(answer).requester,
      }).validate({
        validationURL: VALIDATION_URL,
        domain: "shop.example.co.uk",
        displayName: "Demo",
      });
    expect(
      await failure(
        validate({
          status: 400,
          body: '{"statusMessage":"Payment Services Exception merchantId=… not registered for domain"}',
        }),
      ),
    ).toMatchObject({
      kind: "invalid",
      status: 400,
    });
    expect(await failure(validate({ status: 503, body: "" }))).toMatchObject({ kind: "unavailable", status: 503 });
    expect(await failure(validate({ status: 200, body: "<html>" }))).toMatchObject({ kind: "unavailable" });
    const timeout = Object.assign(new Error("The operation was aborted due to timeout"), { name: "TimeoutError" });
    expect((await failure(validate(timeout))).message).toMatch(/timed out/);
  });
});

describe("applePayFromEnv", () => {
  it("is off without configuration, and wants all three variables", () => {
    expect(applePayFromEnv({})).toBeNull();
    expect(applePayFromEnv({ APPLE_PAY_MERCHANT_ID: " ", APPLE_PAY_CERT_FILE: "" })).toBeNull();
    expect(() => applePayFromEnv({ APPLE_PAY_MERCHANT_ID: "merchant.x" })).toThrow(/go together/);
    expect(() =>
      applePayFromEnv({
        APPLE_PAY_MERCHANT_ID: "merchant.x",
        APPLE_PAY_CERT_FILE: "/nowhere/cert.pem",
        APPLE_PAY_KEY_FILE: "/nowhere/key.pem",
      }),
    ).toThrow(/APPLE_PAY_CERT_FILE cannot be read/);
  });

  it("reads the certificate and key files once and presents them", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "apple-pay-env-"));
    try {
      writeFileSync(path.join(dir, "cert.pem"), "CERTIFICATE");
      writeFileSync(path.join(dir, "key.pem"), "PRIVATE KEY");
      const apple = fakeApple();
      const validator = applePayFromEnv(
        {
          APPLE_PAY_MERCHANT_ID: "merchant.x",
          APPLE_PAY_CERT_FILE: path.join(dir, "cert.pem"),
          APPLE_PAY_KEY_FILE: path.join(dir, "key.pem"),
        },
        { requester: apple.requester },
      );
      await validator!.validate({ validationURL: VALIDATION_URL, domain: "shop.example.co.uk", displayName: "Demo" });
      expect(String(apple.calls[0]!.cert)).toBe("CERTIFICATE");
      expect(String(apple.calls[0]!.key)).toBe("PRIVATE KEY");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the https requester", () => {
  // A local stand-in for Apple's server, reached under Apple's host name, that insists on a client certificate.
  let dir: string;
  let server: Server;
  let port: number;
  const pem = (name: string) => readFileSync(path.join(dir, name), "utf8");
  const seen: { clientName: string | null; body: string }[] = [];
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: "127.0.0.1", family: 4 },
      ]);
    else callback(null, "127.0.0.1", 4);
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "apple-pay-tls-"));
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
          path.join(dir, `${name}-key.pem`),
          "-out",
          path.join(dir, `${name}-cert.pem`),
        ],
        { stdio: "ignore" },
      );
    selfSigned("server", "/CN=apple-pay-gateway.apple.com", [
      "-addext",
      "subjectAltName=DNS:apple-pay-gateway.apple.com",
    ]);
    selfSigned("merchant", "/CN=merchant.uk.co.example.shop");
    server = createServer(
      {
        key: pem("server-key.pem"),
        cert: pem("server-cert.pem"),
        requestCert: true,
        rejectUnauthorized: true,
        ca: [pem("merchant-cert.pem")],
      },
      (req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
          const peer = (req.socket as TLSSocket).getPeerCertificate();
          seen.push({
            clientName: typeof peer.subject?.CN === "string" ? peer.subject.CN : null,
            body: Buffer.concat(chunks).toString("utf8"),
          });
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify(SESSION));
        });
      },
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("presents the merchant identity certificate over mutual TLS", async () => {
    const validator = applePayMerchantValidator({
      merchantId: "merchant.uk.co.example.shop",
      certificate: pem("merchant-cert.pem"),
      key: pem("merchant-key.pem"),
      requester: httpsRequester({ ca: pem("server-cert.pem"), lookup }),
    });
    const session = await validator.validate({
      validationURL: `https://apple-pay-gateway.apple.com:${port}/paymentservices/paymentSession`,
      domain: "shop.example.co.uk",
      displayName: "Demo Foods",
    });
    expect(session).toEqual(SESSION);
    expect(seen.at(-1)!.clientName).toBe("merchant.uk.co.example.shop");
    expect(JSON.parse(seen.at(-1)!.body)).toMatchObject({
      merchantIdentifier: "merchant.uk.co.example.shop",
      initiative: "web",
    });
  });

  it("fails as unavailable when the server will not accept the certificate", async () => {
    const before = seen.length;
    const stranger = mkdtempSync(path.join(tmpdir(), "apple-pay-stranger-"));
    try {
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
          "/CN=stranger",
          "-keyout",
          path.join(stranger, "key.pem"),
          "-out",
          path.join(stranger, "cert.pem"),
        ],
        { stdio: "ignore" },
      );
      const validator = applePayMerchantValidator({
        merchantId: "merchant.stranger",
        certificate: readFileSync(path.join(stranger, "cert.pem")),
        key: readFileSync(path.join(stranger, "key.pem")),
        requester: httpsRequester({ ca: pem("server-cert.pem"), lookup }),
        timeoutMs: 3000,
      });
      const error = await failure(
        validator.validate({
          validationURL: `https://apple-pay-gateway.apple.com:${port}/paymentservices/paymentSession`,
          domain: "shop.example.co.uk",
          displayName: "Demo",
        }),
      );
      expect(error.kind).toBe("unavailable");
      expect(seen.length).toBe(before);
    } finally {
      rmSync(stranger, { recursive: true, force: true });
    }
  });
});
