import { createHmac } from "node:crypto";
import { api, BASKET_MESSAGES, type StoreDetails } from "#contract";
import { servedMethod } from "#contract/store-rules";
import type { DeepLink } from "~/models/deep-link";
import type { FulfilmentMethod, ShopperLocation } from "~/models/shopper";
import type { Shopper } from "~/services/context";
import type { Logger } from "~/services/logger.server";
import { PlatformError } from "~/services/platform-client.server";
import { hasLocation, locationInput } from "~/shopper/store-selection.server";
import { addToBasket, findItem } from "./add.server";
import { sessionBasket } from "~/shopper/basket.server";
import { applyCoupon } from "./basket.server";

/**
 * What opening a link leads to (issue 20 item 2; spec 2 §4 "Deep links", §8 "Deep-link errors"), decided on the
 * server from the link and the shopper's session:
 * - `unrecoverable`: the link cannot be used (unreadable, changed, expired, or its store is gone): Dismiss only;
 * - `search`: no location is known yet (STORE_SEARCH_REQUIRED): a postcode search that comes back to the link;
 * - `incompatible`: the basket is at another store, or the link's store does not serve the shopper's location
 *   (INCOMPATIBLE_STORE): Continue clears the basket;
 * - `overwrite`: the link replaces a basket with items in it: Continue or cancel;
 * - `confirm`: the link adds to a basket that is not new and empty (items in it, a coupon on it, or a member's):
 *   Continue or cancel, since opening a link must not change such a basket;
 * - `ready`: a new, empty guest basket (or none yet) at a store that serves the shopper: the link fills it at once.
 */
export type Landing =
  | { state: "unrecoverable"; problem: "unreadable" | "tampered" | "expired" | "store-gone" }
  | { state: "search" }
  | { state: "incompatible"; reason: "not-served"; storeName: string; basketStoreName: string | null; place: string }
  | {
      state: "incompatible";
      reason: "other-store";
      storeName: string;
      basketStoreName: string;
      place: string;
      target: FillTarget;
    }
  | { state: "overwrite"; storeName: string; itemCount: number; target: FillTarget }
  | { state: "confirm"; storeName: string; itemCount: number; target: FillTarget }
  | { state: "ready"; storeName: string; itemCount: number; target: FillTarget };

/** The store as it serves the shopper's location, and the method the basket will be for. */
export interface FillTarget {
  details: StoreDetails;
  method: FulfilmentMethod;
}

function placeOf(location: ShopperLocation): string {
  return location.postcode ?? location.address ?? "your location";
}

/** Where a link leads for this shopper now. Reads only: nothing in the session or the basket changes. */
export async function planLanding(shopper: Shopper, link: DeepLink): Promise<Landing> {
  const location = shopper.session.get("location");
  if (!hasLocation(location)) return { state: "search" };
  let details: StoreDetails;
  try {
    details = await shopper.api.call(api.selectStore, { storeId: link.storeId, ...locationInput(location) });
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404)
      return { state: "unrecoverable", problem: "store-gone" };
    throw error;
  }
  const storeName = details.storeName;
  // The platform's own rule (deepLinkAction), preferring the shopper's current method.
  const method = servedMethod(details.orderMethods, link.method, shopper.session.get("fulfilmentMethod") ?? "delivery");
  const current = shopper.session.get("store");
  const basket = current ? await sessionBasket(shopper) : null;
  const itemCount = basket?.totalItemsQuantity ?? 0;
  const basketStoreName = current && current.id !== link.storeId && itemCount > 0 ? current.name : null;
  if (!method)
    return { state: "incompatible", reason: "not-served", storeName, basketStoreName, place: placeOf(location) };
  const target = { details, method };
  if (basketStoreName)
    return {
      state: "incompatible",
      reason: "other-store",
      storeName,
      basketStoreName,
      place: placeOf(location),
      target,
    };
  if (itemCount > 0)
    return link.clear
      ? { state: "overwrite", storeName, itemCount, target }
      : { state: "confirm", storeName, itemCount, target };
  const member = shopper.session.get("auth")?.strategy === "member";
  if (member || (basket?.coupon && current?.id === link.storeId))
    return { state: "confirm", storeName, itemCount, target };
  return { state: "ready", storeName, itemCount, target };
}

export interface LinkNotAdded {
  name: string;
  quantity: number;
  reason: string;
}

export interface LinkFilled {
  added: number;
  notAdded: LinkNotAdded[];
  /** The coupon's outcome: applied, or the platform's refusal in its own words. */
  coupon: { code: string; applied: boolean; message: string } | null;
}

/** A fresh idempotency key per step of one fill: a retried step replays its answer, a new fill is a new one. */
function stepKey(fill: string, step: string): string {
  return createHmac("sha256", fill).update(step).digest("base64url");
}

