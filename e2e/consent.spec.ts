// Issue 18 item 1, "Consent": the cookie banner (spec 1 §2, its text word for word) shows until a choice is made;
// Accept All, Reject All and the settings (a dialog with JavaScript, a page without) each stick across pages, and the
// footer's link changes them at any time. Phone and desktop: the banner's buttons stack on a phone.
import type { BrowserContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";

test.use({ consentGiven: false });

const BANNER_TEXT =
  'By clicking "Accept All Cookies", you agree to the storing of cookies on your device to enhance site navigation, ' +
  "analyze site usage, and assist in our marketing efforts.";

const banner = (page: Page) => page.getByRole("region", { name: /^Cookies on / });
const toast = (page: Page, message: string) => page.getByRole("status").filter({ hasText: message });

async function consentCookies(context: BrowserContext): Promise<Record<string, string>> {
  const all = await context.cookies();
  return Object.fromEntries(
    all
      .filter((c) => /^(cookieConsent|performanceCookies|targetingCookies)$/.test(c.name))
      .map((c) => [c.name, c.value]),
  );
}

test("Accept All Cookies: the banner shows until then, the shopper stays on the page, and the choice sticks", async ({
  page,
  context,
}) => {
  await page.goto("/stores");
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByText(BANNER_TEXT, { exact: true })).toBeVisible();
  await expect(banner(page).getByRole("link", { name: "Cookies Settings" })).toBeVisible();
  await expectNoAxeViolations(page);
  // Nothing optional is kept before a choice.
  expect(await consentCookies(context)).toEqual({});

  await page.goto("/");
  await expect(banner(page)).toBeVisible();
  await page.goto("/stores");
  await banner(page).getByRole("button", { name: "Accept All Cookies" }).click();
  await expect(
    toast(page, "You've accepted all cookies. You can change your cookie settings at any time."),
  ).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/stores");
  await expect(banner(page)).toHaveCount(0);
  expect(await consentCookies(context)).toEqual({
    cookieConsent: "true",
    performanceCookies: "true",
    targetingCookies: "true",
  });

  await page.goto("/");
  await expect(page.getByRole("main")).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test("Reject All Cookies sticks, and the footer's Cookie settings changes it later", async ({ page, context }) => {
  await page.goto("/stores");
  await banner(page).getByRole("button", { name: "Reject All Cookies" }).click();
  await expect(
    toast(page, "You've rejected additional cookies. You can change your cookie settings at any time."),
  ).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  expect(await consentCookies(context)).toEqual({
    cookieConsent: "true",
    performanceCookies: "false",
    targetingCookies: "false",
  });

  await page.goto("/");
  await expect(banner(page)).toHaveCount(0);
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/cookies");
  await expect(page.getByRole("heading", { level: 1, name: "Cookie settings" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Do not use performance cookies" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Do not use targeting cookies" })).toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByRole("radio", { name: "Use performance cookies", exact: true }).check();
  await page.getByRole("button", { name: "Save cookie settings" }).click();
  await expect(toast(page, "Your cookie settings were saved.")).toBeVisible();
  // The footer's link came from the home page, and leads back there.
  await expect(page).toHaveURL((url) => url.pathname === "/");
  expect(await consentCookies(context)).toEqual({
    cookieConsent: "true",
    performanceCookies: "true",
    targetingCookies: "false",
  });
});

test("Cookies Settings from the banner: a dialog with JavaScript, the settings page without", async ({
  page,
  context,
  jsEnabled,
}) => {
  await page.goto("/stores");
  // The banner's script comes only with the banner (CookieBannerOnDemand): a click before it arrives is the link to
  // the settings page, which is the page without script; the dialog is what a shopper gets once the page is ready.
  if (jsEnabled) await page.waitForLoadState("networkidle");
  await banner(page).getByRole("link", { name: "Cookies Settings" }).click();
  const settings = jsEnabled ? page.getByRole("dialog", { name: "Cookie settings" }) : page.getByRole("main");
  if (jsEnabled) {
    await expect(settings).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/stores");
  } else {
    await expect(page).toHaveURL(
      (url) => url.pathname === "/cookies" && url.searchParams.get("redirectTo") === "/stores",
    );
    // The settings page is the choice: no banner over it.
    await expect(banner(page)).toHaveCount(0);
  }
  await expect(settings.getByRole("radio", { name: "Do not use performance cookies" })).toBeChecked();
  await expectNoAxeViolations(page);
  await settings.getByRole("radio", { name: "Use targeting cookies", exact: true }).check();
  await settings.getByRole("button", { name: "Save cookie settings" }).click();
  await expect(toast(page, "Your cookie settings were saved.")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/stores");
  await expect(banner(page)).toHaveCount(0);
  expect(await consentCookies(context)).toEqual({
    cookieConsent: "true",
    performanceCookies: "false",
    targetingCookies: "true",
  });
});

test("a consent post that is not one of the choices changes nothing and says why @desktop-only", async ({
  page,
  context,
}) => {
  await page.goto("/cookies");
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  // Sent as the page's own form would be: from the site itself (a visitor's page carries no session token, decision 0032).
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/cookies", {
    form: { csrf, intent: "save", performance: "maybe", targeting: "no" },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("Choose whether to allow each kind of cookie.");
  expect(await consentCookies(context)).toEqual({});
});
