// Issue 16 point 3, saved cards in the storefront: one member per project does the whole story — pays with a new
// card ticking "Save this card for next time" (in the gateway's fields with script, on its hosted page without),
// finds it under Saved cards, pays the next order with it and its security code (2 digits refused on the field,
// 3 digits pay), adds another card and makes it the default and cannot add the same card twice (script), and deletes
// them after confirming. Member B cannot see or delete A's card: platform/payments/saved-cards.api.test.ts; here, a
// card id that is not the member's is the 404 page.
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { newMember, register, toast } from "./support/accounts";
import {
  basketReadyForCheckout,
  CARDS,
  chooseCard,
  chooseDeliveryAddress,
  expectSuccess,
  payOnGateway,
  VICTORIA_THANKS,
} from "./support/checkout";
import { isPath } from "./support/stores";

const SAVE_CARD = "Save this card for next time";
const SAVED_VISA = /^Visa ending 4242, expires 12\/30 \(Default\)$/;

test.describe.configure({ timeout: 180_000 });

const field = (scope: Page, element: "card-number" | "expiry-date" | "cvv", name: string) =>
  scope.frameLocator(`.${element}-frame iframe`).getByRole("textbox", { name });

async function typeCard(page: Page, number: string): Promise<void> {
  await field(page, "card-number", "Card number").fill(number);
  await field(page, "expiry-date", "Expiry date").fill("12/30");
  await field(page, "cvv", "Security code").fill("123");
}

/** From a basket ready for checkout to the card step: a member starts at the details step. */
async function toCardStep(page: Page, savedAddress: boolean): Promise<void> {
  await page.getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page).toHaveURL(isPath("/checkout/details"));
  if (savedAddress) {
    await page.getByRole("button", { name: "Use this address" }).click();
    await expect(page.getByRole("link", { name: "Change delivery address" })).toBeVisible();
  } else {
    await chooseDeliveryAddress(page);
  }
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(isPath("/checkout/payment"));
  await chooseCard(page);
}

