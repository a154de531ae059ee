import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createSession, RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api } from "#contract";
import { registerMember } from "../../../platform/auth/testing/accounts";
import { resetClockAndHolds, seededPlatform, TEST_NOW, type TestPlatform } from "../../../platform/testing";
import type { SessionData } from "~/models/shopper";
import routes from "~/routes";
import { shopperContext, type Shopper } from "~/services/context";
import { createShopperApi, SharedPlatform } from "~/services/shopper.server";
import { memberCall } from "./member.server";

/*
 * memberCall against the embedded platform on the demo seed: a member whose session lapsed while away (the refresh
 * token outlived, so the refresh is refused) is sent to sign in, and the sign-in page leads back to the page they were
 * on — the page asked for, or the page whose form they sent.
 */

let t: TestPlatform;
beforeAll(async () => {
  ({ t } = await seededPlatform());
});
afterAll(() => t.close());
afterEach(() => resetClockAndHolds(t));

let members = 0;

/** A signed-in member's request context: their session holds the tokens signing in gave. */
async function signedIn() {
  members++;
  const tokens = await registerMember(t, {
    email: `lapse${members}@example.com`,
    mobile: `07700 900${String(600 + members).padStart(3, "0")}`,
  });
  const transport = { baseUrl: "http://platform.test", fetch: t.fetch };
  const session = createSession<SessionData>();
  session.set("auth", {
    strategy: "member",
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: t.clock.now().getTime() + tokens.expires_in * 1000,
  });
  const shopper = {
    session,
    takeFlash: () => ({}),
    csrfToken: "",
    shared: new SharedPlatform(transport, t.clock, 0),
    api: createShopperApi({ transport, session, clock: t.clock, clientIp: "203.0.113.31" }),
  } as unknown as Shopper;
  const context = new RouterContextProvider();
  context.set(shopperContext, shopper);
  return { context, shopper, session };
}

/** Away for 31 days: the refresh token (30 days) has expired with the access token. */
const awayForAMonth = () => t.clock.advance(31 * 24 * 3600 * 1000);

const request = (url: string, method = "GET", referer?: string) =>
  new Request(`http://shop.test${url}`, { method, headers: referer === undefined ? {} : { referer } });

const listCards = (shopper: Shopper) => shopper.api.call(api.memberCardsList, {});

/** Where the thrown answer leads, or a failure when memberCall answered instead. */
async function sentTo(call: Promise<unknown>): Promise<string | null> {
  try {
    await call;
  } catch (answer) {
    if (!(answer instanceof Response)) throw answer;
    expect(answer.status).toBe(303);
    return answer.headers.get("location");
  }
  throw new Error("memberCall answered instead of sending the member to sign in");
}

describe("memberCall", () => {
  it("answers a signed-in member's call", async () => {
    const { context } = await signedIn();
    expect(await memberCall(context, request("/member/cards"), listCards)).toEqual({ cards: [] });
  });

  it("sends a member whose session lapsed on a page to sign in, and back to that page", async () => {
    const { context, shopper, session } = await signedIn();
    awayForAMonth();
    expect(await sentTo(memberCall(context, request("/member/orders?current=abc"), listCards))).toBe(
      "/login?redirectTo=%2Fmember%2Forders%3Fcurrent%3Dabc",
    );
    // The session middleware tells the member (and keeps the redirect): the session is a guest's now.
    expect(shopper.api.memberSessionExpired()).toBe(true);
    expect(session.get("auth")?.strategy).toBe("guest");
  });

  it("brings a member who sent a form back to the page the form was on, not the address it posted to", async () => {
    const { context } = await signedIn();
    awayForAMonth();
    const order = "http://shop.test/member/orders/LC-1001";
    expect(await sentTo(memberCall(context, request("/member/orders/LC-1001/reorder", "POST", order), listCards))).toBe(
      "/login?redirectTo=%2Fmember%2Forders%2FLC-1001",
    );
    const cards = "http://shop.test/member/cards";
    expect(await sentTo(memberCall(context, request("/member/cards/c_1/delete", "POST", cards), listCards))).toBe(
      "/login?redirectTo=%2Fmember%2Fcards",
    );
  });

  it("trusts no other site's Referer: the post's own page instead, and never a way off the site", async () => {
    for (const referer of [undefined, "https://evil.example/member/cards", "http://shop.test//evil.example/"]) {
      const { context } = await signedIn();
      awayForAMonth();
      const post = request("/member/cards/c_1/delete", "POST", referer);
      expect(await sentTo(memberCall(context, post, listCards)), String(referer)).toBe(
        "/login?redirectTo=%2Fmember%2Fcards%2Fc_1%2Fdelete",
      );
      t.clock.set(TEST_NOW);
    }
  });

  it("sends a guest's post to sign in the same way", async () => {
    const { context, session } = await signedIn();
    session.unset("auth");
    const post = request("/member/addresses/7/remove", "POST", "http://shop.test/member/addresses");
    expect(await sentTo(memberCall(context, post, listCards))).toBe("/login?redirectTo=%2Fmember%2Faddresses");
  });
});

describe("the member area's routes", () => {
  it("are all pages: a post's own address under /member is one to come back to", () => {
    type Entry = { file: string; path?: string; children?: Entry[] };
    const area = (routes as Entry[]).find((r) => r.file === "routes/member/layout.tsx");
    const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
    const screens = (area?.children ?? []).map((child) => child.file);
    expect(screens.length).toBeGreaterThan(10);
    const withoutPage = screens.filter(
      (file) => !/\nexport default function\b/.test(readFileSync(path.join(appDir, file), "utf8")),
    );
    expect(withoutPage).toEqual([]);
    // The only other route under /member is a page too (the password reset link's).
    const others = (routes as Entry[]).flatMap((r) => [r, ...(r.children ?? [])]);
    expect(others.filter((r) => r.path?.startsWith("member/") && !/\.tsx$/.test(r.file))).toEqual([]);
  });
});
