// Issue 14, the member area's frame (spec 2 §2): the dashboard's way to each part of the area, the area's own
// navigation on every page, and the retailer banner (visit site, call us) for the shopper's store.
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { newMember, register } from "./support/accounts";
import { shopAtVictoria, slotStores } from "./support/slots";
import { isPath } from "./support/stores";

test.describe.configure({ timeout: 60_000 });

test.describe("member area", () => {
  test("the dashboard leads to each part of the area, and the retailer banner to the shopper's store", async ({ page }, testInfo) => {
    await shopAtVictoria(page);
    const member = newMember(testInfo, "area");
    await register(page, member);

    const area = page.getByRole("navigation", { name: "Your account" });
    await expect(area.getByRole("link", { name: "Your account" })).toHaveAttribute("aria-current", "page");
    for (const [name, path] of [
      ["Profile", "/member/profile"],
      ["Addresses", "/member/addresses"],
      ["Change password", "/member/change-password"],
    ] as const) {
      await expect(area.getByRole("link", { name, exact: true })).toHaveAttribute("href", path);
      await expect(page.getByRole("main").getByRole("link", { name: new RegExp(`^${name} \\w`) })).toHaveAttribute("href", path);
    }

    const banner = page.getByRole("complementary", { name: slotStores.victoria.name });
    await expect(banner.getByRole("link", { name: "Call us on 020 7946 0101" })).toHaveAttribute("href", "tel:02079460101");
    await expectNoAxeViolations(page);
    await banner.getByRole("link", { name: "Visit site" }).click();
    await expect(page).toHaveURL(isPath(`/stores/${slotStores.victoria.slug}`));
  });

  test("without a chosen store there is no retailer banner @desktop-only", async ({ page }, testInfo) => {
    await register(page, newMember(testInfo, "nostore"));
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Robin" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Visit site" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Call us/ })).toHaveCount(0);
  });
});
