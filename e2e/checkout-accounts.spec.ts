// Issue 13 point 4, "Sign-in at checkout": the sign-in step's three choices, a guest signing in who keeps their
// basket, held time and coupon, a new account made at checkout, and the member e-mail check that stops a member's
// e-mail used as a guest until they sign in (by a one-time code read from the local SMTP server) — JavaScript on and off.
// Each journey registers its own member through the API, so parallel journeys never share one member's basket.
import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { addItem } from "./support/basket";
import { codeFrom, waitForMail } from "./support/mail";
import { basketReadyForCheckout, cheddar, milk, toast } from "./support/checkout";
import { chooseSlot, dayTabs, firstFutureSlot, openStoreBar, RESERVED_TOAST, SWITCHED_TOAST } from "./support/slots";
import { expectFieldError, findStoresFromHome, isPath, shopButton, storeGroup } from "./support/stores";

const LOGIN_TO_ORDER = "Please Login or Create An Account to order with this store";
const BAD_CREDENTIALS = "Your email address or password is incorrect";
const CODE_SENT = "One time password code has been sent";
const COUPON_ADDED = "Coupon added successfully";
const SUBTITLES = [
  "Save everything and earn points",
  "Earn rewards and much much more!",
  "No ties and just for one off orders",
];

test.describe.configure({ timeout: 120_000 });

interface Member {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  password: string;
}

/** A member of its own for each journey and project: `${label}-${project}-${time}@example.com`. */
function newMember(testInfo: TestInfo, label: string): Member {
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}-${testInfo.retry}`;
  return {
    firstName: "Grace",
    lastName: "Hopper",
    email: `${label}-${stamp}@example.com`,
    mobile: "07700 900 456",
    password: "Larder-e2e-member-2026",
  };
}

/** Registers the member on the running server's platform (its own request context: the shopper stays a guest). */
async function registerMember(request: APIRequestContext, member: Member): Promise<void> {
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
}

/** The order summary beside the step (shown on desktop; phones fold the same summary at the top). */
function orderSummary(page: Page) {
  return page.locator('aside[aria-label="Your order"]');
}

/** A field with a hint shows `message` after it: marked invalid, described by hint and message, the message shown. */
async function expectHintedFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(
    new RegExp(`Error: ${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
  );
  await expect(field.page().getByText(`Error: ${message}`, { exact: true })).toBeVisible();
}

/** The page as it stands fits a 320 px wide screen: nothing wider than the viewport, so no sideways scrolling. */
async function expectFitsAt320(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "sideways overflow at 320 px").toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);
}

function loginSection(page: Page) {
  return page.getByRole("region", { name: "Log in" });
}

