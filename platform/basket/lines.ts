import { and, eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { BASKET_MESSAGES, type Basket } from "../contract";
import type { Db } from "../db/open";
import { basketLines, menuItems, storeOrderMethods, stores } from "../db/schema";
import { ApiError } from "../errors";
import { withIdempotency } from "../idempotency";
import type { RequestContext } from "../context";
import {
  linesOf,
  lockOwnedBasket,
  renderBasket,
  requireAuth,
  saveBasket,
  switchMethod,
  type BasketLineRow,
  type BasketRow,
  type Method,
} from "./basket";
import { canonicalOptionIds, resolveChoice } from "./pricing";

/** The most of one line: the contract's own bound on a quantity. */
export const MAX_LINE_QUANTITY = 99;

type ItemRow = typeof menuItems.$inferSelect;

export interface MenuItemChoice {
  menuItemId: number;
  quantity: number;
  sizeId?: number | null;
  options?: number[];
}

export interface FulfilmentLocationInput {
  postcode?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

type StoredLocation = { postcode: string | null; lat: number; lng: number };

/**
 * Where the order goes, for pricing delivery by distance. Coordinates win; a postcode alone is geocoded.
 * Geocoding runs before the basket's transaction (the embedded geocoder reads the database itself), and a
 * postcode that cannot be placed leaves the stored location as it was: the add itself must not fail for it.
 */
async function resolveLocation(
  ctx: RequestContext,
  input: FulfilmentLocationInput | null | undefined,
): Promise<StoredLocation | null> {
  if (!input) return null;
  const postcode = input.postcode?.trim().toUpperCase() || null;
  if (input.latitude != null && input.longitude != null) return { postcode, lat: input.latitude, lng: input.longitude };
  if (!postcode) return null;
  try {
    const found = await ctx.location.geocode(postcode);
    return found ? { postcode: found.postcode, lat: found.latitude, lng: found.longitude } : null;
  } catch (error) {
    ctx.log.warn("basket.geocode_failed", { error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

const itemUnavailable = () =>
  new ApiError(404, BASKET_MESSAGES.itemUnavailable, {
    errorCode: "ITEM_UNAVAILABLE",
    errorDisplay: BASKET_MESSAGES.itemUnavailable,
  });

/**
 * The item, checked as the basket can take it: on the store's menu and sold for the method (404), in a size
 * and with options the item allows (400), and not age-restricted beyond the basket's accepted age (403, with
 * the item's age in the body as `ageRestriction`).
 */
export async function checkedChoice(
  db: Db,
  basket: BasketRow,
  choice: MenuItemChoice,
): Promise<{ item: ItemRow; sizeId: number | null; optionIds: number[] }> {
  const [store] = await db
    .select({ menuGroupId: stores.menuGroupId })
    .from(stores)
    .where(eq(stores.id, basket.storeId));
  if (!store?.menuGroupId) throw itemUnavailable();
  const [item] = await db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.id, choice.menuItemId), eq(menuItems.menuGroupId, store.menuGroupId)));
  if (!item) throw itemUnavailable();
  if (!(basket.fulfilmentMethod === "delivery" ? item.availableForDelivery : item.availableForCollection))
    throw itemUnavailable();

  const sizeId = choice.sizeId ?? null;
  const optionIds = canonicalOptionIds(choice.options ?? []);
  const resolved = resolveChoice(item, sizeId, optionIds);
  if (!resolved.ok) {
    throw new ApiError(400, `This choice does not fit the item: ${resolved.reason}.`, {
      errorCode: "INVALID_CHOICE",
      errorDisplay: BASKET_MESSAGES.invalidChoice,
    });
  }
  const age = item.ageRestriction;
  if (age !== null && (basket.acceptedAge === null || basket.acceptedAge < age)) {
    const message = BASKET_MESSAGES.ageRestricted.replace("{age}", String(age));
    throw new ApiError(403, message, {
      errorCode: "AGE_RESTRICTED",
      errorDisplay: message,
      details: { ageRestriction: age },
    });
  }
  return { item, sizeId, optionIds };
}

/**
 * The store's maximum total quantity for the basket's method (0: none). Only growth is refused, so a basket
 * already over a maximum the store lowered can still be brought down.
 */
export async function checkMaxItems(db: Db, basket: BasketRow, before: number, after: number): Promise<void> {
  if (after <= before) return;
  const [method] = await db
    .select({ maxBasketItems: storeOrderMethods.maxBasketItems })
    .from(storeOrderMethods)
    .where(and(eq(storeOrderMethods.storeId, basket.storeId), eq(storeOrderMethods.method, basket.fulfilmentMethod)));
  const max = method?.maxBasketItems ?? 0;
  if (max > 0 && after > max) {
    const message = BASKET_MESSAGES.maxItems.replace("{max}", String(max)).replace("{method}", basket.fulfilmentMethod);
    throw new ApiError(409, message, { errorCode: "MAX_BASKET_ITEMS", errorDisplay: message });
  }
}

export function checkLineQuantity(quantity: number): void {
  if (quantity > MAX_LINE_QUANTITY) {
    const message = BASKET_MESSAGES.lineQuantityMax.replace("{max}", String(MAX_LINE_QUANTITY));
    throw new ApiError(409, message, { errorCode: "LINE_QUANTITY_MAX", errorDisplay: message });
  }
}

const lineNotFound = () =>
  new ApiError(404, BASKET_MESSAGES.lineNotFound, {
    errorCode: "LINE_NOT_FOUND",
    errorDisplay: BASKET_MESSAGES.lineNotFound,
  });

export const sameChoice = (
  line: BasketLineRow,
  menuItemId: number,
  sizeId: number | null,
  optionIds: readonly number[],
) =>
  line.menuItemId === menuItemId &&
  line.sizeId === sizeId &&
  line.optionIds.length === optionIds.length &&
  canonicalOptionIds(line.optionIds).every((id, i) => id === optionIds[i]);

export const totalQuantity = (lines: readonly BasketLineRow[]) => lines.reduce((n, l) => n + l.quantity, 0);

export const lineKey = (basketToken: string, lineId: string) =>
  and(eq(basketLines.basketToken, basketToken), eq(basketLines.lineId, lineId));

export function newLineId(): string {
  return randomBytes(9).toString("base64url");
}

async function withLocation(db: Db, basket: BasketRow, location: StoredLocation | null, now: Date): Promise<BasketRow> {
  return saveBasket(
    db,
    basket,
    location ? { postcode: location.postcode, lat: location.lat, lng: location.lng } : {},
    now,
  );
}

// ---------------------------------------------------------------------------------------------------------
// item/add, item/update, item/remove
// ---------------------------------------------------------------------------------------------------------

export interface AddItemInput {
  storeId: number;
  fulfilmentMethod: Method;
  basketToken: string;
  basketLineId?: string;
  menuItem: MenuItemChoice;
  bannerAdvertId?: number | null;
  fulfilmentLocation?: FulfilmentLocationInput | null;
}

/**
 * Adds an item (spec 2 §7). The same item, size and options join the line that already has them; otherwise
 * a new line under the given id (or a random one). An id already used for another choice is refused (409).
 */
export async function addItem(ctx: RequestContext, input: AddItemInput): Promise<Basket> {
  const auth = requireAuth(ctx);
  const location = await resolveLocation(ctx, input.fulfilmentLocation);
  return withIdempotency(ctx, "basket.item.add", input, async (tx) => {
    const now = ctx.clock.now();
    const basket = await lockOwnedBasket(tx, input.basketToken, auth);
    if (basket.storeId !== input.storeId)
      throw new ApiError(409, BASKET_MESSAGES.otherStore, { errorCode: "STORE_MISMATCH" });
    if (basket.fulfilmentMethod !== input.fulfilmentMethod) {
      throw new ApiError(409, BASKET_MESSAGES.methodMismatch, { errorCode: "FULFILMENT_METHOD_MISMATCH" });
    }
    const { sizeId, optionIds } = await checkedChoice(tx, basket, input.menuItem);
    const lines = await linesOf(tx, basket.token);
    const before = totalQuantity(lines);
    await checkMaxItems(tx, basket, before, before + input.menuItem.quantity);

    const same = lines.find((l) => sameChoice(l, input.menuItem.menuItemId, sizeId, optionIds));
    if (same) {
      const quantity = same.quantity + input.menuItem.quantity;
      checkLineQuantity(quantity);
      await tx.update(basketLines).set({ quantity }).where(lineKey(basket.token, same.lineId));
    } else {
      const lineId = input.basketLineId ?? newLineId();
      if (lines.some((l) => l.lineId === lineId)) {
        throw new ApiError(409, BASKET_MESSAGES.lineIdTaken, {
          errorCode: "LINE_ID_TAKEN",
          errorDisplay: BASKET_MESSAGES.lineIdTaken,
        });
      }
      await tx.insert(basketLines).values({
        basketToken: basket.token,
        lineId,
        menuItemId: input.menuItem.menuItemId,
        sizeId,
        optionIds,
        quantity: input.menuItem.quantity,
        bannerAdvertId: input.bannerAdvertId ?? null,
        createdAt: now,
      });
    }
    return renderBasket(tx, await withLocation(tx, basket, location, now), now, auth);
  });
}

export interface UpdateItemInput {
  basketToken: string;
  basketLineId: string;
  menuItem: MenuItemChoice;
  fulfilmentLocation?: FulfilmentLocationInput | null;
}

/**
 * Replaces a line's choice and quantity, with the same checks as an add. When the new choice is that of
 * another line, the two become one (this line, with both quantities).
 */
export async function updateItem(ctx: RequestContext, input: UpdateItemInput): Promise<Basket> {
  const auth = requireAuth(ctx);
  const location = await resolveLocation(ctx, input.fulfilmentLocation);
  return withIdempotency(ctx, "basket.item.update", input, async (tx) => {
    const now = ctx.clock.now();
    const basket = await lockOwnedBasket(tx, input.basketToken, auth);
    const lines = await linesOf(tx, basket.token);
    const line = lines.find((l) => l.lineId === input.basketLineId);
    if (!line) throw lineNotFound();
    const { sizeId, optionIds } = await checkedChoice(tx, basket, input.menuItem);
    const before = totalQuantity(lines);
    await checkMaxItems(tx, basket, before, before - line.quantity + input.menuItem.quantity);

    const other = lines.find((l) => l !== line && sameChoice(l, input.menuItem.menuItemId, sizeId, optionIds));
    const quantity = input.menuItem.quantity + (other?.quantity ?? 0);
    checkLineQuantity(quantity);
    if (other) await tx.delete(basketLines).where(lineKey(basket.token, other.lineId));
    await tx
      .update(basketLines)
      .set({ menuItemId: input.menuItem.menuItemId, sizeId, optionIds, quantity })
      .where(lineKey(basket.token, line.lineId));
    return renderBasket(tx, await withLocation(tx, basket, location, now), now, auth);
  });
}

export async function removeItem(
  ctx: RequestContext,
  input: { basketToken: string; basketLineId: string },
): Promise<Basket> {
  const auth = requireAuth(ctx);
  return withIdempotency(ctx, "basket.item.remove", input, async (tx) => {
    const now = ctx.clock.now();
    const basket = await lockOwnedBasket(tx, input.basketToken, auth);
    const removed = await tx
      .delete(basketLines)
      .where(lineKey(basket.token, input.basketLineId))
      .returning({ lineId: basketLines.lineId });
    if (removed.length === 0) throw lineNotFound();
    return renderBasket(tx, await saveBasket(tx, basket, {}, now), now, auth);
  });
}

// ---------------------------------------------------------------------------------------------------------
// update, clear
// ---------------------------------------------------------------------------------------------------------

export interface UpdateInput {
  basketToken: string;
  fulfilmentMethod?: Method;
  updates?: {
    basketLines?: { basketLineId: string; quantity: number }[];
    attributes?: { acceptedAge?: number };
  };
}

/**
 * Changes the basket as a whole, all or nothing: the confirmed age first, then the method, then line
 * quantities (0 removes the line; an unknown line refuses the whole change with 404).
 *
 * Spec 2 §4: switching fulfilment method swaps the basket's method. The store must offer the method (a row,
 * enabled); otherwise 409 with the spec's 'We cannot swap fulfilment method at the moment'. Open or closed
 * right now does not matter: the slot listing and checkout judge that. Lines the new method does not sell
 * stay, with an ITEM_UNAVAILABLE conflict.
 */
export async function updateBasket(ctx: RequestContext, input: UpdateInput): Promise<Basket> {
  const auth = requireAuth(ctx);
  return withIdempotency(ctx, "basket.update", input, async (tx) => {
    const now = ctx.clock.now();
    let basket = await lockOwnedBasket(tx, input.basketToken, auth);

    const acceptedAge = input.updates?.attributes?.acceptedAge;
    if (acceptedAge !== undefined) basket = await saveBasket(tx, basket, { acceptedAge }, now);

    const wanted = input.fulfilmentMethod;
    if (wanted !== undefined && wanted !== basket.fulfilmentMethod) {
      const [method] = await tx
        .select({ enabled: storeOrderMethods.enabled })
        .from(storeOrderMethods)
        .where(and(eq(storeOrderMethods.storeId, basket.storeId), eq(storeOrderMethods.method, wanted)));
      if (!method?.enabled) {
        throw new ApiError(409, `This store does not offer ${wanted} at the moment.`, {
          errorCode: "FULFILMENT_METHOD_UNAVAILABLE",
          errorDisplay: BASKET_MESSAGES.cannotSwapMethod,
        });
      }
      basket = await switchMethod(tx, basket, wanted, now);
    }

    const changes = input.updates?.basketLines ?? [];
    if (changes.length > 0) {
      const lines = await linesOf(tx, basket.token);
      const quantities = new Map(lines.map((l) => [l.lineId, l.quantity]));
      for (const change of changes) {
        if (!quantities.has(change.basketLineId)) throw lineNotFound();
        quantities.set(change.basketLineId, change.quantity);
      }
      const before = totalQuantity(lines);
      await checkMaxItems(
        tx,
        basket,
        before,
        [...quantities.values()].reduce((n, q) => n + q, 0),
      );
      for (const line of lines) {
        const quantity = quantities.get(line.lineId)!;
        if (quantity === line.quantity) continue;
        if (quantity === 0) await tx.delete(basketLines).where(lineKey(basket.token, line.lineId));
        else await tx.update(basketLines).set({ quantity }).where(lineKey(basket.token, line.lineId));
      }
      basket = await saveBasket(tx, basket, {}, now);
    }
    return renderBasket(tx, basket, now, auth);
  });
}

/**
 * Empties the basket: its lines, coupon and tip go. The method, the held slot, the location and the confirmed
 * age stay: they describe the shopper's order, not its contents.
 */
export async function clearBasket(ctx: RequestContext, input: { basketToken: string }): Promise<Basket> {
  const auth = requireAuth(ctx);
  return withIdempotency(ctx, "basket.clear", input, async (tx) => {
    const now = ctx.clock.now();
    const basket = await lockOwnedBasket(tx, input.basketToken, auth);
    await tx.delete(basketLines).where(eq(basketLines.basketToken, basket.token));
    return renderBasket(tx, await saveBasket(tx, basket, { couponCode: null, tipPence: 0 }, now), now, auth);
  });
}
