import type { Router } from "../router";

export function registerCatalogue(router: Router): void {
  void router;
}
