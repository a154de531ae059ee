import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect, redirectDocument, type RouterContextProvider } from "react-router";
import { api, type SavedCard } from "#contract";
import { formatAddress } from "~/models/address";
import { formatPence } from "~/models/money";
import { cardGatewayProblem, paymentContextFor, paymentDisabledReason, paymentOptions } from "~/models/payment-options";
import { NEW_CARD } from "~/models/saved-cards";
import { cardPaymentSchema } from "~/models/saved-cards.server";
import { appContext, shopperContext, type Shopper } from "~/services/context";
import type { Logger } from "~/services/logger.server";
import { isMember } from "~/services/member-session.server";
import { requireCheckout, type CheckoutData } from "./checkout.server";
import { startPayment } from "./payment.server";

type RequestContext = Readonly<RouterContextProvider>;

function cardState(d: CheckoutData) {
  const available = paymentOptions(paymentContextFor(d.store, d.basket, d.gateways)).includes("card");
  return {
    problem: !available ? "Card payment is not available for this order." : cardGatewayProblem(d.store, d.gateways),
    disabledReason: paymentDisabledReason({
      storeClosed: d.storeNotice !== null && !d.store.ordersPaused,
      storePaused: d.store.ordersPaused,
      slotValid: d.basket.selectedSlot !== null,
    }),
  };
}

/** A member's saved cards for the card step; a failed read leaves them out (logged) rather than the step. */
async function cardsToChoose(shopper: Shopper, log: Logger): Promise<SavedCard[]> {
  try {
    return (await shopper.api.call(api.memberCardsList, {})).cards;
  } catch (error) {
    log.warn("checkout: the member's saved cards could not be read", { error: String(error) });
    return [];
  }
}

export async function cardFormData(context: RequestContext) {
  const { config, log } = context.get(appContext);
  const shopper = context.get(shopperContext);
  const checkoutData = await requireCheckout(context, "payment");
  const { basket, checkout, store } = checkoutData;
  const member = isMember(shopper);
  return {
    ...cardState(checkoutData),
    total: formatPence(basket.orderTotal, { symbol: store.currency.symbolChar }),
    billingAddress: checkout.billingAddress ? formatAddress(checkout.billingAddress) : "",
    formKey: crypto.randomUUID(),
    cardFields:
      config.cardFieldsScript && checkoutData.gatewayPublicKey
        ? { scriptUrl: config.cardFieldsScript, publicKey: checkoutData.gatewayPublicKey }
        : null,
    /** Members only: they may keep a new card, and pay with one kept (the default first). Null for guests. */
    savedCards: member ? await cardsToChoose(shopper, log) : null,
  };
}

/**
 * The card step's post: a saved card with its code, a token from the card fields, or the hosted page. The code is
 * checked before any call; a guest's saved-card fields are ignored (only members have cards).
 */
export async function payByCard(context: RequestContext, request: Request) {
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  const checkoutData = await requireCheckout(context, "payment");
  const { problem, disabledReason } = cardState(checkoutData);
  const submission = parseWithZod(await request.formData(), { schema: cardPaymentSchema });
  const refuse = (message: string) => data(submission.reply({ formErrors: [message] }), { status: 400 });
  if (problem) return refuse(problem);
  if (disabledReason) return refuse(disabledReason);
  if (submission.status === "error" && submission.error?.cvv) return data(submission.reply(), { status: 400 });
  const posted = submission.status === "success" ? submission.value : null;
  const member = isMember(shopper);
  const savedCardId =
    member && posted?.selectedSavedCardId && posted.selectedSavedCardId !== NEW_CARD
      ? posted.selectedSavedCardId
      : null;
  const how = savedCardId
    ? { cardId: savedCardId, cvv: posted!.cvv!.trim() }
    : { ...(posted?.token ? { token: posted.token } : {}), ...(member && posted?.saveCard ? { saveCard: true } : {}) };
  const started = await startPayment(shopper, log, request, checkoutData, "card", posted?.idempotencyKey, how);
  if (started.kind === "placed") return redirect(href("/checkout/success"), 303);
  // The gateway's pages are not this app's routes: the browser must load them as documents, script or not.
  if (started.kind === "redirect") return redirectDocument(started.href, 303);
  return refuse(started.message);
}
