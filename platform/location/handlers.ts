import type { Router } from "../router";

export function registerLocation(router: Router): void {
  void router;
}
