// A shopper on the checkout's payment step, for measuring that page: Victoria Street for collection, a basket over
// the minimum, tomorrow's first time held, guest checkout chosen and the details given — each step as a form post
// without script, as the journeys make them.
import { cookieHeader, csrfOf, keepCookies, shopperAt } from "./targets";

const STORE_PATH = "/stores/victoria-street-1";

export async function shopperAtPayment(origin: string): Promise<Record<string, string>> {
  const { Cookie = "" } = await shopperAt(origin, "SW1A 1AA", STORE_PATH);
  const jar = new Map(Cookie.split("; ").map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as [string, string]));

  async function get(path: string): Promise<string> {
    const response = await fetch(`${origin}${path}`, { headers: { Cookie: cookieHeader(jar) }, redirect: "manual" });
    keepCookies(jar, response);
    const html = await response.text();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return html;
  }
  async function post(path: string, fields: Record<string, string>, expectLocation: string): Promise<void> {
    const response = await fetch(`${origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader(jar), Origin: origin },
      body: new URLSearchParams({ csrf, ...fields }),
    });
    await response.arrayBuffer();
    keepCookies(jar, response);
    const location = response.headers.get("location") ?? "";
    if (response.status !== 303 || !location.startsWith(expectLocation)) {
      throw new Error(`POST ${path} answered ${response.status} to ${location}, expected 303 to ${expectLocation}`);
    }
  }

  const csrf = csrfOf(await get(STORE_PATH));
  await post(`${STORE_PATH}/fulfilment`, { method: "collection", redirectTo: "/basket" }, "/basket");
  for (const [menuItemId, quantity] of [["45", "4"], ["36", "2"]] as const) {
    await post("/basket/add", { intent: "add", menuItemId, quantity, basketLineId: `bench-${menuItemId}`, idempotencyKey: `bench-add-${menuItemId}`, redirectTo: "/basket" }, "/basket");
  }
  // Tomorrow's first time: the second day tab, then the first time listed on it.
  const days = [...(await get(`${STORE_PATH}/time-slots`)).matchAll(/\?day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]!);
  const tomorrow = [...new Set(days)][1];
  if (!tomorrow) throw new Error("the time slot page lists no second day");
  const slot = /name="timeSlotDate" value="([^"]+)"/.exec(await get(`${STORE_PATH}/time-slots?day=${tomorrow}`))?.[1];
  if (!slot) throw new Error(`no time to choose on ${tomorrow}`);
  await post(`${STORE_PATH}/time-slots?day=${tomorrow}`, { intent: "reserve", timeSlotDate: slot }, `${STORE_PATH}/time-slots`);
  await post("/checkout/login", { intent: "guest" }, "/checkout/options");
  await post("/checkout/options", { instructions: "" }, "/checkout/details");
  await post(
    "/checkout/details",
    { intent: "details", firstName: "Bench", lastName: "Shopper", email: "bench@example.com", phoneNumber: "07700 900 123", acceptTerms: "yes" },
    "/checkout/payment",
  );
  await get("/checkout/payment");
  return { Cookie: cookieHeader(jar) };
}
