import type { Clock } from "./contract";
import type { Db } from "./db/open";
import type { Logger } from "./logger";
import { Router, type PlatformConfig, type PlatformDeps } from "./router";
import { registerSystem } from "./system/handlers";

export interface Platform {
  /** Answers one /api request: the same function serves HTTP callers and the in-process storefront. */
  fetch(request: Request): Promise<Response>;
}

export function createPlatform(options: { db: Db; clock: Clock; log: Logger; config: PlatformConfig }): Platform {
  const router = new Router();
  registerSystem(router);

  const deps: PlatformDeps = {
    ...options,
    // Replaced by the auth module's token lookup.
    authenticate: async () => null,
  };
  return { fetch: (request) => router.handle(request, deps) };
}
