import type { Router } from "../router";

export function registerStores(router: Router): void {
  void router;
}
