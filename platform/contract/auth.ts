import { z } from "zod";
import { endpoint } from "./endpoint";

/**
 * Grant types this platform answers. Password, one-time code and social sign-in join the union when member
 * accounts arrive; until then zod rejects them like any other unknown value.
 */
export const oauthTokenRequestSchema = z.discriminatedUnion("grant_type", [
  z.object({ grant_type: z.literal("client_credentials") }),
  z.object({ grant_type: z.literal("refresh_token"), refresh_token: z.string().min(1).max(512) }),
]);

export const oauthTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  /** Seconds until the access token expires. */
  expires_in: z.number().int().positive(),
  token_type: z.literal("Bearer"),
  /** staff: the order board's sessions (issued by /api/staff/login, never by this call). */
  strategy: z.enum(["guest", "member", "staff"]),
});
export type OauthTokenResponse = z.infer<typeof oauthTokenResponseSchema>;

export const oauthToken = endpoint({
  method: "POST",
  path: "/api/auth/oauthToken",
  auth: "none",
  request: oauthTokenRequestSchema,
  response: oauthTokenResponseSchema,
});
