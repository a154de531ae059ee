import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botCheckFor, honeypotBotCheck, recaptchaBotCheck } from "./index";
import { fakeRecaptcha, type FakeRecaptcha } from "./testing/fake-recaptcha";

const input = (token: string, clientIp = "203.0.113.10") => ({ token, clientIp, action: "coupon_apply" });

describe("honeypot bot check", () => {
  it("passes the storefront's answer with the honeypot left empty", async () => {
    expect(await honeypotBotCheck.verify(input("honeypot:"))).toEqual({ ok: true });
  });

  it("fails a filled-in honeypot and a token without the prefix", async () => {
    expect(await honeypotBotCheck.verify(input("honeypot:http://spam.example"))).toEqual({
      ok: false,
      reason: "the honeypot field was filled in",
    });
    expect(await honeypotBotCheck.verify(input("honeypot: "))).toMatchObject({ ok: false });
    expect(await honeypotBotCheck.verify(input(""))).toEqual({
      ok: false,
      reason: "the token is not a honeypot answer",
    });
    expect(await honeypotBotCheck.verify(input("03AFcWeA-recaptcha-like"))).toMatchObject({ ok: false });
  });
});

describe("reCAPTCHA bot check", () => {
  let google: FakeRecaptcha;
  beforeAll(async () => {
    google = await fakeRecaptcha("test-secret");
  });
  afterAll(() => google.close());
  const check = (options: { secretKey?: string; timeoutMs?: number; verifyUrl?: string } = {}) =>
    recaptchaBotCheck({ secretKey: "test-secret", verifyUrl: google.url, timeoutMs: 1500, ...options });

  it("posts the secret, the token and the shopper's address as a form, and passes on success", async () => {
    expect(await check().verify(input("v2-pass"))).toEqual({ ok: true });
    expect(Object.fromEntries(google.requests.at(-1)!)).toEqual({
      secret: "test-secret",
      response: "v2-pass",
      remoteip: "203.0.113.10",
    });
  });

  it("leaves the address out when it is unknown", async () => {
    await check().verify(input("v2-pass", "unknown"));
    expect(google.requests.at(-1)!.has("remoteip")).toBe(false);
  });

  it("passes a v3 score of at least 0.5 for the protected action only", async () => {
    expect(await check().verify(input("v3-pass"))).toEqual({ ok: true });
    expect(await check().verify(input("v3-low"))).toEqual({ ok: false, reason: "reCAPTCHA score 0.3 is below 0.5" });
    expect(await check().verify(input("v3-other-action"))).toEqual({
      ok: false,
      reason: 'reCAPTCHA token was made for "login", not "coupon_apply"',
    });
  });

  it("fails a token Google refuses, a wrong secret, and no token at all without asking", async () => {
    expect(await check().verify(input("forged"))).toEqual({
      ok: false,
      reason: "reCAPTCHA refused the token (error codes: invalid-input-response)",
    });
    expect(await check({ secretKey: "wrong" }).verify(input("v2-pass"))).toEqual({
      ok: false,
      reason: "reCAPTCHA refused the token (error codes: invalid-input-secret)",
    });
    const before = google.requests.length;
    expect(await check().verify(input(" "))).toEqual({ ok: false, reason: "no reCAPTCHA token" });
    expect(google.requests.length).toBe(before);
  });

  it("fails when the service is slow, broken, talking nonsense or not there", async () => {
    expect(await check({ timeoutMs: 300 }).verify(input("slow"))).toEqual({
      ok: false,
      reason: "reCAPTCHA did not answer within 300 ms",
    });
    expect(await check().verify(input("error"))).toEqual({ ok: false, reason: "reCAPTCHA answered 500" });
    expect(await check().verify(input("garbage"))).toEqual({
      ok: false,
      reason: "reCAPTCHA answered something other than JSON",
    });

    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, "127.0.0.1", () => {
        const { port: p } = probe.address() as { port: number };
        probe.close(() => resolve(p));
      });
    });
    const refused = await check({ verifyUrl: `http://127.0.0.1:${port}/siteverify` }).verify(input("v2-pass"));
    expect(refused).toMatchObject({ ok: false, reason: expect.stringMatching(/^reCAPTCHA could not be reached: /) });
  });

  it("is what botCheckFor gives when the configuration has keys, and the honeypot when it has none", async () => {
    const base = { contentDir: "content", accessTokenSeconds: 1, refreshTokenSeconds: 1 };
    expect(botCheckFor(base)).toBe(honeypotBotCheck);
    const withKeys = { ...base, recaptcha: { siteKey: "site", secretKey: "test-secret", verifyUrl: google.url } };
    const configured = botCheckFor(withKeys);
    expect(botCheckFor(withKeys)).toBe(configured);
    expect(await configured.verify(input("v2-pass"))).toEqual({ ok: true });
    // With reCAPTCHA on, the honeypot answer is no longer enough.
    expect(await configured.verify(input("honeypot:"))).toMatchObject({ ok: false });
  });
});
