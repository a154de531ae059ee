import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/client-log";
import { api, CLIENT_LOG_MAX_BYTES } from "../../../platform/contract";
import { appContext, shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";

const bodySchema = z.object({
  level: z.enum(["warn", "error", "fatal"]),
  message: z.string().max(CLIENT_LOG_MAX_BYTES),
  url: z.string().max(2048),
  stack: z.string().max(CLIENT_LOG_MAX_BYTES).optional(),
});

/**
 * Where the browser sends its warnings and errors (spec 1 §7 "_logging"). The browser holds no platform token, so
 * this route passes the entry on with the shopper's address; failures are answered but never retried.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const text = await request.text();
  if (text.length > CLIENT_LOG_MAX_BYTES) return data({ ok: false }, 413);
  let parsed;
  try {
    parsed = bodySchema.safeParse(JSON.parse(text));
  } catch {
    return data({ ok: false }, 400);
  }
  if (!parsed.success) return data({ ok: false }, 400);
  const entry = parsed.data;
  try {
    await context.get(shopperContext).api.call(api.clientLog, {
      level: entry.level,
      message: entry.message,
      data: {
        timestamp: context.get(appContext).clock.now().toISOString(),
        userAgent: request.headers.get("user-agent") ?? "",
        url: entry.url,
        type: "client_log",
        ...(entry.stack ? { stack: entry.stack } : {}),
      },
    });
  } catch (error) {
    if (error instanceof PlatformError) return data({ ok: false }, error.status === 429 ? 429 : 502);
    throw error;
  }
  return data({ ok: true }, 202);
}
