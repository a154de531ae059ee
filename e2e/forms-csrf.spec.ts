// Issue 22 item 4: anti-forgery refused on EVERY form post of the storefront. The routes that take a post are read from
// the build's route manifest (what React Router compiled from app/routes.ts: each route's path and whether it has an
// action), so a route added later is probed without anyone listing it here. Each is posted, by a signed-in member with
// a basket, without the token, with a forged one, from another site (as a form and as text/plain), and as text/plain
// without Origin. A post with another site's Origin is refused by React Router itself (400 "Bad Request") before our
// middleware; every other comes back as our refusal (303 to where it came from, "Your form had expired…"). None
// changes anything: the session cookie stays byte for byte what it was, and the member's pages show what they showed
// before. No browser: @once.
import { test, type APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";
import { fill, postedPaths } from "./support/route-manifest";
import { readServerLog } from "./support/server-log";

const REFUSED = "Your form had expired, so nothing was changed. Please try again.";

/**
 * Posts that are not forms and carry no token, each for a reason (app/services/session-middleware.server.ts): a
 * route added to either list there must be added here too, or this spec fails on it.
 */
const EXEMPT: Record<string, string> = {
  "/_log":
    "the browser's error log: JSON from the page's script, passed to the platform's log; changes no shopper state",
  "/_vitals": "Web Vitals beacons: sessionless, changes no shopper state, sets no cookie",
};

/** Bodies that would change something if the post were let through; any other route gets a generic one. */
const BODIES: Record<string, Record<string, string>> = {
  "/location": { intent: "postcode", postcode: "M1 1AE", redirectTo: "/" },
  "/logout": {},
  "/basket": { intent: "remove", basketLineId: "csrf-line" },
  "/basket/add": {
    intent: "add",
    menuItemId: "38",
    quantity: "3",
    basketLineId: "csrf-forged-line",
    idempotencyKey: "csrf-forged-add",
    redirectTo: "/basket",
  },
  "/member/my-details": { firstName: "Forged", lastName: "Name", mobile: "07700 900999" },
  "/cookies": { intent: "accept-all" },
  "/stores/:storeSlug/fulfilment": { method: "delivery", redirectTo: "/basket" },
};

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const member = {
  firstName: "Cressida",
  lastName: "Forgewell",
  email: `csrf-${unique}@example.com`,
  mobile: "07700 900321",
  password: `Larder-${unique}-pw`,
};

function tokenOf(html: string): string {
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  expect(token, "the page carries the session's token").toMatch(/^[A-Za-z0-9_-]{32}$/);
  return token!;
}

async function post(
  request: APIRequestContext,
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await request.post(url, { form, headers, maxRedirects: 0 });
  expect(response.status(), `POST ${url}`).toBe(303);
  return response;
}

/** A member signed in through the register form, with a location and a line in the basket. */
async function memberWithBasket(request: APIRequestContext, origin: string): Promise<void> {
  await post(
    request,
    "/location",
    { csrf: "sessionless", intent: "postcode", postcode: "SW1A 1AA", redirectTo: "/" },
    { origin },
  );
  const form = await (await request.get("/register")).text();
  const stamp = /name="from__confirm" value="([^"]*)"/.exec(form)?.[1] ?? "";
  const registered = await post(request, "/register", {
    csrf: tokenOf(form),
    ...member,
    website: "",
    from__confirm: stamp,
    redirectTo: "/member",
  });
  expect(registered.headers()["location"]).toBe("/member");
  const csrf = tokenOf(await (await request.get("/member")).text());
  await post(request, "/stores/victoria-street-1/fulfilment", { csrf, method: "collection", redirectTo: "/basket" });
  await post(request, "/basket/add", {
    csrf,
    intent: "add",
    menuItemId: "45",
    quantity: "2",
    basketLineId: "csrf-line",
    idempotencyKey: `csrf-${unique}-add`,
    redirectTo: "/basket",
  });
}

/** What the member's pages show: signed in with their name, the basket's line, the location. */
async function memberState(request: APIRequestContext) {
  const home = await (await request.get("/member")).text();
  const details = await (await request.get("/member/my-details")).text();
  const basket = await (await request.get("/basket")).text();
  return {
    signedIn: home.includes(`Hello, ${member.firstName}`),
    name:
      /name="firstName"[^>]*value="([^"]*)"/.exec(details)?.[1] ??
      /value="([^"]*)"[^>]*name="firstName"/.exec(details)?.[1] ??
      null,
    lines: [...new Set([...basket.matchAll(/name="basketLineId" value="(csrf-[^"]+)"/g)].map((m) => m[1]))].sort(),
    postcode: basket.includes("SW1A 1AA"),
  };
}

