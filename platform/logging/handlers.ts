import { api } from "../contract";
import { ApiError } from "../errors";
import { hit } from "../rate-limit";
import type { Router } from "../router";
import { scrub, scrubText } from "./scrub";

/** Per client address: enough for a burst of real errors, too few to flood the log store. */
export const CLIENT_LOG_LIMIT = { hits: 30, windowSeconds: 60 };

export function registerLogging(router: Router): void {
  router.on(api.clientLog, async (input, ctx) => {
    const { allowed } = await hit(
      ctx.db,
      `client-log:${ctx.clientIp}`,
      CLIENT_LOG_LIMIT.hits,
      CLIENT_LOG_LIMIT.windowSeconds,
      ctx.clock.now(),
    );
    if (!allowed) throw new ApiError(429, "Too many log messages; please try again later");

    const fields = { clientLevel: input.level, message: scrubText(input.message), data: scrub(input.data) };
    if (input.level === "warn") ctx.log.warn("client.log", fields);
    else ctx.log.error("client.log", fields);
    return { ok: true as const };
  });
}
