import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, AUTH_MESSAGES, CHECKOUT_MESSAGES } from "../contract";
import { members, rateLimits } from "../db/schema";
import { DEMO_MEMBER_PASSWORD, demoStoreIds } from "../db/seed";
import { expectError, seededPlatform, type SeededPlatform } from "../testing";
import { expectNoSecretsIn } from "./testing/logs";
import { newMember, registerMember } from "./testing/accounts";

let s: SeededPlatform;
const PASSWORD = "plum-kettle-harbour";
const tokenCall = (body: Record<string, unknown>, token?: string) =>
  s.t.call("POST", "/api/auth/oauthToken", body, { token });
const passwordGrant = (username: string, password: string) =>
  tokenCall({ grant_type: "password", strategy: "member", method: "login", username, password });
const profile = (token?: string) => s.t.call("POST", "/api/member/profile/get", {}, { token });

beforeAll(async () => {
  s = await seededPlatform();
});
afterAll(() => s.t.close());
// Each test starts with fresh guessing limits (their own tests are in rate-limit.db.test.ts).
beforeEach(async () => {
  await s.t.db.delete(rateLimits);
});

describe("POST /api/auth/register", () => {
  it("creates the member and signs them in", async () => {
    const tokens = await registerMember(s.t, { email: "  Alex.Member@Example.com ", mobile: "+44 (0)7700 900456" });
    expect(tokens).toMatchObject({ strategy: "member", token_type: "Bearer", expires_in: 3600 });
    const res = await profile(tokens.access_token);
    expect(res.status).toBe(200);
    expect(api.memberProfileGet.response.parse(res.body)).toMatchObject({
      firstName: "Alex",
      lastName: "Member",
      email: "alex.member@example.com",
      mobile: "+447700900456",
      mobileValidated: false,
    });
    const [row] = await s.t.db.select().from(members).where(eq(members.email, "alex.member@example.com"));
    expect(row).toMatchObject({ emailVerified: false, marketing: { email: true, sms: false } });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
  });

  it("refuses an e-mail address that already has an account, whatever its case", async () => {
    await registerMember(s.t, { email: "taken@example.com" });
    for (const email of ["taken@example.com", "TAKEN@example.COM"]) {
      const body = expectError(await s.t.call("POST", "/api/auth/register", newMember({ email })), 409, {
        message: AUTH_MESSAGES.emailTaken,
        errorDisplay: AUTH_MESSAGES.emailTaken,
      });
      expect(body.field).toBe("email");
    }
    expect(await s.t.db.select().from(members).where(eq(members.email, "taken@example.com"))).toHaveLength(1);
  });

  it("refuses short and common passwords, naming the password field", async () => {
    for (const [password, message] of [
      ["short1", AUTH_MESSAGES.passwordTooShort],
      ["Password1", AUTH_MESSAGES.passwordTooCommon],
      ["sunshine", AUTH_MESSAGES.passwordTooCommon],
    ] as const) {
      const body = expectError(
        await s.t.call("POST", "/api/auth/register", newMember({ email: "rules@example.com", password })),
        400,
        {
          message,
          errorDisplay: message,
        },
      );
      expect(body.field).toBe("password");
    }
    expect(await s.t.db.select().from(members).where(eq(members.email, "rules@example.com"))).toHaveLength(0);
  });

  it("refuses a mobile that is not a UK mobile, naming the mobile field", async () => {
    const body = expectError(
      await s.t.call("POST", "/api/auth/register", newMember({ email: "phone@example.com", mobile: "020 7946 0101" })),
      400,
      {
        errorDisplay: CHECKOUT_MESSAGES.phoneInvalid,
      },
    );
    expect(body.field).toBe("mobile");
  });

  it("needs every field", async () => {
    for (const missing of ["firstName", "lastName", "email", "mobile", "password"]) {
      const body = newMember({ email: "fields@example.com" });
      delete body[missing];
      expectError(await s.t.call("POST", "/api/auth/register", body), 400);
    }
  });
});

