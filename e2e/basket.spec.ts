// Issue 5, "The basket": the basket page's lines, coupon, driver tip and switch, the empty states, the store bar's
// total and the phone's bottom navigation — each journey with JavaScript on and off. Baskets are filled the way
// the product cards fill them (a post to /basket/add in the shopper's session), so these journeys do not depend on
// which page shows which card; the exact-pence journey of the whole issue is acceptance's.
import { toast } from "./support/checkout";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { SWITCHED_TOAST, shopAtVictoria, storeBar } from "./support/slots";
import { addItem, basketLine, shopWith, summaryRow } from "./support/basket";
import { expectFieldError, isPath } from "./support/stores";

/** Victoria Street's dairy aisle (seed ids are fixed): plain items, one size, no options, no member price. */
const milk = { id: 36, name: "Semi-Skimmed Milk 2 Pints", price: 125 };
const cheddar = { id: 45, name: "Larder Extra Mature Cheddar 400g", price: 350 };

const EMPTY = "You haven't added any items to your basket";
const COUPON_ADDED = "Coupon added successfully";
const COUPON_REMOVED = "Coupon removed successfully";
const MEMBERS_ONLY = "This coupon is for registered members. Please log in or create an account to use it.";

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

// Each journey is a whole visit (find a store, fill the basket, several changes, axe): longer than one page's check.
test.describe.configure({ timeout: 60_000 });

