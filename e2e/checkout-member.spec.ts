// Issue 14 point 3, "Checkout as a member": a registered member's checkout — the options step valid for members,
// details, terms and marketing choices filled in from the account (a change saved back to it), MEMBER5 applied, a
// new delivery or billing address kept on the account and offered first, default ticked, the next time — and the
// details step still working when the member's marketing choices cannot be read. JavaScript on and off.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { expectMemberHome, fillLogin, newMember, registerByForm, toast, type Member } from "./support/accounts";
import { failPlatformCall } from "./support/faults";
import { basketReadyForCheckout, expectSuccess, VICTORIA_THANKS } from "./support/checkout";
import { isPath } from "./support/stores";

const COUPON_ADDED = "Coupon added successfully";
const ADDRESS_ADDED = "Address added successfully";
const MARKETING_UPDATED = "Your marketing preferences updated successfully";
const SAVE_ADDRESS = "Save this address to my account";
const VERIFY_MOBILE_TO_ORDER =
  "This coupon is for members with a verified mobile number. Please log in and verify your mobile to use it.";

test.describe.configure({ timeout: 150_000 });

/** The order summary beside the step (desktop). */
function orderSummary(page: Page) {
  return page.locator('aside[aria-label="Your order"]');
}

function marketing(page: Page) {
  return page.getByRole("group", { name: "Marketing Preferences" });
}

/**
 * A member whose mobile is verified, made through the platform's own calls (the member area's verification page is
 * its journeys' to test): registered, a code sent by SMS to the outbox, that code checked. Their own mobile number,
 * since a verified number belongs to one account only.
 */
