// Every form post carries the session's anti-forgery token, or, from a visitor's sessionless page, the browser's word
// that it comes from the site itself (decision 0032); a post with neither changes nothing. The browser's error
// log goes through the storefront, never straight to the platform.
import { test } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "./fixtures";

test(
  "a form post without the anti-forgery token is refused and changes nothing",
  { tag: "@once" },
  async ({ request }) => {
    await request.get("/");
    const forged = await request.post("/location", {
      form: { intent: "postcode", postcode: "SW1A 1AA", redirectTo: "/" },
      headers: { referer: new URL("/faqs", test.info().project.use.baseURL).toString() },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(303);
    expect(forged.headers()["location"]).toBe("/faqs");
    const home = await (await request.get("/")).text();
    expect(home).toContain("Your form had expired, so nothing was changed. Please try again.");
    // The postcode was not saved: the stores page still asks for one.
    const stores = await (await request.get("/stores-near-by")).text();
    expect(stores).toContain("Find a store near you");
  },
);

test("the same post with the page's token goes through", { tag: "@once" }, async ({ request, baseURL }) => {
  // The first post makes the session (decision 0032); its pages then carry its token.
  await request.post("/location", {
    form: { csrf: "sessionless", intent: "postcode", postcode: "SW1A 1AA", redirectTo: "/" },
    headers: { origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  const html = await (await request.get("/")).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  expect(csrf, "the page's form carries the session's token").toMatch(/^[A-Za-z0-9_-]{32}$/);
  const response = await request.post("/location", {
    form: { csrf: csrf!, intent: "postcode", postcode: "SW1A 1AA", redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers()["location"]).toBe("/stores-near-by");
});

// Decision 0032: a visitor's pages carry no session and no token; their forms post when the browser vouches that the
// post comes from the site's own page (Sec-Fetch-Site, else Origin), and the first post makes the session.
test(
  "a visitor's page sets no cookie, and its form posts from the site itself but not from another site",
  { tag: "@once" },
  async ({ playwright, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const form = { csrf: "sessionless", intent: "postcode", postcode: "SW1A 1AA", redirectTo: "/" };
    const visitor = await playwright.request.newContext({ baseURL });
    const page = await visitor.get("/");
    expect(page.headers()["set-cookie"]).toBeUndefined();
    expect(await page.text()).toMatch(/name="csrf" value="sessionless"/);

    const forged = await visitor.post("/location", {
      form,
      headers: { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site", referer: `${origin}/about-us` },
      maxRedirects: 0,
    });
    expect(forged.headers()["location"]).toBe("/about-us");
    expect(await (await visitor.get("/about-us")).text()).toContain(
      "Your form had expired, so nothing was changed. Please try again.",
    );
    expect(await (await visitor.get("/stores-near-by")).text()).toContain("Find a store near you");
    await visitor.dispose();

    const own = await playwright.request.newContext({ baseURL });
    const posted = await own.post("/location", {
      form,
      headers: { origin, "sec-fetch-site": "same-origin" },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(303);
    expect(posted.headers()["location"]).toBe("/stores-near-by");
    expect(posted.headers()["set-cookie"]).toContain("__session=");
    await own.dispose();
  },
);

test(
  "the browser's errors are passed to the platform's log in batches, within limits",
  { tag: "@once" },
  async ({ request }) => {
    const entry = { level: "error", message: "TypeError: x is undefined", url: "http://shop.test/" };
    const ok = await request.post("/_log", { data: { entries: [entry, { ...entry, level: "warn" }] } });
    expect(ok.status()).toBe(202);
    const chatty = await request.post("/_log", { data: { entries: [{ ...entry, level: "info" }] } });
    expect(chatty.status()).toBe(400);
    const empty = await request.post("/_log", { data: { entries: [] } });
    expect(empty.status()).toBe(400);
    const tooMany = await request.post("/_log", { data: { entries: Array.from({ length: 26 }, () => entry) } });
    expect(tooMany.status()).toBe(400);
    const huge = await request.post("/_log", { data: { entries: [{ ...entry, message: "x".repeat(70_000) }] } });
    expect(huge.status()).toBe(413);
  },
);

test("the platform refuses calls without a token in the error shape", { tag: "@once" }, async ({ request }) => {
  const response = await request.get("/api/business/profile");
  expect(response.status()).toBe(401);
  const body = await response.json();
  expect(body).toMatchObject({ status: 401, errorCode: 401 });
  expect(typeof body.message).toBe("string");
});

// Forms are checked on the server by their zod schemas (Conform's parseWithZod); the browser leans on HTML attributes
// and the server's reply, so zod must never reach the browser's bundle (DESIGN.md JavaScript budget).
test("the browser's JavaScript carries no zod", { tag: "@once" }, async () => {
  const assets = path.resolve("build/client/assets");
  const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(10);
  const withZod = scripts.filter((name) => readFileSync(path.join(assets, name), "utf8").includes("_zod"));
  expect(withZod).toEqual([]);
});