describe("the password grant", () => {
  beforeAll(async () => {
    await registerMember(s.t, { email: "pat@example.com" });
  });

  it("signs a member in with e-mail (any case) and password", async () => {
    const res = await passwordGrant("PAT@example.com ", PASSWORD);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tokens = api.oauthToken.response.parse(res.body);
    expect(tokens.strategy).toBe("member");
    expect(api.memberProfileGet.response.parse((await profile(tokens.access_token)).body).email).toBe(
      "pat@example.com",
    );
  });

  it("signs the seeded demo member in with the README's password", async () => {
    expect((await passwordGrant("sam.patel@example.com", DEMO_MEMBER_PASSWORD)).status).toBe(200);
  });

  it("refuses a wrong password and an unknown e-mail alike", async () => {
    const wrong = expectError(await passwordGrant("pat@example.com", "plum-kettle-harbouR"), 401, {
      message: AUTH_MESSAGES.badCredentials,
      errorDisplay: AUTH_MESSAGES.badCredentials,
    });
    const unknown = expectError(await passwordGrant("nobody@example.com", PASSWORD), 401);
    expect(unknown).toEqual(wrong);
  });

  it("refuses a member who has no password (signed up socially)", async () => {
    await s.t.db.insert(members).values({
      email: "social@example.com",
      firstName: "So",
      lastName: "Cial",
      referFriendCode: "SOCIAL23",
      createdAt: s.t.clock.now(),
    });
    expectError(await passwordGrant("social@example.com", PASSWORD), 401, { message: AUTH_MESSAGES.badCredentials });
  });

  it("takes as long for an unknown e-mail as for a wrong password", async () => {
    const time = async (username: string) => {
      const started = performance.now();
      await passwordGrant(username, "wrong-password-here");
      return performance.now() - started;
    };
    await time("pat@example.com");
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time("pat@example.com"));
      unknown.push(await time(`nobody${i}@example.com`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    // Without the decoy check an unknown address answers several times faster than a wrong password.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });
});

describe("logout and the profile", () => {
  it("ends only the caller's session: its access and refresh tokens", async () => {
    const phone = api.oauthToken.response.parse((await passwordGrant("pat@example.com", PASSWORD)).body);
    const laptop = api.oauthToken.response.parse((await passwordGrant("pat@example.com", PASSWORD)).body);
    const res = await s.t.call("POST", "/api/auth/logout", {}, { token: phone.access_token });
    expect(res.status).toBe(200);
    expect(api.logout.response.parse(res.body).message).toBeTruthy();
    expectError(await profile(phone.access_token), 401, { message: AUTH_MESSAGES.sessionExpired });
    expectError(await tokenCall({ grant_type: "refresh_token", refresh_token: phone.refresh_token }), 401);
    expect((await profile(laptop.access_token)).status).toBe(200);
  });

  it("answers the profile to members only", async () => {
    expectError(await profile(await s.t.guestToken()), 403);
    expectError(await profile(), 401);
    expectError(await s.t.call("POST", "/api/auth/logout", {}), 401);
  });
});

describe("checkRegistrationStatus with registered members", () => {
  const check = (email: string, basketToken: string, token: string) =>
    s.t.call("POST", "/api/guest/checkRegistrationStatus", { email, basketToken }, { token });

  it("asks a guest using a newly registered member's e-mail to sign in, and no one once signed in", async () => {
    await registerMember(s.t, { email: "checker@example.com", mobile: "07700 900 321" });
    const guest = await s.t.guestToken();
    const basket = await s.shop.newBasket(guest, demoStoreIds.openManchester);
    expect(
      api.checkRegistrationStatus.response.parse((await check("Checker@example.com", basket.basketToken, guest)).body),
    ).toEqual({
      loginRequired: true,
      contacts: [
        { type: "email", value: "c***@example.com" },
        { type: "mobile", value: "07*** ***321" },
      ],
    });
    const member = api.oauthToken.response.parse(
      (await passwordGrant("checker@example.com", PASSWORD)).body,
    ).access_token;
    const own = await s.shop.newBasket(member, demoStoreIds.openManchester);
    expect(
      api.checkRegistrationStatus.response.parse((await check("checker@example.com", own.basketToken, member)).body),
    ).toEqual({
      loginRequired: false,
      contacts: [],
    });
  });
});

describe("an unexpected failure while registering", () => {
  it("answers 500 with the spec's words, logging no password", async () => {
    // A column the registration needs, gone: the database refuses, as it would on a real fault.
    await s.t.db.execute(sql`alter table members rename column marketing to marketing_gone`);
    try {
      expectError(
        await s.t.call(
          "POST",
          "/api/auth/register",
          newMember({ email: "broken@example.com", password: "broken-but-secret-pw" }),
        ),
        500,
        {
          message: AUTH_MESSAGES.registerFailed,
          errorDisplay: AUTH_MESSAGES.registerFailed,
        },
      );
      expect(s.t.logs.some((entry) => entry.event === "auth.register_failed")).toBe(true);
    } finally {
      await s.t.db.execute(sql`alter table members rename column marketing_gone to marketing`);
    }
  });
});

describe("the logs", () => {
  it("carry no password given to any call in this file", () => {
    expectNoSecretsIn(s.t.logs, [
      PASSWORD,
      DEMO_MEMBER_PASSWORD,
      "plum-kettle-harbouR",
      "wrong-password-here",
      "broken-but-secret-pw",
    ]);
  });
});
