import { data } from "react-router";
import { api, type OrderSummary } from "#contract";
import { notFoundMessage } from "~/models/error-page";
import type { Shopper } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";

/** What a status token looks like: anything else is no order's. */
export const STATUS_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * An order by the unguessable token of its status page. Anything that is not an order's token — a guessed order
 * number included — is the 404 page, so the page never tells whether an order exists.
 */
export async function orderByStatusToken(shopper: Shopper, token: string, path: string): Promise<OrderSummary> {
  if (!STATUS_TOKEN.test(token)) throw data(notFoundMessage(path), { status: 404 });
  try {
    return await shopper.api.call(api.getOrderStatus, { statusToken: token });
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) throw data(notFoundMessage(path), { status: 404 });
    throw error;
  }
}
