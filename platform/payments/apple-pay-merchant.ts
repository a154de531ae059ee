import { eq } from "drizzle-orm";
import { PAYMENT_MESSAGES } from "../contract";
import { requireAuth } from "../basket/basket";
import { stores } from "../db/schema";
import { ApiError } from "../errors";
import type { RequestContext } from "../context";
import { GatewayError } from "../ports/payment-gateway";
import { appleValidationUrl } from "./apple-pay";
import { validationError, type PaymentDeps } from "./tries";

/* Apple Pay's merchant validation: the session Apple asks for before it shows the shopper the payment sheet. */

export async function validateApplePayMerchant(
  ctx: RequestContext,
  deps: PaymentDeps,
  input: { storeId: number; domain: string; validationURL: string },
): Promise<Record<string, unknown>> {
  requireAuth(ctx);
  const validator = ctx.payments.applePay;
  if (!validator) {
    throw new ApiError(422, PAYMENT_MESSAGES.applePayUnavailable, {
      errorCode: "APPLE_PAY_UNAVAILABLE",
      errorDisplay: PAYMENT_MESSAGES.applePayUnavailable,
    });
  }
  // Apple's validation URLs are https on apple.com hosts; anything else is not Apple asking.
  if (!appleValidationUrl(input.validationURL))
    throw validationError("validationURL", "validationURL must be an https address on apple.com");
  const [store] = await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.id, input.storeId));
  if (!store) throw new ApiError(404, "Store not found.");
  const displayName = ctx.config.applePayDisplayName ?? (await deps.companyName());
  try {
    return await validator.validate({ validationURL: input.validationURL, domain: input.domain, displayName });
  } catch (error) {
    ctx.log.warn("payments.apple_pay_validation_failed", {
      error: error instanceof Error ? error.message : String(error),
    });
    // Apple refusing the merchant for this site (a 4xx: the domain or merchant is not registered) will not change
    // on a retry: Apple Pay is not available here (spec 2 §4: a 422 sends the shopper to a page of its own).
    if (error instanceof GatewayError && error.kind === "invalid") {
      throw new ApiError(422, PAYMENT_MESSAGES.applePayUnavailable, {
        errorCode: "APPLE_PAY_UNAVAILABLE",
        errorDisplay: PAYMENT_MESSAGES.applePayUnavailable,
      });
    }
    throw new ApiError(502, PAYMENT_MESSAGES.applePayError, {
      errorCode: "APPLE_PAY_VALIDATION_FAILED",
      errorDisplay: PAYMENT_MESSAGES.applePayError,
    });
  }
}
