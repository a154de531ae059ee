import { api } from "../contract";
import type { Router } from "../router";

export function registerSystem(router: Router): void {
  router.on(api.serverTime, (_input, ctx) => ({ timeUTC: ctx.clock.now().toISOString() }));
}
