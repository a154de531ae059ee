import { api } from "../contract";
import type { Router } from "../router";
import { listTimeSlots, reserveTimeSlot } from "./service";

export function registerSlots(router: Router): void {
  router.on(api.listTimeSlots, (input, ctx) => listTimeSlots(ctx, input));
  router.on(api.reserveTimeSlot, (input, ctx) => reserveTimeSlot(ctx, input));
}
