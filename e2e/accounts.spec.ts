// Issue 13, member accounts on the storefront (spec 2 §2, §4 Auth, §6, §8): register, log out, log in with the
// password or a one-time code, reset a forgotten password from its link, the guards, and a session that ends —
// each with JavaScript on and off (registration also on a phone with JavaScript; the rest, whose forms are the same at any size,
// on a desktop). Every member is new to its test, so the projects running
// side by side never share one (a new code replaces the last; a reset ends every session).
import { expect, expectNoAxeViolations, javaScriptOn, test } from "./fixtures";
import {
  accountButton,
  expectMemberHome,
  fillLogin,
  latestCode,
  latestResetPath,
  logOut,
  MESSAGES,
  newMember,
  mailMark,
  problem,
  register,
  SAM,
  toast,
} from "./support/accounts";
import { shopAtVictoria, slotStores } from "./support/slots";
import { isPath } from "./support/stores";

// Each journey is several pages, each checked with axe (with script off, on a copy of the page): longer than one page.
test.describe.configure({ timeout: 90_000 });

test.describe("member accounts", () => {
  test("register, log out, a wrong password refused, then log in with the password", async ({ page }, testInfo) => {
    const member = newMember(testInfo, "register");
    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
    await expectNoAxeViolations(page);
    // The server checks what the browser's constraints would have: a short password is refused with its words.
    await page.getByLabel("First name").fill(member.firstName);
    await page.getByLabel("Last name").fill(member.lastName);
    await page.getByLabel("Email address").fill(member.email);
    await page.getByLabel("Mobile number").fill(member.mobile);
    await page.getByLabel("Password").evaluate((input: HTMLInputElement) => input.removeAttribute("minlength"));
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(problem(page, "Your password must be at least 8 characters")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue(member.email);
    await expectNoAxeViolations(page);

    await register(page, member, { email: true });
    await expectNoAxeViolations(page);
    await expect(accountButton(page)).toHaveAttribute("href", "/member");

    await logOut(page);
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    await expectNoAxeViolations(page);
    await fillLogin(page, member.email, `${member.password}-wrong`);
    await expect(problem(page, MESSAGES.badCredentials)).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expectNoAxeViolations(page);

    await fillLogin(page, member.email, member.password);
    await expectMemberHome(page, member.firstName, member.email);

    // A member has no business on the sign-in pages.
    for (const path of ["/login", "/register", "/forgotten-password"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/member$/);
    }
  });

  test("an e-mail address already registered is refused with the platform's words @desktop-only", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Patel");
    await page.getByLabel("Email address").fill(SAM.email);
    await page.getByLabel("Mobile number").fill("07700 900456");
    await page.getByLabel("Password").fill("Another-long-passphrase");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(problem(page, MESSAGES.emailTaken)).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("First name")).toHaveValue("Sam");
  });

  test("log in with a code sent by e-mail; a wrong code refused @desktop-only", async ({ page, request }, testInfo) => {
    const member = newMember(testInfo, "code");
    await register(page, member);
    await logOut(page);

    await page.goto("/login");
    await page.getByRole("link", { name: "Email me a code" }).click();
    await expect(page).toHaveURL(/\/login\/code$/);
    await expectNoAxeViolations(page);
    const before = mailMark();
    await page.getByLabel("Email address").fill(member.email);
    await page.getByRole("button", { name: "Email me a code" }).click();
    await expect(toast(page, MESSAGES.otpSent)).toBeVisible();
    await expect(page.getByText(`We have sent a 6-digit code to ${member.email}.`, { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);

    const code = await latestCode(request, member.email, before);
    const wrong = code === "000000" ? "111111" : "000000";
    await page.getByLabel("Code").fill(wrong);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(problem(page, MESSAGES.otpIncorrect)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel("Code").fill(code);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expectMemberHome(page, member.firstName, member.email);
  });

  const passwordReset =
    "forgotten password: reset from the link, the new password works, the old one and the used link do not, " +
    "and the other session ends @desktop-only";
  test(passwordReset, async ({ page, browser, request }, testInfo) => {
    const member = newMember(testInfo, "reset");
    // Signed in here (registering signs in); the reset happens in another browser.
    await register(page, member);

    const other = await browser.newContext({
      javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
      viewport: testInfo.project.use.viewport,
    });
    const guest = await other.newPage();
    try {
      await guest.goto("/login");
      await guest.getByRole("link", { name: "Forgotten your password?" }).click();
      await expect(guest.getByRole("heading", { level: 1, name: "Forgotten your password?" })).toBeVisible();
      await expectNoAxeViolations(guest);
      const before = mailMark();
      await guest.getByLabel("Email address").fill(member.email);
      await guest.getByRole("button", { name: "Send me a reset link" }).click();
      await expect(guest).toHaveURL(/\/forgotten-password-set$/);
      await expect(guest.getByText(MESSAGES.resetRequested)).toBeVisible();
      await expectNoAxeViolations(guest);

      const resetPath = await latestResetPath(request, member.email, before);
      await guest.goto(resetPath);
      await expect(guest.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
      await expectNoAxeViolations(guest);
      const newPassword = `${member.password}-new`;
      await guest.getByLabel("New password").fill(newPassword);
      await guest.getByRole("button", { name: "Save new password" }).click();
      await expect(guest).toHaveURL(/\/login$/);
      await expect(toast(guest, MESSAGES.passwordUpdated)).toBeVisible();

      await fillLogin(guest, member.email, member.password);
      await expect(problem(guest, MESSAGES.badCredentials)).toBeVisible();
      await fillLogin(guest, member.email, newPassword);
      await expectMemberHome(guest, member.firstName, member.email);
      await logOut(guest);

      await guest.goto(resetPath);
      await expect(guest.getByText(MESSAGES.resetLinkInvalid)).toBeVisible();
      await expect(guest.getByRole("link", { name: "Send me a new link" })).toHaveAttribute(
        "href",
        "/forgotten-password",
      );
      await expectNoAxeViolations(guest);
    } finally {
      await other.close();
    }

    // The reset ended every session of the member: the first browser is told and signed out. With script, a
    // navigation asks for the page's data, and the answer is the router's own redirect; without, the page redirects.
    if (javaScriptOn(testInfo)) {
      const answer = await page.request.get("/member.data", { maxRedirects: 0 });
      expect(answer.status()).toBe(202);
      expect(await answer.text()).toContain("/login");
    }
    await page.goto("/member");
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, MESSAGES.sessionExpired)).toBeVisible();
    await expect(accountButton(page)).toHaveAttribute("href", "/login");
  });

  test("the member area sends a guest to log in and back after; logging out returns to the store @desktop-only", async ({
    page,
  }) => {
    // With a location and a store chosen, logging out lands on the store page (spec 2 §4).
    await shopAtVictoria(page);
    await page.goto("/member?from=test");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmember%3Ffrom%3Dtest$/);
    await fillLogin(page, SAM.email, SAM.password);
    await expect(page).toHaveURL(/\/member\?from=test$/);
    await expect(page.getByRole("heading", { level: 1, name: `Hello, ${SAM.firstName}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/member$/);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(isPath(`/stores/${slotStores.victoria.slug}`));
    await page.goto("/member");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the sign-in pages fit a 320px screen @once", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of [
      "/login",
      "/login/code",
      "/register",
      "/forgotten-password",
      "/forgotten-password-set",
      "/member/reset-token/not-a-token",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal scroll on ${path}`).toBeLessThanOrEqual(0);
    }
  });
});
