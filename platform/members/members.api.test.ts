import { eq } from "drizzle-orm";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, AUTH_MESSAGES, BASKET_MESSAGES, CHECKOUT_MESSAGES, MEMBER_MESSAGES, type Basket } from "../contract";
import { memberSeries, messagesTo, registerMember } from "../auth/testing/accounts";
import { expectNoSecretsIn } from "../auth/testing/logs";
import { plainItems } from "../catalogue/testing/items";
import { authTokens, baskets, members, rateLimits } from "../db/schema";
import { createTestPlatform, expectError, seededPlatform, type SeededPlatform } from "../testing";

let s: SeededPlatform;
const PASSWORD = "plum-kettle-harbour";
const PERSON = "honeypot:";
const codesSeen: string[] = [];

const post = (p: string, body: Record<string, unknown>, token: string | null) => s.t.call("POST", p, body, { token });
const put = (p: string, body: Record<string, unknown>, token: string | null) => s.t.call("PUT", p, body, { token });
const profileOf = async (token: string) =>
  api.memberProfileGet.response.parse((await post("/api/member/profile/get", {}, token)).body);
const memberRow = async (email: string) => (await s.t.db.select().from(members).where(eq(members.email, email)))[0]!;

const nextMember = memberSeries("member", 100);
/** A new member with their own e-mail (and, unless given, their own mobile); answers their tokens and e-mail. */
const newMember = (overrides: Record<string, unknown> = {}) => nextMember(s.t, overrides);

async function requestCode(token: string, extra: Record<string, unknown> = {}) {
  return post("/api/member/verificationCode/request", { verifytoken: PERSON, platform: "web", ...extra }, token);
}

