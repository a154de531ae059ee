import { eq } from "drizzle-orm";
import { LOYALTY_MESSAGES, type Basket } from "../contract";
import { stores } from "../db/schema";
import { ApiError } from "../errors";
import { withIdempotency } from "../idempotency";
import type { RequestContext } from "../context";
import { loyaltyTotals } from "../loyalty/ledger";
import { spendRefusal } from "../loyalty/rules";
import { requireMember } from "../member-auth";
import { lockOwnedBasket, renderBasket, saveBasket } from "./basket";

/**
 * Spends loyalty points on the member's basket (decision 0022), within the store's scheme: no more than the balance,
 * between its minimum and maximum per spend, on a basket worth at least its minimum value. 0 stops spending them.
 * What they take off is the basket's loyaltyPoints.deductCost; the ledger is written only when the order is placed.
 */
export async function spendLoyaltyPoints(
  ctx: RequestContext,
  input: { basketToken: string; points: number },
): Promise<{ message: string; basket: Basket }> {
  const auth = requireMember(ctx);
  return withIdempotency(ctx, "basket.loyalty.spend", input, async (tx) => {
    const now = ctx.clock.now();
    const basket = await lockOwnedBasket(tx, input.basketToken, auth);
    const [store] = await tx.select({ loyalty: stores.loyalty }).from(stores).where(eq(stores.id, basket.storeId));
    const scheme = store?.loyalty ?? null;
    const { balance } = await loyaltyTotals(tx, auth.memberId);
    const current = await renderBasket(tx, basket, now, auth);
    const refusal = spendRefusal(scheme, balance, input.points, current.orderSubtotalAfterDiscounts);
    if (refusal)
      throw new ApiError(400, refusal, {
        errorCode: "LOYALTY_SPEND_REFUSED",
        errorDisplay: refusal,
        details: { field: "points" },
      });
    const saved = await saveBasket(tx, basket, { loyaltyPointsSpend: input.points }, now);
    const message =
      input.points === 0
        ? LOYALTY_MESSAGES.removed
        : LOYALTY_MESSAGES.spent(input.points, scheme?.pointsName ?? "points");
    return { message, basket: await renderBasket(tx, saved, now, auth) };
  });
}
