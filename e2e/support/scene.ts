// Setting the scene by the site's own forms, posted in the page's session without drawing a page (issue 39): for
// journeys that are about what comes after choosing a store, filling a basket or holding a time. The journeys that are
// about those steps (stores, slots, basket) still take them as a shopper does, with clicks.
import type { Page } from "@playwright/test";
import { expect } from "../fixtures";

/**
 * The address the page's requests go to (a test may point its baseURL elsewhere than its project's, as a wallet
 * journey does with localhost): a form's post names it as its Origin, as a browser's does. Asked once per page.
 */
const origins = new WeakMap<Page, Promise<string>>();
function origin(page: Page): Promise<string> {
  let known = origins.get(page);
  if (!known) {
    known = page.request.get("/healthz").then((response) => new URL(response.url()).origin);
    origins.set(page, known);
  }
  return known;
}

/**
 * Posts a form as a page's own form does, in the page's session (its cookies), and answers where it redirected.
 * The token is a cached page's ("sessionless"), which the server accepts from its own origin (decision 0032), as it
 * does from a shopper whose first page came from the page cache. The redirect is not followed: nothing is drawn.
 */
export async function postForm(page: Page, path: string, form: Record<string, string>): Promise<string> {
  const response = await page.request.post(path, {
    form: { csrf: "sessionless", ...form },
    headers: { origin: await origin(page) },
    maxRedirects: 0,
  });
  expect(response.status(), `posting ${path} ${JSON.stringify(form)}`).toBe(303);
  return response.headers()["location"] ?? "";
}

/**
 * A store chosen as the postcode search and the store list's button choose it: the session's location and store, and
 * the method named (without one, the session's own stays, as the list shows the shopper's method).
 */
export async function chooseStore(
  page: Page,
  store: { postcode: string; id: number; slug: string },
  method?: "delivery" | "collection",
): Promise<void> {
  await postForm(page, "/location", { intent: "postcode", postcode: store.postcode, redirectTo: "/" });
  const to = await postForm(page, "/stores-near-by", {
    intent: "select",
    storeId: String(store.id),
    ...(method ? { method } : {}),
  });
  expect(new URL(to, await origin(page)).pathname, "the store list sends the shopper to the store chosen").toBe(
    `/stores/${store.slug}`,
  );
}

interface ListedSlot {
  startTime: string;
  info: { isAsap: boolean; status: string };
}

/** The store-local date (YYYY-MM-DD) a number of days after an instant; the demo stores keep London's time. */
function londonDate(now: number, plusDays: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(now + plusDays * 86_400_000);
}

/**
 * Holds one of tomorrow's free times, posted as the slot picker's form posts it. Tomorrow's times are read from the
 * platform's listing, as another storefront would read them, and one is taken at random: journeys running side by side
 * then rarely want the same one. Answers whether the platform held it (a time that filled meanwhile is not).
 */
export async function holdTomorrow(
  page: Page,
  store: { id: number; slug: string; postcode: string },
  method: "delivery" | "collection",
): Promise<boolean> {
  const tokens = await page.request.post("/api/auth/oauthToken", { data: { grant_type: "client_credentials" } });
  expect(tokens.status()).toBe(200);
  const token = String(((await tokens.json()) as { access_token: string }).access_token);
  const authorization = `Bearer ${token}`;
  // Tomorrow by the platform's clock, which a clock journey has set.
  const time = await page.request.get("/api/server-time", { headers: { authorization } });
  expect(time.status()).toBe(200);
  const date = londonDate(Date.parse(((await time.json()) as { timeUTC: string }).timeUTC), 1);
  const listing = await page.request.post("/api/stores/timeslots/list", {
    data: { startDate: date, endDate: date, storeId: store.id, fulfilmentMethod: method, postcode: store.postcode },
    headers: { authorization },
  });
  expect(listing.status()).toBe(200);
  const days = ((await listing.json()) as { slotDays: { slots: ListedSlot[] }[] }).slotDays;
  const free = days.flatMap((day) => day.slots).filter((s) => !s.info.isAsap && s.info.status === "available");
  expect(free.length, `tomorrow's free ${method} times at ${store.slug}`).toBeGreaterThan(0);
  const start = free[Math.floor(Math.random() * free.length)]!.startTime;
  const back = await postForm(page, `/stores/${store.slug}/time-slots`, {
    intent: "reserve",
    timeSlotDate: start,
    idempotencyKey: `e2e-hold-${Math.random().toString(36).slice(2, 10)}`,
  });
  // Held or not, the picker's answer is a message for the next page: read it there, then leave none behind.
  const said = await messagesWaiting(page);
  await clearMessages(page);
  return back !== "" && said.some((message) => message.includes("Your time is reserved."));
}

/**
 * The messages (toasts) the server left for the next page, as the session's flash cookies hold them: a signed cookie's
 * value is its JSON, base64-encoded, before the signature.
 */
async function messagesWaiting(page: Page): Promise<string[]> {
  const cookies = await page.context().cookies();
  return cookies
    .filter((cookie) => cookie.name.startsWith("__flash_"))
    .map((cookie) => {
      const signed = decodeURIComponent(cookie.value);
      return Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8");
    });
}

/** The messages the set-up's posts left are not the journey's: the first page it draws starts with none. */
export async function clearMessages(page: Page): Promise<void> {
  await page.context().clearCookies({ name: /^__flash_/ });
}
