// Issue 18 item 2, "Sentry" (spec 1 §6, §8): error reports go to a local fake of Sentry's ingest (support/sentry.ts).
// Before consent the browser loads no reporting and talks to no host but ours; after accepting, a browser error
// arrives as an event. A server 500 arrives with its request id, naming nobody when the shopper refused and the
// member's full name or 'guest' when they accepted. No envelope carries an e-mail address, token or card number.
import type { BrowserContext, Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newMember, registerByForm } from "./support/accounts";
import { eventsMatching, SENTRY_ORIGIN, waitForEvent, waitForRequestEvent } from "./support/sentry";

test.use({ consentGiven: false });

const EMAIL = "sam.patel@example.com";
const CARD = "4242 4242 4242 4242";
const POSTCODE = "SW1A 1AA";
/** Shaped like our tokens (43 characters of base64url). */
const TOKEN = "tK9x_Qm2-Lr7Vb4Zp8Wc1Yd6Ne3Hf5Js0Gu2Ai9Ok4Xq";

function uniqueMarker(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** Throws an uncaught error in the page, as a broken script would, carrying what must never be reported. */
async function throwInPage(page: Page, marker: string): Promise<void> {
  await page.evaluate(
    ({ marker, secrets }) => {
      setTimeout(() => {
        throw new Error(
          `${marker} for ${secrets.EMAIL}, card ${secrets.CARD}, token=${secrets.TOKEN}, Bearer ${secrets.TOKEN}, near ${secrets.POSTCODE}`,
        );
      });
    },
    { marker, secrets: { EMAIL, CARD, TOKEN, POSTCODE } },
  );
}

const banner = (page: Page) => page.getByRole("region", { name: /^Cookies on / });

async function choose(page: Page, button: "Accept All Cookies" | "Reject All Cookies"): Promise<void> {
  await banner(page).getByRole("button", { name: button }).click();
  await expect(
    page.getByRole("status").filter({
      hasText: button === "Accept All Cookies" ? "You've accepted all cookies." : "You've rejected additional cookies.",
    }),
  ).toBeVisible();
}

/** What must never leave in a report: the shopper's secrets in every form, and anything shaped like an e-mail or card. */
async function expectNothingSecret(raw: string, context: BrowserContext, more: string[] = []): Promise<void> {
  const cookies = (await context.cookies()).filter(
    (c) => !/^(cookieConsent|performanceCookies|targetingCookies)$/.test(c.name),
  );
  const secrets = [
    EMAIL,
    encodeURIComponent(EMAIL),
    CARD,
    CARD.replaceAll(" ", ""),
    TOKEN,
    POSTCODE,
    ...cookies.map((c) => c.value).filter((v) => v.length >= 8),
    ...more,
  ];
  for (const secret of secrets) expect(raw, `a report carried "${secret}"`).not.toContain(secret);
  expect(raw).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/);
  expect(raw).not.toMatch(/\b4242[ -]?4242[ -]?4242[ -]?4242\b/);
  expect(raw).not.toMatch(/Bearer\s+(?!\[redacted\])/);
}

