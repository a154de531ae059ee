import { rethrowIfUnavailable, unavailablePage } from "~/models/error-page";
import { href, redirect, type RouterContextProvider } from "react-router";
import { api, PAYMENT_MESSAGES, type PaymentOutcome } from "#contract";
import { appContext, shopperContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { PlatformError } from "~/services/platform-client.server";
import { rememberPlacedOrder } from "./checkout.server";

const DRAFT_ID = /^[A-Za-z0-9_-]{1,80}$/;
const PAYMENT_ID = /^[A-Za-z0-9_-]{1,80}$/;
export const DRAFT_NOT_FOUND = "We could not find that order. Please go back to your basket and try again.";

export type ReturnKind = "success" | "failure" | "cancel";

/**
 * The gateway sent the shopper back (spec 2 §2 payment return pages). Each page asks the platform, which asks the
 * gateway, so a refreshed or replayed return settles the same way and charges nothing more. The answer is a redirect
 * — to the success page (replacing this entry in the history), or back to payment with what happened — or, while the
 * gateway has not decided, null (the page says to wait).
 */
export async function settleReturn(
  context: Readonly<RouterContextProvider>,
  request: Request,
  kind: ReturnKind,
): Promise<Response | null> {
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  const back = (to: string, message: string) => redirectWithToast(context, to, { kind: "error", message });
  const url = new URL(request.url);
  const draftOrderId = url.searchParams.get("draftOrderId") ?? "";
  const paymentId = url.searchParams.get("cko-payment-id") ?? "";
  // Guards: a return page needs its draft order; success and failure also the gateway's payment id.
  if (!DRAFT_ID.test(draftOrderId)) return back(href("/basket"), DRAFT_NOT_FOUND);
  if (kind !== "cancel" && !PAYMENT_ID.test(paymentId))
    return back(href("/checkout/payment"), PAYMENT_MESSAGES.paymentIssue);

  let outcome: PaymentOutcome;
  try {
    outcome =
      kind === "cancel"
        ? await shopper.api.call(api.cancelPayment, { draftOrderId })
        : await shopper.api.call(api.verifyPayment, { draftOrderId, paymentId, paymentGateway: "checkoutcom" });
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) return back(href("/basket"), DRAFT_NOT_FOUND);
    // Unavailable for now: the "try again in a moment" page, whose reload asks the gateway's answer again. So too when
    // the platform could not reach the gateway (any 503): the payment may have gone through, so the shopper is not sent
    // back to pay again, and asking again is safe.
    rethrowIfUnavailable(error);
    if (error instanceof PlatformError && error.status === 503) {
      log.warn("checkout.payment_return_unavailable", { kind, errorCode: error.errorCode ?? null });
      throw unavailablePage();
    }
    log.error("checkout.payment_return_failed", {
      kind,
      message: error instanceof Error ? error.message : String(error),
    });
    return back(
      href("/checkout/payment"),
      error instanceof PlatformError && error.status < 500 ? error.message : PAYMENT_MESSAGES.paymentError,
    );
  }

  switch (outcome.status) {
    case "placed": {
      const storeId = shopper.session.get("store")?.id ?? 0;
      rememberPlacedOrder(shopper, outcome.order!, storeId);
      return redirect(href("/checkout/success"), 303);
    }
    case "declined":
      return back(href("/checkout/payment"), PAYMENT_MESSAGES.paymentIssue);
    case "cancelled":
      return redirectWithToast(context, href("/checkout/payment"), {
        kind: "info",
        message: PAYMENT_MESSAGES.paymentCancelled,
      });
    case "pending":
      return null;
  }
}
