import { api } from "../contract";
import { companyNameFrom } from "../content/company-name";
import type { ContentSource } from "../content/source";
import type { Router } from "../router";
import { validateApplePayMerchant } from "./apple-pay-merchant";
import { cancelPayment } from "./cancel";
import { makePayment } from "./make";
import type { PaymentDeps } from "./tries";
import { verifyPayment } from "./verify";
import { receiveCheckoutComWebhook } from "./webhook";
import { addCard, deleteCard, listCards, setDefaultCard } from "./cards";

export function registerPayments(router: Router, options: { content: ContentSource }): PaymentDeps {
  const deps: PaymentDeps = { companyName: companyNameFrom(options.content) };
  router.on(api.makePayment, (input, ctx) => makePayment(ctx, deps, input));
  router.on(api.verifyPayment, (input, ctx) => verifyPayment(ctx, deps, input));
  router.on(api.cancelPayment, (input, ctx) => cancelPayment(ctx, deps, input));
  router.on(api.validateApplePayMerchant, (input, ctx) => validateApplePayMerchant(ctx, deps, input));
  router.on(api.checkoutComWebhook, (input, ctx) => receiveCheckoutComWebhook(ctx, deps, input));
  router.on(api.memberCardsList, (_input, ctx) => listCards(ctx));
  router.on(api.memberCardsAdd, (input, ctx) => addCard(ctx, input));
  router.on(api.memberCardsDelete, (input, ctx) => deleteCard(ctx, input));
  router.on(api.memberCardsSetDefault, (input, ctx) => setDefaultCard(ctx, input));
  return deps;
}
