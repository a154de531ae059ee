// The add-to-basket round trip as a shopper without script makes it: POST /basket/add from a product card (a form
// with the session cookie), the 303, and the GET of the page it points to. Timed end to end per shopper and set
// beside a bare page fetched the same way in the same run, so the figure says what the basket costs over the
// framework itself.
import { percentile } from "./load";
import { cookieHeader, csrfOf, keepCookies, shopperAt } from "./targets";

/** Victoria Street's plain dairy and fresh items (seed ids are fixed), cycled so no line reaches its 99 cap. */
const ITEMS = Array.from({ length: 20 }, (_, index) => 36 + index);
const STORE_PATH = "/stores/victoria-street-1";

export interface RoundTripSettings {
  /** Shoppers adding at once, each with their own session and basket. */
  shoppers: number;
  /** Round trips each shopper makes, one after another. */
  tripsPerShopper: number;
}

export const defaultRoundTrip: RoundTripSettings = { shoppers: 10, tripsPerShopper: 20 };

export interface RoundTripResult {
  trips: number;
  p50Ms: number;
  p95Ms: number;
  /** The bare page fetched as often, by as many clients at once. */
  bareP50Ms: number;
  bareP95Ms: number;
  failures: string[];
}

/** A shopper at Victoria Street with a session (and so a basket) and the anti-forgery token its forms carry. */
async function readyShopper(origin: string): Promise<{ jar: Map<string, string>; csrf: string }> {
  const { Cookie = "" } = await shopperAt(origin, "SW1A 1AA", STORE_PATH);
  const jar = new Map(Cookie.split("; ").map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as [string, string]));
  const page = await fetch(origin + STORE_PATH, { headers: { Cookie: cookieHeader(jar) } });
  keepCookies(jar, page);
  return { jar, csrf: csrfOf(await page.text()) };
}

/** One add as a product card posts it, the redirect followed; answers the milliseconds it took. */
async function addAndFollow(origin: string, shopper: { jar: Map<string, string>; csrf: string }, menuItemId: number, key: string): Promise<number> {
  const started = performance.now();
  const posted = await fetch(`${origin}/basket/add`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader(shopper.jar), Origin: origin },
    body: new URLSearchParams({
      csrf: shopper.csrf,
      intent: "add",
      menuItemId: String(menuItemId),
      quantity: "1",
      basketLineId: `bench-${key}`,
      idempotencyKey: `bench-${key}`,
      redirectTo: STORE_PATH,
    }),
  });
  await posted.arrayBuffer();
  const location = posted.headers.get("location");
  if (posted.status !== 303 || !location) throw new Error(`POST /basket/add answered ${posted.status} to ${location}`);
  keepCookies(shopper.jar, posted);
  const page = await fetch(new URL(location, origin), { headers: { Cookie: cookieHeader(shopper.jar), "Accept-Encoding": "gzip, br" } });
  await page.arrayBuffer();
  if (page.status !== 200) throw new Error(`GET ${location} after the add answered ${page.status}`);
  keepCookies(shopper.jar, page);
  return performance.now() - started;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

export async function measureBasketRoundTrip(origin: string, bareOrigin: string, settings = defaultRoundTrip): Promise<RoundTripResult> {
  const failures: string[] = [];
  const shoppers = await Promise.all(Array.from({ length: settings.shoppers }, () => readyShopper(origin)));
  const times: number[] = [];
  await Promise.all(
    shoppers.map(async (shopper, who) => {
      for (let trip = 0; trip < settings.tripsPerShopper; trip++) {
        try {
          times.push(await addAndFollow(origin, shopper, ITEMS[(who + trip) % ITEMS.length]!, `${who}-${trip}-${Date.now().toString(36)}`));
        } catch (error) {
          if (failures.length < 5) failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  const bare: number[] = [];
  await Promise.all(
    Array.from({ length: settings.shoppers }, async () => {
      for (let trip = 0; trip < settings.tripsPerShopper; trip++) {
        bare.push(await timed(async () => (await fetch(`${bareOrigin}/`, { headers: { "Accept-Encoding": "gzip, br" } })).arrayBuffer()));
      }
    }),
  );
  times.sort((a, b) => a - b);
  bare.sort((a, b) => a - b);
  return {
    trips: times.length,
    p50Ms: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    bareP50Ms: percentile(bare, 0.5),
    bareP95Ms: percentile(bare, 0.95),
    failures,
  };
}

export function roundTripText(result: RoundTripResult, settings = defaultRoundTrip): string {
  return [
    "Add to basket, round trip (POST /basket/add with a session cookie, the 303, the GET of the store page it points to)",
    `${settings.shoppers} shoppers at once, ${settings.tripsPerShopper} adds each, one after another; the bare page fetched as often by as many clients.`,
    `  round trip: ${result.trips} done, p50 ${result.p50Ms.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms`,
    `  bare page:  p50 ${result.bareP50Ms.toFixed(1)} ms, p95 ${result.bareP95Ms.toFixed(1)} ms`,
    ...result.failures.map((failure) => `  failure: ${failure}`),
  ].join("\n");
}

/**
 * A shopper with one item in the basket, for measuring the basket page: the add's toast is read once here, so the
 * measured requests carry a settled session and do not each rewrite the cookie.
 */
export async function shopperWithBasket(origin: string): Promise<Record<string, string>> {
  const shopper = await readyShopper(origin);
  await addAndFollow(origin, shopper, ITEMS[0]!, `page-${Date.now().toString(36)}`);
  const settled = await fetch(`${origin}/basket`, { headers: { Cookie: cookieHeader(shopper.jar) } });
  await settled.arrayBuffer();
  keepCookies(shopper.jar, settled);
  return { Cookie: cookieHeader(shopper.jar) };
}
