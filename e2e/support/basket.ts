// Filling a basket the way the product cards do, for journeys that are about what comes after.
import type { Page } from "@playwright/test";
import { expect } from "../fixtures";

/** Adds an item as a product card's Add button does: a form post in the page's session, answered 303. */
export async function addItem(page: Page, item: { id: number }, quantity = 1): Promise<void> {
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const response = await page.request.post("/basket/add", {
    form: {
      csrf,
      intent: "add",
      menuItemId: String(item.id),
      quantity: String(quantity),
      basketLineId: `e2e-${item.id}-${nonce}`,
      idempotencyKey: `e2e-add-${nonce}`,
      redirectTo: "/basket",
    },
    maxRedirects: 0,
  });
  expect(response.status(), `adding item ${item.id}`).toBe(303);
}
