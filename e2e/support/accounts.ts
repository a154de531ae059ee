// Member accounts in the journeys: fresh members per test, and the messages the platform sends them.
import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import { expect } from "../fixtures";
import { codeFrom, linkFrom, waitForMail } from "./mail";
import { formsOf } from "../../scripts/bench/session";
import { postForm } from "./scene";

export interface Member {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  password: string;
}

/**
 * Marks the moment before an action that sends mail: the readers below wait for a mail received after it. Mail is
 * read from the local SMTP server the suite starts (e2e/support/mail-server.ts), as a shopper would receive it.
 */
export function mailMark(): number {
  return Date.now();
}

/** The one-time code in the newest mail to `to` received after `after`. */
export async function latestCode(request: APIRequestContext, to: string, after: number): Promise<string> {
  return codeFrom(await waitForMail(request, to, { after }));
}

/** The reset link's path on this site (its origin is the server's own), from the newest reset mail after `after`. */
export async function latestResetPath(request: APIRequestContext, to: string, after: number): Promise<string> {
  const link = new URL(linkFrom(await waitForMail(request, to, { after, subject: /password/i })));
  expect(link.pathname).toMatch(/^\/member\/reset-token\/[A-Za-z0-9_-]+$/);
  return link.pathname;
}

/** A member nobody else uses: the address names the test's project and a random part, so runs never meet. */
export function newMember(testInfo: TestInfo, label: string): Member {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName: "Robin",
    lastName: "Ashdown",
    email: `${label}-${testInfo.project.name}-${unique}@example.com`,
    mobile: "07700 900123",
    password: `Larder-${unique}-pw`,
  };
}

export const SAM = { email: "sam.patel@example.com", password: "Larder-demo-2025", firstName: "Sam" };

export const MESSAGES = {
  badCredentials: "Your email address or password is incorrect",
  otpSent: "One time password code has been sent",
  otpIncorrect: "One time password code was incorrect",
  passwordUpdated: "Password has been updated.",
  resetRequested: "If that email address has an account, we have sent it a link to reset your password.",
  resetLinkInvalid: "This password reset link has expired or has already been used. Please request a new one.",
  sessionExpired: "Your session has expired. Please log in again.",
  emailTaken: "Your email address has already been registered",
} as const;

export function toast(page: Page, message: string): Locator {
  return page.getByRole("status").filter({ hasText: message });
}

/** The error summary at the top of a refused form. */
export function problem(page: Page, message: string): Locator {
  return page.getByRole("alert").filter({ hasText: message });
}

export async function register(
  page: Page,
  member: Member,
  marketing: { email?: boolean; sms?: boolean } = {},
): Promise<void> {
  await page.goto("/register");
  await page.getByLabel("First name").fill(member.firstName);
  await page.getByLabel("Last name").fill(member.lastName);
  await page.getByLabel("Email address").fill(member.email);
  await page.getByLabel("Mobile number").fill(member.mobile);
  await page.getByLabel("Password").fill(member.password);
  if (marketing.email) await page.getByLabel("By email").check();
  if (marketing.sms) await page.getByLabel("By text message (SMS)").check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expectMemberHome(page, member.firstName, member.email);
}

/**
 * A new member registered in the page's session by the register page's own form, posted without drawing the page
 * (support/scene.ts), for journeys about what a member does next; the registration itself is accounts.spec.ts's, by
 * clicks. The form's other fields (the bot trap's among them) are read from the page as a browser gets it, by the
 * bench's form reader (unchecked choices stay the member's: none).
 */
export async function registerByForm(page: Page, member: Member, marketing?: "email" | "sms"): Promise<void> {
  const [form] = formsOf(await (await page.request.get("/register")).text(), "/register");
  if (!form) throw new Error("the register page has no registration form");
  const to = await postForm(page, "/register", {
    ...form.fields,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    mobile: member.mobile,
    password: member.password,
    ...(marketing ? { marketing } : {}),
  });
  expect(new URL(to, "http://x").pathname, "registering signs the member in and sends them to their account").toBe(
    "/member",
  );
}

export async function expectMemberHome(page: Page, firstName: string, email: string): Promise<void> {
  await expect(page).toHaveURL(/\/member$/);
  await expect(page.getByRole("heading", { level: 1, name: `Hello, ${firstName}` })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

export async function logOut(page: Page): Promise<void> {
  await page.goto("/member");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The bottom bar's Account button (the bar is only shown below 960px, but it is on every page but home). */
export function accountButton(page: Page): Locator {
  return page.locator('[data-testid="bottom-nav"] a').filter({ hasText: /^Account$/ });
}
