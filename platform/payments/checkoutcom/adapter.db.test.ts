import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controllableClock, type ControllableClock } from "../../contract";
import type { Database } from "../../db/open";
import { testGatewayPayments } from "../../db/schema";
import { memoryLogger, openTestDatabase, TEST_NOW } from "../../testing";
import { fixture, serveFetch, type LocalServer } from "../testing/fake-checkout";
import {
  GatewayError,
  type HostedPaymentRequest,
  type PaymentGateway,
  type PaymentRequest,
} from "../../ports/payment-gateway";
import { createTestGateway, type TestGateway } from "../test-gateway";
import {
  answerChallenge,
  cancelOnCardPage,
  getPage,
  payOnCardPage,
  postForm,
  TEST_CARD,
  type FetchHandler,
} from "../testing/drive";
import { checkoutComGateway } from "./adapter";

/*
 * The adapter against the embedded test gateway served over real HTTP, the way the storefront's server mounts it:
 * every call goes through the adapter, and the shopper's side (card page, 3-D Secure) is driven by posting the
 * pages' own forms and following their redirects.
 */

const SECRET = "sk_test_adapter_suite";
const PUBLIC = "pk_test_adapter_suite";
const SHOP = "https://shop.example.co.uk";

let database: Database;
let clock: ControllableClock;
let testGateway: TestGateway;
let server: LocalServer;
let gateway: PaymentGateway;
const log = memoryLogger();
/** The pages over HTTP, as a browser without JavaScript sees them. */
let browser: FetchHandler;

