// Captures the first screen of home, a store's home, a category and the basket at a phone's 375 × 667 into
// docs/screens/*.png (issue 23), as a shopper sees them: cookies chosen, the header banner closed, two items added.
//   npm start   (or any running shop)   then   node --import tsx scripts/screens.ts [http://localhost:3000]
// Uses Debian's chromium when present, else a browser Playwright has installed.
import { chromium } from "@playwright/test";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const base = (process.argv[2] ?? process.env.BASE_URL ?? "http://localhost:3000").replace(/\/$/, "");
const out = join(import.meta.dirname, "..", "docs", "screens");
const store = "/stores/victoria-street-1";
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
  ...(existsSync("/usr/bin/chromium") ? { executablePath: "/usr/bin/chromium" } : {}),
});
try {
  const context = await browser.newContext({
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
    locale: "en-GB",
    timezoneId: "Europe/London",
  });
  await context.addCookies(
    Object.entries({ cookieConsent: "true", performanceCookies: "false", targetingCookies: "false" }).map(
      ([name, value]) => ({ name, value, url: base }),
    ),
  );
  const page = await context.newPage();

  async function shoot(name: string, path: string): Promise<void> {
    await page.goto(`${base}${path}`);
    await page.waitForLoadState("networkidle");
    const close = page.getByRole("button", { name: "Close announcement" });
    if (await close.isVisible()) {
      await close.click();
      await page.getByRole("region", { name: "Announcement" }).waitFor({ state: "detached" });
    }
    // Lazy pictures in the first screen have loaded before the picture is taken.
    await page.waitForFunction(() =>
      [...document.images].filter((i) => i.getBoundingClientRect().top < innerHeight).every((i) => i.complete),
    );
    await page.screenshot({ path: join(out, `${name}.png`) });
    console.log(`docs/screens/${name}.png  ${path}`);
  }

  await shoot("home", "/");
  // Choosing the store the way a shopper does: a postcode, then Shop at this store.
  await page.getByRole("textbox", { name: "Postcode", exact: true }).fill("SW1A 1AA");
  await page.getByRole("button", { name: "Find stores" }).click();
  await page
    .getByRole("button", { name: /^Shop at this store/ })
    .first()
    .click();
  await page.waitForURL(`**${store}`);
  await shoot("store-home", store);
  await shoot("category", `${store}/category/dairy-and-eggs-2`);
  for (const name of ["Semi-Skimmed Milk 2 Pints", "Whole Milk 4 Pints"]) {
    await page.getByRole("button", { name: `Add ${name} to basket` }).click();
    await page.getByRole("group", { name: `${name} in your basket` }).waitFor();
  }
  await shoot("basket", "/basket");
} finally {
  await browser.close();
}
