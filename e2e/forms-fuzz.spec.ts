// Every storefront form fed generated bodies (issue 22 item 3, decision 0045): each route of app/routes.ts whose module
// exports an action is posted bodies made from the fields its page and its module name (odd Unicode, huge values,
// repeated and unknown fields, numbers where text goes), with the session's anti-forgery token and without it, and as
// the wrong content type or a broken body from the site's own origin. Every answer is a page or a redirect, never a 5xx; a post without
// the token is sent back with the "form had expired" message; a refused post's page says what was wrong.
//
// FUZZ_SEED repeats a run (fast-check prints the seed of a failure); CI runs one fixed seed.
import fc from "fast-check";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import routes from "../app/routes";
import { expect, test } from "./fixtures";
import { newMember } from "./support/accounts";
import { registerByApi } from "./support/orders";
import { demoStores } from "./support/stores";

const SEED = Number(process.env.FUZZ_SEED ?? (process.env.CI ? 22_045 : Date.now() % 2 ** 31));
/** Bodies per form with the session's token; a few more go without it and with the wrong content type. */
const RUNS = Number(process.env.FUZZ_FORM_RUNS ?? 12);
/** Forms when the suite was written: fewer means the route table is not being read. */
const FORMS_AT_LEAST = 45;
const CSRF_FAILED = "Your form had expired, so nothing was changed. Please try again.";

interface Form {
  path: string;
  file: string;
  source: string;
}

/** Every route whose module exports an action, by its full path. */
function formsOf(entries: readonly RouteConfigEntry[], parent = ""): Form[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
    const source = readFileSync(path.resolve("app", entry.file), "utf8");
    const own = /export\s+(?:async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source)
      ? [{ path: full, file: entry.file, source }]
      : [];
    return [...own, ...formsOf(entry.children ?? [], full)];
  });
}

/**
 * Beacons the page's script sends (the browser's error log, Web Vitals) are no forms: JSON, no anti-forgery token, and
 * a body over their small limit is cut off (413, the connection closed). Their limits have tests of their own
 * (forms-security.spec.ts, routes/system/json-body.server.test.ts).
 */
const BEACONS = new Set(["/_log", "/_vitals"]);
const forms = formsOf(routes).filter((f) => !BEACONS.has(f.path));
/** The member area's forms (routes/member/): posted by a signed-in member. */
const MEMBER_FORM = /^routes\/member\//;

/** A route's path with its parameters filled: real values where the demo shop has them. */
function urlOf(form: Form): string {
  const values: Record<string, string> = {
    storeSlug: demoStores.victoria.slug,
    provider: "google",
    addressId: "1",
    cardId: "1",
    orderId: "1",
    basketLineId: "1",
    token: "x",
  };
  return form.path.replace(/:(\w+)\??/g, (_, name: string) => values[name] ?? "1").replace(/\*$/, "x");
}

/** Field names and the values its module and page offer (intents, hidden fields, options). */
function fieldsOf(form: Form, page: string): Map<string, Set<string>> {
  const fields = new Map<string, Set<string>>();
  const add = (name: string, value?: string) => {
    if (name === "csrf" || !/^[\w.[\]-]{1,60}$/.test(name)) return;
    const values = fields.get(name) ?? new Set<string>();
    if (value !== undefined) values.add(value);
    fields.set(name, values);
  };
  for (const match of page.matchAll(/<(?:input|button|select|textarea)\b[^>]*>/g)) {
    const tag = match[0];
    const name = /\bname="([^"]+)"/.exec(tag)?.[1];
    if (name) add(name, /\bvalue="([^"]*)"/.exec(tag)?.[1]?.replace(/&amp;/g, "&"));
  }
  for (const match of form.source.matchAll(/\bname="([\w.[\]-]+)"/g)) add(match[1]!);
  for (const match of form.source.matchAll(/^\s*(\w+): z\./gm)) add(match[1]!);
  for (const match of form.source.matchAll(/formData\(\)\)?\.get\("([\w-]+)"\)|form\.get\("([\w-]+)"\)/g))
    add((match[1] ?? match[2])!);
  const intents = [...form.source.matchAll(/z\.literal\("([\w-]+)"\)|intent === "([\w-]+)"|case "([\w-]+)":/g)].map(
    (m) => (m[1] ?? m[2] ?? m[3])!,
  );
  for (const intent of intents) add("intent", intent);
  add("redirectTo", "/");
  return fields;
}

