// Issue 19, item 2: route rules and guards. The content's redirect table moves a path (an absolute target leaves the
// site: its Location is asserted, never followed), stores-trailing-slash gives a store's pages one address, and the
// basket's and the search's back links return to the same-site page the shopper came from (set-basket-referer-url,
// set-search-referer-url) — never to another site.
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { header, rawGet } from "./support/raw-http";
import { demoStores } from "./support/stores";

const store = demoStores.victoria;
const category = `/stores/${store.slug}/category/dairy-and-eggs-2`;
const searchPath = `/stores/${store.slug}/search`;

test.describe("route rules", () => {
  test("a rule moves a path for good or for now, keeping the query, before any route or session @once", async ({
    request,
  }) => {
    const moved = await request.get("/help?utm_source=mail", { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe("/faqs?utm_source=mail");
    // A redirect opens no session: no cookie for a shopper who is only passing through.
    expect(moved.headers()["set-cookie"]).toBeUndefined();

    const forNow = await request.get("/delivery", { maxRedirects: 0 });
    expect(forNow.status()).toBe(302);
    expect(forNow.headers().location).toBe("/delivery-information");

    const rest = await request.get("/blog/leeds-store-opens", { maxRedirects: 0 });
    expect(rest.status()).toBe(301);
    expect(rest.headers().location).toBe("/news/leeds-store-opens");
  });

  test("a post keeps its method: 307 or 308 @once", async ({ request }) => {
    const post = await request.post("/delivery", { form: { any: "thing" }, maxRedirects: 0 });
    expect(post.status()).toBe(307);
    expect(post.headers().location).toBe("/delivery-information");
    const permanent = await request.post("/help", { form: { any: "thing" }, maxRedirects: 0 });
    expect(permanent.status()).toBe(308);
  });

  test("an absolute rule leaves the site @once", async ({ request }) => {
    const away = await request.get("/careers", { maxRedirects: 0 });
    expect(away.status()).toBe(302);
    expect(away.headers().location).toBe("https://careers.larderandco.example/");
    // A client navigation's data request is sent on the same way (React Router then loads the other site).
    const data = await request.get("/careers.data", { maxRedirects: 0 });
    expect(data.status()).toBe(202);
    expect(await data.text()).toContain("https://careers.larderandco.example/");
  });

  test("a shopper following an old link lands on the page it moved to @desktop-only", async ({ page }) => {
    await page.goto("/help");
    await expect(page).toHaveURL(/\/faqs$/);
    await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
  });
});

test.describe("stores-trailing-slash", () => {
  test("a store path with a trailing slash answers its one address @once", async ({ request, baseURL }) => {
    const home = await request.get(`/stores/${store.slug}/`, { maxRedirects: 0 });
    expect(home.status()).toBe(301);
    expect(home.headers().location).toBe(`/stores/${store.slug}`);
    const withQuery = await request.get(`${category}/?sort=price`, { maxRedirects: 0 });
    expect(withQuery.headers().location).toBe(`${category}?sort=price`);
    expect((await request.get(category, { maxRedirects: 0 })).status()).toBe(200);
    // A path that would read as another host once its slash is gone stays on this site.
    const sneaky = await rawGet(`${baseURL}/stores//evil.example/`);
    if (sneaky.status >= 300 && sneaky.status < 400) expect(header(sneaky, "location")).toMatch(/^\/stores\//);
  });
});

test.describe("back links", () => {
  test("the basket's back link returns to the page the shopper came from, and only to this site @desktop-only", async ({
    page,
    baseURL,
  }) => {
    // Seven page loads and an axe audit (with JavaScript off, in a second browser context).
    test.slow();
    const back = page.getByRole("main").getByRole("link", { name: "Back", exact: true });
    // No page to return to yet: the home page.
    await page.goto("/basket");
    await expect(back).toHaveAttribute("href", "/");

    await page.goto("/basket", { referer: `${baseURL}/about-us?from=footer` });
    await expect(back).toHaveAttribute("href", "/about-us?from=footer");
    await expectNoAxeViolations(page);

    // Another site, a look-alike path, and the checkout steps leave the kept page as it was.
    for (const referer of [
      "https://evil.example/steal",
      `${baseURL}//evil.example/x`,
      `${baseURL}/checkout/details`,
      `${baseURL}/basket`,
    ]) {
      await page.goto("/basket", { referer });
      await expect(back, referer).toHaveAttribute("href", "/about-us?from=footer");
    }
    await back.click();
    await expect(page).toHaveURL(/\/about-us\?from=footer$/);
  });

  test("the search's back link returns to the page before the search, however many searches follow @desktop-only", async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const back = page.getByRole("main").getByRole("link", { name: "Back", exact: true });
    await page.goto(searchPath);
    // Nothing to return to: the store's home.
    await expect(back).toHaveAttribute("href", `/stores/${store.slug}`);

    await page.goto(searchPath, { referer: `${baseURL}${category}` });
    await expect(back).toHaveAttribute("href", category);
    await page.getByRole("searchbox", { name: "Search for items" }).fill("milk");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/searchTerm=milk/);
    await expect(back).toHaveAttribute("href", category);
    await page.goto(searchPath, { referer: "https://evil.example/" });
    await expect(back).toHaveAttribute("href", category);
    await back.click();
    await expect(page).toHaveURL(new RegExp(`${category}$`));
  });
});
