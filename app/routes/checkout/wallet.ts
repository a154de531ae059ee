import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/wallet";
import { api, PAYMENT_MESSAGES, type PaymentMethodName } from "#contract";
import { splitPayerName } from "#contract/payment-rules";
import { idempotencyKeyField } from "~/models/form-fields.server";
import { paymentContextFor, paymentDisabledReason, paymentOptions } from "~/models/payment-options";
import { appContext, shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { requireCheckout } from "./checkout.server";
import { startPayment } from "./payment.server";

export const APPLE_PAY_UNAVAILABLE_PATH = "/checkout/payment/apple-pay-unavailable";

export type WalletAnswer =
  | { ok: true; merchantSession: Record<string, unknown> }
  | { ok: true; next: "success" }
  | { ok: true; next: "redirect"; href: string }
  | { ok: false; message: string; redirect?: string };

/** A JSON object in a form field (a wallet's token, its billing contact), or null when it is not one. */
const jsonObject = z
  .string()
  .max(20_000)
  .transform((value): Record<string, unknown> | null => {
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === "object" && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  })
  .optional()
  .catch(null);

/** The wallet buttons' posts: Apple Pay's merchant validation, and the payment with the wallet's token. */
const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("apple-validate"), validationURL: z.string().max(2000).default("") }),
  z.object({
    intent: z.enum(["apple-pay", "google-pay"]),
    token: jsonObject,
    billingContact: jsonObject,
    idempotencyKey: idempotencyKeyField,
  }),
]);

/**
 * Apple Pay and Google Pay (spec 2 §4), for the payment step's wallet buttons: they run only with script, so this
 * route answers JSON. Merchant validation failing with 422 sends the shopper to a page of its own.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  const checkoutData = await requireCheckout(context, "billing");
  const submission = parseWithZod(await request.formData(), { schema });
  const answer = (body: WalletAnswer, status = 200) => data(body, { status });
  if (submission.status !== "success") return answer({ ok: false, message: "That is not a wallet payment." }, 400);
  const post = submission.value;

  if (post.intent === "apple-validate") {
    const { validationURL } = post;
    try {
      const merchantSession = await shopper.api.call(api.validateApplePayMerchant, {
        storeId: checkoutData.store.id,
        domain: new URL(request.url).hostname,
        validationURL,
      });
      return answer({ ok: true, merchantSession });
    } catch (error) {
      if (error instanceof PlatformError && error.status === 422) {
        return answer(
          { ok: false, message: PAYMENT_MESSAGES.applePayUnavailable, redirect: APPLE_PAY_UNAVAILABLE_PATH },
          422,
        );
      }
      log.warn("checkout.apple_pay_validation_failed", {
        message: error instanceof Error ? error.message : String(error),
      });
      return answer({ ok: false, message: PAYMENT_MESSAGES.applePayError }, 400);
    }
  }

  const method: PaymentMethodName = post.intent === "apple-pay" ? "applepay" : "googlepay";
  const failed = method === "applepay" ? PAYMENT_MESSAGES.applePayError : PAYMENT_MESSAGES.googlePayError;
  const disabled = paymentDisabledReason({
    storeClosed: checkoutData.storeNotice !== null && !checkoutData.store.ordersPaused,
    storePaused: checkoutData.store.ordersPaused,
    slotValid: checkoutData.basket.selectedSlot !== null,
  });
  if (disabled) return answer({ ok: false, message: disabled }, 400);
  if (
    !paymentOptions(paymentContextFor(checkoutData.store, checkoutData.basket, checkoutData.gateways)).includes(method)
  ) {
    return answer({ ok: false, message: PAYMENT_MESSAGES.methodNotAvailable }, 400);
  }
  const token = post.token;
  if (!token) return answer({ ok: false, message: failed }, 400);

  // Spec 2 §4: the wallet's payer name is split at the first space; with its billing address it becomes the card's.
  const contact = post.billingContact;
  if (contact) {
    const { firstName, lastName } = splitPayerName(typeof contact.name === "string" ? contact.name : "");
    const address = {
      firstName,
      lastName,
      addressLine1: contact.addressLine1,
      addressLine2: contact.addressLine2 ?? "",
      town: contact.town,
      county: contact.county ?? "",
      postcode: contact.postcode,
      countryCode: contact.countryCode ?? "GB",
    };
    try {
      await shopper.api.call(api.setBillingAddress, {
        basketToken: checkoutData.basket.basketToken,
        address,
        sameAsDelivery: false,
      });
    } catch (error) {
      log.warn("checkout.wallet_billing_refused", { message: error instanceof Error ? error.message : String(error) });
    }
  }

  const started = await startPayment(
    shopper,
    log,
    request,
    checkoutData,
    method,
    post.idempotencyKey,
    method === "applepay" ? { appleTokenData: token } : { googleTokenData: token },
  );
  if (started.kind === "placed") return answer({ ok: true, next: "success" });
  if (started.kind === "redirect") return answer({ ok: true, next: "redirect", href: started.href });
  return answer(
    {
      ok: false,
      message: started.message === PAYMENT_MESSAGES.paymentIssue ? PAYMENT_MESSAGES.paymentIssue : started.message,
    },
    400,
  );
}
