import { expect } from "vitest";
import type { GatewayData } from "../../contract";
import { GatewayError, type PaymentGateway } from "../../ports/payment-gateway";
import { EMBEDDED_PUBLIC_KEY } from "../index";

/*
 * Helpers for the payment API tests: reading what the gateway answered, a card token from the embedded test gateway,
 * and a gateway that can be made to fail on purpose (platform/testing/seeded.ts builds a platform paying through it).
 */

/** The address a pending payment sends the shopper to (the hosted card page, or 3-D Secure). */
export function redirectOf(data: GatewayData | null): string {
  const href = data?._links.redirect?.href;
  if (!href) throw new Error(`No redirect in ${JSON.stringify(data)}`);
  return href;
}

/** The payment id the gateway put on the address it sent the shopper back to, which must start with expectedBase. */
export function returnedPaymentId(location: string | null, expectedBase: string): string {
  expect(location).toBeTruthy();
  const url = new URL(location!);
  expect(`${url.origin}${url.pathname}`).toBe(expectedBase);
  const id = url.searchParams.get("cko-payment-id");
  if (!id) throw new Error(`No payment id on ${location}`);
  return id;
}

/** A card token from the platform's embedded test gateway, as a card form script would get one. */
export async function cardToken(
  p: { testGateway: { basePath: string; fetch(request: Request): Promise<Response> } },
  number: string,
): Promise<string> {
  const res = await p.testGateway.fetch(
    new Request(`http://gateway.test${p.testGateway.basePath}/tokens`, {
      method: "POST",
      headers: { authorization: EMBEDDED_PUBLIC_KEY, "content-type": "application/json" },
      body: JSON.stringify({
        type: "card",
        number: number.replace(/\s/g, ""),
        expiry_month: 12,
        expiry_year: 2030,
        cvv: "123",
      }),
    }),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Faults a test switches on: `loseHosted` / `losePayment` drop the answer of the next createHostedPayment /
 * requestPayment (the gateway did the work, the platform never heard), `drop` fails the next requestPayment before it
 * reaches the gateway, `failVoids` fails that many voids, `paymentsDown` makes reading a payment fail, and `failPage`
 * makes reading one hosted page throw.
 */
export interface GatewayFaults {
  loseHosted: boolean;
  losePayment: boolean;
  drop: boolean;
  failVoids: number;
  paymentsDown: boolean;
  failPage: Map<string, Error>;
}

/**
 * A gateway that passes every call to `inner` (set once the platform's database exists) with the faults the test
 * switches on.
 */
export function faultyGateway(): {
  gateway: PaymentGateway;
  faults: GatewayFaults;
  passTo(inner: PaymentGateway | null): void;
} {
  const faults: GatewayFaults = {
    loseHosted: false,
    losePayment: false,
    drop: false,
    failVoids: 0,
    paymentsDown: false,
    failPage: new Map(),
  };
  const unavailable = (message: string) => new GatewayError("unavailable", message);
  /** Whether a one-time fault is switched on; taking it switches it off. */
  const take = (fault: "loseHosted" | "losePayment" | "drop"): boolean => {
    const on = faults[fault];
    faults[fault] = false;
    return on;
  };
  let inner: PaymentGateway | null = null;
  const gateway: PaymentGateway = {
    name: "checkoutcom",
    environment: "test",
    createHostedPayment: async (request, key) => {
      const answer = await inner!.createHostedPayment(request, key);
      if (take("loseHosted")) throw unavailable("connection reset");
      return answer;
    },
    getHostedPayment: async (id) => {
      const fault = faults.failPage.get(id);
      if (fault) throw fault;
      return inner!.getHostedPayment(id);
    },
    requestPayment: async (request, key) => {
      if (take("drop")) throw unavailable("connection refused");
      const answer = await inner!.requestPayment(request, key);
      if (take("losePayment")) throw unavailable("connection reset");
      return answer;
    },
    getPayment: async (id) => {
      if (faults.paymentsDown) throw unavailable("checkout.com timed out");
      return inner!.getPayment(id);
    },
    findPayments: (reference) => inner!.findPayments(reference),
    voidPayment: async (id, reference, key) => {
      if (faults.failVoids > 0) {
        faults.failVoids--;
        throw unavailable("checkout.com timed out");
      }
      return inner!.voidPayment(id, reference, key);
    },
    exchangeWalletToken: (type, data) => inner!.exchangeWalletToken(type, data),
    createInstrument: (token) => inner!.createInstrument(token),
  };
  return {
    gateway,
    faults,
    passTo(next) {
      inner = next;
    },
  };
}
