// Issue 14, the member's saved addresses (spec 2 §2 /member/addresses, modals "address list", "address results",
// "address form"; §3 saved addresses; §8 address messages): add one found by postcode and one typed in, edit, set a
// default, remove with a confirmation (a dialog with script, a page without), the failure message, and another
// member's addresses out of reach. Every member is new to its test.
import type { Locator, Page } from "@playwright/test";
import { MEMBER_MESSAGES } from "#contract/member";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { fillLogin, logOut, newMember, problem, register, registerByForm, toast } from "./support/accounts";
import { failPlatformCall } from "./support/faults";

// Each journey is several pages, each checked with axe (with script off, on a copy of the page).
test.describe.configure({ timeout: 150_000 });

const isAddresses = /\/member\/addresses$/;

function section(page: Page, type: "Delivery" | "Billing"): Locator {
  return page.getByRole("region", { name: `${type} addresses` });
}

function card(page: Page, type: "Delivery" | "Billing", text: string): Locator {
  return section(page, type).getByRole("listitem").filter({ hasText: text });
}

/**
 * Where an add or edit happens: with script a dialog over the list, without it a page of its own (its main part).
 * Either way it is the same forms.
 */
async function opened(page: Page, jsEnabled: boolean, title: string): Promise<Locator> {
  if (jsEnabled) {
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    return dialog;
  }
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return page.getByRole("main");
}

async function typeAddress(
  page: Page | Locator,
  address: { line1: string; line2?: string; town: string; postcode: string },
): Promise<void> {
  await page.getByRole("textbox", { name: "Address line 1" }).fill(address.line1);
  await page.getByRole("textbox", { name: "Address line 2 (optional)" }).fill(address.line2 ?? "");
  await page.getByRole("textbox", { name: "Town or city" }).fill(address.town);
  await page.getByRole("textbox", { name: "Postcode" }).fill(address.postcode);
}

/** From the list: add an address of the type, typed in, and back on the list with the message. */
async function addTyped(
  page: Page,
  jsEnabled: boolean,
  type: "delivery" | "billing",
  address: { line1: string; town: string; postcode: string },
): Promise<void> {
  await page.getByRole("link", { name: `Add a ${type} address` }).click();
  const adding = await opened(page, jsEnabled, `Add a ${type} address`);
  await adding.getByRole("link", { name: "Enter the address manually" }).click();
  await typeAddress(adding, address);
  await adding.getByRole("button", { name: "Save address" }).click();
  await expect(page).toHaveURL(isAddresses);
  await expect(toast(page, MEMBER_MESSAGES.addressAdded)).toBeVisible();
}

async function addressId(entry: Locator): Promise<string> {
  const href = await entry.getByRole("link", { name: /^Edit/ }).getAttribute("href");
  const id = /\/member\/addresses\/(\d+)\/edit$/.exec(href ?? "")?.[1];
  expect(id, "the Edit link names the address").toBeTruthy();
  return id!;
}

