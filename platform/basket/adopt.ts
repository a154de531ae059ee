import { eq } from "drizzle-orm";
import type { AuthInfo } from "../context";
import type { Db } from "../db/open";
import { baskets } from "../db/schema";
import { ownsBasket } from "./basket";

/**
 * Hands a guest's basket to the member session that just signed in (spec 2 §4: signing in keeps the basket). Lines,
 * the checkout's details, the slot hold and the coupon are all keyed by the basket's token, so they go with it; a
 * coupon for registered members then counts, as the basket is rendered for a member. Honoured only when the caller
 * (`from`, the guest's own session) owns the basket and it is no other member's; otherwise nothing moves and the
 * answer is false. Meant for the sign-in's transaction, so the new tokens and the handover stand or fall together.
 */
export async function adoptBasket(
  tx: Db,
  basketToken: string,
  from: Pick<AuthInfo, "family" | "memberId"> | null,
  to: { family: string; memberId: number },
  now: Date,
): Promise<boolean> {
  if (!from) return false;
  const [basket] = await tx.select().from(baskets).where(eq(baskets.token, basketToken)).for("update");
  if (!basket || !ownsBasket(basket, from)) return false;
  if (basket.memberId !== null && basket.memberId !== to.memberId) return false;
  await tx
    .update(baskets)
    .set({ ownerFamily: to.family, memberId: to.memberId, updatedAt: now })
    .where(eq(baskets.token, basketToken));
  return true;
}
