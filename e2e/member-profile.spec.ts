// Issue 14, the member area's profile (spec 2 §2 /member/profile, /member/my-details, /member/change-password, §3
// marketing options, §4 verification codes, §8 messages): a member changes their name and mobile, their password
// (the old one then refused at /login), their marketing preferences, and verifies their mobile with the code read
// from the fake SMS provider (e2e/support/sms.ts) — after which VERIFIED15 applies. JavaScript on and off; a fresh
// member per test, each with a mobile of its own, so parallel journeys never read each other's SMS.
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { cheddar } from "./support/checkout";
import { failPlatformCall } from "./support/faults";
import {
  fillLogin,
  logOut,
  MESSAGES,
  newMember,
  problem,
  register,
  registerByForm,
  toast,
  type Member,
} from "./support/accounts";
import { addItem } from "./support/basket";
import { shopAtVictoria } from "./support/slots";
import { smsCode, waitForSms } from "./support/sms";
import { expectFieldError, isPath } from "./support/stores";

const PROFILE_UPDATED = "Your profile updated successfully";
const PROFILE_ERROR = "There was an error updating your profile";
const MARKETING_UPDATED = "Your marketing preferences updated successfully";
const MARKETING_UPDATE_ERROR = "There was an error updating your marketing preferences";
const MARKETING_GET_ERROR = "There was an error getting your marketing preferences";
const CURRENT_PASSWORD_INCORRECT = "Your current password is incorrect";
const OTP_SEND_FAILED = "Unable to send one time password code at this moment";
const MOBILE_VERIFIED = "Your mobile number has been verified";
const COUPON_ADDED = "Coupon added successfully";
const COUPON_VERIFIED_ONLY =
  "This coupon is for members with a verified mobile number. Please log in and verify your mobile to use it.";

test.describe.configure({ timeout: 90_000 });

/** A new member with a UK mobile nobody else in the run has (07700 9xxxxx). */
function memberWithOwnMobile(testInfo: TestInfo, label: string): Member {
  const digits = String(Math.floor(Math.random() * 100_000)).padStart(5, "0");
  return { ...newMember(testInfo, label), mobile: `07700 9${digits}` };
}

const compact = (mobile: string) => mobile.replace(/\s/g, "");

/** A fact of the profile's list (a <dt> and its <dd>). */
function fact(page: Page, term: string) {
  return page.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
}

