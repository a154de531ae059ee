import { describe, expect, it } from "vitest";
import { CHECKOUT_COM_FORM_ORIGINS, contentSecurityPolicy, newNonce } from "./security";

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
  it("makes a fresh nonce each time", () => {
    const a = newNonce();
    const b = newNonce();
    expect(a).not.toBe(b);
    expect(Buffer.from(a, "base64")).toHaveLength(16);
  });
});
