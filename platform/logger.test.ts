import { describe, expect, it } from "vitest";
import { jsonLogger, redactLogFields } from "./logger";
import { memoryLogger } from "./testing/memory-logger";

describe("log redaction", () => {
  it("never writes a card token, security code, card number or other secret-named field, at any depth", () => {
    const lines: string[] = [];
    const log = jsonLogger({ service: "test" }, (line) => lines.push(line));
    log.warn("payments.gateway_error", {
      orderId: 7,
      token: "tok_4gzeau5o2uqubbk6fufs3m7p54",
      cvv: "987",
      cardNumber: "4242424242424242",
      request: {
        source: { type: "id", id: "src_abc", cvv: "987" },
        card_number: "4000 0000 0000 0002",
        securityCode: "987",
      },
      attempts: [{ basketToken: "b".repeat(43) }],
      error: "checkout.com refused card 4242 4242 4242 4242 for draft_12",
    });
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: "warn",
      event: "payments.gateway_error",
      service: "test",
      orderId: 7,
      token: "[redacted]",
      cvv: "[redacted]",
      cardNumber: "[redacted]",
      request: {
        source: { type: "id", id: "src_abc", cvv: "[redacted]" },
        card_number: "[redacted]",
        securityCode: "[redacted]",
      },
      attempts: [{ basketToken: "[redacted]" }],
      error: "checkout.com refused card [redacted card] for draft_12",
    });
    for (const secret of ["tok_4gzeau5o2uqubbk6fufs3m7p54", "4242", "4000"]) expect(lines[0]).not.toContain(secret);
  });

  it("keeps ordinary fields: ids, amounts, dates, phone numbers, the last four digits", () => {
    const fields = {
      orderId: 12,
      paymentId: "pay_y3oqhf46pyzuxjbcn2giaqnb44",
      last4: "4242",
      at: "2025-06-02T09:00:00.000Z",
      phone: "07700 900123",
      amount: 2350,
    };
    expect(redactLogFields(fields)).toEqual(fields);
  });

  it("the test logger keeps what a log line would carry", () => {
    const log = memoryLogger();
    log.info("cards.added", { memberId: 3, token: "tok_x", cvv: "123" });
    expect(log.entries).toEqual([
      { level: "info", event: "cards.added", fields: { memberId: 3, token: "[redacted]", cvv: "[redacted]" } },
    ]);
  });
});
