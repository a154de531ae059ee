// Steps the time-slot journeys share: reaching a store's slot picker, choosing a slot the way a shopper
// would with and without JavaScript, reading the store bar, and the platform API the journeys use to play
// other shoppers (who fill a slot) and to check what the platform itself says about a slot.
import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import { expect } from "../fixtures";
import { chooseStore } from "./scene";
import { demoStores, findStoresFromHome, isPath, shopButton, showStores, storeGroup } from "./stores";

export const slotStores = {
  /** Store 1: open 24/7, delivery (60-minute slots, capacity 12, 45 min lead) and collection (30-minute slots). */
  victoria: { ...demoStores.victoria, id: 1, postcode: "SW1A 1AA" },
  /** Store 8: collection only (its delivery row is disabled). */
  northernQuarter: { ...demoStores.northernQuarter, id: 8, postcode: "M1 1AE" },
} as const;

/** Spec 1 §4: a hold lasts SLOT_HOLD_SECONDS, 900 unless configured otherwise (the e2e server keeps the default). */
export const SLOT_HOLD_SECONDS = 900;

const projectOrder = ["js-on-phone", "js-on-desktop", "js-off-phone", "js-off-desktop"];

/**
 * A fixed instant for a clock journey: Monday 23 November 2026 (GMT, so store time reads as UTC) at `hhmm`,
 * moved on a week for each project. Holds live in the server's database and the clock projects share one
 * server, so each project books its own Monday and never meets another project's places.
 */
export function projectMonday(testInfo: TestInfo, hhmm: string, plusSeconds = 0): string {
  const index = Math.max(0, projectOrder.indexOf(testInfo.project.name.replace(/^clock-/, "")));
  const start = Date.parse(`2026-11-23T${hhmm}:00Z`) + index * 7 * 86_400_000 + plusSeconds * 1000;
  return new Date(start).toISOString();
}

/** The store-local date (YYYY-MM-DD) of a GMT instant. */
export function gmtDate(iso: string, plusDays = 0): string {
  return new Date(Date.parse(iso) + plusDays * 86_400_000).toISOString().slice(0, 10);
}

export function storeBar(page: Page): Locator {
  return page.getByRole("navigation", { name: "Your store" });
}

/**
 * On a phone the store bar is one line (a <details>) that opens the full bar: opens it when it is closed, so that its
 * controls can be seen and used. Where the full bar always shows (960px and wider) there is no line and nothing to do.
 */