test("a guest with a basket, a held time and WELCOME10 logs in at checkout and keeps all three", async ({
  page,
  request,
  jsEnabled,
}, testInfo) => {
  const member = newMember(testInfo, "keeps-basket");
  await registerMember(request, member);
  await basketReadyForCheckout(page, "delivery", jsEnabled);
  await page.getByRole("textbox", { name: "Coupon code" }).fill("WELCOME10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(toast(page, COUPON_ADDED)).toBeVisible();

  await page.getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page).toHaveURL(isPath("/checkout/login"));
  // The three choices, each with the spec's subtitle.
  for (const [name, subtitle] of [
    ["Log in", SUBTITLES[0]],
    ["New account", SUBTITLES[1]],
    ["Check out as a guest", SUBTITLES[2]],
  ] as const) {
    await expect(page.getByRole("region", { name }).getByText(subtitle!, { exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await expectFitsAt320(page);

  // A wrong password is refused at the password field, the e-mail kept and the password never sent back.
  const login = loginSection(page);
  await login.getByRole("textbox", { name: "Email address" }).fill(member.email);
  await login.getByLabel("Password").fill("not-the-password");
  await login.getByRole("button", { name: "Log in" }).click();
  await expectFieldError(login.getByLabel("Password"), BAD_CREDENTIALS);
  await expect(
    page.getByRole("alert").filter({ hasText: "There is a problem" }).getByRole("link", { name: BAD_CREDENTIALS }),
  ).toBeVisible();
  await expect(login.getByRole("textbox", { name: "Email address" })).toHaveValue(member.email);
  // Without script the page is the server's answer, which never sends a password back.
  if (!jsEnabled) await expect(login.getByLabel("Password")).toHaveValue("");
  await expectNoAxeViolations(page);

  await login.getByLabel("Password").fill(member.password);
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(isPath("/checkout/options"));
  await expect(page.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
  // The basket's lines, its coupon and its held time came with the sign-in.
  await expect(orderSummary(page)).toContainText(cheddar.name);
  await expect(orderSummary(page)).toContainText(milk.name);
  await expect(orderSummary(page).locator("dt", { hasText: "Coupon WELCOME10" })).toBeAttached();
  await expect(
    page
      .getByRole("definition")
      .filter({ hasText: /Tomorrow/ })
      .first(),
  ).toBeVisible();

  // A member who opens the sign-in step again is sent on.
  await page.goto("/checkout/login");
  await expect(page).toHaveURL(isPath("/checkout/options"));

  // At the details step the member's own name, e-mail and mobile are filled in.
  await page.getByRole("button", { name: "Continue to your details" }).click();
  await expect(page).toHaveURL(isPath("/checkout/details"));
  await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue(member.firstName);
  await expect(page.getByRole("textbox", { name: "Last name" })).toHaveValue(member.lastName);
  await expect(page.getByRole("textbox", { name: "Email address" })).toHaveValue(member.email);
  await expect(page.getByRole("textbox", { name: "Mobile number" })).toHaveValue(member.mobile.replace(/\s/g, ""));
});

test("Continue with Google at the sign-in step comes back to the options step with the basket @desktop-only", async ({
  page,
  jsEnabled,
}) => {
  await basketReadyForCheckout(page, "collection", jsEnabled);
  await page.getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page).toHaveURL(isPath("/checkout/login"));
  await loginSection(page).getByRole("link", { name: "Continue with Google" }).click();
  // The local fake of Google's page (e2e/support/fake-oauth.ts), then back here.
  await expect(page.getByRole("heading", { level: 1, name: "Sign in with Google" })).toBeVisible();
  await page.getByRole("button", { name: "Continue as Alex Morgan" }).click();
  await expect(page).toHaveURL(isPath("/checkout/options"));
  await expect(page.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
  await expect(orderSummary(page)).toContainText(cheddar.name);
  await expect(orderSummary(page)).toContainText(milk.name);
});

test("a new account made at checkout goes on to the options step as a member @desktop-only", async ({
  page,
  jsEnabled,
}, testInfo) => {
  const member = newMember(testInfo, "new-account");
  await basketReadyForCheckout(page, "collection", jsEnabled);
  await page.getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page).toHaveURL(isPath("/checkout/login"));
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(isPath("/checkout/create"));
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  await expect(page.getByText(SUBTITLES[1]!, { exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Checkout steps" }).getByText("Create account")).toBeVisible();

  // Nothing filled in: each field says what it needs.
  await page.getByRole("button", { name: "Create account and continue" }).click();
  await expectFieldError(page.getByRole("textbox", { name: "First name" }), "Enter your first name");
  await expectHintedFieldError(page.getByRole("textbox", { name: "Mobile number" }), "Enter your mobile number");
  await expectHintedFieldError(page.getByLabel("Password"), "Your password must be at least 8 characters");
  await expectNoAxeViolations(page);
  await expectFitsAt320(page);

  await page.getByRole("textbox", { name: "First name" }).fill(member.firstName);
  await page.getByRole("textbox", { name: "Last name" }).fill(member.lastName);
  await page.getByRole("textbox", { name: "Email address" }).fill(member.email);
  await page.getByRole("textbox", { name: "Mobile number" }).fill(member.mobile);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("checkbox", { name: "Email me offers and news" }).check();
  await page.getByRole("button", { name: "Create account and continue" }).click();
  await expect(page).toHaveURL(isPath("/checkout/options"));
  await expect(page.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
  await expect(orderSummary(page)).toContainText(cheddar.name);

  // A member has no account to make: the page sends them on.
  await page.goto("/checkout/create");
  await expect(page).toHaveURL(isPath("/checkout/options"));
});

test("the member e-mail check stops a member's e-mail used as a guest until they sign in with a code @desktop-only", async ({
  page,
  request,
  jsEnabled,
}, testInfo) => {
  const member = newMember(testInfo, "email-check");
  await registerMember(request, member);
  // Piccadilly checks member e-mails (seed); its collection has no minimum spend.
  await findStoresFromHome(page, "M1 1AE");
  await shopButton(storeGroup(page, "Open now"), "Larder & Co Piccadilly").click();
  await expect(page).toHaveURL(isPath("/stores/piccadilly-6"));
  await (await openStoreBar(page)).getByRole("button", { name: "Switch to collection" }).click();
  await expect(toast(page, SWITCHED_TOAST)).toBeVisible();
  await addItem(page, cheddar, 2);
  await page.goto("/stores/piccadilly-6/time-slots");
  const tomorrow = await dayTabs(page).getByRole("link", { name: "Tomorrow" }).getAttribute("href");
  await page.goto(tomorrow!);
  const { radio } = await firstFutureSlot(page.getByRole("group", { name: "Choose a collection time for Tomorrow" }));
  await chooseSlot(page, radio, jsEnabled, RESERVED_TOAST);

  await page.goto("/checkout/login");
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await expect(page).toHaveURL(isPath("/checkout/options"));
  await page.getByRole("button", { name: "Continue to your details" }).click();
  await expect(page).toHaveURL(isPath("/checkout/details"));
  await page.getByRole("textbox", { name: "First name" }).fill("Someone");
  await page.getByRole("textbox", { name: "Last name" }).fill("Else");
  await page.getByRole("textbox", { name: "Email address" }).fill(member.email);
  await page.getByRole("textbox", { name: "Mobile number" }).fill("07700 900 789");
  await page.getByRole("checkbox", { name: "I accept the terms and conditions" }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();

  // Stopped: the sign-in, the e-mail filled in.
  await expect(page).toHaveURL(isPath("/checkout/details/sign-in"));
  await expect(page.getByText(LOGIN_TO_ORDER)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Email address" })).toHaveValue(member.email);
  await expectNoAxeViolations(page);
  // Going round it is no way on: details again, the same e-mail, the same stop.
  await page.goto("/checkout/payment");
  await expect(page).not.toHaveURL(isPath("/checkout/payment"));

  await page.goto(`/checkout/details/sign-in?email=${encodeURIComponent(member.email)}`);
  const sentAfter = Date.now();
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect(page).toHaveURL(isPath("/checkout/login/code"));
  await expect(toast(page, CODE_SENT)).toBeVisible();
  const code = page.getByRole("textbox", { name: "Code" });
  await code.fill("000000");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectHintedFieldError(page.getByRole("textbox", { name: "Code" }), "One time password code was incorrect");
  await expectNoAxeViolations(page);
  await expectFitsAt320(page);

  await page
    .getByRole("textbox", { name: "Code" })
    .fill(codeFrom(await waitForMail(request, member.email, { after: sentAfter })));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(isPath("/checkout/details"));
  await expect(page.getByRole("textbox", { name: "Email address" })).toHaveValue(member.email);
  await page.getByRole("checkbox", { name: "I accept the terms and conditions" }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment"));
});
