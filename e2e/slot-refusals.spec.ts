// Times the platform lists or holds wrongly (spec 1 §4, §5): a postcode without coordinates, a reservation after the
// location was cleared, ASAP and future slots whose start equals their end, a reservation without its start, and an
// order placed with such a held slot. The platform answers as a faulty platform might (server/platform-faults.ts),
// for this test's shopper only; with JavaScript on and off.
import { expect, expectNoAxeViolations, test } from "./fixtures";
import {
  basketReadyForCheckout,
  checkoutAsGuest,
  expectSuccess,
  fillDetails,
  toast,
  VICTORIA_THANKS,
} from "./support/checkout";
import { editPlatformAnswer, failPlatformCall } from "./support/faults";
import {
  ASAP_TOAST,
  asapRadio,
  barSlot,
  chooseSlot,
  dayTabs,
  openPickerFromBar,
  shopAtVictoria,
  slotGroup,
  slotStores,
} from "./support/slots";
import { isPath } from "./support/stores";

const LOCATION_REQUIRED = "Please enter your postcode or allow location access to select a store.";
const INVALID_ASAP = "Invalid time slot selected. Please try again or contact support.";
const INVALID_FUTURE = "Invalid time slot selected. Please select a different time slot for your order.";
const MISSING_TIMES = "Invalid slot data: missing startTime or endTime";
const NO_SLOTS_TODAY = "There are not available slots for today";
const { victoria } = slotStores;