test.describe("member saved addresses", () => {
  test(
    "add one found by postcode and ones typed in, delivery and billing",
    { tag: "@desktop-only" },
    async ({ page, jsEnabled }, testInfo) => {
      const member = newMember(testInfo, "addresses");
      await register(page, member);
      await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Addresses" }).click();
      await expect(page).toHaveURL(isAddresses);
      await expect(page.getByRole("heading", { level: 1, name: "Addresses" })).toBeVisible();
      await expect(page.getByText("You have no saved addresses yet.")).toBeVisible();
      await expectNoAxeViolations(page);

      // Found by postcode, chosen from the results.
      await page.getByRole("link", { name: "Add a delivery address" }).click();
      let adding = await opened(page, jsEnabled, "Add a delivery address");
      await expectNoAxeViolations(page);
      await adding.getByRole("textbox", { name: "Postcode", exact: true }).fill("SW1A 1AA");
      await adding.getByRole("button", { name: "Find address" }).click();
      const results = adding.getByRole("group", { name: /addresses? found for SW1A 1AA/ });
      await expect(results).toBeVisible();
      await expectNoAxeViolations(page);
      await results.getByRole("radio").first().check();
      const chosen = (await results.locator("label").first().innerText()).split(",")[0]!.trim();
      await adding.getByRole("button", { name: "Use this address" }).click();
      await expect(page).toHaveURL(isAddresses);
      await expect(toast(page, MEMBER_MESSAGES.addressAdded)).toBeVisible();
      const found = card(page, "Delivery", chosen);
      await expect(found).toContainText("SW1A 1AA");
      await expect(found.getByText("Default", { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      // Typed in: refused while incomplete, nothing typed lost.
      await page.getByRole("link", { name: "Add a delivery address" }).click();
      adding = await opened(page, jsEnabled, "Add a delivery address");
      await adding.getByRole("link", { name: "Enter the address manually" }).click();
      await expect(adding.getByRole("textbox", { name: "Address line 1" })).toBeVisible();
      await expect(adding.getByRole("group", { name: /found for/ })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await adding.getByRole("textbox", { name: "Address line 1" }).fill("4 Portland Place");
      await adding.getByRole("textbox", { name: "Postcode" }).fill("W1A 1AA");
      await adding
        .getByRole("textbox", { name: "Town or city" })
        .evaluate((input: HTMLInputElement) => input.removeAttribute("required"));
      await adding.getByRole("button", { name: "Save address" }).click();
      await expect(adding.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
      await expect(adding.getByRole("textbox", { name: "Address line 1" })).toHaveValue("4 Portland Place");
      await expectNoAxeViolations(page);
      await adding.getByRole("textbox", { name: "Town or city" }).fill("London");
      await adding.getByRole("button", { name: "Save address" }).click();
      await expect(page).toHaveURL(isAddresses);
      await expect(toast(page, MEMBER_MESSAGES.addressAdded)).toBeVisible();
      const typed = card(page, "Delivery", "4 Portland Place");
      await expect(typed).toContainText("W1A 1AA");
      await expect(typed.getByText("Default", { exact: true })).toHaveCount(0);

      // A billing address, typed in and made the default from the start.
      await page.getByRole("link", { name: "Add a billing address" }).click();
      adding = await opened(page, jsEnabled, "Add a billing address");
      await adding.getByRole("link", { name: "Enter the address manually" }).click();
      await typeAddress(adding, { line1: "1 Billing Row", town: "Leeds", postcode: "LS1 1AA" });
      await adding.getByRole("checkbox", { name: "Make this my default" }).check();
      await adding.getByRole("button", { name: "Save address" }).click();
      await expect(toast(page, MEMBER_MESSAGES.addressAdded)).toBeVisible();
      await expect(card(page, "Billing", "1 Billing Row").getByText("Default", { exact: true })).toBeVisible();
    },
  );

  test(
    "set a default, edit one, remove one after a confirmation",
    { tag: "@desktop-only" },
    async ({ page, jsEnabled }, testInfo) => {
      const member = newMember(testInfo, "address-changes");
      await registerByForm(page, member);
      await page.goto("/member/addresses");
      await addTyped(page, jsEnabled, "delivery", { line1: "9 Found Lane", town: "London", postcode: "SW1A 1AA" });
      await addTyped(page, jsEnabled, "delivery", { line1: "4 Portland Place", town: "London", postcode: "W1A 1AA" });
      const chosen = "9 Found Lane";
      const found = card(page, "Delivery", chosen);
      const typed = card(page, "Delivery", "4 Portland Place");
      await expect(found.getByText("Default", { exact: true })).toBeVisible();
      await expect(typed.getByText("Default", { exact: true })).toHaveCount(0);

      // The typed one becomes the default delivery address.
      await typed.getByRole("button", { name: /^Set as default/ }).click();
      await expect(toast(page, MEMBER_MESSAGES.addressSetDefault)).toBeVisible();
      await expect(typed.getByText("Default", { exact: true })).toBeVisible();
      await expect(found.getByText("Default", { exact: true })).toHaveCount(0);

      // Edited.
      await typed.getByRole("link", { name: /^Edit/ }).click();
      const editing = await opened(page, jsEnabled, "Edit delivery address");
      await expect(editing.getByRole("textbox", { name: "Address line 1" })).toHaveValue("4 Portland Place");
      await expectNoAxeViolations(page);
      await editing.getByRole("textbox", { name: "Address line 2 (optional)" }).fill("Third floor");
      await editing.getByRole("button", { name: "Save changes" }).click();
      await expect(page).toHaveURL(isAddresses);
      await expect(toast(page, MEMBER_MESSAGES.addressUpdated)).toBeVisible();
      await expect(typed).toContainText("Third floor");

      // Removed, after a confirmation: a dialog over the list with script, a page of its own without.
      await found.getByRole("link", { name: /^Remove/ }).click();
      if (jsEnabled) {
        const dialog = page.getByRole("dialog", { name: "Remove this address?" });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(chosen);
        await expectNoAxeViolations(page);
        // Cancel leaves it, and so does Escape (focus back on the Remove link); the third time it goes.
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await expect(dialog).toBeHidden();
        await expect(found).toBeVisible();
        const removeLink = found.getByRole("link", { name: /^Remove/ });
        await removeLink.click();
        await expect(dialog).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
        await expect(removeLink).toBeFocused();
        await removeLink.click();
        await dialog.getByRole("button", { name: "Remove", exact: true }).click();
        await expect(dialog).toBeHidden();
      } else {
        await expect(page).toHaveURL(/\/member\/addresses\/\d+\/remove$/);
        await expect(page.getByRole("heading", { level: 1, name: "Remove this address?" })).toBeVisible();
        await expect(page.getByRole("main")).toContainText(chosen);
        await expectNoAxeViolations(page);
        await page.getByRole("button", { name: "Remove", exact: true }).click();
      }
      await expect(page).toHaveURL(isAddresses);
      await expect(toast(page, MEMBER_MESSAGES.addressRemoved)).toBeVisible();
      await expect(found).toHaveCount(0);
      await expect(typed).toBeVisible();
    },
  );

  test(
    "a failed save shows 'There was an error updating your address' and keeps what was typed",
    { tag: "@desktop-only" },
    async ({ page, jsEnabled }, testInfo) => {
      const member = newMember(testInfo, "address-errors");
      await registerByForm(page, member);
      await page.goto("/member/addresses");

      await failPlatformCall(page.request, "/api/member/addresses/add");
      await page.getByRole("link", { name: "Add a delivery address" }).click();
      const adding = await opened(page, jsEnabled, "Add a delivery address");
      await adding.getByRole("link", { name: "Enter the address manually" }).click();
      await typeAddress(adding, { line1: "12 Example Mews", town: "London", postcode: "SW1A 1AA" });
      await adding.getByRole("button", { name: "Save address" }).click();
      await expect(problem(page, MEMBER_MESSAGES.addressUpdateError)).toBeVisible();
      await expect(adding.getByRole("textbox", { name: "Address line 1" })).toHaveValue("12 Example Mews");
      await expect(adding.getByRole("textbox", { name: "Postcode" })).toHaveValue("SW1A 1AA");
      await expectNoAxeViolations(page);
      await adding.getByRole("button", { name: "Save address" }).click();
      await expect(toast(page, MEMBER_MESSAGES.addressAdded)).toBeVisible();

      await failPlatformCall(page.request, "/api/member/addresses/update");
      await card(page, "Delivery", "12 Example Mews").getByRole("link", { name: /^Edit/ }).click();
      const editing = await opened(page, jsEnabled, "Edit delivery address");
      await editing.getByRole("textbox", { name: "Address line 1" }).fill("14 Example Mews");
      await editing.getByRole("button", { name: "Save changes" }).click();
      await expect(problem(page, MEMBER_MESSAGES.addressUpdateError)).toBeVisible();
      await expect(editing.getByRole("textbox", { name: "Address line 1" })).toHaveValue("14 Example Mews");
      await expectNoAxeViolations(page);
      await editing.getByRole("button", { name: "Save changes" }).click();
      await expect(toast(page, MEMBER_MESSAGES.addressUpdated)).toBeVisible();
      const entry = card(page, "Delivery", "14 Example Mews");
      await expect(entry).toBeVisible();

      // A failed remove leaves the address, with the message, on the confirmation.
      await failPlatformCall(page.request, "/api/member/addresses/remove");
      await entry.getByRole("link", { name: /^Remove/ }).click();
      const removing = await opened(page, jsEnabled, "Remove this address?");
      await removing.getByRole("button", { name: "Remove", exact: true }).click();
      await expect(problem(page, MEMBER_MESSAGES.addressUpdateError)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto("/member/addresses");
      await expect(entry).toBeVisible();
    },
  );

  test(
    "another member cannot see or change an address; a guest is sent to log in and brought back",
    { tag: "@desktop-only" },
    async ({ page, jsEnabled }, testInfo) => {
      const owner = newMember(testInfo, "address-owner");
      await registerByForm(page, owner);
      await page.goto("/member/addresses");
      await addTyped(page, jsEnabled, "delivery", { line1: "1 Owner Street", town: "London", postcode: "SW1A 1AA" });
      await addTyped(page, jsEnabled, "delivery", { line1: "2 Owner Street", town: "London", postcode: "W1A 1AA" });
      const second = await addressId(card(page, "Delivery", "2 Owner Street"));
      await logOut(page);

      // A guest is sent to log in.
      await page.goto("/member/addresses");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmember%2Faddresses$/);

      const other = newMember(testInfo, "address-other");
      await registerByForm(page, other);
      for (const action of ["edit", "remove"]) {
        const response = await page.goto(`/member/addresses/${second}/${action}`);
        expect(response?.status()).toBe(404);
        await expect(
          page.getByRole("heading", { name: `Page Not Found: /member/addresses/${second}/${action}` }),
        ).toBeVisible();
        await expect(page.getByText("2 Owner Street")).toHaveCount(0);
      }
      await expectNoAxeViolations(page);

      // Crafted posts with the other member's own anti-forgery token change nothing.
      await page.goto("/member/addresses");
      const csrf = /name="csrf" value="([^"]+)"/.exec(await page.content())?.[1];
      expect(csrf, "the page's forms carry a token").toBeTruthy();
      const posts: { path: string; form: Record<string, string> }[] = [
        { path: `/member/addresses/${second}/remove`, form: { csrf: csrf!, intent: "remove" } },
        { path: "/member/addresses", form: { csrf: csrf!, intent: "setDefault", id: second } },
        {
          path: `/member/addresses/${second}/edit`,
          form: {
            csrf: csrf!,
            intent: "save",
            type: "delivery",
            addressLine1: "Taken over",
            town: "London",
            postcode: "SW1A 1AA",
          },
        },
      ];
      for (const post of posts) {
        const response = await page.request.post(post.path, { form: post.form, maxRedirects: 0 });
        expect(response.status(), post.path).toBe(303);
        expect(response.headers()["location"]).toBe("/member/addresses");
      }
      await page.goto("/member/addresses");
      await expect(toast(page, MEMBER_MESSAGES.addressUpdateError)).toBeVisible();
      await expect(page.getByText("You have no saved addresses yet.")).toBeVisible();
      await logOut(page);

      // The owner, sent to log in from the page, comes back to it: both addresses as they were.
      await page.goto("/member/addresses");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmember%2Faddresses$/);
      await fillLogin(page, owner.email, owner.password);
      await expect(page).toHaveURL(isAddresses);
      await expect(card(page, "Delivery", "1 Owner Street").getByText("Default", { exact: true })).toBeVisible();
      const kept = card(page, "Delivery", "2 Owner Street");
      await expect(kept).toBeVisible();
      await expect(kept.getByText("Default", { exact: true })).toHaveCount(0);
      await expect(page.getByText("Taken over")).toHaveCount(0);
    },
  );

  test("the list works on a phone as on a desktop: every action a full tap target, nothing wider than the screen @phone", async ({
    page,
    jsEnabled,
  }, testInfo) => {
    const member = newMember(testInfo, "address-screen");
    await registerByForm(page, member);
    await page.goto("/member/addresses");
    await addTyped(page, jsEnabled, "delivery", { line1: "1 Narrow Street", town: "London", postcode: "SW1A 1AA" });
    await addTyped(page, jsEnabled, "delivery", { line1: "2 Narrow Street", town: "London", postcode: "W1A 1AA" });
    const second = card(page, "Delivery", "2 Narrow Street");
    const actions = [
      second.getByRole("link", { name: /^Edit/ }),
      second.getByRole("link", { name: /^Remove/ }),
      second.getByRole("button", { name: /^Set as default/ }),
      page.getByRole("link", { name: "Add a delivery address" }),
      page.getByRole("link", { name: "Add a billing address" }),
    ];
    for (const action of actions) {
      const box = await action.boundingBox();
      expect(box, "the action is on the page").not.toBeNull();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.width).toBeGreaterThanOrEqual(44);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});
