import express from "express";
import type { Clock, ControllableClock } from "#contract";
import type { EmbeddedPlatform } from "../platform/start";
import type { Env } from "./env";
import { fetchHandlerMiddleware } from "./platform-adapter";

export interface TestHookOptions {
  env: Env;
  clock: Clock;
  /** The test clock, when TEST_CLOCK is on (the environment schema refuses it in production). */
  testClock: ControllableClock | null;
  /** The embedded platform; null for a remote platform, whose tables are not this server's. */
  platform: EmbeddedPlatform | null;
  /** Shared reads were computed from what a hook just changed (the time, the settings): start them afresh. */
  invalidateShared(): void;
}

/**
 * The test and development hooks. The test clock is the server's own; the hooks that read or write the embedded
 * platform's tables are the platform's testing router (platform/testing/http.ts), mounted route by route so every
 * other path (/__test/boom, /__test/toast …) goes on to the storefront.
 */
export function mountTestHooks(app: express.Express, options: TestHookOptions): void {
  const { testClock, clock, platform } = options;
  if (testClock) {
    // Tests move time.
    app.post("/__test/clock", express.json(), (req, res) => {
      const now = (req.body as { now?: string | null } | undefined)?.now;
      try {
        testClock.set(now ?? null);
        // Shared reads (store states) were computed at the old time.
        options.invalidateShared();
        res.json({ now: clock.now().toISOString(), fixed: testClock.overridden });
      } catch (error) {
        res.status(400).json({ status: 400, errorCode: 400, message: String(error) });
      }
    });
  }
  if (!platform) return;
  const testing = platform.testingRouter({
    onSharedChange: options.invalidateShared,
    testHooks: testClock !== null,
    outbox: options.env.NODE_ENV !== "production",
  });
  const serve = fetchHandlerMiddleware(testing.fetch);
  for (const route of testing.routes) {
    if (route.method === "GET") app.get(route.path, serve);
    else app.post(route.path, serve);
  }
}