export async function openStoreBar(page: Page): Promise<Locator> {
  const bar = storeBar(page);
  // Waited for, not just looked at: right after a navigation the page may not show the bar yet.
  await expect(bar).toBeVisible();
  if ((page.viewportSize()?.width ?? 0) >= 960) return bar;
  const line = bar.locator("summary");
  // Tried again until it holds: a tap landing while the page is still taking over from the server's HTML can be lost.
  await expect(async () => {
    if ((await bar.locator("details").getAttribute("open")) === null) await line.click();
    await expect(bar.getByRole("listitem").first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  return bar;
}

/** The store bar's entry for the held slot ("Delivery time …" or "Collection time …"). */
export function barSlot(page: Page): Locator {
  // Read whether or not a phone's compact bar is open: its text is there either way.
  return storeBar(page)
    .locator("li")
    .filter({ hasText: /^(Delivery|Collection) time/ });
}

/** The store bar's order type entry ("Order type Delivery"). */
export function barOrderType(page: Page): Locator {
  return storeBar(page)
    .locator("li")
    .filter({ hasText: /^Order type/ });
}

/** The store page's list of methods, each with its state and, for the other method, a button to switch to it. */
export function storeMethods(page: Page): Locator {
  // The store bar sits inside <main> too, so the switch buttons are looked for in the list's entries.
  return page.getByRole("main").getByRole("definition");
}

/**
 * Victoria Street's page, the store chosen by its postcode's search as the store list chooses it (support/scene.ts):
 * for journeys about what a shopper does at the store. The way there by clicks is the store journeys' own.
 */
export async function shopAtVictoria(page: Page): Promise<void> {
  await chooseStore(page, slotStores.victoria);
  await page.goto(`/stores/${slotStores.victoria.slug}`);
  await expect(page).toHaveURL(isPath(`/stores/${slotStores.victoria.slug}`));
}

/** From home to Northern Quarter's page: it only collects, so it is listed once collection is shown. */
export async function shopAtNorthernQuarter(page: Page): Promise<void> {
  await findStoresFromHome(page, slotStores.northernQuarter.postcode);
  await showStores(page, { method: "Collection" });
  await shopButton(storeGroup(page, "Open now"), slotStores.northernQuarter.name).click();
  await expect(page).toHaveURL(isPath(`/stores/${slotStores.northernQuarter.slug}`));
}

/** The store bar's link to the picker, then the picker itself. */
export async function openPickerFromBar(page: Page, storeSlug: string): Promise<void> {
  await (await openStoreBar(page)).getByRole("link", { name: /^(Pick a time|Change time)$/ }).click();
  await expect(page).toHaveURL(isPath(`/stores/${storeSlug}/time-slots`));
  await expect(page.getByRole("heading", { level: 1, name: /^Choose a (delivery|collection) time at / })).toBeVisible();
}

export function dayTabs(page: Page): Locator {
  return page.getByRole("navigation", { name: "Days" });
}

/** The fieldset of the day on show, named by its legend. */
export function slotGroup(page: Page, method: "delivery" | "collection", day: string): Locator {
  return page.getByRole("group", { name: `Choose a ${method} time for ${day}` });
}

export function asapRadio(scope: Page | Locator): Locator {
  return scope.getByRole("radio", { name: /^As soon as possible/ });
}

/** A future slot's radio by its time range ("14:00–15:00"); a full one's name also says "Full". */
export function slotRadio(scope: Page | Locator, range: string): Locator {
  return scope.getByRole("radio", { name: new RegExp(`^${range}\\b`) });
}

/** The first future slot's radio (the rows after ASAP) that can be chosen, and its time range. */
export async function firstFutureSlot(group: Locator): Promise<{ radio: Locator; range: string }> {
  // Journeys running side by side book the same first times, so one may be full by now (disabled): the first that
  // can still be chosen is the shopper's first future slot.
  const radio = group.getByRole("radio", { name: /^\d\d:\d\d–\d\d:\d\d$/, disabled: false }).first();
  await expect(radio).toBeEnabled();
  const range = (await radio.locator("xpath=ancestor::label").innerText()).trim();
  expect(range, "a future slot's row shows its time range").toMatch(/^\d\d:\d\d–\d\d:\d\d$/);
  return { radio, range };
}

/**
 * Chooses a slot as a shopper does: with JavaScript a click on the row holds it at once; without, the radio is
 * chosen and the form's button sends it. Either way the page comes back with the held slot and a toast.
 */
export async function chooseSlot(page: Page, radio: Locator, jsEnabled: boolean, toast: string): Promise<void> {
  await radio.check();
  if (!jsEnabled) await page.getByRole("button", { name: "Reserve this time" }).click();
  await expect(page.getByRole("status").filter({ hasText: toast })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reserve this time" })).toBeEnabled();
}

/**
 * Holds a time for journeys that are about what comes after (checkout): any free time of the day, as a shopper
 * would take another when theirs filled up meanwhile. Journeys running side by side take the same first times, so
 * each starts a few rows in, and one that is refused as full tries the next free one.
 */
export async function holdAnyFreeSlot(page: Page, group: () => Locator, jsEnabled: boolean): Promise<void> {
  const free = () => group().getByRole("radio", { name: /^\d\d:\d\d–\d\d:\d\d$/, disabled: false });
  const offset = Math.floor(Math.random() * 6);
  for (let attempt = 0; attempt < 4; attempt++) {
    await expect(free().first()).toBeEnabled();
    const count = await free().count();
    await free()
      .nth(Math.min(offset + attempt, count - 1))
      .check();
    if (!jsEnabled) await page.getByRole("button", { name: "Reserve this time" }).click();
    const answer = page.getByRole("status").filter({ hasText: new RegExp(`${RESERVED_TOAST}|${SLOT_FULL_TOAST}`) });
    await expect(answer).toBeVisible();
    if ((await answer.innerText()).includes(RESERVED_TOAST)) {
      await expect(page.getByRole("button", { name: "Reserve this time" })).toBeEnabled();
      return;
    }
  }
  throw new Error("no free time could be held in four tries");
}

export const SLOT_FULL_TOAST = "This time slot is now full. Please choose another.";
export const RESERVED_TOAST = "Your time is reserved.";
export const ASAP_TOAST = "Your order will be prepared as soon as possible.";
export const SWITCHED_TOAST = "Fulfilment switched successfully.";

// ---------------------------------------------------------------------------------------------------------
// The platform API, as other shoppers' storefronts call it
// ---------------------------------------------------------------------------------------------------------

export interface ApiShopper {
  accessToken: string;
  basketToken: string;
}

interface ListedSlot {
  startTime: string;
  endTime: string;
  slotDate: string;
  info: { isAsap: boolean; status: "available" | "full" | "unavailable" };
}

async function callApi(request: APIRequestContext, path: string, body: unknown, token?: string) {
  const response = await request.post(path, {
    data: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/** A guest session with a basket at the store: what a storefront makes for a new visitor. */
export async function newApiShopper(
  request: APIRequestContext,
  storeId: number,
  method: "delivery" | "collection",
): Promise<ApiShopper> {
  const tokens = await callApi(request, "/api/auth/oauthToken", { grant_type: "client_credentials" });
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
  const accessToken = String(tokens.body.access_token);
  const basket = await callApi(request, "/api/basket/retrieve", { storeId, fulfilmentMethod: method }, accessToken);
  expect(basket.status, JSON.stringify(basket.body)).toBe(200);
  return { accessToken, basketToken: String(basket.body.basketToken) };
}

export async function reserveByApi(
  request: APIRequestContext,
  shopper: ApiShopper,
  target: { storeId: number; method: "delivery" | "collection"; start: string; postcode: string },
): Promise<{ status: number; errorCode: unknown; selectedStart: string | null }> {
  const answer = await callApi(
    request,
    "/api/basket/reserveTimeSlot",
    {
      storeId: target.storeId,
      basketToken: shopper.basketToken,
      timeSlotDate: target.start,
      fulfilmentMethod: target.method,
      postcode: target.postcode,
    },
    shopper.accessToken,
  );
  const selected = answer.body.selectedSlot as { start?: string } | undefined;
  return { status: answer.status, errorCode: answer.body.errorCode, selectedStart: selected?.start ?? null };
}

/** The listed slot starting at `start` (compared as instants), as the platform lists it now. */
export async function listedSlot(
  request: APIRequestContext,
  shopper: ApiShopper,
  target: { storeId: number; method: "delivery" | "collection"; start: string; postcode: string },
): Promise<ListedSlot | undefined> {
  const date = target.start.slice(0, 10);
  const answer = await callApi(
    request,
    "/api/stores/timeslots/list",
    {
      startDate: date,
      endDate: date,
      storeId: target.storeId,
      fulfilmentMethod: target.method,
      postcode: target.postcode,
    },
    shopper.accessToken,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const days = answer.body.slotDays as { slots: ListedSlot[] }[];
  const wanted = Date.parse(target.start);
  return days.flatMap((day) => day.slots).find((slot) => !slot.info.isAsap && Date.parse(slot.startTime) === wanted);
}

/**
 * Other shoppers take the slot's places until the platform says it is full; answers how many they took.
 * Counting up to "full" rather than assuming the capacity keeps the journey true to whatever the store's
 * capacity is.
 */
export async function fillSlot(
  request: APIRequestContext,
  target: { storeId: number; method: "delivery" | "collection"; start: string; postcode: string },
  limit = 50,
): Promise<number> {
  for (let taken = 0; taken < limit; taken++) {
    const shopper = await newApiShopper(request, target.storeId, target.method);
    const answer = await reserveByApi(request, shopper, target);
    if (answer.status === 409 && answer.errorCode === "SLOT_FULL") return taken;
    expect(answer.status, `hold ${taken + 1} on ${target.start}`).toBe(200);
  }
  throw new Error(`the slot at ${target.start} was still not full after ${limit} holds`);
}
