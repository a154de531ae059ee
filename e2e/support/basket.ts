// Filling a basket the way the product cards do, for journeys that are about what comes after, and the basket page's
// parts the basket journeys read.
import type { Locator, Page } from "@playwright/test";
import { expect } from "../fixtures";
import { postForm } from "./scene";
import { shopAtVictoria } from "./slots";

/**
 * Adds an item as a product card's Add does without script: a form post in the page's session, answered with a
 * redirect that is not followed (support/scene.ts).
 */
export async function addItem(page: Page, item: { id: number }, quantity = 1): Promise<void> {
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await postForm(page, "/basket/add", {
    menuItemId: String(item.id),
    quantity: String(quantity),
    basketLineId: `e2e-${item.id}-${nonce}`,
    idempotencyKey: `e2e-add-${nonce}`,
    redirectTo: "/basket",
  });
}

/** A line of the basket page, by its item's name. */
export function basketLine(page: Page, name: string): Locator {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
}

/** A money row of the basket's summary (Subtotal, Delivery fee, Total…): the value beside its term. */
export function summaryRow(page: Page, term: string | RegExp): Locator {
  return page
    .getByRole("complementary")
    .getByRole("term")
    .filter({ hasText: term })
    .locator("xpath=following-sibling::dd[1]");
}

export async function openBasket(page: Page): Promise<void> {
  await page.goto("/basket");
  await expect(page.getByRole("heading", { level: 1, name: "Your basket" })).toBeVisible();
}

/** Victoria Street chosen, the items added one each, on the basket page. */
export async function shopWith(page: Page, items: { id: number }[]): Promise<void> {
  await shopAtVictoria(page);
  for (const item of items) await addItem(page, item);
  await openBasket(page);
}
