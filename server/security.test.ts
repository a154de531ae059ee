import { describe, expect, it } from "vitest";
import { CHECKOUT_COM_FORM_ORIGINS, contentSecurityPolicy, loggablePath, newNonce } from "./security";

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
    expect(contentSecurityPolicy("n", { formTargets: CHECKOUT_COM_FORM_ORIGINS })).toContain("form-action 'self' https://*.checkout.com;");
  });
  it("lets the page connect only to the site, and to where the browser reads Google Pay's payment method manifest", () => {
    expect(contentSecurityPolicy("n")).toContain("connect-src 'self' https://google.com/pay https://pay.google.com;");
  });
  it("makes a fresh nonce each time", () => {
    const a = newNonce();
    const b = newNonce();
    expect(a).not.toBe(b);
    expect(Buffer.from(a, "base64")).toHaveLength(16);
  });
});

describe("paths in the logs", () => {
  it("keep the route of a reset or order status link but not its token", () => {
    expect(loggablePath("/member/reset-token/abcDEF123")).toBe("/member/reset-token/[redacted]");
    expect(loggablePath("/orders/s3cr3t-token")).toBe("/orders/[redacted]");
    expect(loggablePath("/stores/larder-islington/category/bakery")).toBe("/stores/larder-islington/category/bakery");
  });
});
