// Steps the store-finding journeys share: the store search widget, the stores near by lists and the
// white-label switches the test server offers.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect } from "../fixtures";

/** The demo stores the journeys visit (platform/db/seed/stores.ts names their roles). */
export const demoStores = {
  victoria: { name: "Larder & Co Victoria Street", slug: "victoria-street-1" },
  islington: { name: "Larder & Co Islington", slug: "islington-4" },
  clapham: { name: "Larder & Co Clapham Bakery", slug: "clapham-bakery-5" },
  piccadilly: { name: "Larder & Co Piccadilly", slug: "piccadilly-6" },
  deansgate: { name: "Larder & Co Deansgate", slug: "deansgate-7" },
  northernQuarter: { name: "Larder & Co Northern Quarter", slug: "northern-quarter-8" },
  princesStreet: { name: "Larder & Co Princes Street", slug: "princes-street-11" },
  leithWalk: { name: "Larder & Co Leith Walk", slug: "leith-walk-12" },
} as const;

export function postcodeField(page: Page): Locator {
  return page.getByRole("textbox", { name: "Postcode", exact: true });
}

/** Types into the widget's postcode field and presses Find stores, as a shopper would. */
export async function searchPostcode(page: Page, postcode: string): Promise<void> {
  await postcodeField(page).fill(postcode);
  await page.getByRole("button", { name: "Find stores" }).click();
}

/** From the home page to the stores near by for a postcode. */
export async function findStoresFromHome(page: Page, postcode: string): Promise<void> {
  await page.goto("/");
  await searchPostcode(page, postcode);
  await expect(page).toHaveURL((url) => url.pathname === "/stores-near-by");
}

export function isPath(path: string): (url: URL) => boolean {
  return (url) => url.pathname === path;
}

/**
 * The field shows `message` the way assistive technology reads it: marked invalid and described by the
 * message (the visible text, after the visually hidden "Error: " prefix).
 */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(`Error: ${message}`);
  await expect(field.page().getByText(`Error: ${message}`, { exact: true })).toBeVisible();
}

export async function expectNoFieldError(field: Locator): Promise<void> {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription("");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A store card's button to shop there. Its visible text is the action; the store's name follows, visually
 * hidden, so the button makes sense on its own to a screen reader.
 */
export function shopButton(scope: Page | Locator, storeName: string, action = "Shop at this store"): Locator {
  return scope.getByRole("button", {
    name: new RegExp(`^${escapeRegExp(action)}\\s*:\\s*${escapeRegExp(storeName)}$`),
  });
}

/** A group of the stores near by ("Open now", "Open for pre-orders", "Closed"). */
export function storeGroup(page: Page, title: "Open now" | "Open for pre-orders" | "Closed"): Locator {
  return page.getByRole("region", { name: new RegExp(`^${title} \\(\\d+\\)$`) });
}

/** The store names a group lists, in the order shown. */
export async function storeNames(group: Locator): Promise<string[]> {
  return (await group.getByRole("heading", { level: 3 }).allInnerTexts()).map((name) => name.trim());
}

/** The stores near by page's GET form: order type, sort and store type. */
export async function showStores(
  page: Page,
  view: { method?: "Delivery" | "Collection"; sort?: "Distance" | "Name"; type?: string },
): Promise<void> {
  const form = page.getByRole("form", { name: "Show stores" });
  if (view.method) await form.getByRole("radio", { name: view.method, exact: true }).check();
  if (view.sort) await form.getByRole("combobox", { name: "Sort by" }).selectOption({ label: view.sort });
  if (view.type) await form.getByRole("combobox", { name: "Store type" }).selectOption({ label: view.type });
  await form.getByRole("button", { name: "Update list" }).click();
}

/**
 * Replaces the test server's white-label overrides (`{}` restores the defaults). The settings are shared by
 * the whole server, so only `*.clock.spec.ts` journeys, which run alone, may change them.
 */
export async function setWhiteLabel(request: APIRequestContext, overrides: Record<string, unknown>): Promise<void> {
  const response = await request.post("/__test/white-label", { data: overrides });
  expect(response.status(), `setting white-label overrides ${JSON.stringify(overrides)}`).toBeLessThan(300);
}
