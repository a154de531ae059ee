import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from "jose";
import { AUTH_MESSAGES } from "../contract";
import type { PlatformConfig, RequestContext } from "../context";
import { ApiError } from "../errors";
import type { SocialAccount } from "./members";

/*
 * The storefront does the OAuth redirect and code exchange; the platform trusts only what it checks itself: a
 * Google ID token's signature, audience, issuer and expiry, or a Facebook access token vouched for by the Graph
 * API's debug_token as issued to our app.
 */

export const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];
export const GOOGLE_JWKS_URL = "https://www.googleapis.com/oauth2/v3/certs";
export const FACEBOOK_GRAPH_URL = "https://graph.facebook.com";
const PROVIDER_TIMEOUT_MS = 5000;

const failed = (status = 401) =>
  new ApiError(status, AUTH_MESSAGES.socialFailed, {
    errorCode: "SOCIAL_SIGN_IN_FAILED",
    errorDisplay: AUTH_MESSAGES.socialFailed,
  });
const noEmail = () =>
  new ApiError(400, AUTH_MESSAGES.socialNoEmail, {
    errorCode: "SOCIAL_NO_EMAIL",
    errorDisplay: AUTH_MESSAGES.socialNoEmail,
  });

function notConfigured(provider: "google" | "facebook"): ApiError {
  const vars = provider === "google" ? "GOOGLE_CLIENT_ID" : "FACEBOOK_APP_ID and FACEBOOK_APP_SECRET";
  return new ApiError(
    400,
    `Sign-in with ${provider === "google" ? "Google" : "Facebook"} is not configured on this platform (${vars})`,
    {
      errorCode: "PROVIDER_NOT_CONFIGURED",
      errorDisplay: AUTH_MESSAGES.socialFailed,
    },
  );
}

// One key set per address, kept for the process: jose caches Google's keys and refetches on an unknown key id.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: PROVIDER_TIMEOUT_MS });
    keySets.set(url, set);
  }
  return set;
}

/** Why a token was refused, for the log: jose's error code, never the token. */
function reasonOf(error: unknown): string {
  return error instanceof joseErrors.JOSEError ? error.code : error instanceof Error ? error.name : "unknown";
}

function nameParts(given: unknown, family: unknown, email: string): { firstName: string; lastName: string } {
  const text = (v: unknown) => (typeof v === "string" ? v.trim().slice(0, 100) : "");
  return { firstName: text(given) || email.slice(0, email.indexOf("@")).slice(0, 100), lastName: text(family) };
}

/** A verified Google ID token's account. */
export async function googleAccount(ctx: RequestContext, idToken: string | undefined): Promise<SocialAccount> {
  const google = ctx.config.google;
  if (!google) throw notConfigured("google");
  if (!idToken) throw new ApiError(400, "id_token is required for provider google");
  let payload;
  try {
    ({ payload } = await jwtVerify(idToken, keySet(google.jwksUrl), {
      audience: google.clientId,
      issuer: GOOGLE_ISSUERS,
      algorithms: ["RS256"],
      currentDate: ctx.clock.now(),
    }));
  } catch (error) {
    ctx.log.warn("auth.google_refused", { reason: reasonOf(error) });
    throw failed();
  }
  const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : "";
  // Older tokens carry the flag as a string.
  const verified = payload.email_verified === true || payload.email_verified === "true";
  if (!payload.sub) throw failed();
  if (!email || !verified) {
    ctx.log.warn("auth.google_refused", { reason: email ? "email_not_verified" : "no_email" });
    throw noEmail();
  }
  return {
    provider: "google",
    subject: payload.sub,
    email,
    ...nameParts(payload.given_name, payload.family_name, email),
  };
}

class GraphError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function graphGet(graphUrl: string, path: string, params: Record<string, string>): Promise<unknown> {
  const url = new URL(`${graphUrl.replace(/\/+$/, "")}/${path}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const response = await fetch(url, {
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    headers: { accept: "application/json" },
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new GraphError(`graph_${path.replace(/\W/g, "_")}_${response.status}`, response.status);
  return body;
}

type Facebook = NonNullable<PlatformConfig["facebook"]>;

/** The Facebook account an access token is for, when debug_token says it is valid and was issued to our app. */
export async function facebookAccount(ctx: RequestContext, accessToken: string | undefined): Promise<SocialAccount> {
  const facebook: Facebook | undefined = ctx.config.facebook;
  if (!facebook) throw notConfigured("facebook");
  if (!accessToken) throw new ApiError(400, "access_token is required for provider facebook");
  let userId: string;
  let me: { id?: unknown; email?: unknown; first_name?: unknown; last_name?: unknown };
  try {
    const debug = (await graphGet(facebook.graphUrl, "debug_token", {
      input_token: accessToken,
      access_token: `${facebook.appId}|${facebook.appSecret}`,
    })) as { data?: { is_valid?: unknown; app_id?: unknown; user_id?: unknown } } | null;
    const data = debug?.data;
    if (data?.is_valid !== true || String(data.app_id) !== facebook.appId || !data.user_id) {
      ctx.log.warn("auth.facebook_refused", {
        reason: data?.is_valid !== true ? "not_valid" : !data.user_id ? "no_user" : "other_app",
      });
      throw failed();
    }
    userId = String(data.user_id);
    me = ((await graphGet(facebook.graphUrl, "me", {
      fields: "id,first_name,last_name,email",
      access_token: accessToken,
    })) ?? {}) as typeof me;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The Graph API refuses a token it does not know (4xx): a refusal like any other.
    if (error instanceof GraphError && error.status < 500) {
      ctx.log.warn("auth.facebook_refused", { reason: error.message });
      throw failed();
    }
    // A provider that cannot be reached is not the shopper's doing: 502, with the same words for them.
    ctx.log.warn("auth.facebook_unavailable", {
      reason: error instanceof GraphError ? error.message : reasonOf(error),
    });
    throw failed(502);
  }
  if (String(me.id) !== userId) {
    ctx.log.warn("auth.facebook_refused", { reason: "user_mismatch" });
    throw failed();
  }
  // Facebook shares only addresses its user has confirmed.
  const email = typeof me.email === "string" ? me.email.trim().toLowerCase() : "";
  if (!email) {
    ctx.log.warn("auth.facebook_refused", { reason: "no_email" });
    throw noEmail();
  }
  return { provider: "facebook", subject: userId, email, ...nameParts(me.first_name, me.last_name, email) };
}
