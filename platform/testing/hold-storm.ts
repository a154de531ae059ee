import { performance } from "node:perf_hooks";
import type { FulfilmentMethod } from "../contract";

/** Anything that answers /api requests: the platform's own fetch, or a fetch to a server over HTTP. */
export type ApiFetch = (request: Request) => Promise<Response>;

export interface Shopper {
  accessToken: string;
  basketToken: string;
}

export interface HoldTarget {
  storeId: number;
  fulfilmentMethod: FulfilmentMethod;
  /** The slot's start, as listed. */
  timeSlotDate: string;
  postcode?: string;
  latitude?: number;
  longitude?: number;
}

export interface HoldStormResult {
  /** Holds granted. */
  succeeded: number;
  /** Refused as full (409 SLOT_FULL). */
  full: number;
  /** Anything else: other statuses or network errors. A correct platform answers none. */
  failed: number;
  /** Wall time from the first request sent to the last answer, in milliseconds. */
  ms: number;
  /** The first few unexpected answers, for a failing test's message. */
  failures: string[];
}

const DEFAULT_ORIGIN = "http://platform.internal";

/**
 * Guest sessions with a basket each at the store, made through the API as a storefront would. Made a few
 * at a time: this is set-up, not the load being measured.
 */
export async function prepareShoppers(
  fetch: ApiFetch,
  options: { count: number; storeId: number; fulfilmentMethod: FulfilmentMethod; origin?: string; parallel?: number },
): Promise<Shopper[]> {
  const origin = options.origin ?? DEFAULT_ORIGIN;
  const call = async (path: string, body: unknown, token?: string) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(
      new Request(new URL(path, origin), { method: "POST", headers, body: JSON.stringify(body) }),
    );
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const one = async (): Promise<Shopper> => {
    const tokens = await call("/api/auth/oauthToken", { grant_type: "client_credentials" });
    const accessToken = String(tokens.access_token);
    const basket = await call(
      "/api/basket/retrieve",
      { storeId: options.storeId, fulfilmentMethod: options.fulfilmentMethod },
      accessToken,
    );
    return { accessToken, basketToken: String(basket.basketToken) };
  };
  const shoppers: Shopper[] = [];
  const parallel = options.parallel ?? 10;
  for (let i = 0; i < options.count; i += parallel) {
    shoppers.push(...(await Promise.all(Array.from({ length: Math.min(parallel, options.count - i) }, one))));
  }
  return shoppers;
}

/**
 * Every shopper asks for the same slot at once; counts what the platform answered. The benchmark and the
 * concurrency tests share it, so both measure the same thing.
 */
export async function runHoldStorm(options: {
  fetch: ApiFetch;
  shoppers: readonly Shopper[];
  target: HoldTarget;
  origin?: string;
}): Promise<HoldStormResult> {
  const url = new URL("/api/basket/reserveTimeSlot", options.origin ?? DEFAULT_ORIGIN);
  const result: HoldStormResult = { succeeded: 0, full: 0, failed: 0, ms: 0, failures: [] };
  const fail = (why: string) => {
    result.failed++;
    if (result.failures.length < 5) result.failures.push(why);
  };
  const started = performance.now();
  await Promise.all(
    options.shoppers.map(async (shopper) => {
      try {
        const res = await options.fetch(
          new Request(url, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${shopper.accessToken}` },
            body: JSON.stringify({ ...options.target, basketToken: shopper.basketToken }),
          }),
        );
        const body = (await res.json()) as { errorCode?: unknown; selectedSlot?: { start?: string } };
        if (res.status === 200 && body.selectedSlot?.start) result.succeeded++;
        else if (res.status === 409 && body.errorCode === "SLOT_FULL") result.full++;
        else fail(`${res.status} ${JSON.stringify(body)}`);
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
      }
    }),
  );
  result.ms = Math.round(performance.now() - started);
  return result;
}