test.describe("basket page", () => {
  test("without a store: the empty message and a store search @desktop-only", async ({ page }) => {
    await page.goto("/basket");
    await expect(page.getByRole("heading", { level: 1, name: "Your basket" })).toBeVisible();
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Postcode", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("quantities go up and down, a line is removed, and the last removal empties the basket @phone-js-only", async ({
    page,
  }) => {
    await shopWith(page, [milk, cheddar]);
    const milkLine = basketLine(page, milk.name);
    await expect(milkLine).toContainText(`${pounds(milk.price)} each`);
    await expect(summaryRow(page, "Subtotal")).toHaveText(pounds(milk.price + cheddar.price));
    await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
    await expect(page.getByText(/^Spend £\d+\.\d\d more to reach the £15\.00 minimum order$/).first()).toBeVisible();
    await expect(page.getByText(/^Spend £\d+\.\d\d more for free delivery$/)).toBeVisible();
    await expectNoAxeViolations(page);

    await milkLine.getByRole("button", { name: `One more ${milk.name}` }).click();
    await expect(milkLine.getByText(/Quantity\s*2/)).toBeVisible();
    await expect(milkLine).toContainText(pounds(milk.price * 2));
    await expect(summaryRow(page, "Subtotal")).toHaveText(pounds(milk.price * 2 + cheddar.price));
    // With script the figures above show at once; the line stays busy until the platform's answer is in.
    await expect(milkLine).not.toHaveAttribute("aria-busy", "true");

    await milkLine.getByRole("button", { name: `One fewer ${milk.name}` }).click();
    await expect(milkLine.getByText(/Quantity\s*1/)).toBeVisible();
    await expect(milkLine).not.toHaveAttribute("aria-busy", "true");
    await expect(summaryRow(page, "Subtotal")).toHaveText(pounds(milk.price + cheddar.price));

    await basketLine(page, cheddar.name)
      .getByRole("button", { name: `Remove ${cheddar.name}` })
      .click();
    await expect(toast(page, "Item removed from your basket.")).toBeVisible();
    await expect(basketLine(page, cheddar.name)).toHaveCount(0);
    await expect(summaryRow(page, "Subtotal")).toHaveText(pounds(milk.price));

    // At quantity 1 the minus button removes the line: the basket is then empty.
    await milkLine.getByRole("button", { name: `One fewer ${milk.name}` }).click();
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Back to the menu/ })).toHaveAttribute(
      "href",
      "/stores/victoria-street-1",
    );
    await expectNoAxeViolations(page);
  });

  test("coupon WELCOME10 is applied and removed with the spec's messages; MEMBER5 is refused on the field @desktop-only", async ({
    page,
  }) => {
    await shopWith(page, [milk, cheddar]);
    const code = page.getByRole("textbox", { name: "Coupon code" });

    await code.fill("member5");
    await page.getByRole("button", { name: "Apply" }).click();
    await expectFieldError(page.getByRole("textbox", { name: "Coupon code" }), MEMBERS_ONLY);
    await expect(page.getByRole("link", { name: MEMBERS_ONLY })).toHaveAttribute("href", "#coupon-code");
    await expect(page.getByRole("textbox", { name: "Coupon code" })).toHaveValue("member5");
    await expectNoAxeViolations(page);

    await page.getByRole("textbox", { name: "Coupon code" }).fill("WELCOME10");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(toast(page, COUPON_ADDED)).toHaveText(COUPON_ADDED);
    await expect(page.getByRole("textbox", { name: "Coupon code" })).toHaveCount(0);
    await expect(summaryRow(page, "Coupon WELCOME10")).toHaveText(/^−£\d+\.\d\d$/);

    await page.getByRole("button", { name: "Remove coupon WELCOME10" }).click();
    await expect(toast(page, COUPON_REMOVED)).toHaveText(COUPON_REMOVED);
    await expect(page.getByRole("textbox", { name: "Coupon code" })).toBeVisible();
    await expect(page.getByRole("complementary").getByText("Coupon WELCOME10")).toHaveCount(0);
  });

  // A page load still on its way (the data refresh after a quantity change) must not take away the toast of a newer
  // change whose answer came first. Browsers apply each answer's cookies as it lands, so the order is played here by
  // hand: the older page load's answer is applied last.
  test(
    "a page load that lands after a newer change leaves that change's toast for the next page",
    { tag: "@once" },
    async ({ page, baseURL }) => {
      await shopWith(page, [milk, cheddar]);
      const csrf = await page.locator('input[name="csrf"]').first().inputValue();
      // The coupon form's honeypot: the trap left empty and the page's sealed time stamp, as a person's browser sends them.
      const sealedAt = await page.locator('input[name="from__confirm"]').inputValue();
      const milkLineId = await basketLine(page, milk.name).locator('input[name="basketLineId"]').first().inputValue();
      const jar = new Map((await page.context().cookies()).map((c) => [c.name, c.value]));
      const cookies = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      const land = (response: Response) => {
        for (const setCookie of response.headers.getSetCookie()) {
          const pair = setCookie.split(";")[0]!;
          const name = pair.slice(0, pair.indexOf("="));
          if (/max-age=0/i.test(setCookie)) jar.delete(name);
          else jar.set(name, pair.slice(pair.indexOf("=") + 1));
        }
      };
      const change = (fields: Record<string, string>) =>
        fetch(new URL("/basket", baseURL), {
          method: "POST",
          redirect: "manual",
          headers: { cookie: cookies(), "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrf, redirectTo: "/basket", idempotencyKey: crypto.randomUUID(), ...fields }),
        });
      const basketPage = () => fetch(new URL("/basket", baseURL), { headers: { cookie: cookies() } });
      // The toast region's words, as a page without script shows them.
      const toastIn = async (response: Response) =>
        (await response.text()).match(/role="status" aria-live="polite"[^>]*>(?:<p[^>]*>)?([^<]*)/)?.[1] ?? null;

      land(await change({ intent: "set-quantity", basketLineId: milkLineId, quantity: "2" }));
      const olderPageLoad = await basketPage();
      land(await change({ intent: "apply-coupon", code: "WELCOME10", website: "", from__confirm: sealedAt }));
      land(olderPageLoad);
      expect(await toastIn(olderPageLoad)).toBe("Basket updated.");

      const next = await basketPage();
      land(next);
      expect(await toastIn(next)).toBe(COUPON_ADDED);
      // Shown once: the page after that has no toast left.
      expect(await toastIn(await basketPage())).toBe("");
    },
  );

  // Spec 2 §5 bot check: the coupon form's honeypot. A person's browser sends the trap empty with the page's sealed
  // time stamp; a bot fills the trap, or posts without the page and so without a valid stamp.
  test(
    "a coupon apply that comes from a bot is refused with the bot check's message and applies nothing",
    { tag: "@once" },
    async ({ page, baseURL }) => {
      await shopWith(page, [milk]);
      const csrf = await page.locator('input[name="csrf"]').first().inputValue();
      const sealedAt = await page.locator('input[name="from__confirm"]').inputValue();
      const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
      const apply = async (trap: Record<string, string>) => {
        const response = await fetch(new URL("/basket", baseURL), {
          method: "POST",
          redirect: "manual",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            csrf,
            intent: "apply-coupon",
            code: "WELCOME10",
            idempotencyKey: crypto.randomUUID(),
            ...trap,
          }),
        });
        return { status: response.status, html: await response.text() };
      };
      const botMessage = "We could not check that this request came from a person. Please try again.";
      const traps: Record<string, string>[] = [
        { website: "https://spam.example", from__confirm: sealedAt },
        { website: "" },
        { website: "", from__confirm: "forged" },
        {},
      ];
      for (const trap of traps) {
        const answer = await apply(trap);
        expect(answer.status, JSON.stringify(trap)).toBe(400);
        expect(answer.html).toContain(botMessage);
      }
      await page.reload();
      await expect(page.getByRole("textbox", { name: "Coupon code" })).toBeVisible();
      await expect(page.getByRole("complementary").getByText("Coupon WELCOME10")).toHaveCount(0);
    },
  );

  test("a driver tip is chosen for delivery and gone after switching to collection @desktop-only", async ({ page }) => {
    await shopWith(page, [cheddar]);
    // A second tab on the basket, left open while the first switches to collection.
    const stale = await page.context().newPage();
    await stale.goto("/basket");
    const tips = page.getByRole("group", { name: "Tip your driver" });
    await expect(tips.getByRole("radio", { name: "No tip" })).toBeChecked();

    await tips.getByRole("radio", { name: "£2.00" }).check();
    await page.getByRole("button", { name: "Update tip" }).click();
    await expect(toast(page, "Your driver tip is updated.")).toBeVisible();
    await expect(summaryRow(page, "Driver tip")).toHaveText("£2.00");
    await expect(
      page.getByRole("group", { name: "Tip your driver" }).getByRole("radio", { name: "£2.00" }),
    ).toBeChecked();

    await page.getByRole("button", { name: "Raise the tip to £2.50" }).click();
    await expect(summaryRow(page, "Driver tip")).toHaveText("£2.50");
    await expect(page.getByRole("radio", { name: "£2.50 (your amount)" })).toBeChecked();

    await page.getByRole("button", { name: "Switch to collection" }).click();
    await expect(toast(page, SWITCHED_TOAST)).toHaveText(SWITCHED_TOAST);
    await expect(page).toHaveURL(isPath("/basket"));
    await expect(page.getByRole("definition").filter({ hasText: /^Collection/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Driver tip" })).toHaveCount(0);
    // The tab opened before the switch still offers tips; a tip sent from it is refused with the spec's words.
    await stale.getByRole("group", { name: "Tip your driver" }).getByRole("radio", { name: "£1.00" }).check();
    await stale.getByRole("button", { name: "Update tip" }).click();
    await expect(toast(stale, "Driver tips are for delivery orders only.")).toBeVisible();
    await expect(summaryRow(stale, "Driver tip")).toHaveCount(0);
    await expect(page.getByRole("complementary").getByText("Driver tip")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Switch to delivery" })).toBeVisible();
    await expect(page.getByRole("link", { name: /time slot$/ })).toHaveAttribute(
      "href",
      "/stores/victoria-street-1/time-slots",
    );
    await expectNoAxeViolations(page);
  });

  // Wide screens only: below 960px the bottom navigation carries the basket and the bar leaves it out (issue 23).
  test("the store bar shows the basket total, or a disabled Basket with its reason", async ({ page }) => {
    await shopAtVictoria(page);
    const empty = storeBar(page).getByRole("link", { name: "Basket", exact: true });
    await expect(empty).toHaveAttribute("aria-disabled", "true");
    await expect(empty).toHaveAccessibleDescription("No items in your basket");
    await empty.focus();
    await expect(storeBar(page).getByRole("tooltip", { name: "No items in your basket" })).toBeVisible();

    await addItem(page, milk, 1);
    await addItem(page, cheddar, 1);
    await page.reload();
    const total = storeBar(page).getByRole("link", { name: /^Basket/ });
    await expect(total).toHaveAttribute("href", "/basket");
    await expect(total).toContainText(pounds(milk.price + cheddar.price));
    await expect(total).toHaveAccessibleName(/^Basket £4\.75\s*, 2 items$/);
  });
});

test.describe("bottom navigation", () => {
  test("on a phone: tooltips while there is nothing to go to, then the subtotal; never on wide screens @phone", async ({
    page,
  }) => {
    const phone = (page.viewportSize()?.width ?? 0) < 960;
    const bar = page.getByRole("navigation", { name: "Shortcuts" });

    await page.goto("/");
    await expect(bar).toHaveCount(0);

    await page.goto("/stores");
    if (!phone) {
      await expect(bar).toBeHidden();
      return;
    }
    await expect(bar).toBeVisible();
    const menu = bar.getByRole("link", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-disabled", "true");
    await expect(menu).toHaveAccessibleDescription("No store selected");
    await menu.focus();
    await expect(bar.getByRole("tooltip", { name: "No store selected" })).toBeVisible();
    const basket = bar.getByRole("link", { name: "Basket" });
    await expect(basket).toHaveAccessibleDescription("No items in your basket");
    await basket.focus();
    await expect(bar.getByRole("tooltip", { name: "No items in your basket" })).toBeVisible();
    await expect(bar.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expectNoAxeViolations(page);

    await shopAtVictoria(page);
    await addItem(page, milk, 1);
    await page.reload();
    await expect(bar.getByRole("link", { name: "Menu" })).toHaveAttribute("aria-current", "page");
    await expect(bar.getByRole("link", { name: "Stores" })).toHaveAttribute("href", "/stores-near-by");
    const total = bar.getByRole("link", { name: `Basket, 1 item, ${pounds(milk.price)}` });
    await expect(total).toHaveText(pounds(milk.price));
    await total.click();
    await expect(page).toHaveURL(isPath("/basket"));
    const here = bar.getByRole("link", { name: "Basket" });
    await expect(here).toHaveAttribute("aria-current", "page");
    await expect(here).toHaveText("Basket");
    await expectNoAxeViolations(page);

    // What is brought into view from above (here the coupon's button, as moving focus to it does: the least scrolling
    // that shows it) stops above the bar's place, so the bar coming back never covers it.
    const apply = page.getByRole("button", { name: "Apply" });
    await page.evaluate(() => window.scrollTo(0, 0));
    await apply.evaluate((button) => button.scrollIntoView({ block: "nearest" }));
    const box = (await apply.boundingBox())!;
    const barTop = (await bar.boundingBox())!.y;
    const viewportHeight = page.viewportSize()!.height;
    // Within a pixel: scroll offsets round to whole device pixels.
    expect(box.y + box.height).toBeLessThanOrEqual(Math.min(barTop, viewportHeight - 64) + 1);
  });
});
