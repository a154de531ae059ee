import { rethrowIfUnavailable } from "~/models/error-page";
import { api, type Basket, type MenuItem } from "#contract";
import { SYSTEM_ERROR_MESSAGE } from "#contract/error-messages";
import {
  BASKET_CLEARED_MESSAGE,
  COUPON_ADDED_MESSAGE,
  ITEM_REMOVED_MESSAGE,
  QUANTITY_UPDATED_MESSAGE,
  TIP_UPDATED_MESSAGE,
  COUPON_REMOVED_MESSAGE,
  METHOD_MISMATCH_MESSAGE,
  NO_STORE_MESSAGE,
  QUANTITY_ERROR_MESSAGE,
  REMOVE_ERROR_MESSAGE,
  TIP_DELIVERY_ONLY_MESSAGE,
} from "~/models/basket";
import type { Logger } from "~/services/logger.server";
import type { Shopper } from "~/services/context";
import type { Toast } from "~/models/shopper";
import { PlatformError } from "~/services/platform-client.server";

/** Ours: the coupon form sent without a code. */
export const COUPON_CODE_REQUIRED_MESSAGE = "Enter a coupon code";

/** Top sellers not yet in the basket; a failure is logged (spec 1 §8 'Recommended items fetch error') and shows none. */
export async function recommendedFor(shopper: Shopper, basket: Basket, log: Logger): Promise<MenuItem[]> {
  try {
    const { topSellingItems } = await shopper.api.call(api.recommendedItems, {
      storeId: basket.storeId,
      basketToken: basket.basketToken,
      fulfilmentMethod: basket.fulfilmentMethod.type,
    });
    return topSellingItems.filter((item) => item.available);
  } catch (error) {
    log.warn("Recommended items fetch error", {
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
      storeId: basket.storeId,
      routeName: "basket",
    });
    return [];
  }
}

export type BasketIntent =
  "set-quantity" | "remove" | "apply-coupon" | "remove-coupon" | "tip" | "clear" | "spend-points";

export interface BasketOutcome {
  /** The basket as the platform now has it; null when the change failed before one came back. */
  basket: Basket | null;
  toast: Toast | null;
  /** A refusal tied to the coupon field (shown inline and in the error summary, never only as a toast). */
  couponError: { message: string; value: string } | null;
  /** A refusal tied to the loyalty points field, likewise. */
  pointsError?: { message: string; value: string } | null;
}

const ok = (basket: Basket, message: string | null): BasketOutcome => ({
  basket,
  toast: message ? { kind: "success", message } : null,
  couponError: null,
});
const failed = (message: string): BasketOutcome => ({
  basket: null,
  toast: { kind: "error", message },
  couponError: null,
});

function tokenOrThrow(shopper: Shopper): string {
  const token = shopper.session.get("basketToken");
  if (!token || !shopper.session.get("store")) throw new PlatformError(400, NO_STORE_MESSAGE);
  return token;
}

/** The platform's own words for an expected refusal; the spec's general message when the platform failed. */
function refusal(error: unknown, fallback: string, log: Logger, event: string): string {
  rethrowIfUnavailable(error);
  if (error instanceof PlatformError && error.status < 500) return error.message;
  log.error(event, { message: error instanceof Error ? error.message : String(error) });
  return fallback;
}

function remember(shopper: Shopper, basket: Basket): Basket {
  if (basket.basketToken !== shopper.session.get("basketToken")) shopper.session.set("basketToken", basket.basketToken);
  return basket;
}

/** A line's new quantity (absolute; 0 removes the line). */
export async function setLineQuantity(
  shopper: Shopper,
  log: Logger,
  basketLineId: string,
  quantity: number,
  idempotencyKey?: string,
): Promise<BasketOutcome> {
  if (quantity === 0) return removeLine(shopper, log, basketLineId, idempotencyKey);
  try {
    const basketToken = tokenOrThrow(shopper);
    const basket = await shopper.api.call(
      api.updateBasket,
      { basketToken, updates: { basketLines: [{ basketLineId, quantity }] } },
      idempotencyKey ? { idempotencyKey } : {},
    );
    return ok(remember(shopper, basket), QUANTITY_UPDATED_MESSAGE);
  } catch (error) {
    return failed(refusal(error, QUANTITY_ERROR_MESSAGE, log, "basket_quantity_failed"));
  }
}

export async function removeLine(
  shopper: Shopper,
  log: Logger,
  basketLineId: string,
  idempotencyKey?: string,
): Promise<BasketOutcome> {
  try {
    const basketToken = tokenOrThrow(shopper);
    const basket = await shopper.api.call(
      api.removeBasketItem,
      { basketToken, basketLineId },
      idempotencyKey ? { idempotencyKey } : {},
    );
    return ok(remember(shopper, basket), ITEM_REMOVED_MESSAGE);
  } catch (error) {
    return failed(refusal(error, REMOVE_ERROR_MESSAGE, log, "basket_remove_failed"));
  }
}

/**
 * Spec 2 §5: a coupon apply carries the bot check's token. The storefront has already checked its honeypot (the
 * basket action refuses a bot's post), so it vouches for a person: the built-in check's answer for an empty trap.
 */
const PERSON_VERIFY_TOKEN = "honeypot:";

