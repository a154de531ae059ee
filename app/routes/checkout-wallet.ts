import { data } from "react-router";
import type { Route } from "./+types/checkout-wallet";
import { api, PAYMENT_MESSAGES, type PaymentMethodName } from "../../platform/contract";
import { splitPayerName } from "../../platform/contract/payment-rules";
import { paymentContextFor, paymentDisabledReason, paymentOptions } from "~/models/payment-options";
import { appContext, shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { requireCheckout } from "~/services/checkout.server";
import { startPayment } from "~/services/payment.server";

export const APPLE_PAY_UNAVAILABLE_PATH = "/checkout/payment/apple-pay-unavailable";
const KEY = /^[\x21-\x7e]{1,100}$/;

export type WalletAnswer =
  | { ok: true; merchantSession: Record<string, unknown> }
  | { ok: true; next: "success" }
  | { ok: true; next: "redirect"; href: string }
  | { ok: false; message: string; redirect?: string };

function parseJsonObject(value: FormDataEntryValue | null): Record<string, unknown> | null {
  if (typeof value !== "string" || value.length > 20_000) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Apple Pay and Google Pay (spec 2 §4), for the payment step's wallet buttons: they run only with script, so this
 * route answers JSON. Merchant validation failing with 422 sends the shopper to a page of its own.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  const checkoutData = await requireCheckout(shopper, "billing");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const answer = (body: WalletAnswer, status = 200) => data(body, { status });

  if (intent === "apple-validate") {
    const validationURL = String(form.get("validationURL") ?? "");
    try {
      const merchantSession = await shopper.api.call(api.validateApplePayMerchant, {
        storeId: checkoutData.store.id,
        domain: new URL(request.url).hostname,
        validationURL,
      });
      return answer({ ok: true, merchantSession });
    } catch (error) {
      if (error instanceof PlatformError && error.status === 422) {
        return answer({ ok: false, message: PAYMENT_MESSAGES.applePayUnavailable, redirect: APPLE_PAY_UNAVAILABLE_PATH }, 422);
      }
      log.warn("checkout.apple_pay_validation_failed", { message: error instanceof Error ? error.message : String(error) });
      return answer({ ok: false, message: PAYMENT_MESSAGES.applePayError }, 400);
    }
  }

  const method: PaymentMethodName | null = intent === "apple-pay" ? "applepay" : intent === "google-pay" ? "googlepay" : null;
  if (!method) return answer({ ok: false, message: "That is not a wallet payment." }, 400);
  const failed = method === "applepay" ? PAYMENT_MESSAGES.applePayError : PAYMENT_MESSAGES.googlePayError;
  const disabled = paymentDisabledReason({
    storeClosed: checkoutData.storeNotice !== null && !checkoutData.store.ordersPaused,
    storePaused: checkoutData.store.ordersPaused,
    slotValid: checkoutData.basket.selectedSlot !== null,
  });
  if (disabled) return answer({ ok: false, message: disabled }, 400);
  if (!paymentOptions(paymentContextFor(checkoutData.store, checkoutData.basket, checkoutData.gateways)).includes(method)) {
    return answer({ ok: false, message: PAYMENT_MESSAGES.methodNotAvailable }, 400);
  }
  const token = parseJsonObject(form.get("token"));
  if (!token) return answer({ ok: false, message: failed }, 400);

  // Spec 2 §4: the wallet's payer name is split at the first space; with its billing address it becomes the card's.
  const contact = parseJsonObject(form.get("billingContact"));
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
      await shopper.api.call(api.setBillingAddress, { basketToken: checkoutData.basket.basketToken, address, sameAsDelivery: false });
    } catch (error) {
      log.warn("checkout.wallet_billing_refused", { message: error instanceof Error ? error.message : String(error) });
    }
  }

  const keyValue = String(form.get("idempotencyKey") ?? "");
  const started = await startPayment(
    shopper,
    log,
    request,
    checkoutData,
    method,
    KEY.test(keyValue) ? keyValue : undefined,
    method === "applepay" ? { appleTokenData: token } : { googleTokenData: token },
  );
  if (started.kind === "placed") return answer({ ok: true, next: "success" });
  if (started.kind === "redirect") return answer({ ok: true, next: "redirect", href: started.href });
  return answer({ ok: false, message: started.message === PAYMENT_MESSAGES.paymentIssue ? PAYMENT_MESSAGES.paymentIssue : started.message }, 400);
}
