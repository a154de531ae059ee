// Following an order live (decision 0040): a cash collection order placed through the platform's own calls, as an
// app of the business would place it, so the journey starts on the status page without going through the checkout.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect } from "../fixtures";
import { guestToken, openCollectionTimes, placeCashCollection } from "./orders";

const CONTACT = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace.hopper@example.com",
  phoneNumber: "07700 900 456",
};

/**
 * A guest's cash collection order of two cheddars at Victoria Street, three days ahead (a day the other journeys do
 * not book), in a time in the middle of the day's free ones: its number and its status page's token.
 */
export async function placeCollectionAsGuest(
  request: APIRequestContext,
): Promise<{ number: string; statusToken: string }> {
  const token = await guestToken(request);
  const { date, times } = await openCollectionTimes(request, token, 3);
  expect(times.length, `collection times on ${date}`).toBeGreaterThan(0);
  return placeCashCollection(request, token, CONTACT, times[Math.floor(times.length / 2)]!, 2);
}

/**
 * axe on an order's status page. Without script, while the order is in progress, the page reloads itself every 30 s
 * by a meta refresh, which axe's meta-refresh rule (WCAG 2.2.1) always flags: it cannot see that the page offers the
 * switch to stop it before the status (technique G198). That rule alone is turned off; every other rule runs.
 */
export const STATUS_PAGE_AXE = { disableRules: ["meta-refresh"] } as const;

/** The status page's current status line. */
export function currentStatus(page: Page): Locator {
  return page.getByRole("status").filter({ hasText: /^Status:/ });
}

/** The page's meta refresh (there only without script: with script, <noscript> holds it as text). */
export function metaRefresh(page: Page): Locator {
  return page.locator('meta[http-equiv="refresh"]');
}

/** Marks the open document, so a test can tell that what changed on it came without loading the page again. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}

export async function expectSameDocument(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true),
    "the page was not loaded again",
  ).toBe(true);
}
