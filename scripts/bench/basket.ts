// Add to basket as a shopper without script makes it: the product card's form POSTed to /basket/add with the
// session cookie, the 303 followed, and the GET of the page it points to — timed end to end, at several shoppers
// at once, each with their own session (a postcode searched and the store selected through the storefront's forms).
import { percentile } from "./load";
import { formsOf, keepCookies, Session } from "./session";
import { isCardAdd, selectStore, STORE_PATH } from "./shopper";

export interface RoundTripSettings {
  /** Shoppers adding at once, each with their own session and basket. */
  shoppers: number;
  /** Round trips each shopper makes, one after another. */
  tripsPerShopper: number;
}

export const defaultRoundTrip: RoundTripSettings = { shoppers: 10, tripsPerShopper: 20 };
export const quickRoundTrip: RoundTripSettings = { shoppers: 10, tripsPerShopper: 5 };

export interface RoundTripResult {
  settings: RoundTripSettings;
  trips: number;
  p50Ms: number;
  p95Ms: number;
  /** The bare page fetched as often, by as many clients at once. */
  bareP50Ms: number;
  bareP95Ms: number;
  /** Trips that failed (a status other than 303 then 200); the first few are described. */
  failed: number;
  failures: string[];
}

const CATEGORY = `${STORE_PATH}/category/dairy-and-eggs-2`;

/** A shopper at Victoria Street, with the add-to-basket forms of a category page's product cards. */
async function readyShopper(origin: string): Promise<{ session: Session; cards: Record<string, string>[] }> {
  const session = new Session(origin);
  await selectStore(session);
  const cards = formsOf(await session.get(CATEGORY), "/basket/add")
    .map((form) => form.fields)
    .filter(isCardAdd);
  if (cards.length === 0) throw new Error(`${CATEGORY} has no add-to-basket forms`);
  return { session, cards };
}

/**
 * One add as a product card posts it (a fresh line and idempotency key, as the card's next render would carry),
 * the redirect followed; answers the milliseconds it took.
 */
async function addAndFollow(session: Session, card: Record<string, string>, key: string): Promise<number> {
  const started = performance.now();
  const fields = { ...card, basketLineId: `bench-${key}`, idempotencyKey: `bench-${key}` };
  const posted = await fetch(`${session.origin}/basket/add`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: session.cookie, Origin: session.origin },
    body: new URLSearchParams(fields),
  });
  await posted.arrayBuffer();
  const location = posted.headers.get("location");
  if (posted.status !== 303 || !location) throw new Error(`POST /basket/add answered ${posted.status} to ${location}`);
  keepCookies(session.jar, posted);
  const page = await fetch(new URL(location, session.origin), {
    headers: { Cookie: session.cookie, "Accept-Encoding": "gzip, br" },
  });
  await page.arrayBuffer();
  if (page.status !== 200) throw new Error(`GET ${location} after the add answered ${page.status}`);
  keepCookies(session.jar, page);
  return performance.now() - started;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

export async function measureBasketRoundTrip(
  origin: string,
  bareOrigin: string,
  settings = defaultRoundTrip,
): Promise<RoundTripResult> {
  const result: RoundTripResult = {
    settings,
    trips: 0,
    p50Ms: 0,
    p95Ms: 0,
    bareP50Ms: 0,
    bareP95Ms: 0,
    failed: 0,
    failures: [],
  };
  const shoppers = await Promise.all(Array.from({ length: settings.shoppers }, () => readyShopper(origin)));
  const times: number[] = [];
  const run = Date.now().toString(36);
  await Promise.all(
    shoppers.map(async ({ session, cards }, who) => {
      for (let trip = 0; trip < settings.tripsPerShopper; trip++) {
        try {
          // Cycled over the page's cards, so no line reaches its quantity cap.
          times.push(await addAndFollow(session, cards[(who + trip) % cards.length]!, `${run}-${who}-${trip}`));
        } catch (error) {
          result.failed++;
          if (result.failures.length < 5) result.failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  const bare: number[] = [];
  await Promise.all(
    Array.from({ length: settings.shoppers }, async () => {
      for (let trip = 0; trip < settings.tripsPerShopper; trip++) {
        bare.push(
          await timed(async () =>
            (await fetch(`${bareOrigin}/`, { headers: { "Accept-Encoding": "gzip, br" } })).arrayBuffer(),
          ),
        );
      }
    }),
  );
  times.sort((a, b) => a - b);
  bare.sort((a, b) => a - b);
  return {
    ...result,
    trips: times.length,
    p50Ms: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    bareP50Ms: percentile(bare, 0.5),
    bareP95Ms: percentile(bare, 0.95),
  };
}