/**
 * Does what the link says, for a shopper whose landing is `ready`, or who pressed Continue: the store is selected
 * (for the method that serves them), the basket emptied when the link or the shopper's choice says so, the items
 * added one by one (each refusal named, the rest still added) and the coupon applied. `fillKey` makes the steps'
 * idempotency keys: the Continue form carries one, so a double press adds nothing twice.
 */
export async function fillFromLink(
  shopper: Shopper,
  log: Logger,
  link: DeepLink,
  target: FillTarget & { clear: boolean; fillKey: string },
): Promise<LinkFilled> {
  const { details, method, fillKey } = target;
  const previous = shopper.session.get("store");
  const basketToken = shopper.session.get("basketToken");
  // The platform prepares the basket at the link's store (spec 2 §7 deepLinkAction): the other store's basket is
  // emptied on Continue over the incompatible-store warning, this store's when the link replaces the basket, and the
  // link's campaign is kept on it for the order.
  const { basket } = await shopper.api.call(
    api.iterableDeepLinkAction,
    {
      storeId: link.storeId,
      basketToken: basketToken ?? null,
      clearStore: target.clear || (previous !== undefined && previous.id !== link.storeId),
      fulfilmentMethod: method,
      ...locationInput(shopper.session.get("location")),
      campaign: link.campaign,
    },
    { idempotencyKey: stepKey(fillKey, "prepare") },
  );
  shopper.session.set("store", { id: details.id, slug: details.slug, name: details.storeName });
  shopper.session.set("basketToken", basket.basketToken);
  shopper.session.set("fulfilmentMethod", method);
  if (link.uid) {
    // The tool's identity for the subscriber, kept with the basket (and a member's account) for attribution.
    await shopper.api.call(
      api.iterableIdentifier,
      { sessionToken: link.uid, basketToken: basket.basketToken },
      { idempotencyKey: stepKey(fillKey, "identify") },
    );
  }

  let added = 0;
  const notAdded: LinkNotAdded[] = [];
  for (const [index, item] of link.items.entries()) {
    const key = stepKey(fillKey, `item-${index}`);
    const outcome = await addToBasket(shopper, {
      menuItemId: item.menuItemId,
      quantity: item.quantity,
      sizeId: item.sizeId,
      options: item.options,
      basketLineId: key.slice(0, 32),
      idempotencyKey: key,
      bannerAdvertId: null,
      redirectTo: "/basket",
    });
    if (outcome.kind === "added") {
      added += item.quantity;
      continue;
    }
    const known =
      outcome.kind === "invalid"
        ? outcome.item
        : outcome.kind === "age"
          ? null
          : await findItem(shopper, link.storeId, item.menuItemId, method);
    const name = outcome.kind === "age" ? outcome.record.itemName : (known?.name ?? UNKNOWN_ITEM_NAME);
    const reason =
      outcome.kind === "invalid"
        ? outcome.errors[0]!.message
        : outcome.kind === "age"
          ? AGE_CHECK_REASON
          : known && known.available
            ? outcome.message
            : BASKET_MESSAGES.itemUnavailable;
    notAdded.push({ name, quantity: item.quantity, reason });
  }

  let coupon: LinkFilled["coupon"] = null;
  if (link.coupon) {
    const outcome = await applyCoupon(shopper, log, link.coupon, stepKey(fillKey, "coupon"));
    coupon = outcome.basket
      ? { code: link.coupon, applied: true, message: outcome.toast?.message ?? "Coupon applied" }
      : {
          code: link.coupon,
          applied: false,
          message: outcome.couponError?.message ?? outcome.toast?.message ?? "The coupon could not be applied.",
        };
  }
  return { added, notAdded, coupon };
}

/** An item the menu no longer has at all, so its name is not known any more. */
export const UNKNOWN_ITEM_NAME = "An item from the offer";
/** Ours: an age-restricted item waits for the shopper's own answer to the age question on its page. */
export const AGE_CHECK_REASON = "It needs an age check: add it from the menu.";

/** One line for the basket page's toast: what the link did. */
export function filledMessage(filled: LinkFilled): { kind: "success" | "info"; message: string } {
  const parts: string[] = [];
  if (filled.added > 0)
    parts.push(`${filled.added} ${filled.added === 1 ? "item" : "items"} from your link added to your basket.`);
  else if (filled.notAdded.length > 0) parts.push("Nothing from your link could be added.");
  if (filled.coupon)
    parts.push(
      filled.coupon.applied
        ? `Coupon ${filled.coupon.code} applied.`
        : `Coupon ${filled.coupon.code} not applied: ${filled.coupon.message}`,
    );
  const clean = filled.notAdded.length === 0 && (!filled.coupon || filled.coupon.applied);
  return { kind: clean ? "success" : "info", message: parts.join(" ") || "Your basket is ready." };
}
