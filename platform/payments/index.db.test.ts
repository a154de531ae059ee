import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controllableClock } from "../contract";
import type { Database } from "../db/open";
import { createTestPlatform, memoryLogger, openTestDatabase, TEST_NOW } from "../testing";
import { fakeCheckoutCom, type FakeCheckoutCom } from "./testing/fake-checkout";
import { checkoutEnvironment, EMBEDDED_PUBLIC_KEY, embeddedPaymentServices, paymentServicesFromEnv } from "./index";
import { payOnCardPage, TEST_CARD } from "./testing/drive";

let database: Database;
let fake: FakeCheckoutCom;
const clock = controllableClock(TEST_NOW);
const log = memoryLogger();

beforeAll(async () => {
  [database, fake] = await Promise.all([openTestDatabase(), fakeCheckoutCom()]);
});
afterAll(async () => {
  await Promise.all([database?.close(), fake?.close()]);
});

describe("embeddedPaymentServices", () => {
  it("pays through the adapter, in process, against the test gateway mounted at /test-gateway", async () => {
    const { services, testGateway } = embeddedPaymentServices({ db: database.db, clock, log });
    expect(testGateway.basePath).toBe("/test-gateway");
    expect(services.applePay).toBeNull();
    const gateway = services.gateway!;
    expect(gateway).toMatchObject({ name: "checkoutcom", environment: "test", publicKey: EMBEDDED_PUBLIC_KEY });

    const hosted = await gateway.createHostedPayment(
      {
        reference: "draft_embedded",
        amount: 4200,
        currency: "GBP",
        description: "Order",
        customer: { email: "sam@example.co.uk", name: "Sam" },
        billing: null,
        successUrl: "http://localhost:3000/checkout/payment/success?draftOrderId=draft_embedded",
        failureUrl: "http://localhost:3000/checkout/payment/failure?draftOrderId=draft_embedded",
        cancelUrl: "http://localhost:3000/checkout/payment/cancel?draftOrderId=draft_embedded",
      },
      "draft_embedded:1",
    );
    expect(hosted.redirectUrl).toBe(`/test-gateway/hpp/${hosted.id}`);
    const paid = await payOnCardPage(testGateway.fetch, hosted.redirectUrl, { number: TEST_CARD.approve });
    const paymentId = new URL(paid.location!).searchParams.get("cko-payment-id")!;
    expect(await gateway.getHostedPayment(hosted.id)).toEqual({ id: hosted.id, status: "Payment Received", paymentId });
    expect(await gateway.getPayment(paymentId)).toMatchObject({ status: "Authorized", approved: true, amount: 4200 });
  });
});

describe("paymentServicesFromEnv", () => {
  it("uses the embedded test gateway without a checkout.com key", () => {
    const setup = paymentServicesFromEnv(database.db, clock, log, { CHECKOUT_SECRET_KEY: " " });
    expect(setup.testGateway?.basePath).toBe("/test-gateway");
    expect(setup.services.gateway?.environment).toBe("test");
  });

  it("uses checkout.com with a key, at CHECKOUT_API_URL when given, with the processing channel", async () => {
    const setup = paymentServicesFromEnv(database.db, clock, log, {
      CHECKOUT_SECRET_KEY: "sk_sbox_abc",
      CHECKOUT_PUBLIC_KEY: "pk_sbox_abc",
      CHECKOUT_API_URL: fake.url,
      CHECKOUT_PROCESSING_CHANNEL_ID: "pc_abc",
    });
    expect(setup.testGateway).toBeNull();
    expect(setup.services.gateway).toMatchObject({ environment: "sandbox", publicKey: "pk_sbox_abc" });
    expect(setup.services.webhookSignatureKey).toBeNull();
    const withHooks = paymentServicesFromEnv(database.db, clock, log, {
      CHECKOUT_SECRET_KEY: "sk_sbox_abc",
      CHECKOUT_PUBLIC_KEY: "pk_sbox_abc",
      CHECKOUT_WEBHOOK_SIGNATURE_KEY: " whsk_0123456789abcdef ",
    });
    expect(withHooks.services.webhookSignatureKey).toBe("whsk_0123456789abcdef");
    await setup.services.gateway!.createHostedPayment(
      {
        reference: "r",
        amount: 100,
        currency: "GBP",
        description: "d",
        customer: { email: "a@b.co", name: "A" },
        billing: null,
        successUrl: "https://s.example/s",
        failureUrl: "https://s.example/f",
        cancelUrl: "https://s.example/c",
      },
      "k",
    );
    expect(fake.requests.at(-1)).toMatchObject({
      path: "/hosted-payments",
      headers: { authorization: "Bearer sk_sbox_abc" },
      body: { processing_channel_id: "pc_abc" },
    });
  });

  it("wants the public key with the secret one, and never one alone", () => {
    expect(() => paymentServicesFromEnv(database.db, clock, log, { CHECKOUT_SECRET_KEY: "sk_sbox_abc" })).toThrow(
      /CHECKOUT_PUBLIC_KEY is required/,
    );
    expect(() => paymentServicesFromEnv(database.db, clock, log, { CHECKOUT_PUBLIC_KEY: "pk_sbox_abc" })).toThrow(
      /without CHECKOUT_SECRET_KEY/,
    );
    expect(() =>
      paymentServicesFromEnv(database.db, clock, log, { CHECKOUT_WEBHOOK_SIGNATURE_KEY: "whsk_0123456789abcdef" }),
    ).toThrow(/without CHECKOUT_SECRET_KEY/);
  });

  it("sets up Apple Pay only when it is configured", () => {
    expect(() => paymentServicesFromEnv(database.db, clock, log, { APPLE_PAY_MERCHANT_ID: "merchant.x" })).toThrow(
      /go together/,
    );
  });
});

describe("createTestPlatform", () => {
  it("exposes the embedded test gateway the platform pays through", async () => {
    const platform = await createTestPlatform();
    try {
      expect(platform.testGateway.basePath).toBe("/test-gateway");
      const response = await platform.testGateway.fetch(
        new Request("http://storefront.test/test-gateway/hpp/hpp_unknown"),
      );
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Test payment page — no real money is taken");
    } finally {
      await platform.close();
    }
  });
});

describe("checkoutEnvironment", () => {
  it("reads sandbox keys by their prefix, unless told", () => {
    expect(checkoutEnvironment("sk_sbox_abc")).toBe("sandbox");
    expect(checkoutEnvironment("sk_test_abc")).toBe("sandbox");
    expect(checkoutEnvironment("sk_abc")).toBe("live");
    expect(checkoutEnvironment("sk_sbox_abc", "live")).toBe("live");
  });
});
