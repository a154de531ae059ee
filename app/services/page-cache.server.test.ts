import { afterEach, describe, expect, it, vi } from "vitest";
import { RouterContextProvider } from "react-router";
import { appContext, type AppServices } from "./context";
import { keepablePath, pageCacheMiddleware, preferredEncoding } from "./page-cache.server";

/*
 * Decision 0032: a visitor's page is drawn once a second and sent to every visitor with the same consent; nothing
 * drawn for a session, or answered with a cookie, is ever kept.
 */

let generation = 0;

function services(nonces: string[]): AppServices {
  const platform = { currentGeneration: () => generation };
  return {
    nonce: "request-nonce",
    useNonce: (nonce: string) => nonces.push(nonce),
    platform,
    config: { sessionSecrets: ["a-session-secret-of-at-least-32-chars!"], secureCookies: false, testRoutes: false },
  } as unknown as AppServices;
}

/** One server: its services (and so its cache) shared by every request, as in server/storefront.ts. */
function server(
  page: (request: Request, nonce: string, drawn: number) => Response | Promise<Response> = (_r, nonce, n) =>
    html(nonce, `page ${n}`),
) {
  const nonces: string[] = [];
  const shared = services(nonces);
  let drawn = 0;
  async function get(path: string, headers: Record<string, string> = {}, method = "GET", dataRequest = false) {
    const request = new Request(`http://shop.test${path}`, { method, headers });
    const context = new RouterContextProvider(
      new Map([[appContext, dataRequest ? { ...shared, dataRequest } : shared]]),
    );
    const response = (await pageCacheMiddleware(
      { request, context, params: {}, unstable_pattern: "" } as never,
      async () => page(request, context.get(appContext).nonce, ++drawn),
    )) as Response;
    return { response, body: response.status === 304 ? "" : await response.text(), nonce: nonces.at(-1) };
  }
  return { get, drawn: () => drawn };
}

