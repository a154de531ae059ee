import { api } from "../contract";
import type { Router } from "../router";
import { retrieveBasket, updateBasket } from "./basket";

export function registerBasket(router: Router): void {
  router.on(api.retrieveBasket, (input, ctx) => retrieveBasket(ctx, input));
  router.on(api.updateBasket, (input, ctx) => updateBasket(ctx, input));
}