export async function applyCoupon(
  shopper: Shopper,
  log: Logger,
  code: string,
  idempotencyKey?: string,
): Promise<BasketOutcome> {
  const value = code.trim();
  if (!value) return { basket: null, toast: null, couponError: { message: COUPON_CODE_REQUIRED_MESSAGE, value } };
  try {
    const basketToken = tokenOrThrow(shopper);
    const { basket } = await shopper.api.call(
      api.applyCoupon,
      { basketToken, verifyToken: PERSON_VERIFY_TOKEN, coupon: value },
      idempotencyKey ? { idempotencyKey } : {},
    );
    return ok(remember(shopper, basket), COUPON_ADDED_MESSAGE);
  } catch (error) {
    return {
      basket: null,
      toast: null,
      couponError: {
        message: refusal(error, SYSTEM_ERROR_MESSAGE, log, "coupon_apply_failed"),
        value,
      },
    };
  }
}

export async function removeCoupon(shopper: Shopper, log: Logger, idempotencyKey?: string): Promise<BasketOutcome> {
  try {
    const basketToken = tokenOrThrow(shopper);
    const basket = await shopper.api.call(api.removeCoupon, { basketToken }, idempotencyKey ? { idempotencyKey } : {});
    return ok(remember(shopper, basket), COUPON_REMOVED_MESSAGE);
  } catch (error) {
    return failed(refusal(error, SYSTEM_ERROR_MESSAGE, log, "coupon_remove_failed"));
  }
}

function isMethodMismatch(error: unknown): boolean {
  return error instanceof PlatformError && error.status === 409 && error.errorCode === "FULFILMENT_METHOD_MISMATCH";
}

/**
 * Spec 2 §4: tips are only sent for delivery. When the platform answers that the basket is not a delivery basket
 * (it fell out of step with the session), the basket is refreshed for the session's method and the tip sent once
 * more under its own key (the first key would replay the stored refusal).
 */
export async function updateTip(
  shopper: Shopper,
  log: Logger,
  amount: number,
  idempotencyKey?: string,
): Promise<BasketOutcome> {
  if ((shopper.session.get("fulfilmentMethod") ?? "delivery") !== "delivery") return failed(TIP_DELIVERY_ONLY_MESSAGE);
  const send = (basketToken: string, key?: string) =>
    shopper.api.call(
      api.updateTip,
      { basketToken, tip: { type: "driver", amount } },
      key ? { idempotencyKey: key } : {},
    );
  try {
    const basketToken = tokenOrThrow(shopper);
    try {
      return ok(remember(shopper, await send(basketToken, idempotencyKey)), TIP_UPDATED_MESSAGE);
    } catch (error) {
      if (!isMethodMismatch(error)) throw error;
      const store = shopper.session.get("store")!;
      const refreshed = remember(
        shopper,
        await shopper.api.call(api.retrieveBasket, { storeId: store.id, fulfilmentMethod: "delivery", basketToken }),
      );
      try {
        return ok(
          remember(shopper, await send(refreshed.basketToken, idempotencyKey ? `${idempotencyKey}-retry` : undefined)),
          TIP_UPDATED_MESSAGE,
        );
      } catch (retryError) {
        if (isMethodMismatch(retryError)) return failed(METHOD_MISMATCH_MESSAGE);
        throw retryError;
      }
    }
  } catch (error) {
    return failed(refusal(error, SYSTEM_ERROR_MESSAGE, log, "tip_update_failed"));
  }
}

export async function clearBasket(shopper: Shopper, log: Logger, idempotencyKey?: string): Promise<BasketOutcome> {
  try {
    const basketToken = tokenOrThrow(shopper);
    const basket = await shopper.api.call(api.clearBasket, { basketToken }, idempotencyKey ? { idempotencyKey } : {});
    return ok(remember(shopper, basket), BASKET_CLEARED_MESSAGE);
  } catch (error) {
    return failed(refusal(error, SYSTEM_ERROR_MESSAGE, log, "basket_clear_failed"));
  }
}

/** Ours: the points field held something other than a whole number. */
export const POINTS_NUMBER_MESSAGE = "Enter the number of points to use, like 100";

/** The points field as typed: a whole number from 0 up, or null. */
export function parsePoints(raw: string): number | null {
  const value = raw.trim().replace(/,/g, "");
  if (!/^\d{1,7}$/.test(value)) return null;
  const points = Number(value);
  return points <= 1_000_000 ? points : null;
}

/**
 * Spends the member's loyalty points on the basket (0 stops spending them): the platform's answer says what happened
 * (a toast); a refusal (no scheme, too few points, outside the limits, basket too small) goes on the field.
 */
export async function spendPoints(
  shopper: Shopper,
  log: Logger,
  raw: string,
  idempotencyKey?: string,
): Promise<BasketOutcome> {
  const value = raw.trim();
  const points = parsePoints(value);
  const onField = (message: string): BasketOutcome => ({
    basket: null,
    toast: null,
    couponError: null,
    pointsError: { message, value },
  });
  if (points === null) return onField(POINTS_NUMBER_MESSAGE);
  try {
    const basketToken = tokenOrThrow(shopper);
    const answer = await shopper.api.call(
      api.basketLoyaltySpend,
      { basketToken, points },
      idempotencyKey ? { idempotencyKey } : {},
    );
    return ok(remember(shopper, answer.basket), answer.message);
  } catch (error) {
    return onField(refusal(error, SYSTEM_ERROR_MESSAGE, log, "loyalty_spend_failed"));
  }
}
