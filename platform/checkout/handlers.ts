import { api } from "../contract";
import type { Router } from "../router";
import { processOrder } from "./process-order";
import {
  checkRegistrationStatus,
  retrieveCheckout,
  setBillingAddress,
  setContactDetails,
  setDeliveryAddress,
  setInstructions,
} from "./service";

export function registerCheckout(router: Router): void {
  router.on(api.retrieveCheckout, (input, ctx) => retrieveCheckout(ctx, input));
  router.on(api.checkRegistrationStatus, (input, ctx) => checkRegistrationStatus(ctx, input));
  router.on(api.setContactDetails, (input, ctx) => setContactDetails(ctx, input));
  router.on(api.setInstructions, (input, ctx) => setInstructions(ctx, input));
  router.on(api.setDeliveryAddress, (input, ctx) => setDeliveryAddress(ctx, input));
  router.on(api.setBillingAddress, (input, ctx) => setBillingAddress(ctx, input));
  router.on(api.processOrder, (input, ctx) => processOrder(ctx, input));
}