const oddText = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e309",
    "NaN",
    "null",
    "true",
    "\u0000",
    "\ud800",
    "🍕",
    "\u202e",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "//evil.example",
    "https://evil.example/",
    "SW1A 1AA",
    "fuzz.forms@example.com",
    "07700 900555",
    "2025-06-02T11:00:00.000+01:00",
  ),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.integer({ min: -1_000, max: 100_000 }).map(String),
  fc.integer({ min: 2_000, max: 120_000 }).map((n) => "x".repeat(n)),
);

/** Generated form bodies: known fields with their own values or odd ones, some repeated or left out, some unknown. */
function bodies(fields: Map<string, Set<string>>): fc.Arbitrary<[string, string][]> {
  const names = [...fields.keys()];
  const field = (name: string) => {
    const own = [...(fields.get(name) ?? [])];
    const value = own.length
      ? fc.oneof({ arbitrary: fc.constantFrom(...own), weight: 3 }, { arbitrary: oddText, weight: 2 })
      : oddText;
    return fc
      .array(value, { minLength: 0, maxLength: 2 })
      .map((values) => values.map((v): [string, string] => [name, v]));
  };
  return fc
    .tuple(
      fc.tuple(...names.map(field)),
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names, "__proto__"), fc.string({ maxLength: 12 })), oddText), {
        maxLength: 2,
      }),
    )
    .map(([known, extra]) => [...known.flat(), ...extra]);
}

