import { describe, expect, it } from "vitest";
import { redirect, RouterContextProvider } from "react-router";
import { api, controllableClock } from "#contract";
import { appContext, shopperContext, type AppServices } from "./context";
import { flashCookiesFor } from "./flash.server";
import { sessionMiddleware } from "./session-middleware.server";
import { SharedPlatform } from "./shopper.server";
import { sessionStorageFor } from "./session.server";

/*
 * Spec 2 §4: a member whose session ends during a request is signed out and told 'Your session has expired. Please
 * log in again.' — whatever the request was answering.
 */

const config = { sessionSecrets: ["a-session-secret-of-at-least-32-chars!"], secureCookies: false, testRoutes: false };
const clock = controllableClock("2026-11-26T10:00:00Z");
const EXPIRED = "Your session has expired. Please log in again.";

/** A platform that has revoked the member's tokens and serves guests. */
const transport = {
  baseUrl: "http://p.test",
  async fetch(request: Request) {
    const url = new URL(request.url);
    if (url.pathname === "/api/auth/oauthToken") {
      const body = (await request.json()) as { grant_type: string };
      if (body.grant_type === "refresh_token")
        return Response.json({ status: 401, errorCode: 401, message: "Invalid refresh token" }, { status: 401 });
      return Response.json({
        access_token: "guest",
        refresh_token: "guest-r",
        expires_in: 3600,
        token_type: "Bearer",
        strategy: "guest",
      });
    }
    if (request.headers.get("authorization") !== "Bearer guest")
      return Response.json({ status: 401, errorCode: 401, message: "Unauthorized" }, { status: 401 });
    return Response.json({ status: 403, errorCode: 403, message: "Members only" }, { status: 403 });
  },
};

async function memberCookie(expiresInMs: number): Promise<string> {
  const storage = sessionStorageFor(config);
  const session = await storage.getSession();
  session.set("csrf", "t".repeat(32));
  session.set("auth", {
    strategy: "member",
    accessToken: "revoked",
    refreshToken: "revoked-r",
    expiresAt: clock.now().getTime() + expiresInMs,
  });
  session.set("basketToken", "member-basket");
  return (await storage.commitSession(session)).split(";")[0]!;
}

function contextFor(): RouterContextProvider {
  const services = {
    config,
    clock,
    platform: new SharedPlatform(transport, clock),
    clientIp: "127.0.0.1",
  } as unknown as AppServices;
  return new RouterContextProvider(new Map([[appContext, services]]));
}

/** Runs the middleware around a handler that reads the member's profile, as the member page does. */
async function run(request: Request, answer: (profileRead: boolean) => Response): Promise<Response> {
  const context = contextFor();
  return (await sessionMiddleware({ request, context, params: {}, unstable_pattern: "" } as never, async () => {
    const shopper = context.get(shopperContext);
    const read = await shopper.api.call(api.memberProfileGet, {}).then(
      () => true,
      () => false,
    );
    return answer(read);
  })) as Response;
}

async function toastOf(response: Response): Promise<string | undefined> {
  const cookies = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return (await flashCookiesFor(config).read(cookies)).flash.toast?.message;
}

