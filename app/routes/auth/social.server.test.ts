import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { SessionData } from "~/models/shopper";
import { appContext, shopperContext, type AppServices, type Shopper } from "~/services/context";
import type { OAuthConfig } from "~/services/oauth.server";
import { socialProviders, startSocialSignIn } from "./social.server";

const client = (name: string) => ({
  clientId: `${name}-id`,
  clientSecret: `${name}-secret`,
  authUrl: `https://${name}.test/auth`,
  tokenUrl: `https://${name}.test/token`,
});
const both: OAuthConfig = { google: client("google"), facebook: client("facebook") };

/** A request context whose content enables `buttons` and whose server configured `oauth`; the session is a plain map. */
function contextWith(
  buttons: Record<string, boolean> | Error,
  oauth: OAuthConfig | undefined,
  session: Partial<SessionData> = {},
  publicUrl?: string,
) {
  const logged: string[] = [];
  const values = new Map<string, unknown>(Object.entries(session));
  const services = {
    platform: {
      cached: async () => {
        if (buttons instanceof Error) throw buttons;
        return { data: { id: 1, attributes: { login: { socialLoginButtons: buttons } } } };
      },
    },
    log: { error: (event: string) => logged.push(event), warn: () => undefined, info: () => undefined },
    config: { sessionSecrets: ["s".repeat(32)], secureCookies: false, testRoutes: false, oauth, publicUrl },
  } as unknown as AppServices;
  const shopper = {
    session: {
      get: (k: string) => values.get(k),
      set: (k: string, v: unknown) => values.set(k, v),
      unset: (k: string) => values.delete(k),
    },
  } as unknown as Shopper;
  const context = new RouterContextProvider();
  context.set(appContext, services);
  context.set(shopperContext, shopper);
  return { context, values, logged };
}

describe("which providers are offered", () => {
  it("offers a provider the content enables and the server has a client for, Google first, never Apple", async () => {
    expect(await socialProviders(contextWith({ google: true, facebook: true, apple: true }, both).context)).toEqual([
      "google",
      "facebook",
    ]);
    expect(await socialProviders(contextWith({ google: false, facebook: true, apple: true }, both).context)).toEqual([
      "facebook",
    ]);
    expect(
      await socialProviders(contextWith({ google: true, facebook: true }, { facebook: both.facebook }).context),
    ).toEqual(["facebook"]);
    expect(await socialProviders(contextWith({ google: true, facebook: true }, undefined).context)).toEqual([]);
    expect(await socialProviders(contextWith({}, both).context)).toEqual([]);
  });

  it("offers none when the content cannot be read, and logs it", async () => {
    const { context, logged } = contextWith(new Error("content down"), both);
    expect(await socialProviders(context)).toEqual([]);
    expect(logged).toEqual(["content.global_failed"]);
  });
});

describe("the start of a social sign-in", () => {
  const start = (provider: string, ctx: ReturnType<typeof contextWith>, query = "") =>
    startSocialSignIn({
      params: { provider },
      request: new Request(`http://shop.test/auth/${provider}${query}`),
      context: ctx.context,
    });

  it("sends a guest to the provider with a callback on this site, and keeps what the callback checks", async () => {
    const ctx = contextWith({ google: true, facebook: true }, both);
    const response = await start("google", ctx, "?redirectTo=%2Fbasket");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe("https://google.test/auth");
    expect(location.searchParams.get("redirect_uri")).toBe("http://shop.test/auth/google/callback");
    const pending = ctx.values.get("oauth") as SessionData["oauth"];
    expect(pending).toMatchObject({
      provider: "google",
      redirectTo: "/basket",
      state: location.searchParams.get("state"),
      nonce: location.searchParams.get("nonce"),
    });
  });

  it("puts the callback on PUBLIC_URL when set, and lands in the member area unless told a path on this site", async () => {
    const ctx = contextWith({ facebook: true }, both, {}, "https://shop.example.co.uk");
    const response = await start("facebook", ctx, `?redirectTo=${encodeURIComponent("https://elsewhere.example/x")}`);
    expect(new URL(response.headers.get("location")!).searchParams.get("redirect_uri")).toBe(
      "https://shop.example.co.uk/auth/facebook/callback",
    );
    expect((ctx.values.get("oauth") as SessionData["oauth"]).redirectTo).toBe("/member");
  });

  it("sends a member straight on, and answers 404 for a provider not offered", async () => {
    const member = contextWith({ google: true }, both, {
      auth: { strategy: "member", accessToken: "a", refreshToken: "r", expiresAt: 0 },
    });
    const response = await start("google", member, "?redirectTo=%2Fstores");
    expect([response.status, response.headers.get("location")]).toEqual([302, "/stores"]);
    expect(member.values.has("oauth")).toBe(false);

    for (const [provider, buttons, oauth] of [
      ["apple", { apple: true }, both],
      ["facebook", { google: true }, both],
      ["google", { google: true }, { facebook: both.facebook }],
    ] as const) {
      const thrown = await start(provider, contextWith(buttons, oauth)).catch((e: unknown) => e);
      expect(thrown, provider).toMatchObject({ init: { status: 404 } });
    }
  });
});
