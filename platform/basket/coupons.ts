import { eq } from "drizzle-orm";
import { createHash } from "node:crypto";
import { BASKET_MESSAGES, type Basket, type BasketCoupon } from "../contract";
import { botCheckFor } from "../botcheck";
import { coupons, members } from "../db/schema";
import { ApiError } from "../errors";
import { withIdempotency } from "../idempotency";
import { hit } from "../rate-limit";
import type { RequestContext } from "../context";
import type { Db } from "../db/open";
import { couponUsable, lockOwnedBasket, renderBasket, requireAuth, saveBasket } from "./basket";
import { formatPounds } from "./pricing";

/** The action a coupon apply's bot-check token must be made for (reCAPTCHA v3 `action`). */
export const COUPON_BOT_CHECK_ACTION = "coupon_apply";
/** Attempts (right or wrong) allowed per basket, and by default per client address, in each window. */
export const COUPON_ATTEMPTS_PER_BASKET = 10;
export const DEFAULT_COUPON_ATTEMPTS_PER_IP = 50;
export const COUPON_ATTEMPT_WINDOW_SECONDS = 600;

/** Codes are matched whatever their case; they are stored upper-case. */
export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

// Basket tokens are bearer secrets: the rate-limit table gets a hash of one, never the token.
const basketBucket = (token: string) =>
  `coupon:basket:${createHash("sha256").update(token).digest("base64url").slice(0, 32)}`;

/**
 * Guessing codes is what the limits stop, so every attempt counts, the good ones too. The counters are bumped
 * outside the apply's transaction: a refused attempt rolls its own work back, but must still count.
 */
async function countAttempt(ctx: RequestContext, basketToken: string): Promise<void> {
  const now = ctx.clock.now();
  const perBasket = await hit(
    ctx.db,
    basketBucket(basketToken),
    COUPON_ATTEMPTS_PER_BASKET,
    COUPON_ATTEMPT_WINDOW_SECONDS,
    now,
  );
  const perIp = await hit(
    ctx.db,
    `coupon:ip:${ctx.clientIp}`,
    ctx.config.couponAttemptsPerIp ?? DEFAULT_COUPON_ATTEMPTS_PER_IP,
    COUPON_ATTEMPT_WINDOW_SECONDS,
    now,
  );
  if (!perBasket.allowed || !perIp.allowed) {
    throw new ApiError(429, BASKET_MESSAGES.tooManyAttempts, {
      errorCode: "TOO_MANY_ATTEMPTS",
      errorDisplay: BASKET_MESSAGES.tooManyAttempts,
    });
  }
}

export interface ApplyCouponInput {
  basketToken: string;
  verifyToken: string;
  coupon: string;
}

/**
 * Applies a coupon to the basket, replacing any other. In order: the bot check, the attempt limits, then the
 * coupon itself — unknown (404), expired or switched off (409), for members only (403), minimum spend not
 * met (409). The minimum spend is judged like the deduction, on the subtotal after deals.
 *
 * Requirements: `registered` needs a signed-in member. `registered_with_verification` also needs the member's
 * mobile verified (member/verificationCode/check); guests and unverified members are refused alike.
 */
export async function applyCoupon(
  ctx: RequestContext,
  input: ApplyCouponInput,
): Promise<{ coupon: BasketCoupon; basket: Basket }> {
  const auth = requireAuth(ctx);
  const check = await botCheckFor(ctx.config).verify({
    token: input.verifyToken,
    clientIp: ctx.clientIp,
    action: COUPON_BOT_CHECK_ACTION,
  });
  if (!check.ok) {
    ctx.log.warn("basket.bot_check_failed", { reason: check.reason });
    throw new ApiError(400, `Bot check failed: ${check.reason}.`, {
      errorCode: "BOT_CHECK_FAILED",
      errorDisplay: BASKET_MESSAGES.botCheckFailed,
    });
  }
  await countAttempt(ctx, input.basketToken);

  const code = normaliseCouponCode(input.coupon);
  return withIdempotency(ctx, "basket.coupon.apply", input, async (tx) => {
    const now = ctx.clock.now();
    const basket = await lockOwnedBasket(tx, input.basketToken, auth);
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code));
    if (!coupon || (coupon.storeIds !== null && !coupon.storeIds.includes(basket.storeId))) {
      throw new ApiError(404, BASKET_MESSAGES.couponUnknown, {
        errorCode: "COUPON_UNKNOWN",
        errorDisplay: BASKET_MESSAGES.couponUnknown,
      });
    }
    if (!couponUsable(coupon, basket.storeId, now)) {
      throw new ApiError(409, BASKET_MESSAGES.couponExpired, {
        errorCode: "COUPON_EXPIRED",
        errorDisplay: BASKET_MESSAGES.couponExpired,
      });
    }
    if (coupon.requirement === "registered" && auth.memberId === null) {
      throw new ApiError(403, BASKET_MESSAGES.couponRegistered, {
        errorCode: "COUPON_REGISTERED_ONLY",
        errorDisplay: BASKET_MESSAGES.couponRegistered,
      });
    }
    if (coupon.requirement === "registered_with_verification" && !(await mobileVerified(tx, auth.memberId))) {
      throw new ApiError(403, BASKET_MESSAGES.couponVerified, {
        errorCode: "COUPON_VERIFICATION_REQUIRED",
        errorDisplay: BASKET_MESSAGES.couponVerified,
      });
    }

    const rendered = await renderBasket(tx, await saveBasket(tx, basket, { couponCode: coupon.code }, now), now, auth);
    const dealSubtotal = rendered.orderSubtotal - rendered.promotions.reduce((sum, p) => sum + p.saving, 0);
    if (dealSubtotal < coupon.minSpendPence) {
      const message = BASKET_MESSAGES.couponMinSpend.replace("{amount}", formatPounds(coupon.minSpendPence));
      throw new ApiError(409, message, { errorCode: "COUPON_MIN_SPEND", errorDisplay: message });
    }
    if (!rendered.coupon) throw new Error(`Coupon ${coupon.code} saved on the basket but not read back`);
    return { coupon: rendered.coupon, basket: rendered };
  });
}

/** Whether the member's mobile is verified; false for guests. */
async function mobileVerified(tx: Db, memberId: number | null): Promise<boolean> {
  if (memberId === null) return false;
  const [member] = await tx
    .select({ mobileValidated: members.mobileValidated })
    .from(members)
    .where(eq(members.id, memberId));
  return member?.mobileValidated === true;
}

export async function removeCoupon(ctx: RequestContext, input: { basketToken: string }): Promise<Basket> {
  const auth = requireAuth(ctx);
  return withIdempotency(ctx, "basket.coupon.remove", input, async (tx) => {
    const now = ctx.clock.now();
    const basket = await lockOwnedBasket(tx, input.basketToken, auth);
    return renderBasket(tx, await saveBasket(tx, basket, { couponCode: null }, now), now, auth);
  });
}
