import { describe, expect, it } from "vitest";
import {
  cardFieldsSource,
  CHECKOUT_COM_FORM_ORIGINS,
  CHECKOUT_COM_FRAMES,
  contentSecurityPolicy,
  embeddedFrames,
  loggablePath,
  newNonce,
  requestIdFor,
} from "./security";

describe("content security policy", () => {
  it("allows scripts and styles only from the site and by nonce", () => {
    const csp = contentSecurityPolicy("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("style-src 'self' 'nonce-abc123'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });
  it("lets forms go only to the site, unless the card gateway's hosted page is on another origin", () => {
    expect(contentSecurityPolicy("n")).toContain("form-action 'self';");
    expect(contentSecurityPolicy("n", { formTargets: CHECKOUT_COM_FORM_ORIGINS })).toContain(
      "form-action 'self' https://*.checkout.com;",
    );
  });
  it("allows no frames, and no script from elsewhere, unless a card gateway's fields are configured", () => {
    const none = contentSecurityPolicy("n");
    expect(none).toContain("frame-src 'none'");
    expect(none).toContain("script-src 'self' 'nonce-n';");
    const checkout = contentSecurityPolicy("n", { cardFields: CHECKOUT_COM_FRAMES });
    expect(checkout).toContain("script-src 'self' 'nonce-n' https://cdn.checkout.com;");
    expect(checkout).toContain("frame-src https://*.checkout.com");
    expect(checkout).toContain("connect-src 'self' https://google.com/pay https://pay.google.com;");
    const embedded = contentSecurityPolicy("n", { cardFields: embeddedFrames("/test-gateway") });
    expect(embedded).toContain("script-src 'self' 'nonce-n';");
    expect(embedded).toContain("frame-src 'self'");
  });
  it("takes the card fields from checkout.com with its keys, from the embedded test gateway without them, else none", () => {
    expect(cardFieldsSource({ CHECKOUT_SECRET_KEY: "sk_sbox_x" }, "/test-gateway")).toEqual(CHECKOUT_COM_FRAMES);
    expect(CHECKOUT_COM_FRAMES.scriptUrl).toBe("https://cdn.checkout.com/js/framesv2.min.js");
    expect(cardFieldsSource({}, "/test-gateway")?.scriptUrl).toBe("/test-gateway/frames.js");
    expect(cardFieldsSource({ PLATFORM_URL: "https://platform.example" }, "/test-gateway")).toBeNull();
  });
  it("lets the page connect only to the site, and to where the browser reads Google Pay's payment method manifest", () => {
    expect(contentSecurityPolicy("n")).toContain("connect-src 'self' https://google.com/pay https://pay.google.com;");
  });
  it("lets the page post error reports to the ingest only when SENTRY_DSN is set, still without 'unsafe-inline'", () => {
    const off = contentSecurityPolicy("n", { errorReportOrigin: null });
    expect(off).toContain("connect-src 'self' https://google.com/pay https://pay.google.com;");
    expect(off).not.toContain("sentry");
    const on = contentSecurityPolicy("n", { errorReportOrigin: "https://o42.ingest.sentry.io" });
    expect(on).toContain(
      "connect-src 'self' https://google.com/pay https://pay.google.com https://o42.ingest.sentry.io;",
    );
    expect(on).not.toContain("unsafe-inline");
    expect(on).toContain("script-src 'self' 'nonce-n';");
  });
  it("makes a fresh nonce each time", () => {
    const a = newNonce();
    const b = newNonce();
    expect(a).not.toBe(b);
    expect(Buffer.from(a, "base64")).toHaveLength(16);
  });
});

describe("request ids", () => {
  it("keep a trusted proxy's sane id, and are made afresh otherwise", () => {
    expect(requestIdFor("lb-1234-abcd", true)).toBe("lb-1234-abcd");
    expect(requestIdFor("lb-1234-abcd", false)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor("bad id with spaces <script>", true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(undefined, true)).not.toBe(requestIdFor(undefined, true));
  });
});

describe("paths in the logs", () => {
  it("keep the route of a reset or order status link but not its token", () => {
    expect(loggablePath("/member/reset-token/abcDEF123")).toBe("/member/reset-token/[redacted]");
    expect(loggablePath("/orders/s3cr3t-token")).toBe("/orders/[redacted]");
    expect(loggablePath("/stores/larder-islington/category/bakery")).toBe("/stores/larder-islington/category/bakery");
  });
});
