// Issue 21, items 1 and 2: rules of spec 1 §4, §5 and §8 for stores, location and time slots that had only a constant
// or a unit test, each seen here on a page, with JavaScript on and off. The platform is made to fail or to answer
// as a faulty platform might (server/platform-faults.ts), for this test's shopper only.
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
import { readServerLog } from "./support/server-log";
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
import {
  demoStores,
  findStoresFromHome,
  isPath,
  postcodeField,
  searchPostcode,
  shopButton,
  storeGroup,
} from "./support/stores";

const STORE_DETAILS_FAILED = "Failed to fetch store details";
const LOCATION_REQUIRED = "Please enter your postcode or allow location access to select a store.";
const INVALID_ASAP = "Invalid time slot selected. Please try again or contact support.";
const INVALID_FUTURE = "Invalid time slot selected. Please select a different time slot for your order.";
const MISSING_TIMES = "Invalid slot data: missing startTime or endTime";
const NO_SLOTS_TODAY = "There are not available slots for today";
const { victoria } = slotStores;

test.describe("store search and selection (spec 1 §4, §8)", () => {
  test("a postcode search the platform fails is logged and shows nothing: the shopper stays on the page", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    await failPlatformCall(request, "/api/stores/findNearby");
    await searchPostcode(page, "SW1A 1AA");

    await expect(page).toHaveURL(isPath("/"));
    await expect(postcodeField(page)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: /Error/ })).toHaveCount(0);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(postcodeField(page)).not.toHaveAttribute("aria-invalid", "true");
    expect(await readServerLog()).toContain("location.store_search_failed");
    // Nothing was remembered: the same search works once the platform answers.
    await searchPostcode(page, "SW1A 1AA");
    await expect(page).toHaveURL(isPath("/stores-near-by"));
  });

  test("a store whose details cannot be fetched: 'Failed to fetch store details', and the list stays", async ({
    page,
    request,
  }) => {
    await findStoresFromHome(page, victoria.postcode);
    await failPlatformCall(request, "/api/stores/select");
    await shopButton(storeGroup(page, "Open now"), demoStores.victoria.name).click();

    await expect(toast(page, STORE_DETAILS_FAILED)).toBeVisible();
    await expect(page).toHaveURL(isPath("/stores-near-by"));
    await expect(
      storeGroup(page, "Open now").getByRole("heading", { level: 3, name: demoStores.victoria.name }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a store page and its time picker without a location ask for one", async ({ page }) => {
    await page.goto(`/stores/${victoria.slug}`);
    await expect(page.getByRole("heading", { level: 2, name: LOCATION_REQUIRED })).toBeVisible();
    await page.goto(`/stores/${victoria.slug}/time-slots`);
    await expect(page.getByText(LOCATION_REQUIRED)).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test(
    "a second store chosen while the first selection is on its way is ignored",
    { tag: "@js-only" },
    async ({ page }) => {
      await findStoresFromHome(page, victoria.postcode);
      const open = storeGroup(page, "Open now");
      const first = shopButton(open, demoStores.victoria.name);
      // Any other store listed, open or taking pre-orders.
      const second = page
        .getByRole("button", { name: /^(Shop at this store|Pre-order from this store)/ })
        .filter({ hasNotText: demoStores.victoria.name })
        .first();
      await expect(second).toBeVisible();
      // The first selection is held on its way until the second press has been made.
      const posts: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/stores-near-by*", async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        posts.push(route.request().postData() ?? "");
        await held;
        await route.continue();
      });
      await first.click();
      await expect(first).toHaveAttribute("aria-disabled", "true");
      // Every store's button says it is unavailable meanwhile; pressed anyway, it does nothing.
      await expect(second).toHaveAttribute("aria-disabled", "true");
      await second.click({ force: true });
      release();
      await expect(page).toHaveURL(isPath(`/stores/${victoria.slug}`));
      expect(posts).toHaveLength(1);
      expect(posts[0]).toContain(`storeId=${victoria.id}`);
    },
  );

  test(
    "a device position with no postcode near it: the toast and the inline message",
    { tag: "@js-only" },
    async ({ page, context }) => {
      await context.grantPermissions(["geolocation"]);
      // The middle of the North Sea: no postcode of the table is anywhere near.
      await context.setGeolocation({ latitude: 56.0, longitude: 3.0 });
      await page.goto("/");
      await page.getByRole("button", { name: "Use my location" }).click();

      await expect(
        toast(page, "Sorry, no matching locations for your detected location. Please try entering your address."),
      ).toBeVisible();
      // Inline, beside the field, as the field's error.
      await expect(
        page.getByText("Unable to find your location, try manually adding your postcode / address"),
      ).toBeVisible();
      await expect(page).toHaveURL(isPath("/"));
    },
  );
});

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
