import { eq } from "drizzle-orm";
import type { RequestContext } from "../context";
import { requireMember } from "../member-auth";
import { stores, type StoreLoyalty } from "../db/schema";
import { ApiError } from "../errors";
import type { LoyaltyScheme } from "../contract";
import { loyaltyHistory, loyaltyTotals } from "./ledger";
import { tierProgress } from "./rules";

/** A store's scheme as the contract shows it. */
export function schemeOf(loyalty: StoreLoyalty | null): LoyaltyScheme | null {
  if (!loyalty) return null;
  return {
    pointsName: loyalty.pointsName,
    pointsPerPound: loyalty.pointsPerPound,
    pointValuePence: loyalty.pointValuePence,
    minimumPointsSpend: loyalty.minimumPointsSpend,
    maximumPointsSpend: loyalty.maximumPointsSpend,
    minimumBasketValue: loyalty.minimumBasketValuePence,
    tiers: loyalty.tiers.map((t) => ({ name: t.name, fromSpend: t.fromSpendPence })),
  };
}

/** Spec 2 §7 loyalty/progress: the member's balance, its worth at the store, and their tier progress there. */
export async function loyaltyProgress(ctx: RequestContext, input: { storeId: number }) {
  const auth = requireMember(ctx);
  const [store] = await ctx.db
    .select({ id: stores.id, name: stores.name, loyalty: stores.loyalty })
    .from(stores)
    .where(eq(stores.id, input.storeId));
  if (!store)
    throw new ApiError(404, "Store not found.", { errorCode: "STORE_NOT_FOUND", errorDisplay: "Store not found." });
  const totals = await loyaltyTotals(ctx.db, auth.memberId);
  const progress = store.loyalty ? tierProgress(store.loyalty.tiers, totals.spentPence) : { tier: null, next: null };
  return {
    progress: {
      balance: totals.balance,
      balanceValue: store.loyalty ? Math.floor(totals.balance * store.loyalty.pointValuePence) : 0,
      spent: totals.spentPence,
      ...progress,
    },
    store: { id: store.id, storeName: store.name, scheme: schemeOf(store.loyalty) },
  };
}

/** Spec 2 §7 loyalty/summary: the balance and the history, newest first. */
export async function loyaltySummary(ctx: RequestContext) {
  const auth = requireMember(ctx);
  const [totals, rows] = await Promise.all([
    loyaltyTotals(ctx.db, auth.memberId),
    loyaltyHistory(ctx.db, auth.memberId, 50),
  ]);
  return {
    balance: totals.balance,
    earned: totals.earned,
    spent: totals.spent,
    history: rows.map((r) => ({
      kind: r.kind,
      points: r.points,
      businessOrderId: r.orderNumber ?? "",
      storeName: r.storeName ?? "",
      at: r.createdAt.toISOString(),
    })),
  };
}
