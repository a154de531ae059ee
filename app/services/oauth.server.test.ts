import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOAuth, type FakeOAuth } from "../../e2e/support/fake-oauth";
import {
  beginAuthorisation,
  codeChallenge,
  completeAuthorisation,
  OAuthError,
  type OAuthClient,
  type PendingOAuth,
} from "./oauth.server";

const REDIRECT = "http://shop.test/auth/google/callback";
const FB_REDIRECT = "http://shop.test/auth/facebook/callback";

let fake: FakeOAuth;
let google: OAuthClient;
let facebook: OAuthClient;

beforeAll(async () => {
  fake = await startFakeOAuth();
  google = {
    clientId: fake.google.clientId,
    clientSecret: fake.google.clientSecret,
    authUrl: fake.google.authUrl,
    tokenUrl: fake.google.tokenUrl,
  };
  facebook = {
    clientId: fake.facebook.appId,
    clientSecret: fake.facebook.appSecret,
    authUrl: fake.facebook.authUrl,
    tokenUrl: fake.facebook.tokenUrl,
  };
});
afterAll(() => fake.close());

/** Opens the provider's consent page as a browser would, presses one of its buttons, and returns where it sends us. */
async function consent(authUrl: string, decision: "allow" | "deny"): Promise<URL> {
  const page = await fetch(authUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const fields = new URLSearchParams(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
    ]),
  );
  if (decision === "allow") fields.set("account", "0");
  else fields.set("decision", "deny");
  const answer = await fetch(new URL(action!, authUrl), { method: "POST", body: fields, redirect: "manual" });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get("location")!);
}

