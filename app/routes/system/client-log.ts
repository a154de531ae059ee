import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/client-log";
import { api, CLIENT_LOG_MAX_BYTES } from "#contract";
import { appContext, shopperContext } from "~/services/context";
import { LOG_BATCH_SIZE } from "~/models/log-batcher";
import { PlatformError } from "~/services/platform-client.server";
import { readJsonBody } from "./json-body.server";

const entrySchema = z.object({
  level: z.enum(["warn", "error", "fatal"]),
  message: z.string().max(CLIENT_LOG_MAX_BYTES),
  url: z.string().max(2048),
  stack: z.string().max(CLIENT_LOG_MAX_BYTES).optional(),
});
/** A batch from the browser's LogBatcher (app/models/log-batcher.ts): 1 to LOG_BATCH_SIZE entries. */
const bodySchema = z.object({ entries: z.array(entrySchema).min(1).max(LOG_BATCH_SIZE) });
/** A whole batch: each entry is within the platform's limit, the batch within this. */
const BATCH_MAX_BYTES = 64 * 1024;

/**
 * Where the browser sends its warnings and errors, in batches (spec 1 §7 "_logging"). The browser holds no platform
 * token, so this route passes each entry on with the shopper's address; the browser retries a failed batch at most 3
 * times (spec 1 §9), this route never.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request, BATCH_MAX_BYTES, bodySchema);
  if (!body.ok) return data({ ok: false }, body.status);
  const shopper = context.get(shopperContext);
  const timestamp = context.get(appContext).clock.now().toISOString();
  const userAgent = request.headers.get("user-agent") ?? "";
  try {
    for (const entry of body.value.entries) {
      await shopper.api.call(api.clientLog, {
        level: entry.level,
        message: entry.message,
        data: {
          timestamp,
          userAgent,
          url: entry.url,
          type: "client_log",
          ...(entry.stack ? { stack: entry.stack } : {}),
        },
      });
    }
  } catch (error) {
    if (error instanceof PlatformError)
      return data({ ok: false }, error.status === 429 ? 429 : error.status === 413 ? 413 : 502);
    throw error;
  }
  return data({ ok: true }, 202);
}
