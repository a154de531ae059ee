// Issue 20, a marketing deep link past its expiry (the server's test clock moved past it): the unrecoverable error
// with Dismiss, status 410. The same link before its expiry opens as any other. JavaScript on and off, desktop.
import { DEEP_LINK_MESSAGES } from "../app/models/deep-link";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { milk } from "./support/checkout";
import { deepLink } from "./support/deep-links";
import { projectMonday } from "./support/slots";
import { isPath } from "./support/stores";

const VICTORIA = 1;

test("a link past its expiry cannot be used: Dismiss goes home @desktop-only", async ({
  page,
  baseURL,
  testClock,
}, testInfo) => {
  const now = projectMonday(testInfo, "10:00");
  // Made at 10:00 on the project's Monday, good for an hour.
  const link = deepLink(baseURL!, {
    store: VICTORIA,
    items: [[milk.id, 1]],
    now: Date.parse(now) / 1000,
    expiresIn: 3600,
  });

  await testClock.set(projectMonday(testInfo, "10:00", 3599));
  const open = await page.goto(link);
  expect(open?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: DEEP_LINK_MESSAGES.unrecoverableTitle })).toHaveCount(0);

  await testClock.set(projectMonday(testInfo, "10:00", 3601));
  const expired = await page.goto(link);
  expect(expired?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1, name: DEEP_LINK_MESSAGES.unrecoverableTitle })).toBeVisible();
  await expect(page.getByText(DEEP_LINK_MESSAGES.unrecoverable.expired)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Dismiss" }).click();
  await expect(page).toHaveURL(isPath("/"));
});