/** The code in the newest verification SMS to the number. */
async function latestVerificationCode(mobile: string): Promise<string> {
  const [message] = await messagesTo(s.t, mobile, "verification_code");
  expect(message?.channel).toBe("sms");
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No verification code sent to ${mobile}`);
  codesSeen.push(code);
  return code;
}

async function verify(token: string, mobile: string) {
  expect((await requestCode(token)).status).toBe(200);
  const res = await post(
    "/api/member/verificationCode/check",
    { verificationCode: await latestVerificationCode(mobile) },
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  s = await seededPlatform();
});
afterAll(() => s.t.close());
beforeEach(async () => {
  await s.t.db.delete(rateLimits);
});

describe("member profile", () => {
  it("gives the member's own details, marketing included", async () => {
    const a = await newMember({ marketing: { email: true, sms: false } });
    expect(await profileOf(a.token)).toMatchObject({
      email: a.email,
      firstName: "Alex",
      mobileValidated: false,
      marketing: { email: true, sms: false },
    });
  });

  it("updates names and mobile; a changed mobile is no longer verified, the same one stays verified", async () => {
    const a = await newMember();
    const mobile = (await memberRow(a.email)).mobile!;
    await verify(a.token, mobile);
    const same = await put("/api/member/profile/update", { firstName: " Alexa ", lastName: "Stone", mobile }, a.token);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(api.memberProfileUpdate.response.parse(same.body)).toMatchObject({
      success: true,
      message: MEMBER_MESSAGES.profileUpdated,
      profile: { firstName: "Alexa", lastName: "Stone", mobile, mobileValidated: true },
    });
    const changed = api.memberProfileUpdate.response.parse(
      (
        await put(
          "/api/member/profile/update",
          { firstName: "Alexa", lastName: "Stone", mobile: "07700 900 999" },
          a.token,
        )
      ).body,
    );
    expect(changed.profile).toMatchObject({ mobile: "+447700900999", mobileValidated: false });
  });

  it("refuses a mobile that is not a UK mobile and empty names, changing nothing", async () => {
    const a = await newMember();
    const before = await profileOf(a.token);
    const body = expectError(
      await put("/api/member/profile/update", { firstName: "A", lastName: "B", mobile: "020 7946 0101" }, a.token),
      400,
      {
        errorDisplay: CHECKOUT_MESSAGES.phoneInvalid,
      },
    );
    expect(body.field).toBe("mobile");
    expect(
      (await put("/api/member/profile/update", { firstName: "", lastName: "B", mobile: "07700 900 111" }, a.token))
        .status,
    ).toBe(400);
    expect(await profileOf(a.token)).toEqual(before);
  });

  it("only ever changes the caller's own profile; guests get 403", async () => {
    const a = await newMember();
    const b = await newMember();
    const aBefore = await profileOf(a.token);
    // Nothing in the request names a member: an id sent along is not read.
    await put(
      "/api/member/profile/update",
      { id: aBefore.id, firstName: "Bea", lastName: "Other", mobile: "07700 900 555" },
      b.token,
    );
    expect(await profileOf(a.token)).toEqual(aBefore);
    expect((await profileOf(b.token)).firstName).toBe("Bea");
    const membersOnly = { errorCode: "MEMBERS_ONLY", message: MEMBER_MESSAGES.membersOnly };
    expectError(await post("/api/member/profile/get", {}, s.token), 403, membersOnly);
    expectError(
      await put("/api/member/profile/update", { firstName: "G", lastName: "G", mobile: "07700 900 555" }, s.token),
      403,
      membersOnly,
    );
    expectError(
      await post(
        "/api/member/password/change",
        { currentPassword: PASSWORD, newPassword: "new-harbour-kettle" },
        s.token,
      ),
      403,
      membersOnly,
    );
  });
});

describe("POST /api/member/password/change", () => {
  const signIn = (username: string, password: string) =>
    post(
      "/api/auth/oauthToken",
      { grant_type: "password", strategy: "member", method: "login", username, password },
      null,
    );

  it("changes the password, keeps the caller's session and ends the others", async () => {
    const a = await newMember({ password: PASSWORD });
    const other = api.oauthToken.response.parse((await signIn(a.email, PASSWORD)).body);
    const res = await post(
      "/api/member/password/change",
      { currentPassword: PASSWORD, newPassword: "new-harbour-kettle" },
      a.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(api.memberPasswordChange.response.parse(res.body)).toEqual({
      success: true,
      message: AUTH_MESSAGES.passwordUpdated,
    });
    expect((await post("/api/member/profile/get", {}, a.token)).status).toBe(200);
    expect((await post("/api/member/profile/get", {}, other.access_token)).status).toBe(401);
    expect(
      (await post("/api/auth/oauthToken", { grant_type: "refresh_token", refresh_token: other.refresh_token }, null))
        .status,
    ).toBe(401);
    expectError(await signIn(a.email, PASSWORD), 401, { message: AUTH_MESSAGES.badCredentials });
    expect((await signIn(a.email, "new-harbour-kettle")).status).toBe(200);
    const row = await memberRow(a.email);
    const live = await s.t.db.select().from(authTokens).where(eq(authTokens.memberId, row.id));
    expect(live.filter((t) => t.revokedAt === null).length).toBeGreaterThan(0);
  });

  it("refuses a wrong current password and a new one that breaks registration's rules", async () => {
    const a = await newMember({ password: PASSWORD });
    const wrong = expectError(
      await post(
        "/api/member/password/change",
        { currentPassword: "not-it-at-all", newPassword: "new-harbour-kettle" },
        a.token,
      ),
      400,
      {
        errorCode: "CURRENT_PASSWORD_INCORRECT",
        errorDisplay: MEMBER_MESSAGES.currentPasswordIncorrect,
      },
    );
    expect(wrong.field).toBe("currentPassword");
    // A wrong current password leaves the caller signed in.
    expect((await post("/api/member/profile/get", {}, a.token)).status).toBe(200);
    for (const [newPassword, message] of [
      ["short1", AUTH_MESSAGES.passwordTooShort],
      ["Password1", AUTH_MESSAGES.passwordTooCommon],
    ] as const) {
      const body = expectError(
        await post("/api/member/password/change", { currentPassword: PASSWORD, newPassword }, a.token),
        400,
        { errorDisplay: message },
      );
      expect(body.field).toBe("newPassword");
    }
    expect((await signIn(a.email, PASSWORD)).status).toBe(200);
  });

  it("is limited like sign-in", async () => {
    const a = await newMember({ password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await post(
            "/api/member/password/change",
            { currentPassword: `wrong-guess-${i}`, newPassword: "new-harbour-kettle" },
            a.token,
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((st) => st === 400)).toBe(true);
    expectError(
      await post(
        "/api/member/password/change",
        { currentPassword: PASSWORD, newPassword: "new-harbour-kettle" },
        a.token,
      ),
      429,
      {
        message: AUTH_MESSAGES.tooManyAttempts,
      },
    );
  });
});

describe("member marketing preferences", () => {
  const GET = "/api/member/marketingPreferences/get";
  const UPDATE = "/api/member/marketingPreferences/update";

  it("gives one option per allowed channel and stores the member's choices on the member", async () => {
    const a = await newMember({ marketing: { email: true, sms: false } });
    const before = api.memberMarketingPreferencesGet.response.parse((await post(GET, {}, a.token)).body);
    expect(before).toEqual({
      marketingChannelId: null,
      options: [
        { type: "email", text: "Email", opted: "in" },
        { type: "sms", text: "SMS", opted: "out" },
      ],
    });
    const res = await put(
      UPDATE,
      { marketingOptions: [{ type: "SMS", opted: "in", text: "SMS" }], marketingChannelId: 2 },
      a.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, message: MEMBER_MESSAGES.marketingUpdated });
    const after = api.memberMarketingPreferencesGet.response.parse((await post(GET, {}, a.token)).body);
    expect(after.marketingChannelId).toBe(2);
    expect(after.options.map((o) => o.opted)).toEqual(["in", "in"]);
    expect((await profileOf(a.token)).marketing).toEqual({ email: true, sms: true });
  });

  it("refuses an option or channel id that is no allowed channel, changing nothing", async () => {
    const a = await newMember({ marketing: { email: false, sms: false } });
    const refused = { errorCode: "VALIDATION_ERROR", errorDisplay: MEMBER_MESSAGES.marketingUpdateError };
    expectError(
      await put(UPDATE, { marketingOptions: [{ type: "post", opted: "in", text: "Post" }] }, a.token),
      400,
      refused,
    );
    expectError(
      await put(
        UPDATE,
        { marketingOptions: [{ type: "email", opted: "in", text: "Email" }], marketingChannelId: 99 },
        a.token,
      ),
      400,
      refused,
    );
    expect((await profileOf(a.token)).marketing).toEqual({ email: false, sms: false });
  });

  it("member B changes only their own; a guest's get is 403 and a guest's update still needs a basket", async () => {
    const a = await newMember({ marketing: { email: false, sms: false } });
    const b = await newMember({ marketing: { email: false, sms: false } });
    await put(
      UPDATE,
      { marketingOptions: [{ type: "email", opted: "in", text: "Email" }], marketingChannelId: 1 },
      b.token,
    );
    expect((await profileOf(a.token)).marketing).toEqual({ email: false, sms: false });
    expect((await profileOf(b.token)).marketing).toEqual({ email: true, sms: false });
    expectError(await post(GET, {}, s.token), 403, { errorCode: "MEMBERS_ONLY" });
    expectError(await put(UPDATE, { marketingOptions: [] }, s.token), 400, {
      message: CHECKOUT_MESSAGES.guestMarketingNeedsBasket,
    });
  });
});

describe("mobile verification and VERIFIED15", () => {
  const CHECK = "/api/member/verificationCode/check";

  async function filledBasket(token: string): Promise<Basket> {
    const [item] = await plainItems(s.t);
    const basket = await s.shop.newBasket(token);
    return s.shop.add(token, basket, { menuItemId: item!.id, quantity: 3 });
  }
  const applyCoupon = (token: string, basket: Basket, coupon: string) =>
    post("/api/basket/coupon/apply", { basketToken: basket.basketToken, verifyToken: PERSON, coupon }, token);

  it("sends a six-digit code by SMS through the outbox; a wrong code is refused; the right one verifies; no code is logged", async () => {
    const a = await newMember();
    const mobile = (await memberRow(a.email)).mobile!;
    const sent = await requestCode(a.token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(api.memberVerificationCodeRequest.response.parse(sent.body)).toEqual({
      status: "sent",
      message: MEMBER_MESSAGES.otpSent,
    });
    const code = await latestVerificationCode(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === "000000" ? "111111" : "000000";
    expectError(await post(CHECK, { verificationCode: wrong }, a.token), 400, {
      errorCode: "OTP_INCORRECT",
      errorDisplay: MEMBER_MESSAGES.otpIncorrect,
    });
    expect((await profileOf(a.token)).mobileValidated).toBe(false);
    const ok = await post(CHECK, { verificationCode: code }, a.token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ success: true, mobileValidated: true });
    expect((await profileOf(a.token)).mobileValidated).toBe(true);
    // Used up.
    expectError(await post(CHECK, { verificationCode: code }, a.token), 400, { errorCode: "OTP_INCORRECT" });
    expectNoSecretsIn(s.t.logs, codesSeen);
  });

  it("a verification code does not sign in, and another member's code does not verify", async () => {
    const a = await newMember();
    const b = await newMember();
    const mobile = (await memberRow(a.email)).mobile!;
    expect((await requestCode(a.token)).status).toBe(200);
    const code = await latestVerificationCode(mobile);
    const signIn = await post(
      "/api/auth/oauthToken",
      { grant_type: "custom_request", provider: "otp", username: mobile, password: code },
      null,
    );
    expect(signIn.status).toBe(401);
    expectError(await post(CHECK, { verificationCode: code }, b.token), 400, { errorCode: "OTP_INCORRECT" });
    expect((await memberRow(a.email)).mobileValidated).toBe(false);
    expect((await memberRow(b.email)).mobileValidated).toBe(false);
  });

  it("refuses a failed bot check, a member without a mobile's request, guests, and five wrong tries", async () => {
    const a = await newMember();
    const mobile = (await memberRow(a.email)).mobile!;
    expectError(await requestCode(a.token, { verifytoken: "honeypot:filled-by-a-bot" }), 400, {
      errorCode: "BOT_CHECK_FAILED",
      errorDisplay: MEMBER_MESSAGES.otpSendFailed,
    });
    expect(await messagesTo(s.t, mobile, "verification_code")).toEqual([]);
    expectError(await requestCode(s.token), 403, { errorCode: "MEMBERS_ONLY" });
    expectError(await post(CHECK, { verificationCode: "123456" }, s.token), 403, { errorCode: "MEMBERS_ONLY" });

    await s.t.db.update(members).set({ mobile: null }).where(eq(members.email, a.email));
    expectError(await requestCode(a.token), 409, { errorCode: "NO_MOBILE" });
    await s.t.db.update(members).set({ mobile }).where(eq(members.email, a.email));

    expect((await requestCode(a.token)).status).toBe(200);
    const code = await latestVerificationCode(mobile);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++)
      expectError(await post(CHECK, { verificationCode: wrong }, a.token), 400, { errorCode: "OTP_INCORRECT" });
    expectError(await post(CHECK, { verificationCode: code }, a.token), 400, { errorCode: "OTP_INCORRECT" });
    expect((await memberRow(a.email)).mobileValidated).toBe(false);
  });

  it("MEMBER5 works for any member; VERIFIED15 is refused before verification and accepted after", async () => {
    const a = await newMember();
    const basket = await filledBasket(a.token);
    expect((await applyCoupon(a.token, basket, "MEMBER5")).status).toBe(200);
    expectError(await applyCoupon(a.token, basket, "VERIFIED15"), 403, {
      errorCode: "COUPON_VERIFICATION_REQUIRED",
      message: BASKET_MESSAGES.couponVerified,
    });
    await verify(a.token, (await memberRow(a.email)).mobile!);
    const res = await applyCoupon(a.token, basket, "VERIFIED15");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(api.applyCoupon.response.parse(res.body).coupon.code).toBe("VERIFIED15");
  });

  it("MOBILE_USED_WITH_INVITE when another member verified the number: nothing verified, the coupon needing it removed", async () => {
    const a = await newMember({ mobile: "07700 900 777" });
    await verify(a.token, "+447700900777");
    const b = await newMember({ mobile: "07700 900 777" });
    const basket = await filledBasket(b.token);
    await s.t.db.update(baskets).set({ couponCode: "VERIFIED15" }).where(eq(baskets.token, basket.basketToken));
    expect((await requestCode(b.token)).status).toBe(200);
    const code = await latestVerificationCode("+447700900777");
    const body = expectError(
      await post(CHECK, { verificationCode: code, basketToken: basket.basketToken }, b.token),
      409,
      {
        errorCode: "MOBILE_USED_WITH_INVITE",
        errorDisplay: MEMBER_MESSAGES.mobileUsedWithInvite,
      },
    );
    expect(body.couponRemoved).toBe("VERIFIED15");
    expect((await memberRow(b.email)).mobileValidated).toBe(false);
    const [row] = await s.t.db.select().from(baskets).where(eq(baskets.token, basket.basketToken));
    expect(row!.couponCode).toBeNull();
  });
});

describe("with member.enableSmsVerification off", () => {
  it("refuses both calls clearly and sends nothing", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "content-"));
    cpSync(fileURLToPath(new URL("../../content", import.meta.url)), dir, { recursive: true });
    const global = JSON.parse(readFileSync(path.join(dir, "global.json"), "utf8"));
    writeFileSync(
      path.join(dir, "global.json"),
      JSON.stringify({ ...global, member: { enableSmsVerification: false } }),
    );
    const t = await createTestPlatform({ config: { contentDir: dir } });
    try {
      const tokens = await registerMember(t, { email: "off@example.com" });
      const off = { errorCode: "VERIFICATION_DISABLED", message: MEMBER_MESSAGES.verificationDisabled };
      expectError(
        await t.call(
          "POST",
          "/api/member/verificationCode/request",
          { verifytoken: PERSON, platform: "web" },
          { token: tokens.access_token },
        ),
        403,
        off,
      );
      expectError(
        await t.call(
          "POST",
          "/api/member/verificationCode/check",
          { verificationCode: "123456" },
          { token: tokens.access_token },
        ),
        403,
        off,
      );
      expect(await messagesTo(t, "+447700900456", "verification_code")).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
