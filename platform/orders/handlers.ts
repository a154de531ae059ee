import { api } from "../contract";
import type { Router } from "../router";
import { getOrderStatus } from "./service";
import { staffListOrders, staffLogin, staffUpdateOrderStatus } from "./staff";

export function registerOrders(router: Router): void {
  router.on(api.getOrderStatus, (input, ctx) => getOrderStatus(ctx, input));
  router.on(api.staffLogin, (input, ctx) => staffLogin(ctx, input));
  router.on(api.staffListOrders, (input, ctx) => staffListOrders(ctx, input));
  router.on(api.staffUpdateOrderStatus, (input, ctx) => staffUpdateOrderStatus(ctx, input));
}
