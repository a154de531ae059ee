import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controllableClock } from "../../contract";
import type { Database } from "../../db/open";
import { testGatewayIdempotency, testGatewayPayments, testGatewayTokens } from "../../db/schema";
import { memoryLogger, openTestDatabase, TEST_NOW } from "../../testing";
import { answerChallenge, formActions, getPage, payOnCardPage, postForm, TEST_CARD } from "../testing/drive";
import { createTestGateway, type TestGateway } from "./index";

/*
 * The test gateway called in process: its API's error answers, and what its pages are made of (fields, labels,
 * error summary, policy headers) — the parts a shopper and a screen reader depend on.
 */

const SECRET = "sk_test_pages";
const PUBLIC = "pk_test_pages";
const SHOP = "https://shop.example.co.uk";

let database: Database;
let gateway: TestGateway;
const log = memoryLogger();
const clock = controllableClock(TEST_NOW);

beforeAll(async () => {
  database = await openTestDatabase();
  gateway = createTestGateway({ db: database.db, clock, log, publicKey: PUBLIC, secretKey: SECRET });
});
afterAll(async () => {
  await database?.close();
});

async function api(
  method: string,
  path: string,
  body?: unknown,
  key: string | null = SECRET,
  headers: Record<string, string> = {},
) {
  const response = await gateway.fetch(
    new Request(`http://gateway.test/test-gateway${path}`, {
      method,
      headers: {
        ...(key ? { authorization: key } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  const json = response.headers.get("content-type")?.startsWith("application/json");
  return { status: response.status, body: text && json ? (JSON.parse(text) as Record<string, unknown>) : null };
}

async function hostedPage(overrides: Record<string, unknown> = {}): Promise<{ id: string; href: string }> {
  const created = await api("POST", "/hosted-payments", {
    amount: 1999,
    currency: "GBP",
    reference: "draft_<42>",
    description: "Order from Demo Foods",
    customer: { email: "sam@example.co.uk", name: "Sam Jones" },
    billing: { address: { address_line1: "1 High Street", city: "London", zip: "SW1A 1AA", country: "GB" } },
    success_url: `${SHOP}/checkout/payment/success?draftOrderId=1`,
    failure_url: `${SHOP}/checkout/payment/failure?draftOrderId=1`,
    cancel_url: `${SHOP}/checkout/payment/cancel?draftOrderId=1`,
    ...overrides,
  });
  expect(created.status).toBe(201);
  const body = created.body as { id: string; _links: { redirect: { href: string } } };
  return { id: body.id, href: body._links.redirect.href };
}

describe("API: instruments", () => {
  const token = async (number = "4242424242424242") =>
    (
      (await api("POST", "/tokens", { type: "card", number, expiry_month: 12, expiry_year: 2030, cvv: "123" }, PUBLIC))
        .body as { token: string }
    ).token;

  it("keeps a card token as an instrument with the secret key only, and checks the request", async () => {
    const tok = await token();
    expect((await api("POST", "/instruments", { type: "token", token: tok }, PUBLIC)).status).toBe(401);
    expect(await api("POST", "/instruments", { token: tok })).toMatchObject({
      status: 422,
      body: { error_codes: ["instrument_type_required"] },
    });
    expect(await api("POST", "/instruments", { type: "card", token: tok })).toMatchObject({
      status: 422,
      body: { error_codes: ["instrument_type_invalid"] },
    });
    expect(await api("POST", "/instruments", { type: "token" })).toMatchObject({
      status: 422,
      body: { error_codes: ["token_required"] },
    });
    expect((await api("GET", "/instruments")).status).toBe(405);
    const made = await api("POST", "/instruments", { type: "token", token: tok });
    expect(made).toMatchObject({
      status: 201,
      body: { type: "card", scheme: "Visa", last4: "4242", bin: "424242", expiry_month: 12, expiry_year: 2030 },
    });
    expect(made.body!.id).toMatch(/^src_[a-z2-7]{26}$/);
    expect(JSON.stringify(made.body)).not.toContain("4242424242424242");
    expect(await api("POST", "/instruments", { type: "token", token: tok })).toMatchObject({
      status: 422,
      body: { error_codes: ["token_used"] },
    });
  });

  it("never keeps the security code given with a saved-card payment, even in its idempotency record", async () => {
    const made = await api("POST", "/instruments", { type: "token", token: await token() });
    const paid = await api(
      "POST",
      "/payments",
      { source: { type: "id", id: made.body!.id, cvv: "864" }, amount: 100, currency: "GBP", reference: "draft_cvv" },
      SECRET,
      { "cko-idempotency-key": "cvv-key" },
    );
    expect(paid).toMatchObject({ status: 201, body: { status: "Authorized", source: { id: made.body!.id } } });
    expect(JSON.stringify(paid.body)).not.toContain("864");
    const rows = await database.db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.reference, "draft_cvv"));
    expect(JSON.stringify(rows)).not.toContain("864");
    const [kept] = await database.db
      .select()
      .from(testGatewayIdempotency)
      .where(eq(testGatewayIdempotency.key, "cvv-key"));
    expect(kept!.status).toBe(201);
    expect(JSON.stringify(kept!.body)).not.toContain("864");
    // The same request again (its cvv is not part of what makes it the same) is answered with the first payment.
    const again = await api(
      "POST",
      "/payments",
      { source: { type: "id", id: made.body!.id, cvv: "864" }, amount: 100, currency: "GBP", reference: "draft_cvv" },
      SECRET,
      { "cko-idempotency-key": "cvv-key" },
    );
    expect(again.body!.id).toBe(paid.body!.id);
  });
});

describe("API", () => {
  it("takes the secret key as a bearer token or bare, and refuses anything else with 401", async () => {
    expect((await api("GET", "/payments/pay_unknown", undefined, `Bearer ${SECRET}`)).status).toBe(404);
    expect((await api("GET", "/payments/pay_unknown", undefined, SECRET)).status).toBe(404);
    expect((await api("GET", "/payments/pay_unknown", undefined, PUBLIC)).status).toBe(401);
    expect((await api("GET", "/payments/pay_unknown", undefined, null)).status).toBe(401);
    expect((await api("POST", "/tokens", { type: "card" }, SECRET)).status).toBe(401);
  });

  it("tokenises a card, keeping only its scheme, BIN, last four digits and expiry", async () => {
    const answer = await api(
      "POST",
      "/tokens",
      { type: "card", number: "4242424242424242", expiry_month: 6, expiry_year: 2029, cvv: "100" },
      PUBLIC,
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      type: "card",
      token: expect.stringMatching(/^tok_/),
      expires_on: "2025-06-02T09:15:00.000Z",
      expiry_month: 6,
      expiry_year: 2029,
      scheme: "Visa",
      last4: "4242",
      bin: "424242",
      card_type: "Credit",
    });
    const rows = await database.db.select().from(testGatewayTokens);
    expect(JSON.stringify(rows)).not.toContain("4242424242424242");
  });

  it("answers 422 with checkout.com's error body and codes for a bad card", async () => {
    const codes = async (body: Record<string, unknown>) => {
      const answer = await api("POST", "/tokens", body, PUBLIC);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ request_id: expect.any(String), error_type: "request_invalid" });
      return (answer.body as { error_codes: string[] }).error_codes;
    };
    const card = { type: "card", number: "4242424242424242", expiry_month: 6, expiry_year: 2029 };
    expect(await codes({ number: "4242424242424242" })).toEqual(["token_type_required"]);
    expect(await codes({ type: "paypal" })).toEqual(["token_type_invalid"]);
    expect(await codes({ ...card, number: undefined })).toEqual(["card_number_required"]);
    expect(await codes({ ...card, number: "4242424242424241" })).toEqual(["card_number_invalid"]);
    expect(await codes({ ...card, number: "378282246310005" })).toEqual(["card_scheme_not_supported"]);
    expect(await codes({ ...card, expiry_month: 13 })).toEqual(["card_expiry_month_invalid"]);
    expect(await codes({ ...card, expiry_year: undefined })).toEqual(["card_expiry_year_required"]);
    expect(await codes({ ...card, expiry_month: 5, expiry_year: 2025 })).toEqual(["card_expired"]);
    expect(await codes({ ...card, cvv: "12" })).toEqual(["cvv_invalid"]);
    expect(await codes({ type: "applepay" })).toEqual(["token_data_required"]);
    expect(await codes({ type: "googlepay", token_data: { signature: "x" } })).toEqual(["token_data_invalid"]);
  });

  it("refuses a payment request that is not a token payment checkout.com would take", async () => {
    const codes = async (body: Record<string, unknown>) =>
      ((await api("POST", "/payments", body)).body as { error_codes: string[] }).error_codes;
    expect(await codes({ amount: 100, currency: "GBP" })).toEqual(["payment_source_required"]);
    expect(await codes({ source: { type: "card" }, amount: 100, currency: "GBP" })).toEqual([
      "payment_source_type_invalid",
    ]);
    expect(await codes({ source: { type: "token" }, amount: 100, currency: "GBP" })).toEqual(["token_required"]);
    expect(
      await codes({
        source: { type: "token", token: "tok_x" },
        amount: 1.5,
        currency: "gbp",
        success_url: "/relative",
      }),
    ).toEqual(["amount_invalid", "currency_invalid", "success_url_invalid"]);
    expect(await codes({ source: { type: "token", token: "tok_x" }, currency: "GBP" })).toEqual(["amount_required"]);
  });

  it("refuses a hosted page without a billing country or return addresses", async () => {
    const answer = await api("POST", "/hosted-payments", { amount: 100, currency: "GBP", billing: { address: {} } });
    expect(answer.status).toBe(422);
    expect((answer.body as { error_codes: string[] }).error_codes).toEqual([
      "billing_address_country_invalid",
      "success_url_required",
      "failure_url_required",
      "cancel_url_required",
    ]);
  });

  it("lists payments by reference only, with the secret key, in pages of 1 to 100", async () => {
    expect((await api("GET", "/payments?reference=draft_nothing")).body).toMatchObject({
      limit: 10,
      skip: 0,
      total_count: 0,
      data: [],
    });
    expect((await api("GET", "/payments?reference=draft_nothing", undefined, PUBLIC)).status).toBe(401);
    for (const query of [
      "",
      "?reference=",
      "?reference=a&limit=0",
      "?reference=a&limit=101",
      "?reference=a&skip=-1",
      "?reference=a&limit=ten",
    ]) {
      const refused = await api("GET", `/payments${query}`);
      expect(refused.status, query).toBe(422);
      expect(refused.body).toMatchObject({ error_type: "request_invalid" });
    }
  });

  it("answers 405 to a method a path does not take, and 404 to a path it does not have", async () => {
    expect((await api("DELETE", "/payments")).status).toBe(405);
    expect((await api("GET", "/nothing-here")).status).toBe(404);
    expect((await gateway.fetch(new Request("http://gateway.test/elsewhere"))).status).toBe(404);
  });
});