test.describe("slot listing and choosing (spec 1 §4, §5)", () => {
  test("a postcode without coordinates is geocoded for the listing; when it cannot be, nothing is listed", async ({
    page,
    request,
  }) => {
    await shopAtVictoria(page);
    // A postcode search keeps the postcode only: the first listing asks /api/location/geocode, here made to fail.
    await failPlatformCall(request, "/api/location/geocode", { status: 404 });
    await page.goto(`/stores/${victoria.slug}/time-slots`);
    await expect(page.getByText(NO_SLOTS_TODAY)).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(0);

    await page.reload();
    await expect(asapRadio(slotGroup(page, "delivery", "Today"))).toBeVisible();
  });

  test("a reservation made after the location was cleared asks for a location", async ({ page, jsEnabled }) => {
    await shopAtVictoria(page);
    await openPickerFromBar(page, victoria.slug);
    // Meanwhile the shopper's stored search is cleared, as a device search does first (here one that finds nothing).
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const cleared = await page.request.post("/location", {
      form: { csrf, intent: "device", redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(cleared.status()).toBe(303);

    // Clicked, not checked: with JavaScript the choice is sent at once and its refusal puts the radio back, which
    // check() would take for a click that failed.
    await asapRadio(slotGroup(page, "delivery", "Today")).click();
    if (!jsEnabled) await page.getByRole("button", { name: "Reserve this time" }).click();
    await expect(toast(page, LOCATION_REQUIRED)).toBeVisible();
  });

  test("an ASAP slot whose start equals its end, with no other ASAP slot, is refused with the spec's words", async ({
    page,
    request,
    jsEnabled,
  }) => {
    await shopAtVictoria(page);
    await editPlatformAnswer(request, "/api/stores/timeslots/list", "slot-times-equal", { kind: "asap", times: 4 });
    await openPickerFromBar(page, victoria.slug);
    await asapRadio(slotGroup(page, "delivery", "Today")).click();
    if (!jsEnabled) await page.getByRole("button", { name: "Reserve this time" }).click();
    await expect(toast(page, INVALID_ASAP)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Your store" })).not.toContainText("As soon as possible");
  });

  test("an ASAP slot whose start equals its end is swapped for the listing's other, valid ASAP slot", async ({
    page,
    request,
    jsEnabled,
  }) => {
    await shopAtVictoria(page);
    // Each ASAP slot comes with a broken twin listed first: the shopper's choice lands on the broken one.
    await editPlatformAnswer(request, "/api/stores/timeslots/list", "asap-twin", { times: 4 });
    await openPickerFromBar(page, victoria.slug);
    await expect(asapRadio(slotGroup(page, "delivery", "Today"))).toHaveCount(2);
    await asapRadio(slotGroup(page, "delivery", "Today"))
      .first()
      .click();
    if (!jsEnabled) await page.getByRole("button", { name: "Reserve this time" }).click();
    await expect(toast(page, ASAP_TOAST)).toBeVisible();
    await expect(toast(page, INVALID_ASAP)).toHaveCount(0);
    await expect(barSlot(page)).toContainText(/ASAP|As soon as possible/);
  });

  test("a future slot whose start equals its end is refused with the spec's words", async ({
    page,
    request,
    jsEnabled,
  }) => {
    await shopAtVictoria(page);
    await page.goto(`/stores/${victoria.slug}/time-slots`);
    const tomorrow = await dayTabs(page).getByRole("link", { name: "Tomorrow" }).getAttribute("href");
    await editPlatformAnswer(request, "/api/stores/timeslots/list", "slot-times-equal", { kind: "future", times: 4 });
    await page.goto(tomorrow!);
    const group = slotGroup(page, "delivery", "Tomorrow");
    const radio = group.getByRole("radio", { name: /^\d\d:\d\d–\d\d:\d\d$/, disabled: false }).first();
    const label = (await radio.locator("xpath=ancestor::label").innerText()).trim();
    // The altered listing shows the slot as it came: from its start to the same time.
    expect(label).toMatch(/^(\d\d:\d\d)–\1$/);
    await radio.click();
    if (!jsEnabled) await page.getByRole("button", { name: "Reserve this time" }).click();
    await expect(toast(page, INVALID_FUTURE)).toBeVisible();
  });

  test("a reservation sent without the slot's start: 'Invalid slot data: missing startTime or endTime'", async ({
    page,
  }) => {
    await shopAtVictoria(page);
    await page.goto(`/stores/${victoria.slug}/time-slots`);
    const radio = asapRadio(slotGroup(page, "delivery", "Today"));
    // The form as a broken page or another client would send it: the chosen row carries no start.
    await radio.evaluate((input: HTMLInputElement) => {
      input.checked = true;
      input.value = "";
      input.form!.submit();
    });
    await expect(toast(page, MISSING_TIMES)).toBeVisible();
  });
});

test.describe("placing an order with a held slot whose times are bad (spec 1 §5)", () => {
  test.describe.configure({ timeout: 90_000 });
  test("equal start and end refuse the order; a blank end refuses it with the slot-data message", async ({
    page,
    request,
    jsEnabled,
  }) => {
    await basketReadyForCheckout(page, "collection", jsEnabled);
    await checkoutAsGuest(page);
    await fillDetails(page, false);
    await page.getByRole("radio", { name: /^Cash/ }).check();

    await editPlatformAnswer(request, "/api/basket/retrieve", "slot-times-equal");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(isPath("/checkout/payment"));
    await expect(page.getByText(INVALID_FUTURE).first()).toBeVisible();

    await page.getByRole("radio", { name: /^Cash/ }).check();
    await editPlatformAnswer(request, "/api/basket/retrieve", "slot-end-blank");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(isPath("/checkout/payment"));
    await expect(page.getByText(MISSING_TIMES).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an ASAP hold whose end equals its start is swapped for the store's valid ASAP slot, and the order goes through", async ({
    page,
    request,
    jsEnabled,
  }) => {
    await basketReadyForCheckout(page, "collection", jsEnabled);
    await page.goto(`/stores/${victoria.slug}/time-slots`);
    await chooseSlot(page, asapRadio(slotGroup(page, "collection", "Today")), jsEnabled, ASAP_TOAST);
    await page.goto("/basket");
    await checkoutAsGuest(page);
    await fillDetails(page, false);
    await page.getByRole("radio", { name: /^Cash/ }).check();

    await editPlatformAnswer(request, "/api/basket/retrieve", "slot-times-equal");
    await page.getByRole("button", { name: "Continue" }).click();
    await expectSuccess(page, VICTORIA_THANKS);
  });
});
