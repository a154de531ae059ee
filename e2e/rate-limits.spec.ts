// Issue 22 item 4: the guessing limits a shopper can run into, each driven to its end through the storefront's own
// forms and its refusal seen on the page, with JavaScript on and off: password sign-in (10 tries per account in 15
// minutes), sign-in codes (5 sent per account in 15 minutes; 5 tries of one code), coupons (10 applies per basket in 10
// minutes) and "let me know when you deliver here" (10 an hour per address). The attempts before the last are posted
// from the page's own session (page.request: its cookies and address) as its form would post them; the last is made
// in the browser. Each test is a shopper on an address of its own (fixtures.ts) with an account of its own.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { addItem } from "./support/basket";
import { latestCode, logOut, mailMark, problem, toast } from "./support/accounts";
import { expectFieldError, findStoresFromHome } from "./support/stores";
import { shopAtVictoria } from "./support/slots";

const SIGN_IN_LIMITED = "Too many attempts. Please wait a few minutes and try again.";
const COUPON_LIMITED = "Too many attempts. Please wait a minute and try again.";
const CONTACT_LIMITED = "Too many requests. Please try again later.";
const BAD_CREDENTIALS = "Your email address or password is incorrect";
const CODE_SENT = "One time password code has been sent";
const CODE_INCORRECT = "One time password code was incorrect";
const COUPON_UNKNOWN = "That coupon code is not recognised.";
const THANKS = "Thanks, you will be emailed when we delivery in your area.";

// An address of this run's own: limits per address (future contact: 10 an hour) outlast a run, and a second run against
// the same server within the hour must start afresh, as a new shopper would.
test.use({
  extraHTTPHeaders: async ({}, use) => {
    const part = () => Math.floor(Math.random() * 254) + 1;
    await use({ "x-forwarded-for": `10.${part()}.${part()}.${part()}` });
  },
});

function account(label: string): string {
  return `${label}-${test.info().project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** A post as the page's own form makes it: from the site's page, in the page's session and from its address. */
async function postAsPage(page: Page, path: string, form: Record<string, string>) {
  const origin = new URL(page.url()).origin;
  return page.request.post(path, {
    form: { csrf: "sessionless", ...form },
    headers: { origin, "sec-fetch-site": "same-origin" },
    maxRedirects: 0,
  });
}

/** The honeypot's fields as the page drew them (app/services/honeypot.server.ts): the empty trap and the sealed stamp. */
async function honeypot(page: Page): Promise<Record<string, string>> {
  return { website: "", from__confirm: await page.locator('input[name="from__confirm"]').first().inputValue() };
}

test("password sign-in: the eleventh try at one account in 15 minutes is refused, even with nothing else wrong", async ({
  page,
}) => {
  const email = account("limit-login");
  await page.goto("/login");
  for (let i = 1; i <= 10; i++) {
    const answer = await postAsPage(page, "/login", { email, password: `wrong-password-${i}` });
    expect(answer.status(), `try ${i}`).toBe(400);
    expect(await answer.text(), `try ${i} is answered as a wrong password`).toContain(BAD_CREDENTIALS);
  }
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill("wrong-password-11");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(problem(page, SIGN_IN_LIMITED)).toBeVisible();
  await expect(problem(page, BAD_CREDENTIALS)).toHaveCount(0);
});

test("sign-in codes: a sixth code to one address in 15 minutes is not sent, and a code is refused after five wrong tries", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = account("limit-code");
  await page.goto("/login/code");
  const trap = await honeypot(page);
  for (let i = 1; i <= 5; i++) {
    const answer = await postAsPage(page, "/login/code", { intent: "send", email, ...trap });
    expect(answer.status(), `code ${i}`).toBe(303);
    expect(answer.headers()["location"], `code ${i} was sent`).toContain("sent=1");
  }
  await page.goto("/login/code");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect(problem(page, SIGN_IN_LIMITED)).toBeVisible();
  await expect(toast(page, CODE_SENT)).toHaveCount(0);

  // No account at that address, so no code came to it; the code step itself is limited too: an account's own code,
  // guessed at, is refused after its tries are spent, the right one included.
  const member = account("limit-guess");
  await page.goto("/register");
  await page.getByLabel("First name").fill("Gus");
  await page.getByLabel("Last name").fill("Guesswork");
  await page.getByLabel("Email address").fill(member);
  await page.getByLabel("Mobile number").fill("07700 900555");
  await page.getByLabel("Password").fill("Larder-guess-pw-2025");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/member$/);
  await logOut(page);
  await page.goto("/login/code");
  const mark = mailMark();
  await page.getByLabel("Email address").fill(member);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect(toast(page, CODE_SENT)).toBeVisible();
  const code = await latestCode(request, member, mark);
  const wrong = code === "000000" ? "111111" : "000000";
  for (let i = 1; i <= 5; i++) {
    const answer = await postAsPage(page, "/login/code", { intent: "verify", code: wrong });
    expect(await answer.text(), `guess ${i}`).toContain(CODE_INCORRECT);
  }
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByText(SIGN_IN_LIMITED).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login\/code/);
});

test("coupons: the eleventh apply on one basket in 10 minutes is refused on the coupon field", async ({ page }) => {
  await shopAtVictoria(page);
  await addItem(page, { id: 45 });
  await page.goto("/basket");
  const trap = await honeypot(page);
  for (let i = 1; i <= 10; i++) {
    const answer = await postAsPage(page, "/basket", {
      intent: "apply-coupon",
      code: `NOSUCH${i}`,
      idempotencyKey: `limit-coupon-${Date.now()}-${i}`,
      ...trap,
    });
    expect(await answer.text(), `apply ${i}`).toContain(COUPON_UNKNOWN);
  }
  const field = page.getByRole("textbox", { name: "Coupon code" });
  await field.fill("WELCOME10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expectFieldError(page.getByRole("textbox", { name: "Coupon code" }), COUPON_LIMITED);
  await expect(toast(page, "Coupon added successfully")).toHaveCount(0);
});

test("future contact: the eleventh request from one address in an hour is refused on the e-mail field", async ({
  page,
}) => {
  await findStoresFromHome(page, "IV27 4AA");
  await expect(page.getByRole("heading", { level: 2, name: "We don't deliver to IV27 4AA yet" })).toBeVisible();
  const trap = await honeypot(page);
  for (let i = 1; i <= 10; i++) {
    const answer = await postAsPage(page, "/stores-near-by", {
      intent: "notify",
      email: account(`limit-contact-${i}`),
      ...trap,
    });
    expect(answer.status(), `request ${i}`).toBe(303);
  }
  await page.goto("/stores-near-by");
  const email = page.getByRole("textbox", { name: "Email address", exact: true });
  await email.fill(account("limit-contact-11"));
  await page.getByRole("button", { name: "Email me" }).click();
  await expectFieldError(page.getByRole("textbox", { name: "Email address", exact: true }), CONTACT_LIMITED);
  await expect(toast(page, THANKS)).toHaveCount(0);
});
