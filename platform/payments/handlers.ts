import { api } from "../contract";
import type { ContentSource } from "../content/source";
import type { Router } from "../router";
import { cancelPayment, makePayment, validateApplePayMerchant, verifyPayment, type PaymentDeps } from "./service";
import { receiveCheckoutComWebhook } from "./webhook";

/** Used when the site content names no company (it always should): the confirmation still reads sensibly. */
const FALLBACK_COMPANY_NAME = "our store";

/** The company name from the site's global content, read when needed (the content source keeps its own cache). */
export function companyNameFrom(content: ContentSource): () => Promise<string> {
  return async () => {
    const envelope = await content.get("global", {});
    const data = envelope.data;
    const attributes = data && !Array.isArray(data) ? (data.attributes as { companyName?: unknown }) : null;
    return typeof attributes?.companyName === "string" && attributes.companyName.trim() !== "" ? attributes.companyName : FALLBACK_COMPANY_NAME;
  };
}

export function registerPayments(router: Router, options: { content: ContentSource }): PaymentDeps {
  const deps: PaymentDeps = { companyName: companyNameFrom(options.content) };
  router.on(api.makePayment, (input, ctx) => makePayment(ctx, deps, input));
  router.on(api.verifyPayment, (input, ctx) => verifyPayment(ctx, deps, input));
  router.on(api.cancelPayment, (input, ctx) => cancelPayment(ctx, deps, input));
  router.on(api.validateApplePayMerchant, (input, ctx) => validateApplePayMerchant(ctx, deps, input));
  router.on(api.checkoutComWebhook, (input, ctx) => receiveCheckoutComWebhook(ctx, deps, input));
  return deps;
}