describe("the card page", () => {
  it("has three labelled fields with autofill and numeric keypads, a pay and a cancel button, and the test notice", async () => {
    const { id, href } = await hostedPage();
    const page = await getPage(gateway.fetch, href);
    expect(page.status).toBe(200);
    const { html } = page;
    expect(html).toMatch(/^<!DOCTYPE html>\s*<html lang="en-GB">/);
    expect(html).toContain('<main id="main">');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain("Test payment page — no real money is taken");
    expect(html).toContain("£19.99");
    // The reference is escaped, never markup.
    expect(html).toContain("draft_&lt;42&gt;");
    expect(html).not.toContain("draft_<42>");
    for (const [name, label, autocomplete] of [
      ["card-number", "Card number", "cc-number"],
      ["expiry-date", "Expiry date", "cc-exp"],
      ["security-code", "Security code", "cc-csc"],
    ] as const) {
      expect(html).toContain(`<label for="${name}">${label}</label>`);
      const input = new RegExp(
        `<input id="${name}" name="${name}" type="text" inputmode="numeric" autocomplete="${autocomplete}"` +
          `[^>]*aria-describedby="${name}-hint"`,
      );
      expect(html).toMatch(input);
      expect(html).toContain(`id="${name}-hint"`);
    }
    expect(html).toContain('<button type="submit" class="primary">Pay £19.99</button>');
    expect(html).toContain("Cancel payment</button>");
    expect(formActions(html)).toEqual([`/test-gateway/hpp/${id}`, `/test-gateway/hpp/${id}/cancel`]);
    expect(html).toContain("We accept Visa, Mastercard, Discover and JCB");
    for (const n of ["4242 4242 4242 4242", "4544 2491 6767 3670", "4010 0617 0000 0021"]) expect(html).toContain(n);
  });

  it("has its own policy: a nonce for its style, no framing, forms only to itself and the shop's origin", async () => {
    const { href } = await hostedPage();
    const page = await getPage(gateway.fetch, href);
    const csp = page.headers.get("content-security-policy")!;
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.html).toContain(`<style nonce="${nonce}">`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`form-action 'self' ${SHOP}`);
    expect(csp).not.toContain("script-src");
    expect(page.headers.get("cache-control")).toBe("no-store");
    // A fresh nonce each time.
    const again = await getPage(gateway.fetch, href);
    expect(again.headers.get("content-security-policy")).not.toBe(csp);
    // Return addresses on the gateway's own origin need nothing beyond 'self'.
    const local = await hostedPage({
      success_url: "http://storefront.test/s",
      failure_url: "http://storefront.test/f",
      cancel_url: "http://storefront.test/c",
    });
    expect((await getPage(gateway.fetch, local.href)).headers.get("content-security-policy")).toContain(
      "form-action 'self' http://storefront.test;",
    );
  });

  it("re-renders with 400, an error summary linked to each field and messages tied to the fields, keeping only the expiry", async () => {
    const { href } = await hostedPage();
    const posted = await postForm(gateway.fetch, href, {
      "card-number": "4242 4242 4242 4241",
      "expiry-date": "13/30",
      "security-code": "98",
    });
    expect(posted.status).toBe(400);
    const { html } = posted;
    expect(html).toContain("<title>Error: ");
    expect(html).toMatch(
      /<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>/,
    );
    expect(html).toContain('<a href="#card-number">Enter a valid card number</a>');
    expect(html).toContain('<a href="#expiry-date">The expiry month must be between 01 and 12</a>');
    expect(html).toContain('<a href="#security-code">The security code is the 3 digits on the back of your card</a>');
    for (const name of ["card-number", "expiry-date", "security-code"]) {
      expect(html).toMatch(
        new RegExp(`<span id="${name}-error" class="error-message"><span class="visually-hidden">Error:</span> `),
      );
      expect(html).toMatch(
        new RegExp(`<input id="${name}"[^>]*aria-describedby="${name}-hint ${name}-error" aria-invalid="true"`),
      );
    }
    expect(html).toContain('value="13/30"');
    expect(html).not.toContain("4242 4242 4242 4241");
    expect(html).not.toContain('value="98"');

    const missing = await postForm(gateway.fetch, href, {});
    expect(missing.status).toBe(400);
    for (const message of ["Enter your card number", "Enter the expiry date", "Enter the security code"])
      expect(missing.html).toContain(message);
    const amex = await postForm(gateway.fetch, href, {
      "card-number": "3782 822463 10005",
      "expiry-date": "12/30",
      "security-code": "123",
    });
    expect(amex.html).toContain("We accept Visa, Mastercard, Discover and JCB</a>");
  });

  it("keeps no card number or security code, in the database or the log", async () => {
    const { href } = await hostedPage();
    const paid = await payOnCardPage(gateway.fetch, href, { number: "5555 5555 5555 4444", securityCode: "987" });
    expect(paid.status).toBe(303);
    const stored = JSON.stringify([
      await database.db.select().from(testGatewayTokens),
      await database.db.select().from(testGatewayPayments),
    ]);
    expect(stored).not.toContain("5555555555554444");
    expect(stored).toContain('"last4":"4444"');
    const logged = JSON.stringify(log.entries);
    expect(logged).not.toContain("5555");
    expect(logged).not.toContain("987");
  });

  it("takes one payment however often Pay is pressed at once", async () => {
    const { id, href } = await hostedPage({ reference: "double-click" });
    const fields = { "card-number": TEST_CARD.approve, "expiry-date": "12/30", "security-code": "123" };
    const answers = await Promise.all([1, 2, 3].map(() => postForm(gateway.fetch, href, fields)));
    expect(answers.map((a) => a.status)).toEqual([303, 303, 303]);
    expect(new Set(answers.map((a) => a.location)).size).toBe(1);
    const payments = await database.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.hostedId, id));
    expect(payments).toHaveLength(1);
    expect(answers[0]!.location).toContain(`cko-payment-id=${payments[0]!.id}`);
  });

  it("answers 404 for a page it never made", async () => {
    const page = await getPage(gateway.fetch, "/test-gateway/hpp/hpp_missing");
    expect(page.status).toBe(404);
    expect(page.html).toContain("<h1>Page not found</h1>");
  });
});