test.describe("in the browser", { tag: ["@js-only", "@desktop-only"] }, () => {
  test("nothing is loaded or sent anywhere but our site before consent; after accepting, a browser error arrives as an event", async ({
    page,
    context,
    request,
    browserProblems,
    baseURL,
  }) => {
    const requests: Request[] = [];
    page.on("request", (r) => requests.push(r));
    const before = uniqueMarker("before-consent");

    await page.goto(`/stores?postcode=${encodeURIComponent(POSTCODE)}&email=${encodeURIComponent(EMAIL)}`);
    await expect(banner(page)).toBeVisible();
    await throwInPage(page, before);
    await page.waitForTimeout(1500);
    await page.goto("/");
    await expect(page.getByRole("main")).toBeVisible();
    const site = new URL(baseURL!).origin;
    expect(requests.map((r) => new URL(r.url()).origin).filter((origin) => origin !== site)).toEqual([]);
    expect(requests.filter((r) => /sentry/i.test(r.url()))).toEqual([]);

    await page.goto(`/stores?postcode=${encodeURIComponent(POSTCODE)}&email=${encodeURIComponent(EMAIL)}`);
    const sentryChunk = page.waitForRequest((r) => /sentry-browser/.test(r.url()));
    await choose(page, "Accept All Cookies");
    await sentryChunk;
    const after = uniqueMarker("after-consent");
    await expect
      .poll(
        async () => {
          await throwInPage(page, after);
          return (await eventsMatching(request, (raw) => raw.includes(after))).length;
        },
        { timeout: 10_000, intervals: [500, 1000] },
      )
      .toBeGreaterThan(0);
    const { event, raw } = await waitForEvent(request, "of the browser error", (text) => text.includes(after));
    expect(event.platform).toBe("javascript");
    expect(event.exception?.values?.[0]?.value).toContain(
      `${after} for [email], card [card], token=[redacted], Bearer [redacted], near [postcode]`,
    );
    expect(event.user).toEqual({ username: "guest", ip_address: null });
    const latest = (await (await request.get("/builds/latest.json")).json()) as { id: string };
    expect(event.release).toBe(latest.id);
    expect(event.environment).toBe("test");
    await expectNothingSecret(raw, context);
    // Only the site and the configured ingest were ever contacted; the error before consent was never reported.
    expect([...new Set(requests.map((r) => new URL(r.url()).origin))].sort()).toEqual([SENTRY_ORIGIN, site].sort());
    expect(await eventsMatching(request, (text) => text.includes(before))).toEqual([]);

    expect(browserProblems.pageErrors.every((e) => e.includes(before) || e.includes(after))).toBe(true);
    browserProblems.pageErrors.splice(0);
  });
});

test.describe("a server error", { tag: ["@once"] }, () => {
  test("is reported with its request id and names nobody when the shopper refused cookies", async ({
    page,
    context,
    request,
  }) => {
    await page.goto("/stores");
    await choose(page, "Reject All Cookies");
    const response = await page.goto(`/__test/boom?email=${encodeURIComponent(EMAIL)}&token=${TOKEN}`);
    expect(response?.status()).toBe(500);
    const requestId = response!.headers()["x-request-id"]!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const { event, raw } = await waitForRequestEvent(request, requestId);
    expect(event.user).toEqual({ username: "anonymous", ip_address: null });
    expect(event.tags).toMatchObject({ request_id: requestId, source: "route" });
    expect(event.exception?.values?.[0]?.value).toBe(
      "Deliberate failure with a secret: postgres://[redacted]@db/internal",
    );
    expect(event.request?.url).toContain("/__test/boom?email=[email]&token=[redacted]");
    await expectNothingSecret(raw, context, ["user:pass"]);
  });

  test("names a guest who accepted cookies as 'guest'", async ({ page, context, request }) => {
    await page.goto("/stores");
    await choose(page, "Accept All Cookies");
    const response = await page.goto("/__test/boom");
    expect(response?.status()).toBe(500);
    const { event, raw } = await waitForRequestEvent(request, response!.headers()["x-request-id"]!);
    expect(event.user).toEqual({ username: "guest", ip_address: null });
    const latest = (await (await request.get("/builds/latest.json")).json()) as { id: string };
    expect(event.release).toBe(latest.id);
    expect(event.environment).toBe("test");
    await expectNothingSecret(raw, context);
  });

  test("names a signed-in member who accepted cookies by full name, and never by e-mail", async ({
    page,
    context,
    request,
  }, testInfo) => {
    const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
    const member = { ...newMember(testInfo, "sentry"), lastName: `Ashdown${letters}` };
    await page.goto("/stores");
    await choose(page, "Accept All Cookies");
    await registerByForm(page, member);
    const response = await page.goto("/__test/boom");
    expect(response?.status()).toBe(500);
    const { event, raw } = await waitForRequestEvent(request, response!.headers()["x-request-id"]!);
    expect(event.user).toEqual({ username: `${member.firstName} ${member.lastName}`, ip_address: null });
    await expectNothingSecret(raw, context, [member.email, member.password]);
  });
});
