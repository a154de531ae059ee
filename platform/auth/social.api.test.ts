import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, AUTH_MESSAGES } from "../contract";
import { memberIdentities, members } from "../db/schema";
import { createTestPlatform, expectError, type TestPlatform } from "../testing";
import { registerMember } from "./testing/accounts";
import { startFakeFacebook, type FakeFacebook } from "./testing/fake-facebook";
import { startFakeGoogle, type FakeGoogle } from "./testing/fake-google";
import { expectNoSecretsIn } from "./testing/logs";

let t: TestPlatform;
let google: FakeGoogle;
let facebook: FakeFacebook;
const secrets: string[] = [];

const grant = (body: Record<string, unknown>, on: TestPlatform = t) =>
  on.call("POST", "/api/auth/oauthToken", {
    grant_type: "custom_request",
    strategy: "member",
    method: "login",
    ...body,
  });
const withGoogle = (idToken: string, on?: TestPlatform) => grant({ provider: "google", id_token: idToken }, on);
const withFacebook = (accessToken: string, on?: TestPlatform) =>
  grant({ provider: "facebook", access_token: accessToken }, on);
const profileOf = async (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const tokens = api.oauthToken.response.parse(res.body);
  expect(tokens.strategy).toBe("member");
  return api.memberProfileGet.response.parse(
    (await t.call("POST", "/api/member/profile/get", {}, { token: tokens.access_token })).body,
  );
};
const identityOf = async (provider: "google" | "facebook", subject: string) =>
  (
    await t.db
      .select()
      .from(memberIdentities)
      .where(and(eq(memberIdentities.provider, provider), eq(memberIdentities.subject, subject)))
  )[0];

beforeAll(async () => {
  [google, facebook] = await Promise.all([startFakeGoogle(), startFakeFacebook()]);
  t = await createTestPlatform({
    config: {
      google: { clientId: google.clientId, jwksUrl: google.jwksUrl },
      facebook: { appId: facebook.appId, appSecret: facebook.appSecret, graphUrl: facebook.graphUrl },
    },
  });
  secrets.push(facebook.appSecret);
});
afterAll(async () => {
  await Promise.all([t.close(), google.close(), facebook.close()]);
});

describe("the google grant", () => {
  const person = {
    sub: "110169484474386276334",
    email: "Gail.Google@example.com",
    givenName: "Gail",
    familyName: "Google",
  };

  it("creates a member from a token signed by Google's key set, then finds them by the linked account", async () => {
    const first = await google.idToken(person, t.clock.now());
    secrets.push(first);
    const created = await profileOf(await withGoogle(first));
    expect(created).toMatchObject({
      firstName: "Gail",
      lastName: "Google",
      email: "gail.google@example.com",
      mobile: null,
    });
    const [row] = await t.db.select().from(members).where(eq(members.id, created.id));
    expect(row).toMatchObject({ emailVerified: true, passwordHash: null });
    expect(await identityOf("google", person.sub)).toMatchObject({ memberId: created.id });

    // The Google account's address changed since: the link, not the address, finds the member.
    const again = await google.idToken({ ...person, email: "gail.new@example.com" }, t.clock.now());
    expect((await profileOf(await withGoogle(again))).id).toBe(created.id);
  });

  it("links an existing member with the verified address", async () => {
    const { access_token } = await registerMember(t, { email: "ruth@example.com" });
    const existing = api.memberProfileGet.response.parse(
      (await t.call("POST", "/api/member/profile/get", {}, { token: access_token })).body,
    );
    const token = await google.idToken(
      { sub: "2001", email: "ruth@example.com", givenName: "Someone", familyName: "Else" },
      t.clock.now(),
    );
    const signedIn = await profileOf(await withGoogle(token));
    expect(signedIn).toMatchObject({ id: existing.id, firstName: "Alex" });
    expect(await identityOf("google", "2001")).toMatchObject({ memberId: existing.id });
  });

  it("takes the issuer with or without https", async () => {
    const token = await google.idToken({ sub: "2002", email: "bare.issuer@example.com" }, t.clock.now(), {
      claims: { iss: "accounts.google.com" },
    });
    expect((await profileOf(await withGoogle(token))).firstName).toBe("bare.issuer");
  });

  it("refuses a wrong audience, issuer, expiry or signature", async () => {
    const now = t.clock.now();
    const iat = Math.floor(now.getTime() / 1000);
    const bad = [
      await google.idToken({ sub: "3001", email: "a@example.com" }, now, {
        claims: { aud: "another-client.apps.googleusercontent.com" },
      }),
      await google.idToken({ sub: "3002", email: "b@example.com" }, now, {
        claims: { iss: "https://accounts.example.com" },
      }),
      await google.idToken({ sub: "3003", email: "c@example.com" }, now, {
        claims: { iat: iat - 7200, exp: iat - 60 },
      }),
      await google.idToken({ sub: "3004", email: "d@example.com" }, now, { foreignKey: true }),
      "not.a.token",
    ];
    for (const token of bad) {
      expectError(await withGoogle(token), 401, {
        message: AUTH_MESSAGES.socialFailed,
        errorDisplay: AUTH_MESSAGES.socialFailed,
      });
    }
    expect(await t.db.select().from(memberIdentities).where(eq(memberIdentities.subject, "3004"))).toEqual([]);
  });

  it("checks expiry against the platform's clock", async () => {
    const token = await google.idToken({ sub: "3005", email: "clock@example.com" }, t.clock.now());
    t.clock.advance(3600 * 1000 + 1000);
    try {
      expectError(await withGoogle(token), 401, { message: AUTH_MESSAGES.socialFailed });
    } finally {
      t.clock.advance(-(3600 * 1000 + 1000));
    }
    expect((await withGoogle(token)).status).toBe(200);
  });

  it("refuses an account whose address Google has not verified", async () => {
    const token = await google.idToken(
      { sub: "3006", email: "unverified@example.com", emailVerified: false },
      t.clock.now(),
    );
    expectError(await withGoogle(token), 400, {
      message: AUTH_MESSAGES.socialNoEmail,
      errorDisplay: AUTH_MESSAGES.socialNoEmail,
    });
    const noEmail = await google.idToken({ sub: "3007", email: "" }, t.clock.now(), { claims: { email: undefined } });
    expectError(await withGoogle(noEmail), 400, { message: AUTH_MESSAGES.socialNoEmail });
  });

  it("needs the ID token", async () => {
    expectError(await grant({ provider: "google" }), 400);
  });
});

