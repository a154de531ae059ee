import { and, eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { BASKET_MESSAGES, type Basket } from "../contract";
import type { Db } from "../db/open";
import { baskets, storeOrderMethods, stores } from "../db/schema";
import { ApiError } from "../errors";
import { withIdempotency } from "../idempotency";
import type { AuthInfo, RequestContext } from "../router";
import { releaseHold, selectedSlotOf } from "../slots/holds-store";

export type Method = "delivery" | "collection";
type BasketRow = typeof baskets.$inferSelect;
type MethodRow = typeof storeOrderMethods.$inferSelect;

export const STORE_NOT_FOUND = "Store not found.";

/** 32 random bytes, base64url: unguessable, and safe in a cookie or a URL as it stands. */
export function newBasketToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * A basket answers only to the session that made it, or to the member it belongs to: a token that leaked
 * (a shared link, a copied cookie) must not open someone else's basket.
 */
export function ownsBasket(basket: Pick<BasketRow, "ownerFamily" | "memberId">, auth: { family: string; memberId: number | null }): boolean {
  if (basket.ownerFamily === auth.family) return true;
  return auth.memberId !== null && basket.memberId === auth.memberId;
}

/**
 * The fee for a fulfilment method as the basket stands. A store without the method (or with it switched
 * off) charges nothing here: whether the method can be used at all is the store's status, not a fee.
 */
export function fulfilmentCharge(method: Pick<MethodRow, "enabled" | "costPence" | "freeFromPence" | "minSpendPence"> | undefined, subtotalPence: number) {
  if (!method || !method.enabled) return { cost: 0, freeFrom: null, minSpend: 0 };
  const waived = method.freeFromPence !== null && subtotalPence >= method.freeFromPence;
  return { cost: waived ? 0 : method.costPence, freeFrom: method.freeFromPence, minSpend: method.minSpendPence };
}

async function loadBasket(db: Db, token: string): Promise<BasketRow | undefined> {
  const [row] = await db.select().from(baskets).where(eq(baskets.token, token));
  return row;
}

/**
 * The basket as the contract shows it at `now`: its slot is its live hold, and the method's time is that
 * slot's start. Lines, discounts and coupons join it in later issues.
 */
export async function renderBasket(db: Db, basket: BasketRow, now: Date): Promise<Basket> {
  // One after the other: `db` may be a transaction, which runs one statement at a time.
  const [method] = await db
    .select()
    .from(storeOrderMethods)
    .where(and(eq(storeOrderMethods.storeId, basket.storeId), eq(storeOrderMethods.method, basket.fulfilmentMethod)));
  const selectedSlot = await selectedSlotOf(db, basket, now);
  const subtotal = 0;
  const charge = fulfilmentCharge(method, subtotal);
  const tip = 0;
  return {
    basketToken: basket.token,
    storeId: basket.storeId,
    items: [],
    savings: 0,
    promotions: [],
    missedPromotions: [],
    missedMembershipPriceDiscount: 0,
    acceptedAge: basket.acceptedAge,
    maxBasketItems: method?.maxBasketItems ?? 0,
    loyaltyPoints: {
      accumulatedPoints: 0,
      currencyToPointsRatio: 1,
      deductCost: 0,
      loyaltyOrdersToBeEarned: 0,
      loyaltyPointsName: "points",
      loyaltyReferRewardAccumulated: 0,
      loyaltySystem: "points",
      maximumPointsSpend: 0,
      minimumBasketValue: 0,
      minimumPointsSpend: 0,
      pointsToBeEarned: 0,
      pointsToCurrencyRatio: 0,
    },
    loyalty: null,
    addresses: [],
    fulfilmentMethod: {
      type: basket.fulfilmentMethod,
      datetime: selectedSlot?.start ?? null,
      freeFrom: charge.freeFrom,
      minSpend: charge.minSpend,
      zoneFreeDeliveryMessage: null,
      cost: charge.cost,
    },
    fees: [{ code: basket.fulfilmentMethod === "delivery" ? "DELIVERY" : "COLLECTION", amount: charge.cost }],
    orderSubtotal: subtotal,
    orderSubtotalAfterDiscounts: subtotal,
    orderTotal: subtotal + charge.cost + tip,
    totalItemsQuantity: 0,
    coupon: null,
    tips: { type: "driver", amount: tip },
    selectedSlot,
  };
}

export interface RetrieveInput {
  storeId: number;
  fulfilmentMethod: Method;
  basketToken?: string | null;
}

/**
 * The caller's basket for the store, created on demand (spec 2 §4: with no basket token, one is initialised
 * before any basket action). A token that is unknown, belongs to another session or is for another store
 * gets a new basket rather than an error: the storefront then simply keeps the new token.
 */
export async function retrieveBasket(ctx: RequestContext, input: RetrieveInput): Promise<Basket> {
  const auth = ctx.auth;
  if (!auth) throw new ApiError(401, "A guest or member token is required");
  const [store] = await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.id, input.storeId));
  if (!store) throw new ApiError(404, STORE_NOT_FOUND);

  const existing = input.basketToken ? await loadBasket(ctx.db, input.basketToken) : undefined;
  if (existing && ownsBasket(existing, auth) && existing.storeId === input.storeId) {
    const now = ctx.clock.now();
    if (existing.fulfilmentMethod === input.fulfilmentMethod) return renderBasket(ctx.db, existing, now);
    const updated = await ctx.db.transaction((tx) => switchMethod(tx, existing, input.fulfilmentMethod, now));
    return renderBasket(ctx.db, updated, now);
  }

  // Only the creation needs the idempotency key: a retried create must not leave the shopper with two
  // baskets and the first one's token lost. The stored answer is the token; the basket is read afresh.
  const created = await withIdempotency(ctx, "basket.retrieve", input, async (tx) => {
    const now = ctx.clock.now();
    const token = newBasketToken();
    await tx.insert(baskets).values({
      token,
      storeId: input.storeId,
      fulfilmentMethod: input.fulfilmentMethod,
      ownerFamily: auth.family,
      memberId: auth.memberId,
      createdAt: now,
      updatedAt: now,
    });
    return { basketToken: token };
  });
  const basket = await loadBasket(ctx.db, created.basketToken);
  if (!basket) {
    throw new ApiError(409, "This basket is no longer available. Please try again.", { errorCode: "BASKET_GONE" });
  }
  return renderBasket(ctx.db, basket, ctx.clock.now());
}