/** A body as a browser sends a form: URL-encoded, or now and then multipart. */
function encoded(pairs: [string, string][], multipart: boolean): { data: string; contentType: string } {
  const wellFormed = (s: string) =>
    s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
  if (!multipart)
    return {
      data: new URLSearchParams(pairs.map(([k, v]) => [wellFormed(k), wellFormed(v)])).toString(),
      contentType: "application/x-www-form-urlencoded",
    };
  const boundary = "----fuzz7MA4YWxkTrZu0gW";
  const parts = pairs.map(
    ([k, v]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${wellFormed(k).replace(/["\r\n]/g, "_")}"\r\n\r\n${wellFormed(v)}\r\n`,
  );
  return { data: `${parts.join("")}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The session's anti-forgery token, from a page drawn for it. */
async function csrfOf(request: APIRequestContext, at = "/basket"): Promise<string> {
  const html = await (await request.get(at)).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  expect(csrf, `a form on ${at} carries the session's token`).toMatch(/^[A-Za-z0-9_-]{32}$/);
  return csrf!;
}

/**
 * What a post answered, checked: a page or a redirect on this site, never an error of the system. A redirect is
 * followed as a browser would (the page it leads to shows, and so clears, the message it left).
 */
async function expectPageOrRedirect(
  request: APIRequestContext,
  response: APIResponse,
  what: string,
  quiet: string[],
): Promise<void> {
  const status = response.status();
  const text = status >= 300 && status < 400 ? "" : await response.text();
  const where = `${what} answered ${status}: ${text.slice(0, 300)}`;
  expect(status, where).toBeLessThan(500);
  if (status >= 300 && status < 400) {
    const location = response.headers()["location"] ?? "";
    expect(location, where).toMatch(/^\/(?!\/)/);
    const landed = await request.get(location);
    expect(landed.status(), `${where}, then GET ${location}`).toBeLessThan(500);
    return;
  }
  const type = response.headers()["content-type"] ?? "";
  if (!type.startsWith("text/html")) return;
  expect(/^<!DOCTYPE html>/i.test(text), `${where}: a whole page`).toBe(true);
  // A form refused for what it carried says what was wrong: an error summary or a message beside the form.
  if (status === 400 || status === 422) if (!/role="alert"/.test(text)) quiet.push(`${status} ${what.slice(0, 200)}`);
}

// About 15 to 30 s a share on a quiet machine; several times that beside the other journeys on two busy cores.
test.describe.configure({ timeout: 180_000 });

test("the forms are read from the route table", { tag: "@once" }, () => {
  expect(forms.length).toBeGreaterThanOrEqual(FORMS_AT_LEAST);
  expect(forms.map((f) => f.path)).toEqual(
    expect.arrayContaining(["/location", "/basket/add", "/checkout/details", "/member/my-details", "/login"]),
  );
});

/** The forms in three shares that run side by side: a guest's, a guest's, and a signed-in member's. */
const shares = [
  {
    name: "a guest's forms (first half)",
    forms: forms.filter((f) => !MEMBER_FORM.test(f.file)).filter((_, i) => i % 2 === 0),
    member: false,
  },
  {
    name: "a guest's forms (second half)",
    forms: forms.filter((f) => !MEMBER_FORM.test(f.file)).filter((_, i) => i % 2 === 1),
    member: false,
  },
  { name: "a member's forms", forms: forms.filter((f) => MEMBER_FORM.test(f.file)), member: true },
];

for (const share of shares) {
  test(
    `${share.name} answer generated posts with a page or a redirect, never a 500`,
    { tag: "@once" },
    async ({ request, baseURL }, testInfo) => {
      const origin = new URL(baseURL!).origin;
      // A session with a store chosen; a member signs in through the login form.
      await request.post("/location", {
        form: { csrf: "sessionless", intent: "postcode", postcode: "SW1A 1AA", redirectTo: "/" },
        headers: { origin },
        maxRedirects: 0,
      });
      if (share.member) {
        const member = newMember(testInfo, "fuzz");
        await registerByApi(request, member);
        const login = await request.post("/login", {
          form: { csrf: await csrfOf(request), email: member.email, password: member.password },
          maxRedirects: 0,
        });
        expect(login.status(), await login.text()).toBe(303);
      }
      const csrf = await csrfOf(request);
      // Signing out ends the session the other forms are posted with: it goes last.
      const ordered = [...share.forms].sort((a, b) => Number(a.path === "/logout") - Number(b.path === "/logout"));
      let posts = 0;
      const quiet: string[] = [];
      for (const form of ordered) {
        const url = urlOf(form);
        // A page's own forms name its fields; a resource route (no page) is read from its module alone.
        const page = /export\s+default\b/.test(form.source) ? await request.get(url, { maxRedirects: 0 }) : null;
        const fields = fieldsOf(form, page?.status() === 200 ? await page.text() : "");
        await fc.assert(
          fc.asyncProperty(bodies(fields), fc.boolean(), async (pairs, multipart) => {
            const { data, contentType } = encoded([["csrf", csrf], ...pairs], multipart);
            posts++;
            await expectPageOrRedirect(
              request,
              await request.post(url, { data, headers: { "content-type": contentType }, maxRedirects: 0 }),
              `POST ${url} ${data.slice(0, 300)}`,
              quiet,
            );
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );

        const pairs = fc.sample(bodies(fields), { numRuns: 3, seed: SEED });
        await expectRefusedWithoutToken(request, url, pairs, origin);
        posts += 3;
        // From the site's own page but not a form's content type (a script's JSON or text): a page, not a 500.
        const notForms = [
          ["application/json", JSON.stringify(Object.fromEntries(pairs[0]!))],
          ["text/plain", `csrf=${csrf}&intent=x`],
          ["multipart/form-data; boundary=x", `--x\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}`],
        ] as const;
        for (const [type, data] of notForms) {
          posts++;
          await expectPageOrRedirect(
            request,
            await request.post(url, {
              data,
              headers: { "content-type": type, origin, "sec-fetch-site": "same-origin", referer: `${origin}/faqs` },
              maxRedirects: 0,
            }),
            `POST ${url} as ${type}`,
            quiet,
          );
        }
      }
      console.info(`forms fuzz, ${share.name}: ${share.forms.length} forms, ${posts} posts, seed ${SEED}`);
      // Every refusal is said on its page (an error summary, or a message with role="alert"), whatever was posted.
      expect(quiet, `posts refused without a message on the page (seed ${SEED})`).toEqual([]);
    },
  );
}

/** Posts without the session's token (none, a forged one, or another site's post): each sent back with the message. */
async function expectRefusedWithoutToken(
  request: APIRequestContext,
  url: string,
  pairs: [string, string][][],
  origin: string,
): Promise<void> {
  // The messages the generated posts left behind are shown (and so cleared) first: a page reads only a few at a time.
  await request.get("/faqs");
  const forged: [string, Record<string, string>][] = [
    ["", {}],
    ["A".repeat(32), {}],
    ["sessionless", { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" }],
  ];
  for (const [i, [token, headers]] of forged.entries()) {
    const { data, contentType } = encoded(
      [...(token ? ([["csrf", token]] as [string, string][]) : []), ...pairs[i]!],
      false,
    );
    const refused = await request.post(url, {
      data,
      headers: { "content-type": contentType, referer: `${origin}/faqs`, ...headers },
      maxRedirects: 0,
    });
    const what = `POST ${url} without the token (${JSON.stringify(headers)}): ${data.slice(0, 300)}`;
    // Another site's post to a page is refused by React Router itself (its action origin check) before any of ours.
    if (headers.origin && refused.status() === 400) {
      expect(await refused.text(), what).toBe("Bad Request");
      continue;
    }
    expect(refused.status(), what).toBe(303);
    expect(refused.headers()["location"], what).toBe("/faqs");
  }
  expect(
    (await (await request.get("/faqs")).text()).includes(CSRF_FAILED),
    `POST ${url} without the token: the message`,
  ).toBe(true);
}
