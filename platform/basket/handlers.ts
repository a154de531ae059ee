import type { Router } from "../router";

export function registerBasket(router: Router): void {
  void router;
}