test("a member saves a card while paying, pays the next order with it and its security code, and deletes it @desktop-only", async ({
  page,
  jsEnabled,
}, testInfo) => {
  const member = newMember(testInfo, "cards");
  await register(page, member);

  // Nothing saved yet.
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Saved cards" }).click();
  await expect(page).toHaveURL(isPath("/member/cards"));
  await expect(page.getByText("You have no saved cards yet.")).toBeVisible();

  // The first order, paid with a new card the member keeps.
  await basketReadyForCheckout(page, "delivery", jsEnabled);
  await toCardStep(page, false);
  await expect(page.getByRole("radio", { name: "Use a new card" })).toHaveCount(0);
  await page.getByRole("checkbox", { name: SAVE_CARD }).first().check();
  if (jsEnabled) {
    await expect(page.getByRole("button", { name: /^Pay £[\d.]+$/ })).toBeEnabled();
    await typeCard(page, CARDS.approved);
    await page.getByRole("button", { name: /^Pay £[\d.]+$/ }).click();
  } else {
    await page.getByRole("button", { name: /^Pay £[\d.]+ by card$/ }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith("/test-gateway/hpp/"));
    await payOnGateway(page, CARDS.approved);
  }
  await expectSuccess(page, VICTORIA_THANKS);

  // It is under Saved cards: brand, last four digits, expiry, the default.
  await page.goto("/member/cards");
  const list = page.getByRole("list", { name: "Your saved cards" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByText("Visa •••• 4242", { exact: true })).toBeVisible();
  await expect(list.getByText("Expires 12/30", { exact: true })).toBeVisible();
  await expect(list.getByText("Default", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // The next order: the saved card is chosen first and asks for its security code.
  await basketReadyForCheckout(page, "delivery", jsEnabled);
  await toCardStep(page, true);
  await expect(page.getByRole("radio", { name: SAVED_VISA })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Use a new card" })).not.toBeChecked();
  await expectNoAxeViolations(page);
  if (jsEnabled) {
    // "Use a new card" shows the gateway's fields (with the save tick) instead of the security code, and back.
    await page.getByRole("radio", { name: "Use a new card" }).check();
    await expect(page.getByRole("button", { name: /^Pay £[\d.]+$/ })).toBeEnabled();
    await expect(page.getByRole("checkbox", { name: SAVE_CARD }).first()).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Security code" })).toHaveCount(0);
    await page.getByRole("radio", { name: SAVED_VISA }).check();
    await expect(page.getByRole("button", { name: /^Pay £[\d.]+$/ })).toHaveCount(0);
  }
  const code = page.getByRole("textbox", { name: "Security code" });
  await code.fill("12");
  await page.getByRole("button", { name: /^Pay £[\d.]+ by card$/ }).click();
  await expect(
    page.getByRole("alert").getByRole("link", { name: "The security code is the 3 digits on the back of your card" }),
  ).toBeVisible();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  // Refused by the card step before any payment call (app/models/saved-cards.server.test.ts): still here, unpaid.
  await expect(page).toHaveURL(isPath("/checkout/payment/card-form"));
  await page.getByRole("textbox", { name: "Security code" }).fill("123");
  await page.getByRole("button", { name: /^Pay £[\d.]+ by card$/ }).click();
  await expectSuccess(page, VICTORIA_THANKS);

  await page.goto("/member/cards");
  const card = page.getByRole("list", { name: "Your saved cards" }).getByRole("listitem");
  if (jsEnabled) {
    // Another card, added through the gateway's fields in the "add new payment card" dialog, then made the default.
    const addCard = async (number: string) => {
      await page.getByRole("link", { name: "Add new payment card" }).click();
      const dialog = page.getByRole("dialog", { name: "Add new payment card" });
      await expect(dialog.getByRole("button", { name: "Add card" })).toBeEnabled();
      await typeCard(page, number);
      await dialog.getByRole("button", { name: "Add card" }).click();
      return dialog;
    };
    await addCard("5555 5555 5555 4444");
    await expect(toast(page, "Card added successfully!")).toBeVisible();
    await expect(card).toHaveCount(2);
    const mastercard = card.filter({ hasText: "Mastercard •••• 4444" });
    await mastercard.getByRole("button", { name: /^Set as default/ }).click();
    await expect(toast(page, "Card set as default successfully")).toBeVisible();
    await expect(mastercard.getByText("Default", { exact: true })).toBeVisible();
    await expect(card.filter({ hasText: "Visa •••• 4242" }).getByText("Default", { exact: true })).toHaveCount(0);

    // The same card twice: said on the form, nothing added.
    const dialog = await addCard(CARDS.approved);
    await expect(dialog.getByRole("alert").filter({ hasText: "Card already exists!" })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(2);
  } else {
    // Without script the gateway's fields cannot run: the page says how a card is saved instead.
    await page.getByRole("link", { name: "Add new payment card" }).click();
    await expect(page).toHaveURL(isPath("/member/cards/new"));
    await expect(page.getByText("Adding a card needs JavaScript; you can save a card when you pay.")).toBeVisible();
    await page.goto("/member/cards");
  }

  // A card id that is not the member's is no page at all.
  const missing = await page.goto("/member/cards/card_not_mine/delete");
  expect(missing?.status()).toBe(404);
  await page.goto("/member/cards");

  // Deleted after confirming: a dialog with script, a page without; until none is left.
  for (let left = await card.count(); left > 0; left--) {
    await card
      .first()
      .getByRole("link", { name: /^Delete/ })
      .click();
    if (jsEnabled) {
      const confirm = page.getByRole("dialog", { name: "Delete this card?" });
      await expect(confirm.getByText(/ •••• \d{4}$/)).toBeVisible();
      await confirm.getByRole("button", { name: "Delete" }).click();
    } else {
      await expect(page).toHaveURL(/\/member\/cards\/[^/]+\/delete$/);
      await expect(page.getByRole("heading", { level: 1, name: "Delete this card?" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Delete" }).click();
    }
    await expect(page).toHaveURL(isPath("/member/cards"));
    await expect(toast(page, "Card deleted successfully")).toBeVisible();
    await expect(card).toHaveCount(left - 1);
  }
  await expect(page.getByText("You have no saved cards yet.")).toBeVisible();
});