/** React Router's own refusal of a post from another origin: 400 "Bad Request", no cookie, before any action runs. */
async function refusedByReactRouter(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<boolean> {
  return (
    response.status() === 400 &&
    (await response.text()) === "Bad Request" &&
    response.headers()["set-cookie"] === undefined
  );
}

async function sessionCookie(request: APIRequestContext): Promise<string | undefined> {
  return (await request.storageState()).cookies.find((c) => c.name === "__session")?.value;
}

test(
  "every route that takes a post refuses one without the token, with a forged one, or from another site, and changes nothing",
  { tag: "@once" },
  async ({ request, baseURL }) => {
    test.setTimeout(120_000);
    const origin = new URL(baseURL!).origin;
    // From the build's route manifest, itself checked against app/routes.ts (support/route-manifest.ts).
    const posted = postedPaths();
    expect(posted.length, "the storefront's forms").toBeGreaterThan(40);
    expect(posted, "the exempt posts are still routes").toEqual(expect.arrayContaining(Object.keys(EXEMPT)));

    await memberWithBasket(request, origin);
    const before = await memberState(request);
    expect(before).toMatchObject({ signedIn: true, name: member.firstName, lines: ["csrf-line"], postcode: true });
    const cookie = await sessionCookie(request);

    const forged = "F0rgedF0rgedF0rgedF0rgedF0rgedF0";
    const from = `${origin}/faqs?from=form`;
    const attempts: { label: string; csrf: string | null; headers: Record<string, string>; back: string }[] = [
      { label: "without the token", csrf: null, headers: { referer: from }, back: "/faqs?from=form" },
      {
        label: "with a forged token from the site's own page",
        csrf: forged,
        headers: { referer: from, origin, "sec-fetch-site": "same-origin" },
        back: "/faqs?from=form",
      },
      {
        label: "from another site",
        csrf: "sessionless",
        headers: {
          referer: "https://elsewhere.example/offer",
          origin: "https://elsewhere.example",
          "sec-fetch-site": "cross-site",
        },
        back: "/",
      },
      {
        label: "from another site without Fetch Metadata",
        csrf: null,
        headers: { origin: "https://elsewhere.example" },
        back: "/",
      },
    ];
    const problems: string[] = [];
    for (const pattern of posted) {
      if (EXEMPT[pattern]) continue;
      const url = fill(pattern);
      const body = BODIES[pattern] ?? { intent: "save", email: "forged@example.com", redirectTo: "/" };
      for (const attempt of attempts) {
        const form = attempt.csrf === null ? body : { ...body, csrf: attempt.csrf };
        const response = await request.post(url, { form, headers: attempt.headers, maxRedirects: 0 });
        const label = `POST ${url} ${attempt.label}`;
        // React Router refuses a page's post whose Origin is another site before anything of ours runs (400 "Bad
        // Request"); resource routes (no page) are left to our check.
        if (attempt.headers.origin === "https://elsewhere.example" && (await refusedByReactRouter(response))) continue;
        if (response.status() !== 303 || response.headers()["location"] !== attempt.back) {
          problems.push(`${label}: ${response.status()} to ${response.headers()["location"] ?? "nowhere"}`);
          continue;
        }
        const setCookies = response
          .headersArray()
          .filter((h) => h.name.toLowerCase() === "set-cookie")
          .map((h) => h.value);
        if (setCookies.some((c) => !c.startsWith("__flash")))
          problems.push(`${label}: set ${setCookies.map((c) => c.split("=")[0]).join(", ")}`);
        const page = await (await request.get(attempt.back)).text();
        if (!page.includes(REFUSED)) problems.push(`${label}: the page it went back to does not say "${REFUSED}"`);
      }
      // The same post as a text/plain form from another site (no form body the server reads): refused too.
      const plain = await request.post(url, {
        data: "csrf=sessionless&intent=x",
        headers: { "content-type": "text/plain", origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" },
        maxRedirects: 0,
      });
      if (!(await refusedByReactRouter(plain)) && (plain.status() !== 303 || plain.headers()["location"] !== "/"))
        problems.push(`POST ${url} as text/plain from another site: ${plain.status()}`);
      // The same text/plain post as a browser without Origin would send it: our own check refuses it.
      const bare = await request.post(url, {
        data: "csrf=sessionless&intent=x",
        headers: { "content-type": "text/plain" },
        maxRedirects: 0,
      });
      if (bare.status() !== 303 || bare.headers()["location"] !== "/")
        problems.push(`POST ${url} as text/plain without Origin: ${bare.status()} ${bare.headers()["location"] ?? ""}`);
      await request.get("/");
    }
    expect(problems).toEqual([]);
    expect(await sessionCookie(request), "the session is exactly as it was").toBe(cookie);
    expect(await memberState(request)).toEqual(before);
    // React Router's refusals are warnings in the log, never errors for the error reporting: anyone can cause them.
    const log = (await readServerLog()).split("\n");
    expect(log.filter((line) => line.includes('"route.unhandled"') && line.includes("`origin` header"))).toEqual([]);
    expect(log.some((line) => line.includes('"csrf.cross_origin_refused"'))).toBe(true);
  },
);

test(
  "the posts exempt from the token change no shopper state and set no cookie",
  { tag: "@once" },
  async ({ request }) => {
    const log = await request.post("/_log", {
      data: { entries: [{ level: "error", message: "TypeError: probe", url: "http://shop.test/" }] },
      headers: { origin: "https://elsewhere.example" },
    });
    expect(log.status()).toBe(202);
    expect(log.headers()["set-cookie"]).toBeUndefined();
    const vitals = await request.post("/_vitals", {
      data: { name: "LCP", value: 1200, rating: "good", id: "v1-1", path: "/" },
      headers: { origin: "https://elsewhere.example" },
    });
    expect(vitals.status()).toBeLessThan(500);
    expect(vitals.headers()["set-cookie"]).toBeUndefined();
    expect(Object.keys(EXEMPT).sort()).toEqual(["/_log", "/_vitals"]);
  },
);
