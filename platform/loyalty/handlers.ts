import { api } from "../contract";
import type { Router } from "../router";
import { loyaltyProgress, loyaltySummary } from "./service";

/** The member's loyalty calls (contract/loyalty.ts); spending points is the basket's call. */
export function registerLoyalty(router: Router): void {
  router.on(api.loyaltyProgress, (input, ctx) => loyaltyProgress(ctx, input));
  router.on(api.loyaltySummary, (_input, ctx) => loyaltySummary(ctx));
}
