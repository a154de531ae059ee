import { z } from "zod";

/**
 * The platform's error shape. `status` is the HTTP status; `errorCode` is a number (usually the status) or a
 * text code such as `MOBILE_USED_WITH_INVITE`.
 */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  errorCode: z.union([z.number().int(), z.string()]),
  errorDisplay: z.string().optional(),
  errorText: z.string().optional(),
  message: z.string(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export { SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE } from "./service-unavailable";
export { SYSTEM_ERROR_MESSAGE } from "./error-messages";
