import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fakeCheckoutCom, fixture, type FakeCheckoutCom } from "../testing/fake-checkout";
import { GatewayError, type PaymentRequest } from "../../ports/payment-gateway";
import { CHECKOUT_BASE_URLS, checkoutComGateway, type CheckoutComOptions } from "./adapter";

/*
 * The adapter against a local server answering checkout.com's recorded response bodies: it reads the real shapes
 * (with all their extra fields), sends the headers checkout.com expects, and maps every failure to a GatewayError.
 */

const SECRET = "sk_sbox_m73dzbpy7cf3gfd46xr4yj5xo4e";
const PUBLIC = "pk_sbox_xg66bnn6tpspd6pt3psc7otrqa=";

let fake: FakeCheckoutCom;
beforeAll(async () => {
  fake = await fakeCheckoutCom();
});
afterAll(async () => {
  await fake?.close();
});
afterEach(() => {
  fake.mode = "normal";
});

const adapter = (options: Partial<CheckoutComOptions> = {}) =>
  checkoutComGateway({
    secretKey: SECRET,
    publicKey: PUBLIC,
    environment: "sandbox",
    baseUrl: fake.url,
    timeoutMs: 300,
    ...options,
  });

const request: PaymentRequest = {
  token: "tok_4gzeau5o2uqubbk6fufs3m7p54",
  reference: "draft_8421",
  amount: 2350,
  currency: "GBP",
  customer: { email: "sam.jones@example.co.uk", name: "Sam Jones" },
  billing: { address_line1: "10 Downing Street", city: "London", zip: "SW1A 2AA", country: "GB" },
  successUrl: "https://shop.example.co.uk/checkout/payment/success?draftOrderId=draft_8421",
  failureUrl: "https://shop.example.co.uk/checkout/payment/failure?draftOrderId=draft_8421",
  threeDs: true,
};

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

