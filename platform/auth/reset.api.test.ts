import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, AUTH_MESSAGES } from "../contract";
import { rateLimits } from "../db/schema";
import { createTestPlatform, expectError, TEST_NOW, type TestPlatform } from "../testing";
import { latestResetToken, messagesTo, registerMember } from "./testing/accounts";
import { expectNoSecretsIn } from "./testing/logs";

let t: TestPlatform;
const PUBLIC_URL = "https://shop.example";
const RESET_URL = `${PUBLIC_URL}/member/reset-token`;
const EMAIL = "reset.member@example.com";
const OLD = "plum-kettle-harbour";
const NEW = "quince-lantern-meadow";
const tokensSeen: string[] = [];

const request = (email: string, resetUrl = RESET_URL) =>
  t.call("POST", "/api/auth/requestResetPassword", { email, resetUrl });
const validate = (token: string) => t.call("POST", "/api/auth/validateResetToken", { token });
const reset = (token: string, password: string) => t.call("POST", "/api/auth/resetPassword", { token, password });
const signIn = (password: string) =>
  t.call("POST", "/api/auth/oauthToken", { grant_type: "password", username: EMAIL, password });

async function newLink() {
  expect((await request(EMAIL)).status).toBe(200);
  const link = await latestResetToken(t, EMAIL);
  tokensSeen.push(link.token);
  return link;
}

beforeAll(async () => {
  t = await createTestPlatform({ config: { publicUrl: PUBLIC_URL } });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  await t.db.delete(rateLimits);
});

describe("POST /api/auth/requestResetPassword", () => {
  it("e-mails a link to the storefront's reset page, answering the same whether or not the address has an account", async () => {
    await registerMember(t, { email: EMAIL, password: OLD });
    const known = await request("Reset.Member@example.com");
    const unknown = await request("nobody@example.com");
    expect(known.status).toBe(200);
    expect(api.requestResetPassword.response.parse(known.body)).toEqual({ message: AUTH_MESSAGES.resetRequested });
    expect(unknown.body).toEqual(known.body);
    expect(await messagesTo(t, "nobody@example.com")).toEqual([]);

    const [message] = await messagesTo(t, EMAIL, "password_reset");
    expect(message).toMatchObject({ channel: "email", kind: "password_reset" });
    const { link, token } = await latestResetToken(t, EMAIL);
    tokensSeen.push(token);
    expect(link).toBe(`${RESET_URL}/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("refuses a reset address that is not on the storefront's public address", async () => {
    for (const resetUrl of [
      "https://evil.example/member/reset-token",
      "http://shop.example/member/reset-token",
      `${RESET_URL}?next=x`,
    ]) {
      expectError(await request(EMAIL, resetUrl), 400);
    }
  });
});

describe("validateResetToken and resetPassword", () => {
  it("sets the new password, ends every session of the member and uses the link up", async () => {
    const before = api.oauthToken.response.parse((await signIn(OLD)).body);
    const { token } = await newLink();
    expect(api.validateResetToken.response.parse((await validate(token)).body)).toEqual({
      valid: true,
      email: "r***@example.com",
    });

    const res = await reset(token, NEW);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(api.resetPassword.response.parse(res.body)).toEqual({ message: AUTH_MESSAGES.passwordUpdated });

    expectError(await signIn(OLD), 401, { message: AUTH_MESSAGES.badCredentials });
    expect((await signIn(NEW)).status).toBe(200);
    expectError(await t.call("POST", "/api/member/profile/get", {}, { token: before.access_token }), 401);
    expectError(
      await t.call("POST", "/api/auth/oauthToken", {
        grant_type: "refresh_token",
        refresh_token: before.refresh_token,
      }),
      401,
    );

    expect((await validate(token)).body).toEqual({ valid: false, email: null });
    expectError(await reset(token, "another-fine-password"), 400, {
      message: AUTH_MESSAGES.resetLinkInvalid,
      errorDisplay: AUTH_MESSAGES.resetLinkInvalid,
    });
    expect((await signIn(NEW)).status).toBe(200);
  });

  it("keeps the link working when the new password is refused", async () => {
    const { token } = await newLink();
    const body = expectError(await reset(token, "short"), 400, { message: AUTH_MESSAGES.passwordTooShort });
    expect(body.field).toBe("password");
    expectError(await reset(token, "password123"), 400, { message: AUTH_MESSAGES.passwordTooCommon });
    expect((await validate(token)).body).toMatchObject({ valid: true });
    expect((await reset(token, "another-fine-password")).status).toBe(200);
  });

  it("refuses a link after an hour", async () => {
    const { token } = await newLink();
    t.clock.advance(60 * 60 * 1000);
    expect((await validate(token)).body).toEqual({ valid: false, email: null });
    expectError(await reset(token, "late-but-fine-password"), 400, { message: AUTH_MESSAGES.resetLinkInvalid });
  });

  it("uses up every other link of the member with the one used", async () => {
    const first = await newLink();
    const second = await newLink();
    expect((await reset(second.token, "second-link-password")).status).toBe(200);
    expectError(await reset(first.token, "first-link-password"), 400, { message: AUTH_MESSAGES.resetLinkInvalid });
  });

  it("refuses a token it never issued", async () => {
    expect((await validate("not-a-token")).body).toEqual({ valid: false, email: null });
    expectError(await reset("not-a-token", "any-fine-password"), 400, { message: AUTH_MESSAGES.resetLinkInvalid });
  });
});

describe("the logs", () => {
  it("carry no reset token or password", () => {
    expectNoSecretsIn(t.logs, [...tokensSeen, OLD, NEW, "another-fine-password", "second-link-password"]);
  });
});