beforeAll(async () => {
  database = await openTestDatabase();
  clock = controllableClock(TEST_NOW);
  testGateway = createTestGateway({ db: database.db, clock, log, publicKey: PUBLIC, secretKey: SECRET });
  server = await serveFetch(testGateway.fetch);
  gateway = checkoutComGateway({
    secretKey: SECRET,
    publicKey: PUBLIC,
    environment: "test",
    baseUrl: `${server.url}/test-gateway`,
    timeoutMs: 5000,
  });
  browser = (request) => fetch(request, { redirect: "manual" });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

let sequence = 0;
const key = () => `key-${++sequence}-${Math.random().toString(36).slice(2)}`;
const draft = () => `draft_${++sequence}`;

async function cardToken(number: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await fetch(`${server.url}/test-gateway/tokens`, {
    method: "POST",
    headers: { authorization: `Bearer ${PUBLIC}`, "content-type": "application/json" },
    body: JSON.stringify({ type: "card", number, expiry_month: 12, expiry_year: 2030, cvv: "100", ...overrides }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { token: string; last4: string; scheme: string };
  expect(body.token).toMatch(/^tok_[a-z2-7]{26}$/);
  return body.token;
}

function paymentRequest(token: string, overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  const reference = overrides.reference ?? draft();
  return {
    token,
    reference,
    amount: 2350,
    currency: "GBP",
    customer: { email: "sam.jones@example.co.uk", name: "Sam Jones" },
    billing: { address_line1: "10 Downing Street", city: "London", zip: "SW1A 2AA", country: "GB" },
    successUrl: `${SHOP}/checkout/payment/success?draftOrderId=${reference}`,
    failureUrl: `${SHOP}/checkout/payment/failure?draftOrderId=${reference}`,
    threeDs: true,
    ...overrides,
  };
}

function hostedRequest(overrides: Partial<HostedPaymentRequest> = {}): HostedPaymentRequest {
  const reference = overrides.reference ?? draft();
  return {
    reference,
    amount: 1250,
    currency: "GBP",
    description: "Order from Demo Foods",
    customer: { email: "sam.jones@example.co.uk", name: "Sam Jones" },
    billing: { address_line1: "10 Downing Street", city: "London", zip: "SW1A 2AA", country: "GB" },
    successUrl: `${SHOP}/checkout/payment/success?draftOrderId=${reference}`,
    failureUrl: `${SHOP}/checkout/payment/failure?draftOrderId=${reference}`,
    cancelUrl: `${SHOP}/checkout/payment/cancel?draftOrderId=${reference}`,
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

const paymentIdIn = (location: string | null) => new URL(location ?? "http://x/").searchParams.get("cko-payment-id");

describe("payments with a token", () => {
  it("approves the approving test card", async () => {
    const request = paymentRequest(await cardToken("4242424242424242"));
    const payment = await gateway.requestPayment(request, key());
    expect(payment).toEqual({
      id: expect.stringMatching(/^pay_[a-z2-7]{26}$/),
      status: "Authorized",
      approved: true,
      responseSummary: "Approved",
      redirectUrl: null,
      reference: request.reference,
      amount: 2350,
      currency: "GBP",
      // The card, kept by the gateway as a source the member may pay with again (a saved card).
      card: {
        sourceId: expect.stringMatching(/^src_[a-z2-7]{26}$/),
        fingerprint: expect.stringMatching(/^[0-9A-F]{64}$/),
        scheme: "Visa",
        last4: "4242",
        expiryMonth: 12,
        expiryYear: 2030,
      },
    });
    expect(await gateway.getPayment(payment.id)).toEqual(payment);
  });

  it("finds the payments made with a reference, newest first", async () => {
    const reference = draft();
    const declined = await gateway.requestPayment(
      paymentRequest(await cardToken(TEST_CARD.decline), { reference }),
      key(),
    );
    clock.advance(1000);
    const approved = await gateway.requestPayment(
      paymentRequest(await cardToken("4242424242424242"), { reference }),
      key(),
    );
    await gateway.requestPayment(paymentRequest(await cardToken("4242424242424242")), key());
    expect(await gateway.findPayments(reference)).toEqual([approved, { ...declined, redirectUrl: null }]);
    expect(await gateway.findPayments(draft())).toEqual([]);
  });

  it("declines the declining test card", async () => {
    const payment = await gateway.requestPayment(paymentRequest(await cardToken("4544 2491 6767 3670")), key());
    expect(payment).toMatchObject({
      status: "Declined",
      approved: false,
      responseSummary: "Declined - Do Not Honour",
      redirectUrl: null,
    });
    expect(await gateway.getPayment(payment.id)).toMatchObject({ status: "Declined", approved: false });
  });

  it("approves any other valid card of an accepted brand", async () => {
    const payment = await gateway.requestPayment(paymentRequest(await cardToken("5555 5555 5555 4444")), key());
    expect(payment).toMatchObject({ status: "Authorized", approved: true });
  });

  it("spends a token once", async () => {
    const token = await cardToken("4242424242424242");
    await gateway.requestPayment(paymentRequest(token), key());
    const error = await failure(gateway.requestPayment(paymentRequest(token), key()));
    expect(error.kind).toBe("declined");
    expect(error.status).toBe(422);
    expect(error.message).toContain("token_used");
    expect((await failure(gateway.requestPayment(paymentRequest("tok_nosuchtoken"), key()))).message).toContain(
      "token_invalid",
    );
  });

  it("refuses a token older than 15 minutes", async () => {
    const token = await cardToken("4242424242424242");
    clock.advance(15 * 60_000 + 1);
    try {
      expect((await failure(gateway.requestPayment(paymentRequest(token), key()))).message).toContain("token_expired");
    } finally {
      clock.set(TEST_NOW);
    }
  });

  it("declines a card that needs 3-D Secure when it was not asked for", async () => {
    const payment = await gateway.requestPayment(
      paymentRequest(await cardToken(TEST_CARD.challenge), { threeDs: false }),
      key(),
    );
    expect(payment).toMatchObject({
      status: "Declined",
      approved: false,
      responseSummary: "3DS authentication required",
    });
  });
});

describe("instruments (saved cards)", () => {
  const { token: _unused, ...noToken } = paymentRequest("tok_unused");
  const withSaved = (sourceId: string, cvv: string, overrides: Partial<PaymentRequest> = {}): PaymentRequest => {
    const reference = draft();
    return {
      ...noToken,
      reference,
      successUrl: `${SHOP}/checkout/payment/success?draftOrderId=${reference}`,
      failureUrl: `${SHOP}/checkout/payment/failure?draftOrderId=${reference}`,
      savedCard: { sourceId, cvv },
      ...overrides,
    };
  };

  it("POST /instruments keeps the card behind a token: src_ id, fingerprint, brand, last four, expiry; the token is spent", async () => {
    const token = await cardToken("4242 4242 4242 4242".replace(/ /g, ""), { expiry_month: 6, expiry_year: 2031 });
    const card = await gateway.createInstrument(token);
    expect(card).toEqual({
      sourceId: expect.stringMatching(/^src_[a-z2-7]{26}$/),
      fingerprint: expect.stringMatching(/^[0-9A-F]{64}$/),
      scheme: "Visa",
      last4: "4242",
      expiryMonth: 6,
      expiryYear: 2031,
    });
    expect((await failure(gateway.createInstrument(token))).message).toContain("token_used");
    // The same card tokenised again has the same fingerprint and a new instrument; another card another fingerprint.
    const again = await gateway.createInstrument(await cardToken("4242424242424242"));
    expect(again.fingerprint).toBe(card.fingerprint);
    expect(again.sourceId).not.toBe(card.sourceId);
    expect((await gateway.createInstrument(await cardToken("5555555555554444"))).fingerprint).not.toBe(
      card.fingerprint,
    );
    expect((await failure(gateway.createInstrument("tok_nosuchtoken"))).kind).toBe("declined");
  });

  it("a wallet token is not kept, and can still pay", async () => {
    const walletToken = await gateway.exchangeWalletToken("googlepay", {
      signature: "s",
      protocolVersion: "ECv2",
      signedMessage: "m",
    });
    expect((await failure(gateway.createInstrument(walletToken))).status).toBe(422);
    expect(await gateway.requestPayment(paymentRequest(walletToken, { threeDs: false }), key())).toMatchObject({
      status: "Authorized",
    });
  });

  it("pays with an instrument and its security code, as often as asked; the card's own outcome applies", async () => {
    const approve = await gateway.createInstrument(await cardToken("4242424242424242"));
    for (let i = 0; i < 2; i++) {
      const paid = await gateway.requestPayment(withSaved(approve.sourceId, "123"), key());
      expect(paid).toMatchObject({
        status: "Authorized",
        approved: true,
        card: { sourceId: approve.sourceId, fingerprint: approve.fingerprint, last4: "4242" },
      });
    }
    const decline = await gateway.createInstrument(await cardToken(TEST_CARD.decline.replace(/ /g, "")));
    expect(await gateway.requestPayment(withSaved(decline.sourceId, "123"), key())).toMatchObject({
      status: "Declined",
      approved: false,
    });
    const challenge = await gateway.createInstrument(await cardToken(TEST_CARD.challenge.replace(/ /g, "")));
    const pending = await gateway.requestPayment(withSaved(challenge.sourceId, "123"), key());
    expect(pending).toMatchObject({ status: "Pending", redirectUrl: `/test-gateway/3ds/${pending.id}` });
    await answerChallenge(browser, pending.redirectUrl!, "authenticate", server.url);
    expect(await gateway.getPayment(pending.id)).toMatchObject({
      status: "Authorized",
      card: { sourceId: challenge.sourceId, last4: "0021" },
    });
  });

  it("a payment's source id pays again, like an instrument", async () => {
    const first = await gateway.requestPayment(paymentRequest(await cardToken("4242424242424242")), key());
    const again = await gateway.requestPayment(withSaved(first.card!.sourceId, "123"), key());
    expect(again).toMatchObject({
      status: "Authorized",
      card: { sourceId: first.card!.sourceId, fingerprint: first.card!.fingerprint },
    });
  });

  it("refuses a security code that is not 3 digits, and an unknown source", async () => {
    const card = await gateway.createInstrument(await cardToken("4242424242424242"));
    const before = (await database.db.select({ n: count() }).from(testGatewayPayments))[0]!.n;
    expect((await failure(gateway.requestPayment(withSaved(card.sourceId, "12"), key()))).message).toContain(
      "cvv_invalid",
    );
    expect((await failure(gateway.requestPayment(withSaved("src_nosuchsource", "123"), key()))).message).toContain(
      "source_id_invalid",
    );
    expect((await database.db.select({ n: count() }).from(testGatewayPayments))[0]!.n).toBe(before);
  });
});

describe("3-D Secure", () => {
  async function pending(): Promise<{ id: string; redirectUrl: string; request: PaymentRequest }> {
    const request = paymentRequest(await cardToken(TEST_CARD.challenge));
    const payment = await gateway.requestPayment(request, key());
    expect(payment).toMatchObject({
      status: "Pending",
      approved: false,
      amount: 2350,
      currency: "GBP",
      reference: request.reference,
    });
    expect(payment.redirectUrl).toBe(`/test-gateway/3ds/${payment.id}`);
    return { id: payment.id, redirectUrl: payment.redirectUrl!, request };
  }

  it("asks for a challenge, and Authenticate approves and returns to the success address", async () => {
    const { id, redirectUrl, request } = await pending();
    expect(await gateway.getPayment(id)).toMatchObject({ status: "Pending", redirectUrl });
    const page = await getPage(browser, redirectUrl, server.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain("£23.50");
    expect(page.html).toContain(request.reference);

    const answered = await answerChallenge(browser, redirectUrl, "authenticate", server.url);
    expect(answered.status).toBe(303);
    expect(answered.location).toBe(`${request.successUrl}&cko-payment-id=${id}`);
    expect(await gateway.getPayment(id)).toMatchObject({
      status: "Authorized",
      approved: true,
      responseSummary: "Approved",
      redirectUrl: null,
    });

    // Deciding again only repeats the outcome; the challenge page now redirects there too.
    const again = await postForm(browser, redirectUrl, { outcome: "fail" }, server.url);
    expect(again.location).toBe(answered.location);
    expect((await getPage(browser, redirectUrl, server.url)).location).toBe(answered.location);
    expect(await gateway.getPayment(id)).toMatchObject({ status: "Authorized" });
  });

  it("Fail authentication declines and returns to the failure address", async () => {
    const { id, redirectUrl, request } = await pending();
    const answered = await answerChallenge(browser, redirectUrl, "fail", server.url);
    expect(answered.status).toBe(303);
    expect(answered.location).toBe(`${request.failureUrl}&cko-payment-id=${id}`);
    expect(await gateway.getPayment(id)).toMatchObject({
      status: "Declined",
      approved: false,
      responseSummary: "Cardholder failed 3DS authentication",
    });
  });

  it("Cancel cancels and, without a hosted page, returns to the failure address", async () => {
    const { id, redirectUrl, request } = await pending();
    const answered = await answerChallenge(browser, redirectUrl, "cancel", server.url);
    expect(answered.location).toBe(`${request.failureUrl}&cko-payment-id=${id}`);
    expect(await gateway.getPayment(id)).toMatchObject({ status: "Canceled", approved: false });
  });
});

describe("hosted payment page", () => {
  it("is made, shown, paid with the approving card, and reports the payment", async () => {
    const request = hostedRequest();
    const hosted = await gateway.createHostedPayment(request, key());
    expect(hosted.id).toMatch(/^hpp_/);
    expect(hosted.redirectUrl).toBe(`/test-gateway/hpp/${hosted.id}`);
    expect(await gateway.getHostedPayment(hosted.id)).toEqual({
      id: hosted.id,
      status: "Payment Pending",
      paymentId: null,
    });

    const page = await getPage(browser, hosted.redirectUrl, server.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Pay £12.50");
    expect(page.html).toContain(request.reference);

    const paid = await payOnCardPage(browser, hosted.redirectUrl, { number: TEST_CARD.approve }, server.url);
    expect(paid.status).toBe(303);
    const paymentId = paymentIdIn(paid.location);
    expect(paid.location).toBe(`${request.successUrl}&cko-payment-id=${paymentId}`);
    expect(await gateway.getHostedPayment(hosted.id)).toEqual({ id: hosted.id, status: "Payment Received", paymentId });
    expect(await gateway.getPayment(paymentId!)).toMatchObject({
      status: "Authorized",
      approved: true,
      amount: 1250,
      reference: request.reference,
    });

    // The page, opened or posted again, only sends the shopper to the outcome: one payment per page.
    expect((await getPage(browser, hosted.redirectUrl, server.url)).location).toBe(paid.location);
    const before = await paymentsFor(request.reference);
    const again = await postForm(
      browser,
      hosted.redirectUrl,
      { "card-number": TEST_CARD.approve, "expiry-date": "12/30", "security-code": "123" },
      server.url,
    );
    expect(again.location).toBe(paid.location);
    expect(await paymentsFor(request.reference)).toBe(before);
  });

  it("sends a declined card to the failure address, with the payment id", async () => {
    const request = hostedRequest();
    const hosted = await gateway.createHostedPayment(request, key());
    const paid = await payOnCardPage(browser, hosted.redirectUrl, { number: TEST_CARD.decline }, server.url);
    const paymentId = paymentIdIn(paid.location);
    expect(paid.location).toBe(`${request.failureUrl}&cko-payment-id=${paymentId}`);
    expect(await gateway.getHostedPayment(hosted.id)).toEqual({ id: hosted.id, status: "Payment Pending", paymentId });
    expect(await gateway.getPayment(paymentId!)).toMatchObject({ status: "Declined", approved: false });
  });

  it("sends a challenge card through 3-D Secure: Authenticate ends at the success address", async () => {
    const request = hostedRequest();
    const hosted = await gateway.createHostedPayment(request, key());
    const paid = await payOnCardPage(browser, hosted.redirectUrl, { number: TEST_CARD.challenge }, server.url);
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(/^\/test-gateway\/3ds\/pay_[a-z2-7]{26}$/);
    const paymentId = paid.location!.split("/").pop()!;
    expect(await gateway.getHostedPayment(hosted.id)).toEqual({ id: hosted.id, status: "Payment Pending", paymentId });
    // While the challenge is open the card page leads back to it.
    expect((await getPage(browser, hosted.redirectUrl, server.url)).location).toBe(paid.location);

    const answered = await answerChallenge(browser, paid.location!, "authenticate", server.url);
    expect(answered.location).toBe(`${request.successUrl}&cko-payment-id=${paymentId}`);
    expect(await gateway.getHostedPayment(hosted.id)).toEqual({ id: hosted.id, status: "Payment Received", paymentId });
  });

  it("a challenge failed from the card page ends at the failure address", async () => {
    const request = hostedRequest();
    const hosted = await gateway.createHostedPayment(request, key());
    const paid = await payOnCardPage(browser, hosted.redirectUrl, { number: TEST_CARD.challenge }, server.url);
    const answered = await answerChallenge(browser, paid.location!, "fail", server.url);
    const paymentId = paid.location!.split("/").pop()!;
    expect(answered.location).toBe(`${request.failureUrl}&cko-payment-id=${paymentId}`);
    expect(await gateway.getPayment(paymentId)).toMatchObject({ status: "Declined" });
  });

  it("a challenge cancelled from the card page ends at the page's cancel address", async () => {
    const request = hostedRequest();
    const hosted = await gateway.createHostedPayment(request, key());
    const paid = await payOnCardPage(browser, hosted.redirectUrl, { number: TEST_CARD.challenge }, server.url);
    const answered = await answerChallenge(browser, paid.location!, "cancel", server.url);
    expect(answered.location).toBe(request.cancelUrl);
    const paymentId = paid.location!.split("/").pop()!;
    expect(await gateway.getHostedPayment(hosted.id)).toEqual({ id: hosted.id, status: "Cancelled", paymentId });
    expect(await gateway.getPayment(paymentId)).toMatchObject({ status: "Canceled", approved: false });
  });

  it("Cancel payment marks the page cancelled and returns to the cancel address", async () => {
    const request = hostedRequest();
    const hosted = await gateway.createHostedPayment(request, key());
    const cancelled = await cancelOnCardPage(browser, hosted.redirectUrl, server.url);
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(request.cancelUrl);
    expect(await gateway.getHostedPayment(hosted.id)).toEqual({ id: hosted.id, status: "Cancelled", paymentId: null });
    const page = await getPage(browser, hosted.redirectUrl, server.url);
    expect(page.status).toBe(410);
    expect(page.html).toContain("This payment was cancelled");
    expect(page.html).toContain(`href="${request.cancelUrl.replace(/&/g, "&amp;")}"`);
  });

  it("expires an hour after it is made", async () => {
    const request = hostedRequest();
    const hosted = await gateway.createHostedPayment(request, key());
    clock.advance(60 * 60_000);
    try {
      const page = await getPage(browser, hosted.redirectUrl, server.url);
      expect(page.status).toBe(410);
      expect(page.html).toContain("This payment page has expired");
      expect(await gateway.getHostedPayment(hosted.id)).toEqual({ id: hosted.id, status: "Expired", paymentId: null });
      const paid = await postForm(
        browser,
        hosted.redirectUrl,
        { "card-number": TEST_CARD.approve, "expiry-date": "12/30", "security-code": "123" },
        server.url,
      );
      expect(paid.status).toBe(410);
      expect(await paymentsFor(request.reference)).toBe(0);
    } finally {
      clock.set(TEST_NOW);
    }
  });

  it("answers not_found for a page it never made", async () => {
    expect((await failure(gateway.getHostedPayment("hpp_nosuchpage"))).kind).toBe("not_found");
  });
});

describe("voids", () => {
  it("void an authorisation, once; anything else is refused", async () => {
    const payment = await gateway.requestPayment(paymentRequest(await cardToken("4242424242424242")), key());
    const voidKey = key();
    await gateway.voidPayment(payment.id, payment.reference!, voidKey);
    expect(await gateway.getPayment(payment.id)).toMatchObject({ status: "Voided", approved: true });
    // The same key replays the accepted void; a new one finds nothing left to void.
    await gateway.voidPayment(payment.id, payment.reference!, voidKey);
    const refused = await failure(gateway.voidPayment(payment.id, payment.reference!, key()));
    expect(refused).toMatchObject({ kind: "invalid", status: 403 });

    const declined = await gateway.requestPayment(paymentRequest(await cardToken(TEST_CARD.decline)), key());
    expect((await failure(gateway.voidPayment(declined.id, declined.reference!, key()))).status).toBe(403);
    expect((await failure(gateway.voidPayment("pay_nosuchpayment", "x", key()))).kind).toBe("not_found");
  });
});

async function paymentsFor(reference: string): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(testGatewayPayments)
    .where(eq(testGatewayPayments.reference, reference));
  return row!.n;
}

describe("Cko-Idempotency-Key", () => {
  it("answers a repeated payment request with the first payment, and charges once", async () => {
    const request = paymentRequest(await cardToken("4242424242424242"));
    const idempotencyKey = key();
    const first = await gateway.requestPayment(request, idempotencyKey);
    const second = await gateway.requestPayment(request, idempotencyKey);
    expect(second).toEqual(first);
    expect(await paymentsFor(request.reference)).toBe(1);
  });

  it("answers concurrent repeats with one payment", async () => {
    const request = paymentRequest(await cardToken("4242424242424242"));
    const idempotencyKey = key();
    const answers = await Promise.all([1, 2, 3].map(() => gateway.requestPayment(request, idempotencyKey)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(await paymentsFor(request.reference)).toBe(1);
  });

  it("refuses the same key for a different request", async () => {
    const idempotencyKey = key();
    await gateway.requestPayment(paymentRequest(await cardToken("4242424242424242")), idempotencyKey);
    const refused = await failure(
      gateway.requestPayment(paymentRequest(await cardToken("4242424242424242"), { amount: 999 }), idempotencyKey),
    );
    expect(refused).toMatchObject({ kind: "invalid", status: 409 });
  });

  it("makes one hosted page per key", async () => {
    const request = hostedRequest();
    const idempotencyKey = key();
    const first = await gateway.createHostedPayment(request, idempotencyKey);
    expect(await gateway.createHostedPayment(request, idempotencyKey)).toEqual(first);
    expect((await gateway.createHostedPayment(request, key())).id).not.toBe(first.id);
  });
});

describe("wallet tokens", () => {
  it("exchanges an Apple Pay token and pays with it, without a challenge", async () => {
    const token = await gateway.exchangeWalletToken("applepay", fixture("applepay-token-data.json"));
    expect(token).toMatch(/^tok_/);
    const payment = await gateway.requestPayment(paymentRequest(token, { threeDs: false }), key());
    expect(payment).toMatchObject({ status: "Authorized", approved: true });
  });

  it("exchanges a Google Pay token and pays with it", async () => {
    const token = await gateway.exchangeWalletToken("googlepay", fixture("googlepay-token-data.json"));
    const payment = await gateway.requestPayment(paymentRequest(token, { threeDs: true }), key());
    expect(payment).toMatchObject({ status: "Authorized", approved: true, redirectUrl: null });
  });

  it("declines a wallet token whose data says decline", async () => {
    const data = {
      ...fixture("googlepay-token-data.json"),
      signedMessage: '{"encryptedMessage":"DECLINE","ephemeralPublicKey":"x","tag":"y"}',
    };
    const token = await gateway.exchangeWalletToken("googlepay", data);
    expect(await gateway.requestPayment(paymentRequest(token), key())).toMatchObject({
      status: "Declined",
      approved: false,
    });
  });

  it("refuses token data not in the wallet's documented shape", async () => {
    const { header: _header, ...noHeader } = fixture("applepay-token-data.json");
    const refused = await failure(gateway.exchangeWalletToken("applepay", noHeader));
    expect(refused).toMatchObject({ kind: "declined", status: 422 });
    expect(refused.message).toContain("token_data_invalid");
    const { signedMessage: _m, ...noMessage } = fixture("googlepay-token-data.json");
    expect((await failure(gateway.exchangeWalletToken("googlepay", noMessage))).message).toContain(
      "token_data_invalid",
    );
  });
});

describe("keys", () => {
  it("refuses a wrong secret key with 401, and a secret key where the public one belongs", async () => {
    const wrong = checkoutComGateway({
      secretKey: "sk_test_wrong",
      publicKey: SECRET,
      environment: "test",
      baseUrl: `${server.url}/test-gateway`,
    });
    expect(await failure(wrong.getPayment("pay_x"))).toMatchObject({ kind: "invalid", status: 401 });
    expect(await failure(wrong.exchangeWalletToken("applepay", fixture("applepay-token-data.json")))).toMatchObject({
      kind: "invalid",
      status: 401,
    });
  });

  it("never logs card numbers or keys", () => {
    const logged = JSON.stringify(log.entries);
    expect(logged).not.toMatch(/4242424242424242|4242 4242|4544249167673670|4010061700000021/);
    expect(logged).not.toContain(SECRET);
    expect(log.entries.some((e) => e.event === "test_gateway.payment")).toBe(true);
    expect(log.entries.some((e) => e.level === "error")).toBe(false);
  });
});
