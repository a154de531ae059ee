import { retrieveBasket as retrieveBasketEndpoint } from "../contract";
import type { Router } from "../router";
import { retrieveBasket } from "./basket";

export function registerBasket(router: Router): void {
  router.on(retrieveBasketEndpoint, (input, ctx) => retrieveBasket(ctx, input));
}
