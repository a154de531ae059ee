import { describe, expect, it, vi } from "vitest";
import { api } from "#contract";
import type { Shopper } from "~/services/context";
import type { Logger } from "~/services/logger.server";
import type { CheckoutData } from "./checkout.server";
import { startPayment } from "./payment.server";

/** A shopper whose platform answers each call by its path; the session is a plain map. */
function fakeShopper(answers: Record<string, unknown>) {
  const session = new Map<string, unknown>();
  const call = vi.fn(async (endpoint: { path: string }) => {
    if (!(endpoint.path in answers)) throw new Error(`unexpected call ${endpoint.path}`);
    return answers[endpoint.path];
  });
  const shopper = {
    api: { call },
    session: {
      get: (k: string) => session.get(k),
      set: (k: string, v: unknown) => session.set(k, v),
      unset: (k: string) => session.delete(k),
    },
  } as unknown as Shopper;
  return { shopper, call, session };
}

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as Logger;
const request = new Request("http://shop.test/checkout/payment/wallet", { method: "POST" });
const data = {
  basket: {
    basketToken: "b1",
    orderTotal: 1650,
    selectedSlot: {
      date: "2026-11-27",
      start: "2026-11-27T10:00:00.000+00:00",
      end: "2026-11-27T10:30:00.000+00:00",
      expires: null,
      denyPayments: [],
    },
    fulfilmentMethod: { type: "collection" },
  },
  checkout: {
    contact: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phoneNumber: "07700900123" },
    instructions: "",
  },
  store: {
    id: 1,
    allowedMarketingChannels: [],
    paymentMethods: [{ name: "googlepay", settings: { paymentGateways: ["checkoutcom"] } }],
  },
} as unknown as CheckoutData;
const order = { businessOrderId: "100200", statusToken: "st" };
const draft = { draftOrderId: "d1", businessOrderId: "100200" };
const token = { googleTokenData: { signature: "s", protocolVersion: "ECv2", signedMessage: "m" } };

describe("startPayment with Google Pay (spec 2 §4)", () => {
  it("verifies a payment answered with its id but no business order id, then succeeds", async () => {
    const { shopper, call, session } = fakeShopper({
      [api.processOrder.path]: draft,
      [api.makePayment.path]: {
        gatewayData: { approved: true, status: "Authorized", id: "pay_1", response_summary: null, _links: {} },
        order: null,
      },
      [api.verifyPayment.path]: { status: "placed", order, responseSummary: null },
    });
    expect(await startPayment(shopper, log, request, data, "googlepay", "k1", token)).toEqual({
      kind: "placed",
      order,
    });
    expect(call).toHaveBeenLastCalledWith(api.verifyPayment, {
      draftOrderId: "d1",
      paymentId: "pay_1",
      paymentGateway: "checkoutcom",
    });
    expect(session.get("lastOrder")).toEqual({ businessOrderId: "100200", statusToken: "st", storeId: 1 });
  });

  it("is the payment issue when the verified payment is not placed, and never verifies without an id", async () => {
    const pending = fakeShopper({
      [api.processOrder.path]: draft,
      [api.makePayment.path]: {
        gatewayData: { approved: false, status: "Pending", id: "pay_2", response_summary: null, _links: {} },
        order: null,
      },
      [api.verifyPayment.path]: { status: "pending", order: null, responseSummary: null },
    });
    expect(await startPayment(pending.shopper, log, request, data, "googlepay", "k2", token)).toEqual({
      kind: "refused",
      message: "There was an issue processing your payment",
    });
    const declined = fakeShopper({
      [api.processOrder.path]: draft,
      [api.makePayment.path]: {
        gatewayData: { approved: false, status: "Declined", id: null, response_summary: "Declined", _links: {} },
        order: null,
      },
    });
    expect(await startPayment(declined.shopper, log, request, data, "googlepay", "k3", token)).toEqual({
      kind: "refused",
      message: "There was an issue processing your payment",
    });
    expect(declined.call).toHaveBeenCalledTimes(2);
  });

  it("goes to a Pending payment's redirect link", async () => {
    const { shopper } = fakeShopper({
      [api.processOrder.path]: draft,
      [api.makePayment.path]: {
        gatewayData: {
          approved: false,
          status: "Pending",
          id: "pay_3",
          response_summary: null,
          _links: { redirect: { href: "/test-gateway/3ds/pay_3" } },
        },
        order: null,
      },
    });
    expect(await startPayment(shopper, log, request, data, "googlepay", "k4", token)).toEqual({
      kind: "redirect",
      href: "/test-gateway/3ds/pay_3",
    });
  });
});
