import { describe, expect, it } from "vitest";
import { api } from "../contract";
import { saveBusinessProfileOverrides } from "../business/profile";
import { createTestPlatform } from "../testing";
import { checkoutComGateway } from "./checkoutcom/adapter";
import type { PaymentServices } from "../ports/payment-gateway";
import { EMBEDDED_PUBLIC_KEY } from "./index";

/** The business profile publishes the public key of the gateway the deployment actually pays through. */
describe("paymentGateways in the business profile", () => {
  async function profileWith(payments?: PaymentServices, stored?: string) {
    const platform = await createTestPlatform(payments ? { payments } : {});
    try {
      if (stored)
        await saveBusinessProfileOverrides(platform.db, platform.clock, {
          paymentGateways: [{ name: "checkoutcom", fields: { publicKey: stored } }],
        });
      const res = await platform.call("GET", "/api/business/profile", undefined, {
        token: await platform.guestToken(),
      });
      expect(res.status).toBe(200);
      return api.businessProfile.response.parse(res.body).paymentGateways;
    } finally {
      await platform.close();
    }
  }

  it("is the embedded test gateway's key by default, whatever was stored", async () => {
    expect(await profileWith()).toEqual([{ name: "checkoutcom", fields: { publicKey: EMBEDDED_PUBLIC_KEY } }]);
    expect(await profileWith(undefined, "pk_sbox_stale")).toEqual([
      { name: "checkoutcom", fields: { publicKey: EMBEDDED_PUBLIC_KEY } },
    ]);
  });

  it("is checkout.com's public key when checkout.com is configured", async () => {
    const gateway = checkoutComGateway({
      secretKey: "sk_sbox_live_like",
      publicKey: "pk_sbox_configured",
      environment: "sandbox",
      fetch: () => Promise.reject(new Error("no network")),
    });
    expect(await profileWith({ gateway, applePay: null }, "pk_sbox_stale")).toEqual([
      { name: "checkoutcom", fields: { publicKey: "pk_sbox_configured" } },
    ]);
  });

  it("is whatever the business stored when there is no card gateway", async () => {
    expect(await profileWith({ gateway: null, applePay: null }, "pk_sbox_stored")).toEqual([
      { name: "checkoutcom", fields: { publicKey: "pk_sbox_stored" } },
    ]);
  });
});
