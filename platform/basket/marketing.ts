import { eq } from "drizzle-orm";
import { DEEP_LINK_ERRORS, type Basket } from "../contract";
import { servedMethod } from "../contract/store-rules";
import type { RequestContext } from "../context";
import { basketLines, baskets } from "../db/schema";
import { ApiError } from "../errors";
import { storeDetails } from "../stores/service";
import { withIdempotency } from "../idempotency";
import {
  emptyBasket,
  loadBasket,
  newBasketToken,
  ownsBasket,
  requireAuth,
  retrieveBasket,
  switchMethod,
  type Method,
} from "./basket";

/*
 * The marketing tool's calls (spec 2 §7, §8; issue 20 item 3, decision 0036). A deep link's basket is prepared here:
 * at the link's store, for a method the store serves where the shopper is, emptied when asked, and marked with the
 * link's campaign so the orders placed from it carry it. The storefront then adds the link's items one by one.
 */

export interface DeepLinkActionInput {
  storeId: number;
  basketToken?: string | null;
  clearStore: boolean;
  fulfilmentMethod?: Method | null;
  postcode?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  campaign?: string | null;
}

function deepLinkError(status: number, error: (typeof DEEP_LINK_ERRORS)[keyof typeof DEEP_LINK_ERRORS]): ApiError {
  return new ApiError(status, error.message, { errorCode: error.code });
}

export async function deepLinkAction(ctx: RequestContext, input: DeepLinkActionInput): Promise<{ basket: Basket }> {
  const auth = requireAuth(ctx);
  const hasPoint = input.latitude != null && input.longitude != null;
  if (!input.postcode?.trim() && !hasPoint) throw deepLinkError(400, DEEP_LINK_ERRORS.storeSearchRequired);

  let details;
  try {
    details = await storeDetails(ctx, input.storeId, {
      ...(input.postcode ? { postcode: input.postcode } : {}),
      ...(hasPoint ? { latitude: input.latitude!, longitude: input.longitude! } : {}),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw deepLinkError(404, DEEP_LINK_ERRORS.unrecoverable);
    throw error;
  }
  const method = servedMethod(details.orderMethods, input.fulfilmentMethod, "delivery");
  if (!method) throw deepLinkError(409, DEEP_LINK_ERRORS.incompatibleStore);

  // The writes happen once per idempotency key, in one transaction: a replayed call answers the same basket and never
  // empties it again (the link's items may have been added since).
  const prepared = await withIdempotency(ctx, "iterable.deepLinkAction", input, async (tx) => {
    const now = ctx.clock.now();
    const [existing] = input.basketToken
      ? await tx.select().from(baskets).where(eq(baskets.token, input.basketToken)).for("update")
      : [];
    const owned = existing && ownsBasket(existing, auth) ? existing : undefined;
    if (owned && owned.storeId !== input.storeId) {
      const [line] = await tx
        .select({ token: basketLines.basketToken })
        .from(basketLines)
        .where(eq(basketLines.basketToken, owned.token))
        .limit(1);
      if (line && !input.clearStore) throw deepLinkError(409, DEEP_LINK_ERRORS.incompatibleStore);
      if (line) await emptyBasket(tx, owned.token, now);
    }
    // The caller's basket at the store, for the method the store serves; else a new one there.
    let basket = owned?.storeId === input.storeId ? owned : undefined;
    if (basket && basket.fulfilmentMethod !== method) basket = await switchMethod(tx, basket, method, now);
    if (basket && input.clearStore) await emptyBasket(tx, basket.token, now);
    const token = basket?.token ?? newBasketToken();
    if (!basket) {
      await tx.insert(baskets).values({
        token,
        storeId: input.storeId,
        fulfilmentMethod: method,
        ownerFamily: auth.family,
        memberId: auth.memberId,
        createdAt: now,
        updatedAt: now,
      });
    }
    if (input.campaign || input.clearStore)
      await tx
        .update(baskets)
        .set({ campaign: input.campaign ?? null, updatedAt: now })
        .where(eq(baskets.token, token));
    return { basketToken: token };
  });
  return {
    basket: await retrieveBasket(ctx, {
      storeId: input.storeId,
      fulfilmentMethod: method,
      basketToken: prepared.basketToken,
    }),
  };
}

/**
 * Keeps the marketing tool's identity for the shopper with the caller's basket (POST /api/iterable/identifier; the
 * auth module, which answers the call, keeps it with a member's account). Answers whether the basket was the caller's.
 */
export async function markBasketIdentity(ctx: RequestContext, basketToken: string, identity: string): Promise<boolean> {
  const auth = requireAuth(ctx);
  const basket = await loadBasket(ctx.db, basketToken);
  if (!basket || !ownsBasket(basket, auth)) return false;
  await ctx.db.update(baskets).set({ marketingIdentity: identity }).where(eq(baskets.token, basket.token));
  return true;
}
