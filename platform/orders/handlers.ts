import { api } from "../contract";
import type { Router } from "../router";
import { getOrderStatus } from "./service";
import { staffCompleteOrder, staffListOrders, staffLogin, staffUpdateOrderStatus } from "./staff";
import { createReview, getMemberOrder, listMemberOrders } from "./member-orders";
import { getDriverLocation, recordDriverLocation } from "./driver-location";

export function registerOrders(router: Router): void {
  router.on(api.getOrderStatus, (input, ctx) => getOrderStatus(ctx, input));
  router.on(api.staffLogin, (input, ctx) => staffLogin(ctx, input));
  router.on(api.staffListOrders, (input, ctx) => staffListOrders(ctx, input));
  router.on(api.staffUpdateOrderStatus, (input, ctx) => staffUpdateOrderStatus(ctx, input));
  router.on(api.staffCompleteOrder, (input, ctx) => staffCompleteOrder(ctx, input));
  router.on(api.staffDriverLocation, (input, ctx) => recordDriverLocation(ctx, input));
  router.on(api.getDriverLocation, (input, ctx) => getDriverLocation(ctx, input));

  router.on(api.memberOrdersList, (input, ctx) => listMemberOrders(ctx, input));
  router.on(api.memberOrderGet, (input, ctx) => getMemberOrder(ctx, input));
  router.on(api.memberReviewCreate, (input, ctx) => createReview(ctx, input));
}
