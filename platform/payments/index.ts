import type { Clock } from "../contract";
import type { Db } from "../db/open";
import type { Logger } from "../logger";
import { applePayFromEnv, type ApplePayEnv, type ApplePayRequester } from "./apple-pay";
import { checkoutComGateway, type FetchLike } from "./checkoutcom/adapter";
import type { ApplePayMerchantValidator, PaymentServices } from "../ports/payment-gateway";
import { createTestGateway, type TestGateway } from "./test-gateway";

/*
 * Which card gateway the platform pays through: checkout.com when CHECKOUT_SECRET_KEY is set, otherwise the
 * embedded test gateway. Either way the platform talks to it through the one checkout.com adapter.
 */

/** The embedded gateway's fixed keys: it is local to this process, so they guard nothing and need not be secret. */
export const EMBEDDED_SECRET_KEY = "sk_test_embedded";
export const EMBEDDED_PUBLIC_KEY = "pk_sbox_embedded_test_gateway";
/** The adapter calls the embedded gateway in process; this origin only fills the URL the adapter builds. */
const EMBEDDED_ORIGIN = "http://test-gateway.internal";

export interface PaymentSetup {
  services: PaymentServices;
  /** The embedded gateway to mount on the storefront's origin, or null when checkout.com is used. */
  testGateway: TestGateway | null;
}

export function embeddedPaymentServices(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  applePay?: ApplePayMerchantValidator | null;
}): PaymentSetup & { testGateway: TestGateway } {
  const testGateway = createTestGateway({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    publicKey: EMBEDDED_PUBLIC_KEY,
    secretKey: EMBEDDED_SECRET_KEY,
  });
  const gateway = checkoutComGateway({
    secretKey: EMBEDDED_SECRET_KEY,
    publicKey: EMBEDDED_PUBLIC_KEY,
    environment: "test",
    baseUrl: `${EMBEDDED_ORIGIN}${testGateway.basePath}`,
    fetch: (input, init) => testGateway.fetch(new Request(input, init)),
  });
  return { services: { gateway, applePay: deps.applePay ?? null }, testGateway };
}

/** The environment variables payments read (all optional: unset means the embedded test gateway). */
export interface PaymentEnv extends ApplePayEnv {
  CHECKOUT_SECRET_KEY?: string;
  CHECKOUT_PUBLIC_KEY?: string;
  CHECKOUT_ENVIRONMENT?: "sandbox" | "live";
  CHECKOUT_API_URL?: string;
  CHECKOUT_PROCESSING_CHANNEL_ID?: string;
  CHECKOUT_WEBHOOK_SIGNATURE_KEY?: string;
}

/** checkout.com's environment: as configured, else read from the key (sandbox keys start sk_sbox_ or sk_test_). */
export function checkoutEnvironment(secretKey: string, configured?: "sandbox" | "live"): "sandbox" | "live" {
  if (configured) return configured;
  return /^sk_(sbox|test)_/.test(secretKey) ? "sandbox" : "live";
}

export function paymentServicesFromEnv(
  db: Db,
  clock: Clock,
  log: Logger,
  env: PaymentEnv,
  options: { fetch?: FetchLike; applePayRequester?: ApplePayRequester } = {},
): PaymentSetup {
  const value = (v: string | undefined) => (v === undefined || v.trim() === "" ? undefined : v.trim());
  const applePay = applePayFromEnv(env, { requester: options.applePayRequester });
  const secretKey = value(env.CHECKOUT_SECRET_KEY);
  const publicKey = value(env.CHECKOUT_PUBLIC_KEY);
  const webhookSignatureKey = value(env.CHECKOUT_WEBHOOK_SIGNATURE_KEY) ?? null;
  if (!secretKey) {
    if (publicKey) throw new Error("CHECKOUT_PUBLIC_KEY is set without CHECKOUT_SECRET_KEY");
    if (webhookSignatureKey) throw new Error("CHECKOUT_WEBHOOK_SIGNATURE_KEY is set without CHECKOUT_SECRET_KEY");
    return embeddedPaymentServices({ db, clock, log, applePay });
  }
  if (!publicKey) throw new Error("CHECKOUT_PUBLIC_KEY is required with CHECKOUT_SECRET_KEY");
  const gateway = checkoutComGateway({
    secretKey,
    publicKey,
    environment: checkoutEnvironment(secretKey, env.CHECKOUT_ENVIRONMENT),
    baseUrl: value(env.CHECKOUT_API_URL),
    processingChannelId: value(env.CHECKOUT_PROCESSING_CHANNEL_ID),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return { services: { gateway, applePay, webhookSignatureKey }, testGateway: null };
}

export { createTestGateway, TEST_GATEWAY_BASE_PATH, type TestGateway } from "./test-gateway";
export {
  checkoutComGateway,
  CHECKOUT_BASE_URLS,
  type CheckoutComGateway,
  type CheckoutComOptions,
} from "./checkoutcom/adapter";
export { applePayMerchantValidator, applePayFromEnv, httpsRequester, type ApplePayRequester } from "./apple-pay";