describe("a member's session that ends during a request", () => {
  it("draws the page again as a guest, with the toast, when it was a page (refresh refused)", async () => {
    const request = new Request("http://shop.test/stores/victoria?x=1", {
      headers: { cookie: await memberCookie(1000) },
    });
    const response = await run(request, () => new Response("<html>member page</html>", { status: 200 }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/stores/victoria?x=1");
    expect(await toastOf(response)).toBe(EXPIRED);
    // The new session cookie is a guest's: no member tokens, no member basket.
    const session = await sessionStorageFor(config).getSession(
      response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    );
    expect(session.get("auth")?.strategy).toBe("guest");
    expect(session.get("basketToken")).toBeUndefined();
  });

  it("sends a client navigation's data request to the page itself, not to its data (401 to a member's call)", async () => {
    const request = new Request("http://shop.test/member.data?_routes=routes%2Fmember%2Fhome", {
      headers: { cookie: await memberCookie(3_600_000) },
    });
    const response = await run(request, () => new Response("data", { status: 200 }));
    expect(response.headers.get("Location")).toBe("/member");
    expect(await toastOf(response)).toBe(EXPIRED);
  });

  it("keeps a redirect's destination and adds the toast to it", async () => {
    const request = new Request("http://shop.test/member", { headers: { cookie: await memberCookie(1000) } });
    const response = await run(request, () => redirect("/login?redirectTo=%2Fmember", 303));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fmember");
    expect(await toastOf(response)).toBe(EXPIRED);
  });

  it("sends a post back where it came from", async () => {
    const body = new URLSearchParams({ csrf: "t".repeat(32), intent: "x" });
    const request = new Request("http://shop.test/basket", {
      method: "POST",
      body,
      headers: {
        cookie: await memberCookie(1000),
        "content-type": "application/x-www-form-urlencoded",
        referer: "http://shop.test/basket?from=bar",
      },
    });
    const response = await run(request, () => new Response(null, { status: 204 }));
    expect(response.headers.get("Location")).toBe("/basket?from=bar");
    expect(await toastOf(response)).toBe(EXPIRED);
  });

  it("leaves a member whose session is alive alone", async () => {
    const request = new Request("http://shop.test/stores", { headers: { cookie: await memberCookie(1000) } });
    const context = contextFor();
    const response = (await sessionMiddleware(
      { request, context, params: {}, unstable_pattern: "" } as never,
      async () => new Response("ok"),
    )) as Response;
    expect(response.status).toBe(200);
    expect(await toastOf(response)).toBeUndefined();
  });
});

/** Runs the middleware around a handler that records whether it ran (a post it lets through reaches the action). */
async function post(
  fields: Record<string, string>,
  headers: Record<string, string>,
  path = "/location",
): Promise<{ response: Response; ran: boolean }> {
  let ran = false;
  const request = new Request(`http://shop.test${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", referer: "http://shop.test/about-us", ...headers },
  });
  const response = (await sessionMiddleware(
    { request, context: contextFor(), params: {}, unstable_pattern: "" } as never,
    async () => {
      ran = true;
      return new Response(null, { status: 204 });
    },
  )) as Response;
  return { response, ran };
}

async function sessionOf(response: Response) {
  return sessionStorageFor(config).getSession(
    response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  );
}

describe("sessionless visitors (decision 0032)", () => {
  it("get a page without a session: no token made, no cookie set", async () => {
    const context = contextFor();
    const request = new Request("http://shop.test/stores/victoria-1");
    const response = (await sessionMiddleware(
      { request, context, params: {}, unstable_pattern: "" } as never,
      async () => {
        expect(context.get(shopperContext).csrfToken).toBe("");
        return new Response("<html></html>", { headers: { "Content-Type": "text/html" } });
      },
    )) as Response;
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("post a sessionless page's form when the browser vouches it comes from this site, and get a session", async () => {
    const vouched: Record<string, string>[] = [{ "sec-fetch-site": "same-origin" }, { origin: "http://shop.test" }];
    for (const headers of vouched) {
      const { response, ran } = await post({ csrf: "sessionless", intent: "postcode" }, headers);
      expect(ran, JSON.stringify(headers)).toBe(true);
      expect((await sessionOf(response)).get("csrf")).toMatch(/^[A-Za-z0-9_-]{32}$/);
    }
    // A form without the field at all, from a script on the page.
    expect((await post({ intent: "postcode" }, { "sec-fetch-site": "same-origin" })).ran).toBe(true);
  });

  it("close the header banner without getting a session, still checked as any sessionless post (decision 0034)", async () => {
    const allowed = await post(
      { csrf: "sessionless", banner: "abc" },
      { "sec-fetch-site": "same-origin" },
      "/header-banner",
    );
    expect(allowed.ran).toBe(true);
    expect(allowed.response.headers.getSetCookie()).toEqual([]);
    const refused = await post(
      { csrf: "sessionless", banner: "abc" },
      { "sec-fetch-site": "cross-site" },
      "/header-banner",
    );
    expect(refused.ran).toBe(false);
    expect(await toastOf(refused.response)).toBe("Your form had expired, so nothing was changed. Please try again.");
  });

  it("pass the browser's error log on without a token and without making a session (a visitor stays cacheable)", async () => {
    const logged = await post({}, {}, "/_log");
    expect(logged.ran).toBe(true);
    expect(logged.response.headers.getSetCookie()).toEqual([]);
  });

  it("refuse a sessionless post from another site, or one no browser vouches for, and change nothing", async () => {
    const refused: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site", origin: "https://elsewhere.example" },
      { "sec-fetch-site": "same-site", origin: "https://shop.test" },
      // Fetch Metadata wins over an Origin that looks right.
      { "sec-fetch-site": "cross-site", origin: "http://shop.test" },
      { origin: "https://elsewhere.example" },
      { origin: "null" },
      {},
    ];
    for (const headers of refused) {
      const { response, ran } = await post({ csrf: "sessionless", intent: "postcode" }, headers);
      expect(ran, JSON.stringify(headers)).toBe(false);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/about-us");
      expect(await toastOf(response)).toBe("Your form had expired, so nothing was changed. Please try again.");
      // The refused post made the session, so the page it goes back to carries a token to post with.
      expect((await sessionOf(response)).get("csrf")).toMatch(/^[A-Za-z0-9_-]{32}$/);
    }
  });

  it("refuse a token that is given and wrong, even from this site's own page", async () => {
    const { ran } = await post({ csrf: "w".repeat(32), intent: "postcode" }, { "sec-fetch-site": "same-origin" });
    expect(ran).toBe(false);
    const tooLong = await post({ csrf: "x".repeat(300), intent: "postcode" }, { "sec-fetch-site": "same-origin" });
    expect(tooLong.ran).toBe(false);
  });

  it("let a session's post through with its token, from any browser", async () => {
    const storage = sessionStorageFor(config);
    const session = await storage.getSession();
    session.set("csrf", "t".repeat(32));
    const cookie = (await storage.commitSession(session)).split(";")[0]!;
    expect((await post({ csrf: "t".repeat(32) }, { cookie })).ran).toBe(true);
    expect((await post({ csrf: "u".repeat(32) }, { cookie })).ran).toBe(false);
    // A form drawn before the session existed (another tab) still posts from this site's own page.
    expect((await post({ csrf: "sessionless" }, { cookie, "sec-fetch-site": "same-origin" })).ran).toBe(true);
    expect((await post({ csrf: "sessionless" }, { cookie, "sec-fetch-site": "cross-site" })).ran).toBe(false);
  });
});

// Found by the forms fuzzing (decision 0045): a post from the site's own origin that is no form reached the action,
// whose request.formData() threw, and the shopper got a 500.
describe("posts that are no form", () => {
  async function postRaw(body: string, contentType: string | null): Promise<{ response: Response; ran: boolean }> {
    let ran = false;
    const headers: Record<string, string> = { "sec-fetch-site": "same-origin", referer: "http://shop.test/about-us" };
    if (contentType) headers["content-type"] = contentType;
    const request = new Request("http://shop.test/location", { method: "POST", body, headers });
    const response = (await sessionMiddleware(
      { request, context: contextFor(), params: {}, unstable_pattern: "" } as never,
      async () => {
        ran = true;
        return new Response(null, { status: 204 });
      },
    )) as Response;
    return { response, ran };
  }

  it("are sent back where they came from with a message, and reach no action", async () => {
    const notForms: [string, string | null][] = [
      [JSON.stringify({ csrf: "sessionless", intent: "postcode" }), "application/json"],
      ["csrf=sessionless&intent=postcode", "text/plain"],
      ["csrf=sessionless&intent=postcode", null],
      ['--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\npostcode', "multipart/form-data; boundary=x"],
      ["intent=postcode", "multipart/form-data"],
    ];
    for (const [body, type] of notForms) {
      const { response, ran } = await postRaw(body, type);
      expect(ran, `${type}: ${body}`).toBe(false);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/about-us");
      expect(await toastOf(response)).toBe("Your form could not be read, so nothing was changed. Please try again.");
    }
  });

  it("leave the forms of both encodings alone", async () => {
    expect((await postRaw("csrf=sessionless&intent=postcode", "application/x-www-form-urlencoded")).ran).toBe(true);
    const multipart = '--x\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nsessionless\r\n--x--\r\n';
    expect((await postRaw(multipart, "multipart/form-data; boundary=x")).ran).toBe(true);
  });
});
