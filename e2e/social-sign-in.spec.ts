// Issue 13, social sign-in: "Continue with Google / Facebook" through the authorisation code flow against local fakes of
// both providers (e2e/support/fake-oauth.ts, started by serve.ts on E2E_PORT+3), with JavaScript on and off. The fake
// pages are plain forms, like the real providers' pages as far as the storefront can tell: it only sees redirects.
import type { Page } from "@playwright/test";
import { toast } from "./support/checkout";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { addItem } from "./support/basket";
import { shopAtVictoria } from "./support/slots";

const SOCIAL_FAILED = "We could not sign you in with that account. Please try again or use your email address.";
const NO_EMAIL = "Your account did not share a verified email address with us. Please use your email address instead.";
const cancelled = (name: string) => `You cancelled signing in with ${name}. You can sign in another way.`;
const fakeOrigin = () => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4317) + 3}`;

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

const providers = [
  { provider: "google", name: "Google", person: "Alex Morgan", heading: "Sign in with Google" },
  { provider: "facebook", name: "Facebook", person: "Jo Rivers", heading: "Log in with Facebook" },
] as const;

for (const { provider, name, person, heading } of providers) {
  test(`${name}: Continue on the provider's page signs the shopper in and lands in the member area @desktop-only`, async ({
    page,
  }) => {
    // The sign-in page offers both providers the demo content enables, as plain links.
    await page.goto("/login");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: `Continue with ${name}` }).click();
    // The provider's own page, on its own address, naming the account.
    await expect.poll(() => new URL(page.url()).origin).toBe(fakeOrigin());
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await page.getByRole("button", { name: `Continue as ${person}` }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/member");
    await expect(page.getByRole("heading", { level: 1, name: `Hello, ${person.split(" ")[0]}` })).toBeVisible();

    // Signed in: the start is for guests only, so a member asking again goes straight on, never to the provider.
    const visited: string[] = [];
    page.on("request", (request) => visited.push(request.url()));
    await page.goto(`/auth/${provider}?redirectTo=${encodeURIComponent("/stores")}`);
    expect(pathOf(page)).toBe("/stores");
    expect(visited.filter((url) => url.startsWith(fakeOrigin()))).toEqual([]);
  });

  test(`${name}: Cancel on the provider's page comes back to /login with a message @desktop-only`, async ({ page }) => {
    await page.goto(`/auth/${provider}`);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
    await expect(toast(page, cancelled(name))).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Continue with ${name}` })).toBeVisible();

    // Still a guest: starting again goes back to the provider.
    await page.goto(`/auth/${provider}`);
    expect(new URL(page.url()).origin).toBe(fakeOrigin());
  });
}

test("after signing in, the shopper lands where the sign-in was started from, and only ever on this site @desktop-only", async ({
  page,
}) => {
  await page.goto(`/auth/facebook?redirectTo=${encodeURIComponent("/stores?from=login")}`);
  await page.getByRole("button", { name: "Continue as Jo Rivers" }).click();
  await expect.poll(() => pathOf(page)).toBe("/stores?from=login");

  await page.context().clearCookies();
  await page.goto(`/auth/google?redirectTo=${encodeURIComponent("https://elsewhere.example/phish")}`);
  await page.getByRole("button", { name: "Continue as Alex Morgan" }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe("/member");
});

test("an account the platform refuses (no verified e-mail) comes back to /login with the platform's words @desktop-only", async ({
  page,
}) => {
  // Google: an address Google has not verified.
  await page.goto("/auth/google");
  await page.getByRole("button", { name: "Continue as Pat Lee" }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
  await expect(toast(page, NO_EMAIL)).toBeVisible();
  // Facebook: a user who shares no address.
  await page.goto("/auth/facebook");
  await page.getByRole("button", { name: "Continue as Chris Noble" }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
  await expect(toast(page, NO_EMAIL)).toBeVisible();
  // Neither signed anybody in.
  await page.goto("/auth/google");
  expect(new URL(page.url()).origin).toBe(fakeOrigin());
});

test("the guest's basket comes along when they sign in with Google @desktop-only", async ({ page }) => {
  const milk = { id: 36, name: "Semi-Skimmed Milk 2 Pints" };
  await shopAtVictoria(page);
  await addItem(page, milk);
  await page.goto(`/auth/google?redirectTo=${encodeURIComponent("/basket")}`);
  await page.getByRole("button", { name: "Continue as Alex Morgan" }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe("/basket");
  await expect(page.getByRole("heading", { level: 3, name: milk.name })).toBeVisible();
});

test("a callback that answers no sign-in of this session is refused, and signs nobody in @desktop-only", async ({
  page,
}) => {
  await page.goto("/auth/google/callback?code=4%2F0Aforged&state=not-this-sessions");
  await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
  await expect(toast(page, SOCIAL_FAILED)).toBeVisible();

  // A callback with another session's state: started in one browser, finished in another.
  await page.goto("/auth/google");
  const consentUrl = page.url();
  const other = await page.context().browser()!.newContext();
  const stranger = await other.newPage();
  await stranger.goto(consentUrl);
  await stranger.getByRole("button", { name: "Continue as Alex Morgan" }).click();
  // The stranger's browser has no sign-in under way for that state.
  await expect.poll(() => new URL(stranger.url()).pathname).toBe("/login");
  await other.close();
});

test("providers the shop does not offer have no sign-in page", { tag: "@once" }, async ({ page }) => {
  for (const path of ["/auth/apple", "/auth/twitter", "/auth/apple/callback?code=x&state=y"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});
