import { eq } from "drizzle-orm";
import { BASKET_MESSAGES, type Basket, type BusinessProfile } from "../contract";
import { getBusinessProfile } from "../business/profile";
import { stores } from "../db/schema";
import { ApiError } from "../errors";
import { withIdempotency } from "../idempotency";
import type { RequestContext } from "../context";
import { lockOwnedBasket, renderBasket, requireAuth, saveBasket } from "./basket";
import { formatPounds } from "./pricing";

type TipRules = Pick<BusinessProfile, "tipLimitLevels" | "driverTipIncrement">;

/**
 * The largest driver tip taken: twice the largest level the checkout offers. The stepper can go past the
 * levels, but not without bound: a mistyped £100 tip helps no one.
 */
export function maxTip(rules: TipRules): number {
  return Math.max(...rules.tipLimitLevels) * 2;
}

/** A tip is one of the offered levels, or a whole number of stepper increments, up to `maxTip`. */
export function tipAllowed(amount: number, rules: TipRules): boolean {
  if (!Number.isInteger(amount) || amount < 0 || amount > maxTip(rules)) return false;
  return rules.tipLimitLevels.includes(amount) || amount % rules.driverTipIncrement === 0;
}

export function tipRulesMessage(rules: TipRules): string {
  return BASKET_MESSAGES.tipInvalid
    .replace("{max}", formatPounds(maxTip(rules)))
    .replace("{step}", formatPounds(rules.driverTipIncrement));
}

/** Spec 2 §4: tips are for delivery; a collection basket answers 409 FULFILMENT_METHOD_MISMATCH. */
export async function updateTip(
  ctx: RequestContext,
  input: { basketToken: string; tip: { type: "driver"; amount: number } },
): Promise<Basket> {
  const auth = requireAuth(ctx);
  return withIdempotency(ctx, "basket.tip.update", input, async (tx) => {
    const now = ctx.clock.now();
    const basket = await lockOwnedBasket(tx, input.basketToken, auth);
    if (basket.fulfilmentMethod !== "delivery") {
      throw new ApiError(409, BASKET_MESSAGES.methodMismatch, {
        errorCode: "FULFILMENT_METHOD_MISMATCH",
        errorDisplay: BASKET_MESSAGES.tipDeliveryOnly,
      });
    }
    const [store] = await tx
      .select({ tipsEnabled: stores.tipsEnabled })
      .from(stores)
      .where(eq(stores.id, basket.storeId));
    if (store && !store.tipsEnabled && input.tip.amount > 0) {
      throw new ApiError(409, BASKET_MESSAGES.tipsDisabled, {
        errorCode: "TIPS_DISABLED",
        errorDisplay: BASKET_MESSAGES.tipsDisabled,
      });
    }
    const rules = await getBusinessProfile(tx);
    if (!tipAllowed(input.tip.amount, rules)) {
      const message = tipRulesMessage(rules);
      throw new ApiError(400, message, { errorCode: "TIP_INVALID", errorDisplay: message });
    }
    return renderBasket(tx, await saveBasket(tx, basket, { tipPence: input.tip.amount }, now), now, auth);
  });
}
