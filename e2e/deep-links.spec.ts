// Issue 20 item 2, marketing deep links: a link made by `npm run deeplink`, opened in a fresh browser, asks for a
// postcode and then shows the basket with its items and the coupon; over a basket with items, opening it changes
// nothing and Continue replaces the basket; over a basket at another store, Continue empties it; an item gone from
// sale is named; a link with one character changed shows the unrecoverable error with Dismiss (an expired one:
// deep-links.clock.spec.ts).
// JavaScript on and off; the pages are laid out the same on every screen, so desktop only.
import { execFileSync } from "node:child_process";
import type { APIRequestContext, Page } from "@playwright/test";
import { BASKET_MESSAGES } from "#contract/basket";
import { DEEP_LINK_MESSAGES } from "../app/models/deep-link";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { toast } from "./support/accounts";
import { deepLink, E2E_DEEPLINK_SECRET } from "./support/deep-links";
import { cheddar, milk } from "./support/checkout";
import { isPath, postcodeField } from "./support/stores";

const VICTORIA = 1;
const SPITALFIELDS = 2;

/** Items only this journey takes off sale for collection, one per project (projects share one server). */
const OFF_SALE = {
  "js-on": { id: 47, name: "Mozzarella 125g" },
  "js-off": { id: 48, name: "Parmigiano Reggiano 200g" },
} as const;

/** A link as a marketer makes one: `npm run deeplink -- …`, signed with the test server's secret. */
function deepLinkFromCli(baseURL: string, args: string[]): string {
  const printed = execFileSync(process.execPath, ["--import", "tsx", "scripts/deeplink.ts", ...args], {
    env: { ...process.env, DEEPLINK_SECRET: E2E_DEEPLINK_SECRET, PUBLIC_URL: baseURL },
    encoding: "utf8",
  });
  return printed.trim();
}

async function searchForLink(page: Page, postcode: string): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: DEEP_LINK_MESSAGES.storeSearchRequired })).toBeVisible();
  await postcodeField(page).fill(postcode);
  await page.getByRole("button", { name: "Search Local Stores" }).click();
}

/** A line of the basket (not the recommended items beside it). */
function basketLine(page: Page, name: string) {
  return page.getByRole("region", { name: /^Items \(\d+\)$/ }).getByRole("link", { name, exact: true });
}

async function setCollectionSale(request: APIRequestContext, menuItemId: number, collection: boolean): Promise<void> {
  const response = await request.post("/__test/menu-item-availability", { data: { menuItemId, collection } });
  expect(response.status(), await response.text()).toBe(200);
}

test("a link asks for a postcode, then fills a new basket with its items and coupon @desktop-only", async ({
  page,
  baseURL,
}) => {
  const link = deepLinkFromCli(baseURL!, [
    "--store",
    String(VICTORIA),
    "--item",
    `${milk.id}:2`,
    "--item",
    `${cheddar.id}:1`,
    "--coupon",
    "WELCOME10",
    "--campaign",
    "winter",
  ]);
  await page.goto(link);
  await expect(page.getByRole("button", { name: "Search Local Stores" })).toBeVisible();
  await expectNoAxeViolations(page);
  await searchForLink(page, "SW1A 1AA");

  await expect(page).toHaveURL(isPath("/basket"));
  await expect(toast(page, "3 items from your link added to your basket. Coupon WELCOME10 applied.")).toBeVisible();
  await expect(basketLine(page, milk.name)).toBeVisible();
  await expect(basketLine(page, cheddar.name)).toBeVisible();
  await expect(page.getByRole("main").getByText("WELCOME10").first()).toBeVisible();
});

test("over a basket with items, opening a link changes nothing; Continue replaces the basket @desktop-only", async ({
  page,
  baseURL,
}) => {
  await page.goto(deepLink(baseURL!, { store: VICTORIA, items: [[milk.id, 1]] }));
  await searchForLink(page, "SW1A 1AA");
  await expect(basketLine(page, milk.name)).toBeVisible();

  const replacing = deepLink(baseURL!, { store: VICTORIA, items: [[cheddar.id, 2]], clear: true });
  await page.goto(replacing);
  await expect(page.getByRole("heading", { level: 1, name: DEEP_LINK_MESSAGES.overwriteTitle })).toBeVisible();
  await expect(page.getByText(DEEP_LINK_MESSAGES.overwrite)).toBeVisible();
  await expectNoAxeViolations(page);

  // Cancel: the basket is as it was, because opening the link changed nothing.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(isPath("/basket"));
  await expect(basketLine(page, milk.name)).toBeVisible();
  await expect(basketLine(page, cheddar.name)).toHaveCount(0);

  await page.goto(replacing);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(isPath("/basket"));
  await expect(toast(page, "2 items from your link added to your basket.")).toBeVisible();
  await expect(basketLine(page, cheddar.name)).toBeVisible();
  await expect(basketLine(page, milk.name)).toHaveCount(0);
});

const overAnotherStore =
  "over a basket at another store, Continue empties it and fills one at the link's store; " +
  "an item off sale is named @desktop-only";
test(overAnotherStore, async ({ page, baseURL, request, jsEnabled }) => {
  const offSale = OFF_SALE[jsEnabled ? "js-on" : "js-off"];
  await page.goto(deepLink(baseURL!, { store: SPITALFIELDS, items: [[milk.id, 1]], method: "collection" }));
  await searchForLink(page, "SW1A 1AA");
  await expect(page.getByRole("main")).toContainText("Larder & Co Spitalfields");
  await expect(basketLine(page, milk.name)).toBeVisible();

  await setCollectionSale(request, offSale.id, false);
  try {
    await page.goto(
      deepLink(baseURL!, {
        store: VICTORIA,
        items: [
          [cheddar.id, 1],
          [offSale.id, 1],
        ],
        method: "collection",
      }),
    );
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: DEEP_LINK_MESSAGES.incompatibleTitle("Larder & Co Victoria Street"),
      }),
    ).toBeVisible();
    await expect(page.getByText("Your basket has items from Larder & Co Spitalfields.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(isPath("/basket"));
    await expect(page.getByRole("main")).toContainText("Larder & Co Victoria Street");
    await expect(basketLine(page, cheddar.name)).toBeVisible();
    await expect(basketLine(page, milk.name)).toHaveCount(0);
    await expect(page.getByText("Some items from your link were not added")).toBeVisible();
    await expect(page.getByText(`Not added: ${offSale.name} — ${BASKET_MESSAGES.itemUnavailable}`)).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await setCollectionSale(request, offSale.id, true);
  }
});

test("a link with one character changed cannot be used: Dismiss goes home @desktop-only", async ({ page, baseURL }) => {
  const link = deepLink(baseURL!, { store: VICTORIA, items: [[milk.id, 1]] });
  const changed = link.replace(`item=${milk.id}x1`, `item=${milk.id}x9`);
  expect(changed).not.toBe(link);
  const response = await page.goto(changed);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1, name: DEEP_LINK_MESSAGES.unrecoverableTitle })).toBeVisible();
  await expect(page.getByText(DEEP_LINK_MESSAGES.unrecoverable.tampered)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Dismiss" }).click();
  await expect(page).toHaveURL(isPath("/"));
});
