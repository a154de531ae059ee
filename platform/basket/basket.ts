import { and, eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Basket } from "../contract";
import type { Db } from "../db/open";
import { baskets, storeOrderMethods, stores } from "../db/schema";
import { ApiError } from "../errors";
import { withIdempotency } from "../idempotency";
import type { RequestContext } from "../router";

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

/** The basket as the contract shows it. Lines, discounts, coupons and slots join it in later issues. */
export async function renderBasket(db: Db, basket: BasketRow): Promise<Basket> {
  const [method] = await db
    .select()
    .from(storeOrderMethods)
    .where(and(eq(storeOrderMethods.storeId, basket.storeId), eq(storeOrderMethods.method, basket.fulfilmentMethod)));
  const subtotal = 0;
  const charge = fulfilmentCharge(method, subtotal);
  const tip = 0;
  return {
    basketToken: basket.token,
    storeId: basket.storeId,
    items: [],
    savings: 0,
    fulfilmentMethod: {
      type: basket.fulfilmentMethod,
      datetime: null,
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
    selectedSlot: null,
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
    if (existing.fulfilmentMethod === input.fulfilmentMethod) return renderBasket(ctx.db, existing);
    const [updated] = await ctx.db
      .update(baskets)
      .set({ fulfilmentMethod: input.fulfilmentMethod, updatedAt: ctx.clock.now() })
      .where(eq(baskets.token, existing.token))
      .returning();
    return renderBasket(ctx.db, updated ?? existing);
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
  return renderBasket(ctx.db, basket);
}