function html(nonce: string, text: string, init: ResponseInit = {}): Response {
  return new Response(`<html><script nonce="${nonce}">1</script><p>${text}</p></html>`, {
    ...init,
    headers: { "Content-Type": "text/html; charset=utf-8", ...(init.headers ?? {}) },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  generation++;
});

describe("the page cache", () => {
  it("draws a visitor's page once, and answers the same page, nonce and ETag after", async () => {
    const site = server();
    const first = await site.get("/stores/victoria-1", { "Accept-Encoding": "identity" });
    const second = await site.get("/stores/victoria-1", { "Accept-Encoding": "identity" });
    expect(site.drawn()).toBe(1);
    expect(second.body).toBe(first.body);
    expect(first.body).toContain("page 1");
    expect(first.response.headers.get("Cache-Control")).toBe("public, no-cache");
    expect(first.response.headers.get("Vary")).toBe("Accept-Encoding, Cookie");
    expect(first.response.headers.get("ETag")).toMatch(/^"[A-Za-z0-9_-]+-identity"$/);
    expect(second.response.headers.get("ETag")).toBe(first.response.headers.get("ETag"));
    // The CSP allows the nonce the page was drawn with, which comes from its content, not the request.
    expect(first.nonce).toBeTruthy();
    expect(first.nonce).not.toBe("request-nonce");
    expect(first.body).toContain(`nonce="${first.nonce}"`);
    expect(second.nonce).toBe(first.nonce);
  });

  it("never answers a data request (its address is the page's once `.data` is taken off) with the page", async () => {
    const site = server((_r, nonce, n) =>
      n === 2
        ? new Response(`[{"data":${n}}]`, { headers: { "Content-Type": "text/x-script" } })
        : html(nonce, `page ${n}`),
    );
    const page = await site.get("/", { "Accept-Encoding": "identity" });
    expect(page.body).toContain("page 1");
    const data = await site.get("/", { "Accept-Encoding": "identity" }, "GET", true);
    expect(data.body).toBe('[{"data":2}]');
    expect(data.response.headers.get("Content-Type")).toBe("text/x-script");
    expect(site.drawn()).toBe(2);
    // The page itself is still answered from the cache.
    expect((await site.get("/", { "Accept-Encoding": "identity" })).body).toBe(page.body);
    expect(site.drawn()).toBe(2);
  });

  it("answers 304 to the browser's current copy, with the copy's nonce allowed", async () => {
    const site = server();
    const first = await site.get("/about-us", { "Accept-Encoding": "br" });
    expect(first.response.headers.get("Content-Encoding")).toBe("br");
    const etag = first.response.headers.get("ETag")!;
    const again = await site.get("/about-us", { "Accept-Encoding": "br", "If-None-Match": etag });
    expect(again.response.status).toBe(304);
    expect(again.nonce).toBe(first.nonce);
    const stale = await site.get("/about-us", { "Accept-Encoding": "br", "If-None-Match": '"old-br"' });
    expect(stale.response.status).toBe(200);
  });

  it("gives the same content the same nonce and ETag when drawn again, and a new one when it changed", async () => {
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now);
    let text = "same";
    const site = server((_r, nonce) => html(nonce, text));
    const first = await site.get("/");
    clock.mockReturnValue(now + 1500);
    const redrawn = await site.get("/");
    expect(site.drawn()).toBe(2);
    expect(redrawn.response.headers.get("ETag")).toBe(first.response.headers.get("ETag"));
    text = "changed";
    clock.mockReturnValue(now + 3000);
    const changed = await site.get("/");
    expect(changed.response.headers.get("ETag")).not.toBe(first.response.headers.get("ETag"));
    expect(changed.nonce).not.toBe(first.nonce);
  });

  it("keeps a page one second, and starts afresh when the shared reads' generation moves", async () => {
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now);
    const site = server();
    await site.get("/");
    clock.mockReturnValue(now + 999);
    await site.get("/");
    expect(site.drawn()).toBe(1);
    clock.mockReturnValue(now + 1001);
    expect((await site.get("/")).body).toContain("page 2");
    generation++;
    expect((await site.get("/")).body).toContain("page 3");
  });

  it("keeps one page for each consent and each same-site referrer", async () => {
    const site = server();
    await site.get("/");
    await site.get("/", { Cookie: "cookieConsent=true; performanceCookies=false; targetingCookies=false" });
    await site.get("/", { Cookie: "cookieConsent=true; performanceCookies=true; targetingCookies=false" });
    await site.get("/", { Cookie: "somethingElse=1" });
    expect(site.drawn()).toBe(3);
    const referred = await site.get("/no-such-page", { referer: "http://shop.test/came-from" });
    expect(referred.response.headers.get("Vary")).toBe("Accept-Encoding, Cookie, Referer");
    await site.get("/no-such-page", { referer: "http://shop.test/elsewhere" });
    await site.get("/no-such-page", { referer: "https://other.example/x" });
    await site.get("/no-such-page");
    expect(site.drawn()).toBe(6);
  });

  it("keeps one page for each header banner a visitor closed, and none for a malformed cookie (decision 0034)", async () => {
    const site = server();
    await site.get("/faqs");
    await site.get("/faqs", { Cookie: "headerBannerClosed=abc123" });
    await site.get("/faqs", { Cookie: "headerBannerClosed=abc123" });
    await site.get("/faqs", { Cookie: "headerBannerClosed=zz9" });
    expect(site.drawn()).toBe(3);
    // A value that is no fingerprint is the same page as no cookie at all.
    await site.get("/faqs", { Cookie: `headerBannerClosed=${"x".repeat(500)}` });
    expect(site.drawn()).toBe(3);
  });

  it("never serves or keeps a page for a session or a waiting message", async () => {
    const site = server((_r, nonce, n) => html(nonce, `page ${n}`));
    for (const cookie of ["__session=abc", "__flash_x1=abc", "cookieConsent=true; __session=abc"]) {
      const { response, body } = await site.get("/", { Cookie: cookie });
      expect(response.headers.get("Cache-Control")).toBeNull();
      // Drawn with the request's own nonce: the middleware stood aside.
      expect(body).toContain('nonce="request-nonce"');
    }
    expect(site.drawn()).toBe(3);
    // The visitor's page is not the session's.
    expect((await site.get("/")).body).toContain("page 4");
  });

  it("never keeps an answer that sets a cookie, a redirect or a failure, and gives it the request's nonce", async () => {
    let answer: (nonce: string) => Response = (nonce) =>
      html(nonce, "with cookie", { headers: { "Set-Cookie": "__session=made" } });
    const site = server((_r, nonce) => answer(nonce));
    const withCookie = await site.get("/");
    expect(withCookie.body).toContain('nonce="request-nonce"');
    expect(withCookie.response.headers.get("Set-Cookie")).toBe("__session=made");
    expect(withCookie.response.headers.get("ETag")).toBeNull();
    answer = (nonce) => html(nonce, "broken", { status: 500 });
    expect((await site.get("/")).response.status).toBe(500);
    answer = () => new Response(null, { status: 302, headers: { Location: "/x" } });
    expect((await site.get("/")).response.status).toBe(302);
    answer = (nonce) => html(nonce, "fine");
    expect((await site.get("/")).body).toContain("fine");
    expect(site.drawn()).toBe(4);
  });

  it("stands aside for posts, data requests and the shopper's own pages", async () => {
    const site = server();
    for (const [path, method] of [
      ["/", "POST"],
      ["/stores/v-1.data", "GET"],
      ["/stores/v-1?_routes=root", "GET"],
      ["/basket", "GET"],
      ["/checkout/payment", "GET"],
      ["/orders/secret-token", "GET"],
      ["/stores/v-1/time-slots", "GET"],
      ["/member", "GET"],
    ] as const) {
      await site.get(path, {}, method);
      await site.get(path, {}, method);
    }
    expect(site.drawn()).toBe(16);
    expect(keepablePath("/stores/v-1/category/dairy-2")).toBe(true);
    expect(keepablePath("/delivery-information")).toBe(true);
  });

  it("draws a page once for requests that arrive together", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const site = server(async (_r, nonce, n) => {
      await gate;
      return html(nonce, `page ${n}`);
    });
    const all = Promise.all([site.get("/"), site.get("/"), site.get("/")]);
    release();
    const answers = await all;
    expect(site.drawn()).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });
});

describe("content negotiation", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip, br;q=0")).toBe("gzip");
    expect(preferredEncoding("identity")).toBe("identity");
    expect(preferredEncoding(null)).toBe("identity");
    expect(preferredEncoding("*")).toBe("br");
  });
});
