// Issue 39: a member's session lapses while they are on a page of the member area (away longer than a sign-in lasts:
// the server's clock moves on a month, past the 30 days a refresh token is good for) and they send a form there —
// ordering an order again, deleting a card. They are sent to log in, told their session expired, and once signed in
// again they are back on the page they were on: the order's page or the cards page with script (the form sat in a
// dialog over it), the form's own page without. Fixing the clock, these run on the clock journeys' server.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { fillLogin, MESSAGES, newMember, toast, type Member } from "./support/accounts";
import { CARDS } from "./support/checkout";
import { collectionTimes, placeCollectionByApi, registerByApi } from "./support/orders";
import { isPath } from "./support/stores";

test.describe.configure({ timeout: 90_000 });

/** A month on from now: longer than a member's refresh token lasts (30 days), so their session has lapsed. */
const aMonthOn = () => new Date(Date.now() + 31 * 24 * 3600 * 1000).toISOString();

/** The sign-in page, asked to lead back to `path`. */
const loginFor = (path: string) => (url: URL) =>
  url.pathname === "/login" && url.searchParams.get("redirectTo") === path;

async function signIn(page: Page, member: Member, path: string): Promise<void> {
  await page.goto(`/login?${new URLSearchParams({ redirectTo: path })}`);
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL(isPath(path));
}

/** Told the session expired on the sign-in page, the member signs in again and is on `path`. */
async function signInAgain(page: Page, member: Member, path: string): Promise<void> {
  await expect(page).toHaveURL(loginFor(path));
  await expect(toast(page, MESSAGES.sessionExpired)).toBeVisible();
  await expectNoAxeViolations(page);
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL(isPath(path));
}

/** A card saved through the platform's calls, as the business's app would save one: from a gateway card token. */
async function saveCardByApi(request: APIRequestContext, token: string, number: string): Promise<void> {
  const tokenised = await request.post("/test-gateway/tokens", {
    headers: { authorization: "pk_sbox_embedded_test_gateway" },
    data: { type: "card", number: number.replace(/\s/g, ""), expiry_month: 12, expiry_year: 2030, cvv: "123" },
  });
  expect(tokenised.status(), await tokenised.text()).toBe(201);
  const cardToken = ((await tokenised.json()) as { token: string }).token;
  const added = await request.post("/api/member/cards/add", {
    headers: { authorization: `Bearer ${token}` },
    data: { token: cardToken },
  });
  expect(added.status(), await added.text()).toBe(200);
}

test("a member whose session lapses ordering again is back on the order after logging in again", async ({
  page,
  request,
  jsEnabled,
  testClock,
}, testInfo) => {
  const member = newMember(testInfo, "lapse-order");
  const token = await registerByApi(request, member);
  const [time] = await collectionTimes(request, token, 1);
  const number = await placeCollectionByApi(request, token, member, time!);
  const orderPath = `/member/orders/${number}`;
  await signIn(page, member, orderPath);

  // 'Order again' confirmed: in a dialog over the order with script, on a page of its own without.
  await page.getByRole("link", { name: "Order again" }).click();
  const formPage = jsEnabled ? orderPath : `${orderPath}/reorder`;
  const confirm = jsEnabled ? page.getByRole("dialog", { name: "Order again?" }) : page.getByRole("main");
  await expect(page).toHaveURL(isPath(formPage));
  await expect(confirm.getByRole("button", { name: "Add the items to my basket" })).toBeVisible();

  await testClock.set(aMonthOn());
  await confirm.getByRole("button", { name: "Add the items to my basket" }).click();
  await signInAgain(page, member, formPage);
  await expect(
    page.getByRole("heading", { level: 1, name: jsEnabled ? `Order ${number}` : "Order again?" }),
  ).toBeVisible();
  // The form sent while signed out did nothing: the basket is empty.
  await page.goto("/basket");
  await expect(page.getByRole("main")).toContainText("You haven't added any items to your basket");
});

test("a member whose session lapses deleting a card is back where they were after logging in again", async ({
  page,
  request,
  jsEnabled,
  testClock,
}, testInfo) => {
  const member = newMember(testInfo, "lapse-card");
  const token = await registerByApi(request, member);
  await saveCardByApi(request, token, CARDS.approved);
  await signIn(page, member, "/member/cards");
  const card = page.getByRole("list", { name: "Your saved cards" }).getByRole("listitem");
  await expect(card).toHaveCount(1);

  // Deleting asks first: a dialog over the list with script, a page of its own without.
  await card.getByRole("link", { name: /^Delete/ }).click();
  const confirm = jsEnabled ? page.getByRole("dialog", { name: "Delete this card?" }) : page.getByRole("main");
  if (jsEnabled) await expect(page).toHaveURL(isPath("/member/cards"));
  else await expect(page).toHaveURL(/\/member\/cards\/[^/]+\/delete$/);
  const formPage = new URL(page.url()).pathname;
  await expect(confirm.getByRole("button", { name: "Delete" })).toBeVisible();

  await testClock.set(aMonthOn());
  await confirm.getByRole("button", { name: "Delete" }).click();
  await signInAgain(page, member, formPage);
  await expect(
    page.getByRole("heading", { level: 1, name: jsEnabled ? "Saved cards" : "Delete this card?" }),
  ).toBeVisible();

  // Nothing was deleted while signed out; deleting now works.
  await page.goto("/member/cards");
  await expect(card).toHaveCount(1);
});
