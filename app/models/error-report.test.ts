import { describe, expect, it } from "vitest";
import { parseDsn, reportUser, scrubEvent, scrubText, sentryUser } from "./error-report";

describe("reportUser (spec 1 §6)", () => {
  it("names nobody without performance consent", () => {
    expect(reportUser(false, { firstName: "Robin", lastName: "Ashdown" })).toEqual({ kind: "anonymous" });
    expect(reportUser(false, "guest")).toEqual({ kind: "anonymous" });
  });

  it("names a member by full name and a guest as guest with consent", () => {
    expect(reportUser(true, { firstName: "Robin", lastName: "Ashdown" })).toEqual({
      kind: "member",
      fullName: "Robin Ashdown",
    });
    expect(reportUser(true, "guest")).toEqual({ kind: "guest" });
    expect(sentryUser(reportUser(true, "guest"))).toEqual({ username: "guest", ip_address: null });
    expect(sentryUser(reportUser(false, "guest"))).toEqual({ username: "anonymous", ip_address: null });
    expect(sentryUser(reportUser(true, { firstName: "Robin", lastName: "Ashdown" }))).toEqual({
      username: "Robin Ashdown",
      ip_address: null,
    });
  });

  it("keeps a member whose name could not be read anonymous", () => {
    expect(reportUser(true, "unknown")).toEqual({ kind: "anonymous" });
  });
});

describe("scrubText", () => {
  it.each([
    ["Failed for sam.patel@example.com", "Failed for [email]"],
    ["/login?email=sam.patel%40example.com&x=1", "/login?email=[email]&x=1"],
    ["Authorization: Bearer abc.def-ghi", "Authorization: Bearer [redacted]"],
    ["token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl here", "token [redacted] here"],
    ["/orders?token=abcdef&x=1", "/orders?token=[redacted]&x=1"],
    ["?basketToken=b-1&verifyToken=v-2", "?basketToken=[redacted]&verifyToken=[redacted]"],
    ["Cookie: __session=s%3Aabc.def; csrf=xyz", "Cookie: __session=[redacted]; csrf=[redacted]"],
    ["card 4242424242424242 declined", "card [card] declined"],
    ["card 4242 4242 4242 4242 declined", "card [card] declined"],
    ["card 4010-0617-0000-0021", "card [card]"],
    ["?number=4242+4242+4242+4242", "?number=[card]"],
    ["no store near SW1A 1AA or ec1a1bb", "no store near [postcode] or [postcode]"],
    ["/stores-near-by?postcode=M1%201AE", "/stores-near-by?postcode=[postcode]"],
    ["connect postgres://user:pass@db/internal", "connect postgres://[redacted]@db/internal"],
    ["session Xk3_9aZq-Lm2Pq7Rs8Tu1Vw4Yz6Ab0Cd5Ef", "session [redacted]"],
  ])("%s", (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it("leaves ordinary text, prices and times alone", () => {
    const text = "Basket total £12.50 for 3 items at 12:30 on 2025-06-01; store 15 is closed";
    expect(scrubText(text)).toBe(text);
  });
});

describe("scrubEvent", () => {
  const event = {
    event_id: "0123456789abcdef0123456789abcdef",
    release: "m3k9x0-abc123",
    message: "Could not reach sam.patel@example.com",
    exception: {
      values: [
        {
          type: "Error",
          value: "Card 4242 4242 4242 4242 for SW1A 1AA refused",
          stacktrace: { frames: [{ filename: "app.js", vars: { password: "hunter2", email: "a@b.co" } }] },
        },
      ],
    },
    breadcrumbs: [
      { message: "navigate to /login?email=a%40b.co", data: { url: "/basket?token=abc", cvc: "123", to: "E1 6AN" } },
    ],
    request: {
      url: "https://shop.example/stores-near-by?postcode=SW1A+1AA",
      query_string: "postcode=SW1A+1AA&token=abc",
      headers: {
        Cookie: "__session=abc",
        Authorization: "Bearer x",
        "User-Agent": "Mozilla/5.0",
        Referer: "https://shop.example/?email=a@b.co",
      },
      cookies: { __session: "abc" },
      data: { cardNumber: "4242424242424242", cvc: "123" },
    },
    extra: {
      form: { email: "a@b.co", cardNumber: "4242424242424242", securityCode: "123", note: "call 4242-4242-4242-4242" },
    },
    tags: { postcode: "M1 1AE", request_id: "14b22d71-e424-4c7f-a874-33e686ceed32" },
  };
  const scrubbed = scrubEvent(event);
  const text = JSON.stringify(scrubbed);

  it("leaves no e-mail address, token, card number, security code or postcode anywhere", () => {
    for (const secret of [
      "sam.patel",
      "a@b.co",
      "a%40b.co",
      "4242",
      "hunter2",
      "SW1A",
      "E1 6AN",
      "M1 1AE",
      "Bearer x",
      "__session=abc",
      '"123"',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("drops cookies, bodies and secret headers, and keeps the rest of the request", () => {
    expect(scrubbed.request).toEqual({
      url: "https://shop.example/stores-near-by?postcode=[postcode]",
      query_string: "postcode=[postcode]&token=[redacted]",
      headers: { "User-Agent": "Mozilla/5.0", Referer: "https://shop.example/?email=[email]" },
    });
  });

  it("keeps Sentry's own fields, the request id and the exception's type", () => {
    expect(scrubbed.tags).toEqual({ postcode: "[postcode]", request_id: "14b22d71-e424-4c7f-a874-33e686ceed32" });
    expect(scrubbed.event_id).toBe(event.event_id);
    expect(scrubbed.release).toBe(event.release);
    expect(scrubbed.exception?.values?.[0]?.type).toBe("Error");
    expect(scrubbed.exception?.values?.[0]?.value).toBe("Card [card] for [postcode] refused");
    expect(scrubbed.exception?.values?.[0]?.stacktrace?.frames).toEqual([{ filename: "app.js" }]);
  });

  it("does not change the event it was given", () => {
    expect(event.message).toBe("Could not reach sam.patel@example.com");
  });
});

describe("parseDsn", () => {
  it("reads the key, project and ingest origin, and gives the browser no secret", () => {
    expect(parseDsn("https://abc123@o42.ingest.sentry.io/4501")).toEqual({
      origin: "https://o42.ingest.sentry.io",
      publicKey: "abc123",
      projectId: "4501",
      publicDsn: "https://abc123@o42.ingest.sentry.io/4501",
    });
    expect(parseDsn("http://pub:sekrit@127.0.0.1:4422/sub/7")?.publicDsn).toBe("http://pub@127.0.0.1:4422/sub/7");
  });

  it("refuses what is not a DSN", () => {
    for (const bad of [
      "not a url",
      "https://o42.ingest.sentry.io/4501",
      "https://k@o42.ingest.sentry.io/",
      "ftp://k@host/1",
      "https://k@host/abc",
    ]) {
      expect(parseDsn(bad)).toBeNull();
    }
  });
});