describe("the facebook grant", () => {
  it("signs in with an access token debug_token vouches for, creating the member once", async () => {
    const user = { id: "10220000000000001", firstName: "Fern", lastName: "Facebook", email: "fern@example.com" };
    const token = facebook.issue(user);
    secrets.push(token);
    const created = await profileOf(await withFacebook(token));
    expect(created).toMatchObject({ firstName: "Fern", lastName: "Facebook", email: "fern@example.com" });
    expect(await identityOf("facebook", user.id)).toMatchObject({ memberId: created.id });
    expect((await profileOf(await withFacebook(facebook.issue(user)))).id).toBe(created.id);

    const debug = facebook.requests.find((r) => r.path === "/debug_token");
    expect(debug?.query.get("input_token")).toBe(token);
    expect(debug?.query.get("access_token")).toBe(`${facebook.appId}|${facebook.appSecret}`);
  });

  it("refuses a token debug_token does not vouch for, or one issued to another app", async () => {
    for (const token of [
      "EAAunknown",
      facebook.issue({ id: "4001", firstName: "O", lastName: "A", email: "other.app@example.com" }, { forApp: "999" }),
    ]) {
      expectError(await withFacebook(token), 401, {
        message: AUTH_MESSAGES.socialFailed,
        errorDisplay: AUTH_MESSAGES.socialFailed,
      });
    }
    expect(await identityOf("facebook", "4001")).toBeUndefined();
  });

  it("refuses an account that shares no e-mail address", async () => {
    const token = facebook.issue({ id: "4002", firstName: "No", lastName: "Email" });
    expectError(await withFacebook(token), 400, {
      message: AUTH_MESSAGES.socialNoEmail,
      errorDisplay: AUTH_MESSAGES.socialNoEmail,
    });
  });

  it("answers 502 when the Graph API cannot be reached", async () => {
    const offline = await createTestPlatform({
      config: { facebook: { appId: "1", appSecret: "s", graphUrl: "http://127.0.0.1:9" } },
    });
    try {
      expectError(await withFacebook("EAAanything", offline), 502, { message: AUTH_MESSAGES.socialFailed });
    } finally {
      await offline.close();
    }
  });
});

describe("a platform without the providers configured", () => {
  it("refuses both grants with a clear message", async () => {
    const bare = await createTestPlatform();
    try {
      const g = expectError(
        await withGoogle(await google.idToken({ sub: "5001", email: "x@example.com" }, bare.clock.now()), bare),
        400,
        {
          errorCode: "PROVIDER_NOT_CONFIGURED",
        },
      );
      expect(g.message).toMatch(/Google.*not configured/);
      const f = expectError(await withFacebook("EAAanything", bare), 400, { errorCode: "PROVIDER_NOT_CONFIGURED" });
      expect(f.message).toMatch(/Facebook.*not configured/);
    } finally {
      await bare.close();
    }
  });
});

describe("the logs", () => {
  it("carry no ID token, access token or app secret", () => {
    expectNoSecretsIn(t.logs, secrets);
  });
});
