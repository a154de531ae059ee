import { readFileSync } from "node:fs";
import { request as httpsRequest, type RequestOptions } from "node:https";
import { GatewayError, type ApplePayMerchantValidator } from "../ports/payment-gateway";

/*
 * Apple Pay merchant validation (Apple's "Requesting an Apple Pay payment session"): when Safari shows the Apple Pay
 * sheet it gives the page a validation URL; the server asks that URL for a merchant session, presenting the
 * merchant identity certificate over mutual TLS, and hands the session to the browser unchanged.
 *
 * The URL comes from the browser, so only https addresses on Apple's own hosts (*.apple.com) are ever requested:
 * anything else is refused before a connection is made.
 */

export const APPLE_PAY_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;
/** Apple limits the display name to 64 characters. */
const MAX_DISPLAY_NAME = 64;

export interface ApplePayRequest {
  url: URL;
  body: string;
  /** The merchant identity certificate and its private key (PEM), for the TLS client certificate. */
  cert: string | Buffer;
  key: string | Buffer;
  timeoutMs: number;
}

/** Sends the validation request; injected in tests. */
export type ApplePayRequester = (request: ApplePayRequest) => Promise<{ status: number; body: string }>;

/**
 * The real requester: a POST through node:https with the merchant identity as client certificate. `tls` is for
 * tests, which serve a local stand-in with its own certificate authority and host name lookup.
 */
export function httpsRequester(tls: Pick<RequestOptions, "ca" | "lookup"> = {}): ApplePayRequester {
  return ({ url, body, cert, key, timeoutMs }) =>
    new Promise((resolve, reject) => {
      const request = httpsRequest(
        url,
        {
          method: "POST",
          cert,
          key,
          ...tls,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          signal: AbortSignal.timeout(timeoutMs),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) request.destroy(new Error("the answer is too large"));
            else chunks.push(chunk);
          });
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
          );
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(body);
    });
}

/** The validation URL, when it is one Apple could have given: https on a host under apple.com. */
export function appleValidationUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "") return null;
  return url.hostname.toLowerCase().endsWith(".apple.com") ? url : null;
}

export interface ApplePayValidatorOptions {
  /** The Apple merchant identifier (APPLE_PAY_MERCHANT_ID), e.g. merchant.com.example.shop. */
  merchantId: string;
  /** The merchant identity certificate and key, PEM (APPLE_PAY_CERT_FILE, APPLE_PAY_KEY_FILE). */
  certificate: string | Buffer;
  key: string | Buffer;
  requester?: ApplePayRequester;
  timeoutMs?: number;
}

export function applePayMerchantValidator(options: ApplePayValidatorOptions): ApplePayMerchantValidator {
  const requester = options.requester ?? httpsRequester();
  const timeoutMs = options.timeoutMs ?? APPLE_PAY_TIMEOUT_MS;
  return {
    async validate({ validationURL, domain, displayName }) {
      const url = appleValidationUrl(validationURL);
      if (!url) throw new GatewayError("invalid", "The Apple Pay validation URL is not an https address on apple.com");
      const host = domain.trim().toLowerCase();
      if (!/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(host)) {
        throw new GatewayError("invalid", "The Apple Pay domain is not a host name");
      }
      const body = JSON.stringify({
        merchantIdentifier: options.merchantId,
        displayName: displayName.trim().slice(0, MAX_DISPLAY_NAME),
        initiative: "web",
        initiativeContext: host,
      });
      let answer: { status: number; body: string };
      try {
        answer = await requester({ url, body, cert: options.certificate, key: options.key, timeoutMs });
      } catch (error) {
        const reason =
          error instanceof Error
            ? error.name === "TimeoutError" || error.name === "AbortError"
              ? `timed out after ${timeoutMs} ms`
              : error.message
            : String(error);
        throw new GatewayError("unavailable", `Apple Pay merchant validation failed: ${reason}`);
      }
      if (answer.status !== 200) {
        throw new GatewayError(
          answer.status >= 500 || answer.status === 429 ? "unavailable" : "invalid",
          `Apple Pay merchant validation answered ${answer.status}`,
          answer.status,
          answer.body.slice(0, 500),
        );
      }
      let session: unknown;
      try {
        session = JSON.parse(answer.body);
      } catch {
        session = null;
      }
      if (session === null || typeof session !== "object" || Array.isArray(session)) {
        throw new GatewayError(
          "unavailable",
          "Apple Pay merchant validation answered in an unexpected shape",
          answer.status,
        );
      }
      return session as Record<string, unknown>;
    },
  };
}

/** The environment variables Apple Pay merchant validation reads: all three, or none. */
export interface ApplePayEnv {
  APPLE_PAY_MERCHANT_ID?: string;
  APPLE_PAY_CERT_FILE?: string;
  APPLE_PAY_KEY_FILE?: string;
}

/** The validator the configuration asks for, or null when Apple Pay is not set up. Reads the files once, at start. */
export function applePayFromEnv(
  env: ApplePayEnv,
  options: { requester?: ApplePayRequester } = {},
): ApplePayMerchantValidator | null {
  const blank = (v: string | undefined) => v === undefined || v.trim() === "";
  const parts = [env.APPLE_PAY_MERCHANT_ID, env.APPLE_PAY_CERT_FILE, env.APPLE_PAY_KEY_FILE];
  if (parts.every(blank)) return null;
  if (parts.some(blank))
    throw new Error("APPLE_PAY_MERCHANT_ID, APPLE_PAY_CERT_FILE and APPLE_PAY_KEY_FILE go together");
  const read = (name: "APPLE_PAY_CERT_FILE" | "APPLE_PAY_KEY_FILE") => {
    try {
      return readFileSync(env[name]!.trim());
    } catch (error) {
      throw new Error(`${name} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return applePayMerchantValidator({
    merchantId: env.APPLE_PAY_MERCHANT_ID!.trim(),
    certificate: read("APPLE_PAY_CERT_FILE"),
    key: read("APPLE_PAY_KEY_FILE"),
    requester: options.requester,
  });
}
