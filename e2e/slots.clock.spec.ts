// Issue 4, "Fulfilment method and time slots": choosing ASAP and future slots, a hold running out, and
// switching method with a slot held, on a fixed server clock. The clock is shared by the whole server, so these
// run with the other clock journeys: after all others, one at a time (playwright.config.ts). Each project books
// its own Monday (projectMonday) because holds stay in the server's database between projects.
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { isPath } from "./support/stores";
import {
  ASAP_TOAST,
  RESERVED_TOAST,
  SLOT_HOLD_SECONDS,
  SWITCHED_TOAST,
  asapRadio,
  barOrderType,
  barSlot,
  chooseSlot,
  openStoreBar,
  dayTabs,
  fillSlot,
  firstFutureSlot,
  gmtDate,
  listedSlot,
  newApiShopper,
  openPickerFromBar,
  projectMonday,
  reserveByApi,
  shopAtVictoria,
  slotGroup,
  slotRadio,
  slotStores,
  storeMethods,
} from "./support/slots";

const { victoria } = slotStores;

test.describe("choosing a time", () => {
  test("ASAP, then tomorrow's first slot: the store bar and the picker show the held slot @phone-js-only", async ({
    page,
    testClock,
    jsEnabled,
  }, testInfo) => {
    // Two pages audited by axe, each twice with JavaScript off: more than the default time.
    test.slow();
    const now = projectMonday(testInfo, "10:00");
    await testClock.set(now);
    await shopAtVictoria(page);
    await expect(barSlot(page)).toContainText("Delivery time");
    await expect(barSlot(page)).toContainText("Choose a time");
    await openPickerFromBar(page, victoria.slug);

    await expect(dayTabs(page).getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
    const today = slotGroup(page, "delivery", "Today");
    // ASAP comes first; Victoria Street delivers round the clock, so today lists the hours after the 45-minute lead.
    await expect(today.getByRole("radio").first()).toHaveAccessibleName(/^As soon as possible/);
    await expect(slotRadio(today, "11:00–12:00")).toBeEnabled();
    await expect(slotRadio(today, "10:00–11:00")).toHaveCount(0);
    await expect(today.getByRole("radio", { checked: true })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await chooseSlot(page, asapRadio(today), jsEnabled, ASAP_TOAST);
    await expect(barSlot(page)).toContainText("As soon as possible");
    await expect((await openStoreBar(page)).getByRole("link", { name: "Change time" })).toBeVisible();
    await expect(asapRadio(slotGroup(page, "delivery", "Today"))).toBeChecked();

    await dayTabs(page).getByRole("link", { name: "Tomorrow" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("day") === gmtDate(now, 1));
    await expect(dayTabs(page).getByRole("link", { name: "Tomorrow" })).toHaveAttribute("aria-current", "page");
    const tomorrow = slotGroup(page, "delivery", "Tomorrow");
    await expect(asapRadio(tomorrow)).toHaveCount(0);
    const first = await firstFutureSlot(tomorrow);
    // Slots step from the opening of the store's 24-hour day.
    expect(first.range).toBe("00:00–01:00");
    await chooseSlot(page, first.radio, jsEnabled, RESERVED_TOAST);
    await expect(barSlot(page)).toContainText(`Tomorrow ${first.range}`);

    await page.reload();
    await expect(slotRadio(slotGroup(page, "delivery", "Tomorrow"), first.range)).toBeChecked();
    await expect(barSlot(page)).toContainText(`Tomorrow ${first.range}`);
    await expectNoAxeViolations(page);

    // A basket holds one slot: ASAP is no longer the choice.
    await dayTabs(page).getByRole("link", { name: "Today" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("day") === gmtDate(now));
    await expect(asapRadio(slotGroup(page, "delivery", "Today"))).not.toBeChecked();
  });

  test("a hold runs out after SLOT_HOLD_SECONDS and its place is offered again @desktop-only", async ({
    page,
    request,
    testClock,
    jsEnabled,
  }, testInfo) => {
    test.slow();
    const held = "14:00–15:00";
    await testClock.set(projectMonday(testInfo, "10:00"));
    await shopAtVictoria(page);
    await openPickerFromBar(page, victoria.slug);
    const radio = slotRadio(slotGroup(page, "delivery", "Today"), held);
    const start = await radio.inputValue();
    const target = { storeId: victoria.id, method: "delivery" as const, start, postcode: victoria.postcode };
    await chooseSlot(page, radio, jsEnabled, RESERVED_TOAST);
    await expect(barSlot(page)).toContainText(`Today ${held}`);

    // Ten minutes on, other shoppers take every place left: with this shopper's hold the slot is full.
    await testClock.set(projectMonday(testInfo, "10:10"));
    const taken = await fillSlot(request, target);
    expect(taken, "places other shoppers could take").toBeGreaterThan(0);
    const observer = await newApiShopper(request, victoria.id, "delivery");
    expect((await listedSlot(request, observer, target))?.info.status).toBe("full");
    // The shopper's own held slot stays theirs and choosable on the page.
    await page.reload();
    await expect(slotRadio(slotGroup(page, "delivery", "Today"), held)).toBeChecked();
    await expect(slotRadio(slotGroup(page, "delivery", "Today"), held)).toBeEnabled();

    // Past the hold's expiry (the others' holds, ten minutes younger, still run): exactly one place is free.
    await testClock.set(projectMonday(testInfo, "10:00", SLOT_HOLD_SECONDS + 1));
    expect((await listedSlot(request, observer, target))?.info.status).toBe("available");
    await page.reload();
    await expect(barSlot(page)).toContainText("Choose a time");
    await expect((await openStoreBar(page)).getByRole("link", { name: "Pick a time" })).toBeVisible();
    const again = slotRadio(slotGroup(page, "delivery", "Today"), held);
    await expect(again).not.toBeChecked();
    await expect(again).toBeEnabled();
    await expect(again).toHaveAccessibleName(held);

    // The shopper takes the freed place back; the slot is full again for everyone else.
    await chooseSlot(page, again, jsEnabled, RESERVED_TOAST);
    await expect(barSlot(page)).toContainText(`Today ${held}`);
    const late = await reserveByApi(request, observer, target);
    expect({ status: late.status, errorCode: late.errorCode }).toEqual({ status: 409, errorCode: "SLOT_FULL" });
    expect((await listedSlot(request, observer, target))?.info.status).toBe("full");
  });
});

test.describe("switching method with a slot held", () => {
  test("ASAP stays ASAP and a future slot becomes the first future slot of the other method", async ({
    page,
    testClock,
    jsEnabled,
  }, testInfo) => {
    await testClock.set(projectMonday(testInfo, "10:00"));
    await shopAtVictoria(page);
    await openPickerFromBar(page, victoria.slug);
    await chooseSlot(page, asapRadio(slotGroup(page, "delivery", "Today")), jsEnabled, ASAP_TOAST);

    // From the store page.
    await (await openStoreBar(page)).getByRole("link", { name: victoria.name }).click();
    await expect(page).toHaveURL(isPath(`/stores/${victoria.slug}`));
    await storeMethods(page).getByRole("button", { name: "Switch to collection" }).click();
    await expect(page.getByRole("status").filter({ hasText: SWITCHED_TOAST })).toBeVisible();
    await expect(barOrderType(page)).toContainText("Collection");
    await expect(barSlot(page)).toContainText("Collection time");
    await expect(barSlot(page)).toContainText("As soon as possible");

    // A future collection slot, then back to delivery from the store bar.
    await openPickerFromBar(page, victoria.slug);
    const collection = slotGroup(page, "collection", "Today");
    await expect(asapRadio(collection)).toBeChecked();
    const later = slotRadio(collection, "16:00–16:30");
    await chooseSlot(page, later, jsEnabled, RESERVED_TOAST);
    await expect(barSlot(page)).toContainText("Today 16:00–16:30");

    await (await openStoreBar(page)).getByRole("button", { name: "Switch to delivery" }).click();
    await expect(page.getByRole("status").filter({ hasText: SWITCHED_TOAST })).toBeVisible();
    await expect(page).toHaveURL(isPath(`/stores/${victoria.slug}/time-slots`));
    await expect(barOrderType(page)).toContainText("Delivery");
    // The same kind of slot: the first future delivery slot, 11:00 after the 45-minute lead.
    const delivery = slotGroup(page, "delivery", "Today");
    const first = await firstFutureSlot(delivery);
    expect(first.range).toBe("11:00–12:00");
    await expect(first.radio).toBeChecked();
    await expect(barSlot(page)).toContainText(`Delivery time`);
    await expect(barSlot(page)).toContainText(`Today ${first.range}`);
  });
});
