import { createSession, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveBusinessProfileOverrides } from "../../../platform/business/profile";
import { seededPlatform, type TestPlatform } from "../../../platform/testing";
import type { SessionData } from "~/models/shopper";
import { appContext, shopperContext, type AppServices, type Shopper } from "~/services/context";
import { createShopperApi, SharedPlatform } from "~/services/shopper.server";
import { loader } from "./referral";

/*
 * A referral link (issue 20 item 4) against the embedded platform on the demo seed: the business's scheme id is
 * "larder", store 1 is Victoria Street. What the session keeps, where the shopper lands, and that nothing is kept with
 * the scheme hidden (hideReferralUI).
 */

let platform: TestPlatform;
beforeAll(async () => {
  ({ t: platform } = await seededPlatform());
});
afterAll(async () => {
  await platform.close();
});

function visit(params: { partnerUniqueId: string; partnerMemberId: string; storeId: string }, member = false) {
  const transport = { baseUrl: "http://platform.test", fetch: platform.fetch };
  const session = createSession<SessionData>();
  if (member)
    session.set("auth", { strategy: "member", accessToken: "a", refreshToken: "r", expiresAt: Date.now() + 60_000 });
  const shopper = {
    session,
    takeFlash: () => ({}),
    csrfToken: "",
    shared: new SharedPlatform(transport, platform.clock, 0),
    api: createShopperApi({ transport, session, clock: platform.clock, clientIp: "203.0.113.30" }),
  } as unknown as Shopper;
  const context = new RouterContextProvider();
  context.set(appContext, {
    config: { sessionSecrets: ["s".repeat(32)], secureCookies: false, testRoutes: false },
  } as unknown as AppServices);
  context.set(shopperContext, shopper);
  const request = new Request(
    `http://shop.test/referral/${params.partnerUniqueId}/${params.partnerMemberId}/${params.storeId}`,
  );
  return { session, run: () => loader({ request, params, context } as never) as Promise<Response> };
}

const flashOf = (response: Response) => response.headers.getSetCookie().filter((c) => c.startsWith("__flash_"));

describe("a referral link", () => {
  it("is remembered for a guest, who lands on the store's page with a word on what registering brings", async () => {
    const { session, run } = visit({ partnerUniqueId: "larder", partnerMemberId: "AB12CD34", storeId: "1" });
    const response = await run();
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/stores/victoria-street-1");
    expect(session.get("referral")).toEqual({ partnerUniqueId: "larder", partnerMemberId: "AB12CD34", storeId: 1 });
    expect(flashOf(response)).toHaveLength(1);
  });

  it("that is not this business's, names no store, or is malformed, lands on the home page and is not kept", async () => {
    for (const params of [
      { partnerUniqueId: "another-shop", partnerMemberId: "AB12CD34", storeId: "1" },
      { partnerUniqueId: "larder", partnerMemberId: "AB12CD34", storeId: "999999" },
      { partnerUniqueId: "larder", partnerMemberId: "AB12CD34", storeId: "first" },
      { partnerUniqueId: "larder", partnerMemberId: "not a code!", storeId: "1" },
    ]) {
      const { session, run } = visit(params);
      const response = await run();
      expect(response.headers.get("location"), JSON.stringify(params)).toBe("/");
      expect(session.get("referral")).toBeUndefined();
      expect(flashOf(response)).toEqual([]);
    }
  });

  it("only opens the store for a member, who already has an account", async () => {
    const { session, run } = visit({ partnerUniqueId: "larder", partnerMemberId: "AB12CD34", storeId: "1" }, true);
    const response = await run();
    expect(response.headers.get("location")).toBe("/stores/victoria-street-1");
    expect(session.get("referral")).toBeUndefined();
  });

  it("only opens the store when the business hides referral", async () => {
    await saveBusinessProfileOverrides(platform.db, platform.clock, { hideReferralUI: true });
    try {
      const { session, run } = visit({ partnerUniqueId: "larder", partnerMemberId: "AB12CD34", storeId: "1" });
      const response = await run();
      expect(response.headers.get("location")).toBe("/stores/victoria-street-1");
      expect(session.get("referral")).toBeUndefined();
      expect(flashOf(response)).toEqual([]);
    } finally {
      await saveBusinessProfileOverrides(platform.db, platform.clock, {});
    }
  });
});