describe("reading checkout.com's answers", () => {
  it("reads an authorised payment and sends the token, 3-D Secure, the key and the idempotency key", async () => {
    const payment = await adapter({ processingChannelId: "pc_q4dbxom5jbgudnjzjpz7j2z6uq" }).requestPayment(
      request,
      "draft_8421:try:1",
    );
    expect(payment).toEqual({
      id: "pay_y3oqhf46pyzuxjbcn2giaqnb44",
      status: "Authorized",
      approved: true,
      responseSummary: "Approved",
      redirectUrl: null,
      reference: "draft_8421",
      amount: 2350,
      currency: "GBP",
      card: {
        sourceId: "src_wmlfc3zyhqzehihu7giusaaawu",
        fingerprint: "9F3BAD2E48C6C8579F2F5DC0710B7C11A8ACD5072C3363A72579A6FB227D64BE",
        scheme: "Visa",
        last4: "4242",
        expiryMonth: 12,
        expiryYear: 2030,
      },
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/payments");
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(sent.headers["cko-idempotency-key"]).toBe("draft_8421:try:1");
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(sent.body).toEqual({
      source: {
        type: "token",
        token: request.token,
        billing_address: { address_line1: "10 Downing Street", city: "London", zip: "SW1A 2AA", country: "GB" },
      },
      amount: 2350,
      currency: "GBP",
      reference: "draft_8421",
      payment_type: "Regular",
      customer: { email: "sam.jones@example.co.uk", name: "Sam Jones" },
      "3ds": { enabled: true },
      success_url: request.successUrl,
      failure_url: request.failureUrl,
      processing_channel_id: "pc_q4dbxom5jbgudnjzjpz7j2z6uq",
    });
  });

  it("reads a declined payment", async () => {
    fake.answerNext(201, fixture("checkoutcom/payment-declined.json"));
    expect(await adapter().requestPayment(request, "k")).toMatchObject({
      id: "pay_3c3ywnfw2d7e7bgxrl4vbv7fdq",
      status: "Declined",
      approved: false,
      responseSummary: "Declined - Do Not Honour",
      redirectUrl: null,
    });
  });

  it("reads a 202 Pending answer, taking its redirect and the amount it lacks from the request", async () => {
    fake.answerNext(202, fixture("checkoutcom/payment-pending.json"));
    expect(await adapter().requestPayment(request, "k")).toEqual({
      id: "pay_mbabizu24mvu3mela5njyhpit4",
      status: "Pending",
      approved: false,
      responseSummary: null,
      redirectUrl: "https://3ds2-sandbox.ckotech.co/interceptor/3ds_pq2mhqzxtmcu5jsszvhh6ve2py",
      reference: "draft_8421",
      amount: 2350,
      currency: "GBP",
    });
  });

  it("reads payment details", async () => {
    const payment = await adapter().getPayment("pay_mbabizu24mvu3mela5njyhpit4");
    expect(payment).toEqual({
      id: "pay_mbabizu24mvu3mela5njyhpit4",
      status: "Authorized",
      approved: true,
      responseSummary: null,
      redirectUrl: null,
      reference: "draft_8421",
      amount: 2350,
      currency: "GBP",
      card: {
        sourceId: "src_nwd3m4in3hkuddfpjsaevunhdy",
        fingerprint: "B16D9C2E7C8D1F48BD8BD6C1C6B7F2E0DCA3B6E3D0DB8F6E59F7E8FD7A3A1C5E",
        scheme: "Visa",
        last4: "0021",
        expiryMonth: 12,
        expiryYear: 2030,
      },
    });
    const sent = fake.requests.at(-1)!;
    expect([sent.method, sent.path, sent.headers.authorization]).toEqual([
      "GET",
      "/payments/pay_mbabizu24mvu3mela5njyhpit4",
      `Bearer ${SECRET}`,
    ]);
    expect(sent.headers["cko-idempotency-key"]).toBeUndefined();
  });

  it("lists the payments made with a reference, newest first, with no idempotency key", async () => {
    const payments = await adapter().findPayments("draft_8421");
    expect(payments).toEqual([
      {
        id: "pay_x3ykcdq7hnaetbyvmp5ttchtsi",
        status: "Authorized",
        approved: true,
        responseSummary: null,
        redirectUrl: null,
        reference: "draft_8421",
        amount: 2350,
        currency: "GBP",
      },
      {
        id: "pay_mbabizu24mvu3mela5njyhpit4",
        status: "Declined",
        approved: false,
        responseSummary: "Declined - Do Not Honour",
        redirectUrl: null,
        reference: "draft_8421",
        amount: 2350,
        currency: "GBP",
      },
    ]);
    const sent = fake.requests.at(-1)!;
    expect([sent.method, sent.path, sent.query]).toEqual(["GET", "/payments", "reference=draft_8421&limit=100&skip=0"]);
    expect(sent.headers["cko-idempotency-key"]).toBeUndefined();
    fake.answerNext(200, { limit: 100, skip: 0, total_count: 0, data: [] });
    expect(await adapter().findPayments("draft_none")).toEqual([]);
    fake.answerNext(200, { data: "not a list" });
    expect(await failure(adapter().findPayments("draft_8421"))).toMatchObject({ kind: "unavailable" });
  });

  it("creates a hosted payment page with the return addresses, and reads its payment id", async () => {
    const hosted = await adapter().createHostedPayment(
      {
        reference: "draft_8421",
        amount: 2350,
        currency: "GBP",
        description: "Order from Demo Foods",
        customer: { email: "sam.jones@example.co.uk", name: "Sam Jones" },
        billing: null,
        successUrl: "https://shop.example.co.uk/s",
        failureUrl: "https://shop.example.co.uk/f",
        cancelUrl: "https://shop.example.co.uk/c",
      },
      "draft_8421:hpp:1",
    );
    expect(hosted).toEqual({
      id: "hpp_xGQBg0AXl3cM",
      redirectUrl: "https://pay.sandbox.checkout.com/page/hpp_xGQBg0AXl3cM",
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.headers["cko-idempotency-key"]).toBe("draft_8421:hpp:1");
    expect(sent.body).toMatchObject({
      amount: 2350,
      currency: "GBP",
      reference: "draft_8421",
      billing: { address: { country: "GB" } },
      success_url: "https://shop.example.co.uk/s",
      failure_url: "https://shop.example.co.uk/f",
      cancel_url: "https://shop.example.co.uk/c",
    });

    expect(await adapter().getHostedPayment("hpp_xGQBg0AXl3cM")).toEqual({
      id: "hpp_xGQBg0AXl3cM",
      status: "Payment Received",
      paymentId: "pay_mbabizu24mvu3mela5njyhpit4",
    });
    // Without payment_id, the payment link names the payment.
    const { payment_id: _id, ...linkOnly } = fixture("checkoutcom/hosted-details.json");
    fake.answerNext(200, linkOnly);
    expect((await adapter().getHostedPayment("hpp_xGQBg0AXl3cM")).paymentId).toBe("pay_mbabizu24mvu3mela5njyhpit4");
    fake.answerNext(200, { id: "hpp_xGQBg0AXl3cM", status: "Payment Pending", _links: { self: { href: "x" } } });
    expect(await adapter().getHostedPayment("hpp_xGQBg0AXl3cM")).toEqual({
      id: "hpp_xGQBg0AXl3cM",
      status: "Payment Pending",
      paymentId: null,
    });
  });

  it("voids with the reference and an idempotency key", async () => {
    await adapter().voidPayment(
      "pay_y3oqhf46pyzuxjbcn2giaqnb44",
      "draft_8421",
      "draft_8421:void:pay_y3oqhf46pyzuxjbcn2giaqnb44",
    );
    const sent = fake.requests.at(-1)!;
    expect([sent.method, sent.path]).toEqual(["POST", "/payments/pay_y3oqhf46pyzuxjbcn2giaqnb44/voids"]);
    expect(sent.body).toEqual({ reference: "draft_8421" });
    expect(sent.headers["cko-idempotency-key"]).toBe("draft_8421:void:pay_y3oqhf46pyzuxjbcn2giaqnb44");
  });

  it("exchanges wallet tokens with the public key", async () => {
    const tokenData = fixture("applepay-token-data.json");
    expect(await adapter().exchangeWalletToken("applepay", tokenData)).toBe("tok_ubfj2q76miwundwlk72vxt2i7q");
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe("/tokens");
    expect(sent.headers.authorization).toBe(`Bearer ${PUBLIC}`);
    expect(sent.body).toEqual({ type: "applepay", token_data: tokenData });
  });

  it("keeps a card from its token as an instrument with the secret key, reading the card it describes", async () => {
    expect(await adapter().createInstrument("tok_4gzeau5o2uqubbk6fufs3m7p54")).toEqual({
      sourceId: "src_wmlfc3zyhqzehihu7giusaaawu",
      fingerprint: "9F3BAD2E48C6C8579F2F5DC0710B7C11A8ACD5072C3363A72579A6FB227D64BE",
      scheme: "VISA",
      last4: "4242",
      expiryMonth: 6,
      expiryYear: 2031,
    });
    const sent = fake.requests.at(-1)!;
    expect([sent.method, sent.path, sent.headers.authorization]).toEqual(["POST", "/instruments", `Bearer ${SECRET}`]);
    expect(sent.body).toEqual({ type: "token", token: "tok_4gzeau5o2uqubbk6fufs3m7p54" });
  });

  it("a refused token is declined; an instrument answer without its card is unavailable", async () => {
    fake.answerNext(422, fixture("checkoutcom/error-422-token.json"));
    expect(await failure(adapter().createInstrument("tok_x"))).toMatchObject({ kind: "declined", status: 422 });
    fake.answerNext(201, { id: "src_wmlfc3zyhqzehihu7giusaaawu", type: "card" });
    expect(await failure(adapter().createInstrument("tok_x"))).toMatchObject({ kind: "unavailable", status: 201 });
  });

  it("pays with a saved card as source id with its security code, and no token or billing address", async () => {
    const { token: _token, ...withoutToken } = request;
    await adapter().requestPayment(
      { ...withoutToken, savedCard: { sourceId: "src_wmlfc3zyhqzehihu7giusaaawu", cvv: "100" } },
      "k",
    );
    const sent = fake.requests.at(-1)!;
    expect((sent.body as { source: unknown }).source).toEqual({
      type: "id",
      id: "src_wmlfc3zyhqzehihu7giusaaawu",
      cvv: "100",
    });
  });
});

describe("failures", () => {
  it("401 is invalid, naming the refused key without quoting it", async () => {
    fake.answerNext(401);
    const error = await failure(adapter().requestPayment(request, "k"));
    expect(error).toMatchObject({ kind: "invalid", status: 401 });
    expect(error.message).toContain("API key was refused");
    expect(error.message).not.toContain(SECRET);
  });

  it("404 is not_found", async () => {
    fake.answerNext(404);
    expect(await failure(adapter().getPayment("pay_unknown"))).toMatchObject({ kind: "not_found", status: 404 });
  });

  it("422 is invalid for our request and declined for the shopper's token, with the error codes", async () => {
    fake.answerNext(422, fixture("checkoutcom/error-422.json"));
    const ours = await failure(adapter().requestPayment(request, "k"));
    expect(ours).toMatchObject({ kind: "invalid", status: 422, body: fixture("checkoutcom/error-422.json") });
    expect(ours.message).toContain("amount_invalid, currency_required");

    fake.answerNext(422, fixture("checkoutcom/error-422-token.json"));
    expect(
      await failure(adapter().exchangeWalletToken("googlepay", fixture("googlepay-token-data.json"))),
    ).toMatchObject({ kind: "declined", status: 422 });
  });

  it("403, 409 are invalid; 429 and 5xx are unavailable", async () => {
    fake.answerNext(403);
    expect(await failure(adapter().voidPayment("pay_y3oqhf46pyzuxjbcn2giaqnb44", "r", "k"))).toMatchObject({
      kind: "invalid",
      status: 403,
    });
    fake.answerNext(409, { request_id: "r", error_type: "request_invalid", error_codes: ["idempotency_key_reused"] });
    expect(await failure(adapter().requestPayment(request, "k"))).toMatchObject({ kind: "invalid", status: 409 });
    fake.answerNext(429, { request_id: "r", error_type: "request_invalid", error_codes: ["duplicate_request"] });
    expect(await failure(adapter().requestPayment(request, "k"))).toMatchObject({ kind: "unavailable", status: 429 });
    fake.answerNext(500);
    expect(await failure(adapter().getHostedPayment("hpp_x"))).toMatchObject({ kind: "unavailable", status: 500 });
    fake.answerNext(502, "Bad Gateway");
    expect(await failure(adapter().requestPayment(request, "k"))).toMatchObject({ kind: "unavailable", status: 502 });
  });

  it("a timeout, a refused connection or an unreadable answer is unavailable", async () => {
    fake.mode = "slow";
    const slow = await failure(adapter().requestPayment(request, "k"));
    expect(slow.kind).toBe("unavailable");
    expect(slow.message).toMatch(/timed out after 300 ms/);

    fake.mode = "garbage";
    expect(await failure(adapter().requestPayment(request, "k"))).toMatchObject({ kind: "unavailable", status: 201 });

    fake.mode = "normal";
    const closed = checkoutComGateway({
      secretKey: SECRET,
      publicKey: PUBLIC,
      environment: "sandbox",
      baseUrl: "http://127.0.0.1:1",
      timeoutMs: 1000,
    });
    expect((await failure(closed.getPayment("pay_x"))).kind).toBe("unavailable");
  });
});

describe("environments", () => {
  it("calls checkout.com's sandbox or live API unless told otherwise", async () => {
    const urls: string[] = [];
    const capture = async (input: string) => {
      urls.push(input);
      return new Response(JSON.stringify(fixture("checkoutcom/payment-details.json")), { status: 200 });
    };
    await checkoutComGateway({
      secretKey: SECRET,
      publicKey: PUBLIC,
      environment: "sandbox",
      fetch: capture,
    }).getPayment("pay_a");
    await checkoutComGateway({
      secretKey: "sk_live",
      publicKey: "pk_live",
      environment: "live",
      fetch: capture,
    }).getPayment("pay_b");
    await checkoutComGateway({
      secretKey: SECRET,
      publicKey: PUBLIC,
      environment: "sandbox",
      baseUrl: "https://abc.api.sandbox.checkout.com/",
      fetch: capture,
    }).getPayment("pay_c");
    expect(urls).toEqual([
      `${CHECKOUT_BASE_URLS.sandbox}/payments/pay_a`,
      "https://api.checkout.com/payments/pay_b",
      "https://abc.api.sandbox.checkout.com/payments/pay_c",
    ]);
    expect(() => checkoutComGateway({ secretKey: SECRET, publicKey: PUBLIC, environment: "test" })).toThrow(/base URL/);
    expect(
      checkoutComGateway({ secretKey: SECRET, publicKey: PUBLIC, environment: "live", fetch: capture }),
    ).toMatchObject({
      name: "checkoutcom",
      environment: "live",
      publicKey: PUBLIC,
    });
  });
});