describe("API: a payment its acquirer answers later", () => {
  it("is Pending with no challenge link when made, has no challenge page, and is Authorized when next read", async () => {
    const token = await api(
      "POST",
      "/tokens",
      { type: "googlepay", token_data: { signature: "s", protocolVersion: "ECv2", signedMessage: "PROCESSING" } },
      PUBLIC,
    );
    expect(token.status).toBe(201);
    const made = await api("POST", "/payments", {
      source: { type: "token", token: (token.body as { token: string }).token },
      amount: 750,
      currency: "GBP",
      reference: "processing-1",
      "3ds": { enabled: true },
    });
    expect(made).toMatchObject({ status: 202, body: { status: "Pending" } });
    const id = (made.body as { id: string }).id;
    expect((made.body as { _links: Record<string, unknown> })._links.redirect).toBeUndefined();
    expect((await getPage(gateway.fetch, `/test-gateway/3ds/${id}`)).status).toBe(404);
    expect((await postForm(gateway.fetch, `/test-gateway/3ds/${id}`, { outcome: "authenticate" })).status).toBe(404);
    expect(await api("GET", `/payments/${id}`)).toMatchObject({
      status: 200,
      body: { status: "Authorized", approved: true, response_code: "10000" },
    });
    expect(log.entries.some((e) => e.event === "test_gateway.processing_settled" && e.fields?.id === id)).toBe(true);
    expect(await api("GET", "/payments?reference=processing-1")).toMatchObject({
      status: 200,
      body: { total_count: 1, data: [{ id, status: "Authorized" }] },
    });
  });

  it("settles when listed by its reference, as when read alone", async () => {
    const token = await api(
      "POST",
      "/tokens",
      { type: "googlepay", token_data: { signature: "s", protocolVersion: "ECv2", signedMessage: "PROCESSING" } },
      PUBLIC,
    );
    const made = await api("POST", "/payments", {
      source: { type: "token", token: (token.body as { token: string }).token },
      amount: 750,
      currency: "GBP",
      reference: "processing-2",
    });
    expect(made.status).toBe(202);
    expect(await api("GET", "/payments?reference=processing-2")).toMatchObject({
      body: { data: [{ status: "Authorized", approved: true }] },
    });
  });
});

