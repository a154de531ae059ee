import { z } from "zod";
import { endpoint } from "./endpoint";

/** The browser sends only these levels; anything chattier stays in the browser console. */
export const clientLogLevels = ["warn", "error", "fatal"] as const;
export type ClientLogLevel = (typeof clientLogLevels)[number];

/** Largest client log body accepted, in bytes; larger ones answer 413 before they are parsed. */
export const CLIENT_LOG_MAX_BYTES = 8 * 1024;

export const clientLog = endpoint({
  method: "POST",
  path: "/api/_logging",
  auth: "none",
  request: z.object({
    level: z.enum(clientLogLevels),
    message: z.string().max(CLIENT_LOG_MAX_BYTES),
    // Loose: the browser may add context (stack, route) that is worth keeping once scrubbed.
    data: z.looseObject({
      timestamp: z.string(),
      userAgent: z.string(),
      url: z.string(),
      type: z.literal("client_log"),
    }),
  }),
  response: z.object({ ok: z.literal(true) }),
  maxBodyBytes: CLIENT_LOG_MAX_BYTES,
});