/** Registers the member on the platform (its own request context: the page stays a guest) and answers their token. */
async function registerByApi(request: APIRequestContext, member: Member): Promise<string> {
  const response = await request.post("/api/auth/register", {
    data: {
      platform: "website",
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email,
      mobile: member.mobile,
      password: member.password,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Verifies the member's mobile through the platform's calls, with the code from the SMS. */
async function verifyByApi(request: APIRequestContext, token: string, mobile: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const after = Date.now();
  const sent = await request.post("/api/member/verificationCode/request", {
    data: { verifytoken: "honeypot:", platform: "web" },
    headers,
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = smsCode(await waitForSms(request, mobile, { after }));
  const checked = await request.post("/api/member/verificationCode/check", {
    data: { verificationCode: code },
    headers,
  });
  expect(checked.status(), await checked.text()).toBe(200);
}

async function applyCoupon(page: Page, code: string): Promise<void> {
  await page.goto("/basket");
  await page.getByRole("textbox", { name: "Coupon code" }).fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
}

async function openProfile(page: Page): Promise<void> {
  await page.goto("/member/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
}

test(
  "a member changes their name and mobile; field errors and a failed update keep what was typed",
  { tag: "@desktop-only" },
  async ({ page, request }, testInfo) => {
    const member = memberWithOwnMobile(testInfo, "details");
    await registerByForm(page, member);
    await openProfile(page);
    await expect(fact(page, "Name")).toHaveText(`${member.firstName} ${member.lastName}`);
    await expect(fact(page, "Email address")).toHaveText(member.email);
    // The mobile in UK form, not +44.
    await expect(fact(page, "Mobile number")).toHaveText(compact(member.mobile));
    await expect(fact(page, "Mobile number verified")).toHaveText("Not verified");
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Edit my details" }).click();
    await expect(page).toHaveURL(isPath("/member/my-details"));
    await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue(member.firstName);
    await expect(page.getByRole("textbox", { name: "Last name" })).toHaveValue(member.lastName);
    await expect(page.getByRole("textbox", { name: "Mobile number" })).toHaveValue(compact(member.mobile));
    await expectNoAxeViolations(page);

    // Registration's words for a missing name and a number that is not a UK mobile.
    await page.getByRole("textbox", { name: "First name" }).fill("");
    await page.getByRole("textbox", { name: "Mobile number" }).fill("12345");
    await page
      .getByRole("textbox", { name: "First name" })
      .evaluate((input: HTMLInputElement) => input.removeAttribute("required"));
    await page.getByRole("button", { name: "Save my details" }).click();
    await expect(problem(page, "Enter your first name")).toBeVisible();
    await expectFieldError(page.getByRole("textbox", { name: "First name" }), "Enter your first name");
    await expect(page.getByRole("textbox", { name: "Mobile number" })).toHaveAttribute("aria-invalid", "true");
    await expect(problem(page, "Enter a UK mobile number, like 07700 900 982")).toBeVisible();
    await expectNoAxeViolations(page);

    // The platform failing: its message in the summary, what was typed kept.
    const newMobile = `07700 9${String(Math.floor(Math.random() * 100_000)).padStart(5, "0")}`;
    await page.getByRole("textbox", { name: "First name" }).fill("Rowan");
    await page.getByRole("textbox", { name: "Last name" }).fill("Ellery");
    await page.getByRole("textbox", { name: "Mobile number" }).fill(newMobile);
    await failPlatformCall(request, "/api/member/profile/update");
    await page.getByRole("button", { name: "Save my details" }).click();
    await expect(problem(page, PROFILE_ERROR)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue("Rowan");
    await expect(page.getByRole("textbox", { name: "Last name" })).toHaveValue("Ellery");
    await expect(page.getByRole("textbox", { name: "Mobile number" })).toHaveValue(newMobile);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Save my details" }).click();
    await expect(page).toHaveURL(isPath("/member/profile"));
    await expect(toast(page, PROFILE_UPDATED)).toBeVisible();
    await expect(fact(page, "Name")).toHaveText("Rowan Ellery");
    await expect(fact(page, "Mobile number")).toHaveText(compact(newMobile));
  },
);

test(
  "a member changes their password: a wrong current one refused, then the old one refused at /login",
  { tag: "@desktop-only" },
  async ({ page }, testInfo) => {
    const member = memberWithOwnMobile(testInfo, "password");
    const newPassword = `${member.password}-renewed`;
    await registerByForm(page, member);
    await openProfile(page);
    // The profile's own link (the area's nav has one too).
    await page.getByRole("link", { name: "Change password" }).last().click();
    await expect(page).toHaveURL(isPath("/member/change-password"));
    await expect(page.getByRole("heading", { level: 1, name: "Change password" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel("Current password").fill("not-my-password-at-all");
    await page.getByLabel("New password").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await expectFieldError(page.getByLabel("Current password"), CURRENT_PASSWORD_INCORRECT);
    await expect(problem(page, CURRENT_PASSWORD_INCORRECT)).toBeVisible();
    // Still signed in: a wrong current password is not an ended session.
    await expect(page).toHaveURL(isPath("/member/change-password"));
    await expect(page.getByLabel("Current password")).toHaveValue("");
    await expectNoAxeViolations(page);

    await page.getByLabel("Current password").fill(member.password);
    await page.getByLabel("New password").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(isPath("/member/profile"));
    await expect(toast(page, MESSAGES.passwordUpdated)).toBeVisible();

    await logOut(page);
    await page.goto("/login");
    await fillLogin(page, member.email, member.password);
    await expect(problem(page, MESSAGES.badCredentials)).toBeVisible();
    await fillLogin(page, member.email, newPassword);
    await expect(page).toHaveURL(/\/member$/);
  },
);

test(
  "marketing preferences are saved and shown again; a failed save and a failed read say so",
  { tag: "@desktop-only" },
  async ({ page, request }, testInfo) => {
    const member = memberWithOwnMobile(testInfo, "marketing");
    await registerByForm(page, member);
    await openProfile(page);
    const section = page.getByRole("region", { name: "Marketing Preferences" });
    const email = section.getByRole("checkbox", { name: "Email", exact: true });
    const sms = section.getByRole("checkbox", { name: "SMS", exact: true });
    await expect(email).not.toBeChecked();
    await expect(sms).not.toBeChecked();

    await email.check();
    await section.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, MARKETING_UPDATED)).toBeVisible();
    await page.reload();
    await expect(email).toBeChecked();
    await expect(sms).not.toBeChecked();

    // A refused save: the message, and the choices as they were ticked.
    await email.uncheck();
    await sms.check();
    await failPlatformCall(request, "/api/member/marketingPreferences/update");
    await section.getByRole("button", { name: "Save" }).click();
    await expect(section.getByRole("alert").filter({ hasText: MARKETING_UPDATE_ERROR })).toBeVisible();
    await expect(email).not.toBeChecked();
    await expect(sms).toBeChecked();
    await expectNoAxeViolations(page);

    // A failed read: the section says so, the rest of the page still works.
    await failPlatformCall(request, "/api/member/marketingPreferences/get");
    await openProfile(page);
    await expect(section.getByRole("alert").filter({ hasText: MARKETING_GET_ERROR })).toBeVisible();
    await expect(fact(page, "Email address")).toHaveText(member.email);
    await expect(page.getByRole("link", { name: "Edit my details" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(email).toBeChecked();
    await expect(sms).not.toBeChecked();
  },
);

// On phones too: the dialog is laid out for a small screen.
test("a member verifies their mobile with the code from the SMS, and then VERIFIED15 applies", async ({
  page,
  request,
  jsEnabled,
}, testInfo) => {
  const member = memberWithOwnMobile(testInfo, "verify");
  await register(page, member);

  // Before verifying, the coupon for verified members is refused.
  await shopAtVictoria(page);
  await addItem(page, cheddar, 2);
  await applyCoupon(page, "VERIFIED15");
  await expectFieldError(page.getByRole("textbox", { name: "Coupon code" }), COUPON_VERIFIED_ONLY);

  await openProfile(page);
  const opener = page.getByRole("link", { name: "Verify your mobile number" });
  await opener.click();
  // With script the profile's dialog; without, the page.
  const scope = jsEnabled ? page.getByRole("dialog", { name: "Verify your mobile number" }) : page.locator("main");
  if (jsEnabled) {
    await expect(scope).toBeVisible();
    await expect(page).toHaveURL(isPath("/member/profile"));
    // Escape closes it, and focus goes back to what opened it.
    await page.keyboard.press("Escape");
    await expect(scope).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    await expect(scope).toBeVisible();
  } else {
    await expect(page).toHaveURL(isPath("/member/verify-mobile"));
    await expect(page.getByRole("heading", { level: 1, name: "Verify your mobile number" })).toBeVisible();
  }
  await expectNoAxeViolations(page);

  // The SMS cannot be sent (the platform unavailable): 'Unable to send…'.
  await failPlatformCall(request, "/api/member/verificationCode/request", { status: 503, times: 2 });
  await scope.getByRole("button", { name: "Send code" }).click();
  await expect(problem(page, OTP_SEND_FAILED)).toBeVisible();
  await expectNoAxeViolations(page);
  await scope.getByRole("button", { name: "Send code" }).click();
  await expect(problem(page, OTP_SEND_FAILED)).toBeVisible();

  const sentAfter = Date.now();
  await scope.getByRole("button", { name: "Send code" }).click();
  await expect(toast(page, MESSAGES.otpSent)).toBeVisible();
  const code = smsCode(await waitForSms(request, member.mobile, { after: sentAfter }));
  const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);

  const codeField = scope.getByRole("textbox", { name: "Verification code" });
  await codeField.fill(wrong);
  await scope.getByRole("button", { name: "Verify" }).click();
  await expect(codeField).toHaveAttribute("aria-invalid", "true");
  await expect(codeField).toHaveAccessibleDescription(
    `The 6 digits in the text message we sent you Error: ${MESSAGES.otpIncorrect}`,
  );
  await expect(problem(page, MESSAGES.otpIncorrect)).toBeVisible();
  await expectNoAxeViolations(page);

  await codeField.fill(code);
  await scope.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(isPath("/member/profile"));
  await expect(toast(page, MOBILE_VERIFIED)).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(fact(page, "Mobile number verified")).toHaveText("Verified");
  await expect(page.getByRole("link", { name: "Verify your mobile number" })).toHaveCount(0);

  await applyCoupon(page, "VERIFIED15");
  await expect(toast(page, COUPON_ADDED)).toBeVisible();
});

test(
  "a mobile another account has verified is refused with the platform's words, and VERIFIED15 leaves the basket",
  { tag: "@desktop-only" },
  async ({ page, request }, testInfo) => {
    // Member A has verified their mobile; member B, verified on another number, has VERIFIED15 in their basket.
    const a = memberWithOwnMobile(testInfo, "invite-a");
    await verifyByApi(request, await registerByApi(request, a), a.mobile);
    const b = memberWithOwnMobile(testInfo, "invite-b");
    await verifyByApi(request, await registerByApi(request, b), b.mobile);
    await page.goto("/login");
    await fillLogin(page, b.email, b.password);
    await expect(page).toHaveURL(/\/member$/);
    await shopAtVictoria(page);
    await addItem(page, cheddar, 2);
    await applyCoupon(page, "VERIFIED15");
    await expect(toast(page, COUPON_ADDED)).toBeVisible();
    await expect(page.locator("dt", { hasText: "Coupon VERIFIED15" })).toBeAttached();

    // B takes A's number (no longer verified) and tries to verify it.
    await page.goto("/member/my-details");
    await page.getByRole("textbox", { name: "Mobile number" }).fill(a.mobile);
    await page.getByRole("button", { name: "Save my details" }).click();
    await expect(toast(page, PROFILE_UPDATED)).toBeVisible();
    await expect(fact(page, "Mobile number verified")).toHaveText("Not verified");
    await page.goto("/member/verify-mobile");
    const sentAfter = Date.now();
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(toast(page, MESSAGES.otpSent)).toBeVisible();
    const code = smsCode(await waitForSms(request, a.mobile, { after: sentAfter }));
    await page.getByRole("textbox", { name: "Verification code" }).fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(
      problem(page, "Another member account has already been verified using your mobile number"),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/basket");
    await expect(page.getByRole("textbox", { name: "Coupon code" })).toBeVisible();
    await expect(page.locator("dt", { hasText: "Coupon VERIFIED15" })).toHaveCount(0);
  },
);

test(
  "a guest asking for any profile page signs in and comes back to it",
  { tag: "@desktop-only" },
  async ({ page }, testInfo) => {
    const member = memberWithOwnMobile(testInfo, "guard");
    await registerByForm(page, member);
    await logOut(page);
    for (const [path, heading] of [
      ["/member/profile", "Profile"],
      ["/member/my-details", "My details"],
      ["/member/change-password", "Change password"],
      ["/member/verify-mobile", "Verify your mobile number"],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === path);
      await fillLogin(page, member.email, member.password);
      await expect(page).toHaveURL(isPath(path));
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectNoAxeViolations(page);
      await logOut(page);
    }
  },
);