/** Slots are per method: a basket that changes method gives its place back. */
async function switchMethod(db: Db, basket: BasketRow, fulfilmentMethod: Method, now: Date): Promise<BasketRow> {
  const [updated] = await db
    .update(baskets)
    .set({ fulfilmentMethod, updatedAt: now })
    .where(eq(baskets.token, basket.token))
    .returning();
  await releaseHold(db, basket.token);
  return updated ?? { ...basket, fulfilmentMethod, updatedAt: now };
}

/**
 * The caller's basket, locked for the rest of the transaction so that changes to one basket (a method switch,
 * a slot choice) happen one after another. Unknown: 404; another session's: 403.
 */
export async function lockOwnedBasket(db: Db, token: string, auth: Pick<AuthInfo, "family" | "memberId">): Promise<BasketRow> {
  const [basket] = await db.select().from(baskets).where(eq(baskets.token, token)).for("update");
  if (!basket) throw new ApiError(404, BASKET_MESSAGES.notFound);
  if (!ownsBasket(basket, auth)) throw new ApiError(403, BASKET_MESSAGES.otherSession);
  return basket;
}

export interface UpdateInput {
  basketToken: string;
  fulfilmentMethod?: Method;
}

/**
 * Spec 2 §4: switching fulfilment method swaps the basket's method. The store must offer the method (a row,
 * enabled); otherwise 409 with the spec's 'We cannot swap fulfilment method at the moment'. Open or closed
 * right now does not matter: the slot listing and checkout judge that.
 */
export async function updateBasket(ctx: RequestContext, input: UpdateInput): Promise<Basket> {
  const auth = ctx.auth;
  if (!auth) throw new ApiError(401, "A guest or member token is required");
  return withIdempotency(ctx, "basket.update", input, async (tx) => {
    const now = ctx.clock.now();
    const basket = await lockOwnedBasket(tx, input.basketToken, auth);
    const wanted = input.fulfilmentMethod;
    if (wanted === undefined || wanted === basket.fulfilmentMethod) return renderBasket(tx, basket, now);
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
    return renderBasket(tx, await switchMethod(tx, basket, wanted, now), now);
  });
}
