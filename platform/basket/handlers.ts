import { api } from "../contract";
import type { Router } from "../router";
import { retrieveBasket } from "./basket";
import { applyCoupon, removeCoupon } from "./coupons";
import { addItem, clearBasket, removeItem, updateBasket, updateItem } from "./lines";
import { reserveTimeSlot } from "./reserve";
import { updateTip } from "./tips";
import { spendLoyaltyPoints } from "./loyalty-spend";
import { reorder } from "./reorder";
import { listVouchers } from "./vouchers";
import { deepLinkAction } from "./marketing";

export function registerBasket(router: Router): void {
  router.on(api.retrieveBasket, (input, ctx) => retrieveBasket(ctx, input));
  router.on(api.updateBasket, (input, ctx) => updateBasket(ctx, input));
  router.on(api.clearBasket, (input, ctx) => clearBasket(ctx, input));
  router.on(api.addBasketItem, (input, ctx) => addItem(ctx, input));
  router.on(api.updateBasketItem, (input, ctx) => updateItem(ctx, input));
  router.on(api.removeBasketItem, (input, ctx) => removeItem(ctx, input));
  router.on(api.applyCoupon, (input, ctx) => applyCoupon(ctx, input));
  router.on(api.removeCoupon, (input, ctx) => removeCoupon(ctx, input));
  router.on(api.updateTip, (input, ctx) => updateTip(ctx, input));
  router.on(api.basketLoyaltySpend, (input, ctx) => spendLoyaltyPoints(ctx, input));
  // Ordering again fills a basket: the basket module's, reading the member's order (decision 0022).
  router.on(api.memberOrdersReorder, (input, ctx) => reorder(ctx, input));
  router.on(api.memberVouchersList, (input, ctx) => listVouchers(ctx, input));
  // The slots module takes the place; the basket answers with it (basket/reserve.ts).
  router.on(api.reserveTimeSlot, (input, ctx) => reserveTimeSlot(ctx, input));
  // The marketing tool's deep link prepares the basket it fills (issue 20; decision 0036).
  router.on(api.iterableDeepLinkAction, (input, ctx) => deepLinkAction(ctx, input));
}