describe("the 3-D Secure page", () => {
  it("offers Authenticate, Fail authentication and Cancel as buttons of one form", async () => {
    const { href } = await hostedPage();
    const paid = await payOnCardPage(gateway.fetch, href, { number: TEST_CARD.challenge });
    const page = await getPage(gateway.fetch, paid.location!);
    expect(page.status).toBe(200);
    expect(page.html).toContain(
      '<button type="submit" name="outcome" value="authenticate" class="primary">Authenticate</button>',
    );
    expect(page.html).toContain(
      '<button type="submit" name="outcome" value="fail" class="warning">Fail authentication</button>',
    );
    expect(page.html).toContain(
      '<button type="submit" name="outcome" value="cancel" class="secondary">Cancel</button>',
    );
    expect(page.html).toContain("£19.99");
    expect(page.headers.get("content-security-policy")).toContain(`form-action 'self' ${SHOP}`);
    expect((await postForm(gateway.fetch, paid.location!, { outcome: "maybe" })).status).toBe(400);
    expect((await answerChallenge(gateway.fetch, paid.location!, "authenticate")).location).toMatch(
      /^https:\/\/shop\.example\.co\.uk\/checkout\/payment\/success\?draftOrderId=1&cko-payment-id=pay_/,
    );
  });

  it("says how a payment made without return addresses ended", async () => {
    const token = await api(
      "POST",
      "/tokens",
      { type: "card", number: TEST_CARD.challenge, expiry_month: 1, expiry_year: 2031 },
      PUBLIC,
    );
    const payment = await api("POST", "/payments", {
      source: { type: "token", token: (token.body as { token: string }).token },
      amount: 500,
      currency: "GBP",
      reference: "api-only",
      "3ds": { enabled: true },
    });
    expect(payment.status).toBe(202);
    const href = (payment.body as { _links: { redirect: { href: string } } })._links.redirect.href;
    const done = await answerChallenge(gateway.fetch, href, "authenticate");
    expect(done.status).toBe(200);
    expect(done.html).toContain("The payment was approved.");
  });
});
