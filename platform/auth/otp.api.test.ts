import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, AUTH_MESSAGES } from "../contract";
import { oneTimeCodes, rateLimits } from "../db/schema";
import { createTestPlatform, expectError, TEST_NOW, type TestPlatform } from "../testing";
import { latestCode, messagesTo, registerMember } from "./testing/accounts";
import { expectNoSecretsIn } from "./testing/logs";

let t: TestPlatform;
const EMAIL = "otp.member@example.com";
const MOBILE = "+447700900654";
const codesSeen: string[] = [];

const send = (email: string, type?: "email" | "sms") =>
  t.call("POST", "/api/auth/sendOtpMessage", type ? { email, type } : { email });
const signIn = (username: string, password: string) =>
  t.call("POST", "/api/auth/oauthToken", {
    grant_type: "custom_request",
    strategy: "member",
    method: "login",
    provider: "otp",
    username,
    password,
  });

async function codeFor(recipient: string, login = EMAIL, type: "email" | "sms" = "email"): Promise<string> {
  const res = await send(login, type);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const code = await latestCode(t, recipient);
  codesSeen.push(code);
  return code;
}

/** A six-digit code that is not `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, "0");

beforeAll(async () => {
  t = await createTestPlatform();
  await registerMember(t, { email: EMAIL, mobile: "07700 900 654" });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  await t.db.delete(rateLimits);
});

describe("POST /api/auth/sendOtpMessage", () => {
  it("e-mails a six-digit code, keeping only its hash", async () => {
    const res = await send("Otp.Member@example.com");
    expect(res.status).toBe(200);
    expect(api.sendOtpMessage.response.parse(res.body)).toEqual({ message: AUTH_MESSAGES.otpSent });
    const [message] = await messagesTo(t, EMAIL, "otp");
    expect(message).toMatchObject({ channel: "email", kind: "otp" });
    const code = await latestCode(t, EMAIL);
    codesSeen.push(code);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.db.select().from(oneTimeCodes);
    expect(rows.at(-1)).toMatchObject({ channel: "email", recipient: EMAIL, attempts: 0, usedAt: null });
    expect(rows.at(-1)!.expiresAt.getTime() - t.clock.now().getTime()).toBe(10 * 60 * 1000);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("texts the code to the member's mobile when asked for SMS, by e-mail or by mobile number", async () => {
    for (const login of [EMAIL, "07700 900654"]) {
      await codeFor(MOBILE, login, "sms");
      const [message] = await messagesTo(t, MOBILE, "otp");
      expect(message).toMatchObject({ channel: "sms", recipient: MOBILE });
      expect(message!.body.length).toBeLessThanOrEqual(160);
    }
  });

  it("answers the same for an address without an account, and sends nothing", async () => {
    const res = await send("stranger@example.com");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: AUTH_MESSAGES.otpSent });
    expect(await messagesTo(t, "stranger@example.com")).toEqual([]);
  });
});

describe("the otp grant", () => {
  it("signs the member in with the code, once", async () => {
    const code = await codeFor(EMAIL);
    const res = await signIn(EMAIL, code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(api.oauthToken.response.parse(res.body).strategy).toBe("member");
    expectError(await signIn(EMAIL, code), 401, {
      message: AUTH_MESSAGES.otpIncorrect,
      errorDisplay: AUTH_MESSAGES.otpIncorrect,
    });
  });

  it("takes the mobile number as the username for a texted code", async () => {
    const code = await codeFor(MOBILE, EMAIL, "sms");
    expect((await signIn("+44 7700 900 654", code)).status).toBe(200);
  });

  it("works until ten minutes have passed, and not after", async () => {
    const code = await codeFor(EMAIL);
    t.clock.advance(10 * 60 * 1000 - 1000);
    expect((await signIn(EMAIL, code)).status).toBe(200);

    const late = await codeFor(EMAIL);
    t.clock.advance(10 * 60 * 1000);
    expectError(await signIn(EMAIL, late), 401, { message: AUTH_MESSAGES.otpIncorrect });
  });

  it("refuses a wrong code, and the sixth try even with the right code", async () => {
    const code = await codeFor(EMAIL);
    for (let i = 1; i <= 5; i++)
      expectError(await signIn(EMAIL, wrong(code, i)), 401, { message: AUTH_MESSAGES.otpIncorrect });
    expectError(await signIn(EMAIL, code), 429, {
      message: AUTH_MESSAGES.tooManyAttempts,
      errorDisplay: AUTH_MESSAGES.tooManyAttempts,
    });
  });

  it("lets the fifth try through when it is right", async () => {
    const code = await codeFor(EMAIL);
    for (let i = 1; i <= 4; i++) expectError(await signIn(EMAIL, wrong(code, i)), 401);
    expect((await signIn(EMAIL, code)).status).toBe(200);
  });

  it("lets only the newest code work", async () => {
    const first = await codeFor(EMAIL);
    const second = await codeFor(EMAIL);
    if (first !== second) expectError(await signIn(EMAIL, first), 401, { message: AUTH_MESSAGES.otpIncorrect });
    expect((await signIn(EMAIL, second)).status).toBe(200);
  });

  it("signs in only one of two racing right answers", async () => {
    const code = await codeFor(EMAIL);
    const results = await Promise.all([signIn(EMAIL, code), signIn(EMAIL, code), signIn(EMAIL, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  it("refuses an address without an account, or without a code sent, like a wrong code", async () => {
    expectError(await signIn("stranger@example.com", "123456"), 401, { message: AUTH_MESSAGES.otpIncorrect });
    await registerMember(t, { email: "nocode@example.com" });
    expectError(await signIn("nocode@example.com", "123456"), 401, { message: AUTH_MESSAGES.otpIncorrect });
  });

  it("needs the username and the code", async () => {
    expectError(
      await t.call("POST", "/api/auth/oauthToken", { grant_type: "custom_request", provider: "otp", username: EMAIL }),
      400,
    );
    expectError(
      await t.call("POST", "/api/auth/oauthToken", {
        grant_type: "custom_request",
        provider: "otp",
        password: "123456",
      }),
      400,
    );
  });

  it("counts tries on the code itself", async () => {
    const code = await codeFor(EMAIL);
    await signIn(EMAIL, wrong(code));
    const [row] = await t.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.recipient, EMAIL))
      .orderBy(desc(oneTimeCodes.id))
      .limit(1);
    expect(row!.attempts).toBe(1);
  });
});

describe("the logs", () => {
  it("carry none of the codes sent", () => {
    expect(codesSeen.length).toBeGreaterThan(5);
    expectNoSecretsIn(t.logs, codesSeen);
  });
});
