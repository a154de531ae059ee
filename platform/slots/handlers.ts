import { api } from "../contract";
import type { Router } from "../router";
import { listTimeSlots } from "./service";

export function registerSlots(router: Router): void {
  router.on(api.listTimeSlots, (input, ctx) => listTimeSlots(ctx, input));
}
