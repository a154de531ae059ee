// What the server puts on the wire, read without a browser in between: complete HTML for curl, the
// Content-Security-Policy nonce, security headers, compression and asset caching. No browser is involved, so each
// runs once (@once), not in every browser project.
import { test } from "@playwright/test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect } from "./fixtures";
import { header, rawGet, scriptNonce, twoGetsOnOneConnection, type RawResponse } from "./support/raw-http";
import { fill, pagePaths } from "./support/route-manifest";
import { cookieProblems, cookiesOfAJourney, securityHeaderProblems } from "./support/security-headers";

const companyNameInHtml = /Larder (?:&amp;|&#38;|&) Co/;
const oneYear = 31_536_000;

function decoded(response: RawResponse): string {
  const encoding = header(response, "content-encoding");
  if (encoding === "br") return brotliDecompressSync(response.body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(response.body).toString("utf8");
  return response.body.toString("utf8");
}

function url(baseURL: string | undefined, path: string): string {
  return new URL(path, baseURL).toString();
}

test("curl gets the complete home page, branded, with no JavaScript involved @once", async ({ baseURL }) => {
  const response = await rawGet(url(baseURL, "/"), { "user-agent": "curl/8.5.0", accept: "*/*" });
  expect(response.status).toBe(200);
  expect(header(response, "content-type")).toMatch(/^text\/html/);
  const html = decoded(response).trim();
  expect(html).toMatch(/^<!DOCTYPE html>/i);
  expect(html).toMatch(/<\/html>$/i);
  expect(html).toMatch(companyNameInHtml);
  expect(html).toMatch(/<main\b/);
});

test("curl of an unmatched path gets a complete 404 error page @once", async ({ baseURL }) => {
  const response = await rawGet(url(baseURL, "/no-such-page"), { "user-agent": "curl/8.5.0", accept: "*/*" });
  expect(response.status).toBe(404);
  const html = decoded(response);
  expect(html).toContain("<title>Page Not Found</title>");
  expect(html).toContain("Page Not Found: /no-such-page");
  expect(html).toMatch(/<\/html>\s*$/i);
});

// Parts the browser fetches on demand (the store search on the error page and the empty basket) are still in the
// server's HTML, in place: React would otherwise send them after the page with a script to move them, which a
// browser without JavaScript never runs.
test(
  "parts loaded on demand are in the HTML in place, never left for a script to put there",
  { tag: "@once" },
  async ({ baseURL }) => {
    for (const path of ["/no-such-page", "/basket"]) {
      const html = decoded(await rawGet(url(baseURL, path), { "user-agent": "curl/8.5.0", accept: "*/*" }));
      expect(html, path).toMatch(/<main\b[^]*name="postcode"[^]*<\/main>/);
      expect(html, path).not.toMatch(/<template id="B:/);
      expect(html, path).not.toContain("$RC(");
    }
  },
);

/** A session of its own, made as a browser makes it: the home page's postcode search posted from the site's own page. */
async function sessionCookie(baseURL: string | undefined, postcode: string): Promise<string> {
  const response = await fetch(url(baseURL, "/location"), {
    method: "POST",
    body: new URLSearchParams({ csrf: "sessionless", intent: "postcode", postcode, redirectTo: "/" }),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(url(baseURL, "/")).origin },
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  expect(cookie, "the post made a session").toBeTruthy();
  return cookie!.split(";")[0]!;
}

function expectEveryTagCarries(html: string, nonce: string | null) {
  const tags = html.match(/<(?:script|style)\b[^>]*>/gi) ?? [];
  expect(tags.length, "the page has scripts or styles to check").toBeGreaterThan(0);
  for (const tag of tags) {
    if (/<script\b[^>]*\btype="application\/(?:ld\+)?json"/i.test(tag)) continue;
    expect(tag, "inline and external scripts and styles carry the response's nonce").toContain(`nonce="${nonce}"`);
  }
}

test("each session's response carries its own CSP nonce, and every script and style in the page uses it @once", async ({
  baseURL,
}) => {
  const cookie = await sessionCookie(baseURL, "SW1A 1AA");
  const [first, second] = await Promise.all([
    rawGet(url(baseURL, "/"), { cookie }),
    rawGet(url(baseURL, "/"), { cookie }),
  ]);
  const firstNonce = scriptNonce(header(first, "content-security-policy"));
  const secondNonce = scriptNonce(header(second, "content-security-policy"));
  expect(firstNonce, "script-src names a nonce").toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
  expect(secondNonce).not.toBeNull();
  expect(secondNonce).not.toBe(firstNonce);
  expectEveryTagCarries(decoded(first), firstNonce);
});

// Decision 0032: a visitor's page is the same for every visitor, so it is drawn once and its nonce comes from its
// content; the header always names the nonce the body carries, on a 200 and on a 304.
test("a visitor's page names the nonce its body carries, and is reused with a strong ETag @once", async ({
  baseURL,
}) => {
  const first = await rawGet(url(baseURL, "/about-us"), { "accept-encoding": "br" });
  const nonce = scriptNonce(header(first, "content-security-policy"));
  expectEveryTagCarries(decoded(first), nonce);
  expect(header(first, "cache-control")).toBe("public, no-cache");
  expect(header(first, "vary").toLowerCase()).toContain("cookie");
  const etag = header(first, "etag");
  expect(etag).toMatch(/^"[A-Za-z0-9_-]+-br"$/);
  expect(header(first, "set-cookie")).toBe("");
  const again = await rawGet(url(baseURL, "/about-us"), { "accept-encoding": "br", "if-none-match": etag });
  if (again.status === 304) {
    expect(scriptNonce(header(again, "content-security-policy"))).toBe(nonce);
  } else {
    // Drawn again after its second: new content would mean a new ETag.
    expect(header(again, "etag")).not.toBe(etag);
  }
  expect(header(again, "set-cookie")).toBe("");
});

test("a visitor's cached page never carries a session's data or cookie, and a session never gets the visitor's page @once", async ({
  baseURL,
}) => {
  const cookie = await sessionCookie(baseURL, "B1 1BB");
  for (const path of ["/", "/stores/victoria-street-1", "/about-us", "/no-such-page"]) {
    // The session's page, then a visitor's, then the session's again: all within the cache's second.
    const mine = await rawGet(url(baseURL, path), { cookie });
    const visitor = await rawGet(url(baseURL, path));
    const mineAgain = await rawGet(url(baseURL, path), { cookie });
    for (const answer of [mine, mineAgain]) {
      expect(header(answer, "cache-control"), path).toBe("private, no-cache");
      expect(header(answer, "etag"), path).toBe("");
      expect(decoded(answer), path).toContain("B1 1BB");
    }
    const token = /name="csrf" value="([^"]+)"/.exec(decoded(mine))?.[1];
    expect(token, `${path}: the session's page carries its token`).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(header(visitor, "set-cookie"), path).toBe("");
    expect(header(visitor, "cache-control"), path).toBe("public, no-cache");
    const html = decoded(visitor);
    expect(html, path).not.toContain("B1 1BB");
    expect(html, path).not.toContain(token!);
    expect(html, path).toMatch(/name="csrf" value="sessionless"/);
  }
});

test("pages carry the security headers @once", async ({ baseURL }) => {
  for (const path of ["/", "/no-such-page"]) {
    const response = await rawGet(url(baseURL, path));
    const policy = header(response, "content-security-policy");
    expect(header(response, "x-content-type-options")).toBe("nosniff");
    // The error page's Go back link depends on same-site navigations keeping their referrer.
    expect(["strict-origin-when-cross-origin", "same-origin"]).toContain(header(response, "referrer-policy"));
    expect(policy).toMatch(/(?:^|;)\s*default-src\s/);
    expect(policy).toMatch(/(?:^|;)\s*object-src 'none'/);
    expect(policy).toMatch(/(?:^|;)\s*base-uri\s/);
    expect(policy).toMatch(/(?:^|;)\s*frame-ancestors\s/);
    expect(policy).not.toContain("'unsafe-eval'");
  }
});

/** The headers of a raw answer as one lower-case record. */
function headersOf(response: RawResponse): Record<string, string> {
  return Object.fromEntries(Object.keys(response.headers).map((name) => [name, header(response, name)]));
}

// Decision 0046: every page type (each leaf route with a page, read from the build's route manifest, so a page added
// later is covered), for a visitor and for a shopper with a session, and the answers that are not pages (a script, an
// image, the health check, the platform's /api, the embedded test gateway): a strict policy ('unsafe-inline' nowhere,
// scripts and styles by nonce), no framing, no sniffing. This server is not in production: no HSTS (the production
// server's answers are checked in e2e/production-security.spec.ts).
const everyAnswerHeaders =
  "every page type and every other answer carries the CSP without 'unsafe-inline', " +
  "no framing and no HSTS outside production @once";
test(everyAnswerHeaders, async ({ baseURL }) => {
  const cookie = await sessionCookie(baseURL, "SW1A 1AA");
  const pages = pagePaths().map(fill);
  expect(pages.length, "the storefront's page types").toBeGreaterThan(60);
  const home = decoded(await rawGet(url(baseURL, "/")));
  const script = home.match(/\/assets\/[\w.-]+\.js/)?.[0] ?? "/assets/missing.js";
  const others = [
    script,
    "/img?src=/catalogue/dairy.svg&w=320",
    "/healthz",
    "/api/business/profile",
    "/test-gateway/frames.js",
    "/builds/latest.json",
    "/no-such-page",
  ];
  const problems: string[] = [];
  for (const path of [...pages, ...others]) {
    for (const [who, headers] of [
      ["a visitor", {}],
      ["a session", { cookie }],
    ] as const) {
      const response = await rawGet(url(baseURL, path), headers);
      if (response.status >= 500) problems.push(`${path} for ${who}: ${response.status}`);
      problems.push(
        ...securityHeaderProblems(`${path} for ${who} (${response.status})`, headersOf(response), {
          production: false,
        }),
      );
    }
  }
  expect(problems).toEqual([]);
});

test("every cookie the storefront sets is HttpOnly, SameSite=Lax and site-wide, and not Secure outside production @once", async ({
  baseURL,
}) => {
  const { setCookies, names } = await cookiesOfAJourney(baseURL!);
  expect([...names].sort()).toEqual([
    "__flash",
    "__session",
    "cookieConsent",
    "headerBannerClosed",
    "performanceCookies",
    "targetingCookies",
  ]);
  expect(setCookies.flatMap((line) => cookieProblems(line, { production: false }))).toEqual([]);
});

test("HTML is compressed for clients that accept it @once", async ({ baseURL }) => {
  const both = await rawGet(url(baseURL, "/"), { "accept-encoding": "gzip, br" });
  expect(["gzip", "br"]).toContain(header(both, "content-encoding"));
  expect(header(both, "vary").toLowerCase()).toContain("accept-encoding");
  expect(decoded(both)).toMatch(companyNameInHtml);

  const gzipOnly = await rawGet(url(baseURL, "/"), { "accept-encoding": "gzip" });
  expect(header(gzipOnly, "content-encoding")).toBe("gzip");
  expect(decoded(gzipOnly)).toMatch(companyNameInHtml);

  const none = await rawGet(url(baseURL, "/"), { "accept-encoding": "identity" });
  expect(header(none, "content-encoding")).toBe("");
  expect(none.body.toString("utf8")).toMatch(companyNameInHtml);
});

test("hashed assets are cached for a year as immutable, and pages are not @once", async ({ baseURL }) => {
  const page = await rawGet(url(baseURL, "/"));
  expect(header(page, "cache-control")).not.toContain("immutable");

  const assetPath = decoded(page).match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(assetPath, "the page references a hashed script under /assets/").toBeDefined();
  const asset = await rawGet(url(baseURL, assetPath ?? "/assets/missing.js"), { "accept-encoding": "gzip, br" });
  expect(asset.status).toBe(200);
  expect(header(asset, "content-type")).toMatch(/javascript/);
  const cacheControl = header(asset, "cache-control");
  expect(cacheControl).toContain("immutable");
  expect(Number(cacheControl.match(/max-age=(\d+)/)?.[1] ?? 0)).toBeGreaterThanOrEqual(oneYear);
});

test("catalogue images are resized to WebP, cacheable for a day, and never set a cookie @once", async ({ baseURL }) => {
  const response = await rawGet(url(baseURL, "/img?src=/catalogue/dairy.svg&w=320"), { accept: "image/webp,*/*" });
  expect(response.status).toBe(200);
  expect(header(response, "content-type")).toBe("image/webp");
  expect(header(response, "cache-control")).toContain("max-age=86400");
  // A response with a cookie is one no shared cache will keep.
  expect(header(response, "set-cookie")).toBe("");
  const etag = header(response, "etag");
  expect(etag).not.toBe("");
  const again = await rawGet(url(baseURL, "/img?src=/catalogue/dairy.svg&w=320"), {
    accept: "image/webp,*/*",
    "if-none-match": etag,
  });
  expect(again.status).toBe(304);
});

// Node's own default closes an idle connection after 5 s; a client that sends on it as it closes gets a reset
// (ECONNRESET) instead of an answer. Load balancers and client pools keep connections for up to a minute.
test("an idle kept-alive connection still answers after 6 seconds", { tag: "@once" }, async ({ baseURL }) => {
  test.setTimeout(80_000);
  const { statuses, closedWhileIdle } = await twoGetsOnOneConnection(url(baseURL, "/healthz"), 6_000);
  expect(closedWhileIdle).toBe(false);
  expect(statuses).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
});