describe("the authorisation code flow with PKCE", () => {
  it("asks Google for a code with the client, the callback, state, nonce and an S256 challenge of the kept verifier", () => {
    const { url, pending } = beginAuthorisation("google", google, REDIRECT, "/basket");
    const q = new URL(url).searchParams;
    expect(url.startsWith(fake.google.authUrl)).toBe(true);
    expect(Object.fromEntries(q)).toMatchObject({
      client_id: google.clientId,
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    expect(q.get("state")).toBe(pending.state);
    expect(q.get("nonce")).toBe(pending.nonce);
    expect(q.get("code_challenge")).toBe(codeChallenge(pending.verifier));
    expect(q.get("code_challenge")).not.toBe(pending.verifier);
    expect(pending.verifier.length).toBeGreaterThanOrEqual(43);
    expect(pending.redirectTo).toBe("/basket");
    // The client secret never travels through the browser.
    expect(url).not.toContain(google.clientSecret);
    // Each sign-in gets its own state, verifier and nonce.
    const other = beginAuthorisation("google", google, REDIRECT, "/").pending;
    expect([other.state, other.verifier, other.nonce]).not.toEqual([pending.state, pending.verifier, pending.nonce]);
  });

  it("signs in with Google: the code comes back with the state and is exchanged for the ID token of this sign-in", async () => {
    const { url, pending } = beginAuthorisation("google", google, REDIRECT, "/");
    const back = await consent(url, "allow");
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe(pending.state);
    const grant = await completeAuthorisation(google, pending, back, REDIRECT);
    expect(grant.provider).toBe("google");
    const claims = decodeJwt((grant as { id_token: string }).id_token);
    expect(claims).toMatchObject({ aud: google.clientId, email: fake.google.people[0]!.email, nonce: pending.nonce });
    const sent = fake.tokenRequests.at(-1)!.params;
    expect(Object.fromEntries(sent)).toMatchObject({
      grant_type: "authorization_code",
      client_secret: google.clientSecret,
      code_verifier: pending.verifier,
      redirect_uri: REDIRECT,
    });
  });

  it("signs in with Facebook: PKCE too, and the answer is the user's access token", async () => {
    const { url, pending } = beginAuthorisation("facebook", facebook, FB_REDIRECT, "/");
    expect(new URL(url).searchParams.get("nonce")).toBeNull();
    expect(new URL(url).searchParams.get("scope")).toBe("email public_profile");
    const back = await consent(url, "allow");
    const grant = await completeAuthorisation(facebook, pending, back, FB_REDIRECT);
    expect(grant).toEqual({ provider: "facebook", access_token: expect.stringMatching(/^EAA/) });
  });

  it("refuses a callback whose state is not the session's, or when no sign-in was started, before any exchange", async () => {
    const { url, pending } = beginAuthorisation("google", google, REDIRECT, "/");
    const back = await consent(url, "allow");
    const before = fake.tokenRequests.length;
    const forged = new URL(back);
    forged.searchParams.set("state", beginAuthorisation("google", google, REDIRECT, "/").pending.state);
    await expect(completeAuthorisation(google, pending, forged, REDIRECT)).rejects.toMatchObject({
      reason: "state_mismatch",
    });
    const missing = new URL(back);
    missing.searchParams.delete("state");
    await expect(completeAuthorisation(google, pending, missing, REDIRECT)).rejects.toMatchObject({
      reason: "state_mismatch",
    });
    await expect(completeAuthorisation(google, undefined, back, REDIRECT)).rejects.toMatchObject({
      reason: "state_mismatch",
    });
    expect(fake.tokenRequests.length).toBe(before);
  });

  it("tells a shopper's Cancel from any other error the provider sends back", async () => {
    for (const [client, redirect, provider] of [
      [google, REDIRECT, "google"],
      [facebook, FB_REDIRECT, "facebook"],
    ] as const) {
      const { url, pending } = beginAuthorisation(provider, client, redirect, "/");
      const back = await consent(url, "deny");
      expect(back.searchParams.get("error")).toBe("access_denied");
      await expect(completeAuthorisation(client, pending, back, redirect)).rejects.toMatchObject({
        reason: "cancelled",
      });
    }
    const { pending } = beginAuthorisation("google", google, REDIRECT, "/");
    const serverError = new URL(`${REDIRECT}?error=server_error&state=${pending.state}`);
    await expect(completeAuthorisation(google, pending, serverError, REDIRECT)).rejects.toMatchObject({
      reason: "provider_error",
    });
    const noCode = new URL(`${REDIRECT}?state=${pending.state}`);
    await expect(completeAuthorisation(google, pending, noCode, REDIRECT)).rejects.toMatchObject({
      reason: "provider_error",
    });
  });

  it("fails the exchange for a bad or reused code, a wrong verifier, secret or redirect_uri, and an unreachable endpoint", async () => {
    const fresh = async (provider: "google" | "facebook" = "google") => {
      const client = provider === "google" ? google : facebook;
      const redirect = provider === "google" ? REDIRECT : FB_REDIRECT;
      const { url, pending } = beginAuthorisation(provider, client, redirect, "/");
      return { pending, back: await consent(url, "allow"), client, redirect };
    };
    const exchangeFailed = { reason: "exchange_failed" };

    const bad = await fresh();
    bad.back.searchParams.set("code", "4/0Anot-a-code");
    await expect(completeAuthorisation(google, bad.pending, bad.back, REDIRECT)).rejects.toMatchObject(exchangeFailed);

    const used = await fresh();
    await completeAuthorisation(google, used.pending, used.back, REDIRECT);
    await expect(completeAuthorisation(google, used.pending, used.back, REDIRECT)).rejects.toMatchObject(
      exchangeFailed,
    );

    const verifier = await fresh("facebook");
    await expect(
      completeAuthorisation(facebook, { ...verifier.pending, verifier: "x".repeat(43) }, verifier.back, FB_REDIRECT),
    ).rejects.toMatchObject(exchangeFailed);

    const secret = await fresh();
    await expect(
      completeAuthorisation({ ...google, clientSecret: "wrong" }, secret.pending, secret.back, REDIRECT),
    ).rejects.toMatchObject(exchangeFailed);

    const redirect = await fresh();
    await expect(
      completeAuthorisation(google, redirect.pending, redirect.back, "http://elsewhere.test/auth/google/callback"),
    ).rejects.toMatchObject(exchangeFailed);

    const down = await fresh();
    const error = await completeAuthorisation(
      { ...google, tokenUrl: "http://127.0.0.1:9/token" },
      down.pending,
      down.back,
      REDIRECT,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject(exchangeFailed);
  });

  it("refuses a Google ID token that was not issued for this sign-in's nonce", async () => {
    const { url, pending } = beginAuthorisation("google", google, REDIRECT, "/");
    const back = await consent(url, "allow");
    const other: PendingOAuth = {
      ...pending,
      nonce: beginAuthorisation("google", google, REDIRECT, "/").pending.nonce,
    };
    await expect(completeAuthorisation(google, other, back, REDIRECT)).rejects.toMatchObject({
      reason: "nonce_mismatch",
    });
  });
});