async function verifiedMember(request: APIRequestContext, member: Member): Promise<void> {
  const registered = await request.post("/api/auth/register", {
    data: {
      platform: "web",
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email,
      mobile: member.mobile,
      password: member.password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { access_token: token } = (await registered.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const sent = await request.post("/api/member/verificationCode/request", {
    data: { verifytoken: "honeypot:", platform: "web" },
    headers,
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const to = `+44${member.mobile.replace(/\s/g, "").slice(1)}`;
  let code: string | undefined;
  await expect(async () => {
    const outbox = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`, {
      headers: { accept: "application/json" },
    });
    const { messages } = (await outbox.json()) as { messages: { body: string }[] };
    code = /\b(\d{6})\b/.exec(messages[0]?.body ?? "")?.[1];
    expect(code).toBeDefined();
  }).toPass();
  const checked = await request.post("/api/member/verificationCode/check", {
    data: { verificationCode: code },
    headers,
  });
  expect(checked.status(), await checked.text()).toBe(200);
}

/**
 * The basket's Checkout button: a member has no sign-in step, and the options step is already valid for them (spec 2
 * §4), so the checkout opens at the details step.
 */
async function checkoutToDetails(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page).toHaveURL(isPath("/checkout/details"));
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
}

const memberChecksOut =
  "a member checks out with MEMBER5, their details and choices filled in; " +
  "the address they saved is offered first next time @desktop-only";
test(memberChecksOut, async ({ page, jsEnabled }, testInfo) => {
  const member = newMember(testInfo, "checkout-member");
  await registerByForm(page, member, "email");

  await basketReadyForCheckout(page, "delivery", jsEnabled);
  // MEMBER5 is for members: this shopper is one.
  await page.getByRole("textbox", { name: "Coupon code" }).fill("MEMBER5");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(toast(page, COUPON_ADDED)).toBeVisible();

  await checkoutToDetails(page);
  await expect(orderSummary(page).locator("dt", { hasText: "Coupon MEMBER5" })).toBeAttached();
  // The account's name, e-mail and mobile, the terms accepted, the marketing choices as made when joining.
  await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue(member.firstName);
  await expect(page.getByRole("textbox", { name: "Last name" })).toHaveValue(member.lastName);
  await expect(page.getByRole("textbox", { name: "Email address" })).toHaveValue(member.email);
  await expect(page.getByRole("textbox", { name: "Mobile number" })).toHaveValue(member.mobile.replace(/\s/g, ""));
  await expect(page.getByRole("checkbox", { name: "I accept the terms and conditions" })).toBeChecked();
  await expect(marketing(page).getByRole("checkbox", { name: "Email me offers and news" })).toBeChecked();
  await expect(marketing(page).getByRole("checkbox", { name: "Text me offers" })).not.toBeChecked();
  // Nothing saved yet: the finder, as for a guest.
  await expect(page.getByRole("group", { name: "Your saved delivery addresses" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A new address, found by postcode, kept on the account (the box is ticked to start with).
  await page.getByRole("textbox", { name: "Postcode", exact: true }).fill("SW1A 1AA");
  await page.getByRole("button", { name: "Find address" }).click();
  const found = page.getByRole("group", { name: /addresses? found for SW1A 1AA/ });
  await expect(found).toBeVisible();
  const firstFound = ((await found.getByRole("radio").first().locator("xpath=..").textContent()) ?? "").trim();
  await found.getByRole("radio").first().check();
  await expect(page.getByRole("checkbox", { name: SAVE_ADDRESS })).toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(toast(page, ADDRESS_ADDED)).toBeVisible();
  await expect(page.getByRole("link", { name: "Change delivery address" })).toBeVisible();

  // A change of mind here is the account's: SMS ticked too.
  await marketing(page).getByRole("checkbox", { name: "Text me offers" }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment"));
  await expect(toast(page, MARKETING_UPDATED)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("radio", { name: /^Cash/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expectSuccess(page, VICTORIA_THANKS);

  // The next order: the saved address first, ticked as the default; the choices as changed last time.
  await basketReadyForCheckout(page, "delivery", jsEnabled);
  await checkoutToDetails(page);
  await expect(marketing(page).getByRole("checkbox", { name: "Email me offers and news" })).toBeChecked();
  await expect(marketing(page).getByRole("checkbox", { name: "Text me offers" })).toBeChecked();
  const saved = page.getByRole("group", { name: "Your saved delivery addresses" });
  await expect(saved.getByRole("radio")).toHaveCount(1);
  await expect(
    saved.getByRole("radio", { name: new RegExp(`^${firstFound.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) }),
  ).toBeChecked();
  await expect(page.getByRole("heading", { name: "Find another address" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page.getByRole("link", { name: "Change delivery address" })).toBeVisible();
  await expect(page.locator("#delivery-saved")).toHaveText(firstFound);
  // Nothing changed in the choices: straight on to payment, no toast about them.
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment"));
  await expect(page.getByRole("heading", { level: 1, name: "Checkout Payment" })).toBeVisible();
  await expect(toast(page, MARKETING_UPDATED)).toHaveCount(0);
});

const billingAddressKept =
  "a member's typed billing address is kept on their account and offered first; " +
  "unreadable marketing choices leave the details step working @desktop-only";
test(billingAddressKept, async ({ page, request, jsEnabled }, testInfo) => {
  const member = newMember(testInfo, "checkout-billing");
  await registerByForm(page, member);
  await basketReadyForCheckout(page, "collection", jsEnabled);

  // The member's marketing choices cannot be read: no options shown, the rest as ever.
  await failPlatformCall(request, "/api/member/marketingPreferences/get");
  await checkoutToDetails(page);
  await expect(page.getByRole("textbox", { name: "Email address" })).toHaveValue(member.email);
  await expect(marketing(page)).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "I accept the terms and conditions" })).toBeChecked();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment"));

  // A collection paid by card asks for the billing address: none saved yet, so typed in.
  await page.getByRole("radio", { name: /^Card/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment/billing-address"));
  await expect(page.getByRole("group", { name: "Your saved billing addresses" })).toHaveCount(0);
  await page.getByRole("link", { name: "Enter the billing address manually" }).click();
  await page.getByRole("textbox", { name: "Address line 1" }).fill("12 Larder Lane");
  await page.getByRole("textbox", { name: "Town or city" }).fill("London");
  await page.getByRole("textbox", { name: "Postcode" }).fill("SW1A 2AA");
  await expect(page.getByRole("checkbox", { name: SAVE_ADDRESS })).toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment/card-form"));
  await expect(toast(page, ADDRESS_ADDED)).toBeVisible();

  // Changing it again: the saved billing address first, ticked.
  await page.goto("/checkout/payment/billing-address?change=billing");
  const saved = page.getByRole("group", { name: "Your saved billing addresses" });
  await expect(saved.getByRole("radio", { name: /^12 Larder Lane, London, SW1A 2AA/ })).toBeChecked();
  await expect(page.getByRole("heading", { level: 2, name: "Find another address" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment/card-form"));

  // Not ticked, a new address goes on the order only: the account keeps just the one.
  await page.goto("/checkout/payment/billing-address?manual=billing");
  await page.getByRole("textbox", { name: "Address line 1" }).fill("3 Pantry Row");
  await page.getByRole("textbox", { name: "Town or city" }).fill("London");
  await page.getByRole("textbox", { name: "Postcode" }).fill("SW1A 2AA");
  await page.getByRole("checkbox", { name: SAVE_ADDRESS }).uncheck();
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment/card-form"));
  await expect(toast(page, ADDRESS_ADDED)).toHaveCount(0);
  await page.goto("/checkout/payment/billing-address?change=billing");
  await expect(page.getByRole("group", { name: "Your saved billing addresses" }).getByRole("radio")).toHaveCount(1);
});

test("VERIFIED15 stays on the order of a member whose mobile is verified, through to the details step @desktop-only", async ({
  page,
  request,
  jsEnabled,
}, testInfo) => {
  const member = {
    ...newMember(testInfo, "checkout-verified"),
    mobile: `07700 9${String(Math.floor(Math.random() * 100_000)).padStart(5, "0")}`,
  };
  await verifiedMember(request, member);
  await page.goto("/login");
  await fillLogin(page, member.email, member.password);
  await expectMemberHome(page, member.firstName, member.email);

  await basketReadyForCheckout(page, "collection", jsEnabled);
  await page.getByRole("textbox", { name: "Coupon code" }).fill("VERIFIED15");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(toast(page, COUPON_ADDED)).toBeVisible();
  // Nothing for the basket to object to: no call to verify the mobile, and the checkout opens.
  await expect(page.getByText(VERIFY_MOBILE_TO_ORDER)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await checkoutToDetails(page);
  await expect(orderSummary(page).locator("dt", { hasText: "Coupon VERIFIED15" })).toBeAttached();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment"));
  await expect(orderSummary(page).locator("dt", { hasText: "Coupon VERIFIED15" })).toBeAttached();
});
