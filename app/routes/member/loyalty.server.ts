import type { RouterContextProvider } from "react-router";
import { api } from "#contract";
import type { LoyaltyPageData, LoyaltyStoreView } from "~/models/loyalty";
import type { Shopper } from "~/services/context";
import type { Logger } from "~/services/logger.server";
import { PlatformError } from "~/services/platform-client.server";
import { memberCall } from "./member.server";

/*
 * The member's loyalty points (spec 2 §2 /member/loyalty, §7 loyalty/progress and loyalty/summary): the balance and
 * history from the summary; the tier progress and the scheme's settings from the chosen store's scheme.
 */

type RequestContext = Readonly<RouterContextProvider>;

/** The chosen store's scheme and the member's standing in it; null without a store, or when it is no longer there. */
async function storeProgress(shopper: Shopper): Promise<LoyaltyStoreView | null> {
  const store = shopper.session.get("store");
  if (!store) return null;
  try {
    const { progress, store: details } = await shopper.api.call(api.loyaltyProgress, { storeId: store.id });
    return {
      storeName: details.storeName,
      scheme: details.scheme,
      balanceValue: progress.balanceValue,
      tier: progress.tier,
      spent: progress.spent,
      next: progress.next,
    };
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) return null;
    throw error;
  }
}

export async function loyaltyPage(context: RequestContext, request: Request): Promise<LoyaltyPageData> {
  return memberCall(context, request, async (shopper) => {
    const [summary, store] = await Promise.all([shopper.api.call(api.loyaltySummary, {}), storeProgress(shopper)]);
    return {
      balance: summary.balance,
      earned: summary.earned,
      spent: summary.spent,
      history: summary.history.map((entry) => ({
        kind: entry.kind,
        points: entry.points,
        orderNumber: entry.businessOrderId,
        storeName: entry.storeName,
        at: entry.at,
      })),
      store,
    };
  });
}

/** The rewards page: the balance and the chosen store's scheme only. */
export async function loyaltyRewards(
  context: RequestContext,
  request: Request,
): Promise<{ balance: number; store: LoyaltyStoreView | null }> {
  return memberCall(context, request, async (shopper) => {
    const [summary, store] = await Promise.all([shopper.api.call(api.loyaltySummary, {}), storeProgress(shopper)]);
    return { balance: summary.balance, store };
  });
}

/**
 * The dashboard's rewards banner (spec 2 §2: a loyalty reward banner and dialog): the balance and the chosen store's
 * scheme, or null when no store is chosen or it has no scheme. A failed read leaves the banner out (logged) rather than
 * the dashboard; an ended session still goes to sign in.
 */
export async function dashboardRewards(
  context: RequestContext,
  request: Request,
  log: Logger,
): Promise<{ balance: number; store: LoyaltyStoreView } | null> {
  return memberCall(context, request, async (shopper) => {
    if (!shopper.session.get("store")) return null;
    try {
      const [summary, store] = await Promise.all([shopper.api.call(api.loyaltySummary, {}), storeProgress(shopper)]);
      return store?.scheme ? { balance: summary.balance, store } : null;
    } catch (error) {
      if (error instanceof PlatformError && (error.status === 401 || error.status === 403)) throw error;
      log.warn("member area: the rewards banner could not be read", { error: String(error) });
      return null;
    }
  });
}
