import { describe, expect, it } from "vitest";
import { csrfMatches, newCsrfToken, safeRedirectPath, sameSiteReferrer, sessionStorageFor } from "./session.server";

describe("redirect targets", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/stores-near-by?method=collection")).toBe("/stores-near-by?method=collection");
    expect(safeRedirectPath("/")).toBe("/");
  });
  it("refuses anything that could leave the site", () => {
    for (const bad of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "stores",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(bad as string)).toBe("/");
    }
  });
  it("goes back only to a same-site referrer", () => {
    const req = (referer?: string) => new Request("http://shop.test/missing", { headers: referer ? { referer } : {} });
    expect(sameSiteReferrer(req("http://shop.test/stores?x=1"))).toBe("/stores?x=1");
    expect(sameSiteReferrer(req("https://elsewhere.test/page"))).toBe("/");
    expect(sameSiteReferrer(req())).toBe("/");
    expect(sameSiteReferrer(req("not a url"))).toBe("/");
  });
});

describe("anti-forgery token", () => {
  it("matches only the same token", () => {
    const token = newCsrfToken();
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(csrfMatches(token, token)).toBe(true);
    expect(csrfMatches(token, newCsrfToken())).toBe(false);
    expect(csrfMatches(token, token.slice(1))).toBe(false);
    expect(csrfMatches(token, null)).toBe(false);
    expect(csrfMatches(undefined, token)).toBe(false);
  });
});

describe("session cookie", () => {
  it("is signed, HttpOnly, SameSite=Lax, and Secure in production", async () => {
    const storage = sessionStorageFor({ sessionSecrets: ["s".repeat(32)], secureCookies: true, testRoutes: false });
    const session = await storage.getSession();
    session.set("csrf", "abc");
    const cookie = await storage.commitSession(session);
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Secure");
    expect((await storage.getSession(cookie)).get("csrf")).toBe("abc");
    // A tampered cookie is ignored, never trusted.
    const tampered = cookie.replace(/^__session=([^;]+)/, (_m, v: string) => `__session=${v.slice(0, -3)}AAA`);
    expect((await storage.getSession(tampered)).get("csrf")).toBeUndefined();
  });
  it("is not Secure when the configuration says so (plain-HTTP development)", async () => {
    const storage = sessionStorageFor({ sessionSecrets: ["t".repeat(32)], secureCookies: false, testRoutes: false });
    expect(await storage.commitSession(await storage.getSession())).not.toContain("Secure");
  });
});
