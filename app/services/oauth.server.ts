import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { decodeJwt } from "jose";
import type { SessionData } from "~/models/shopper";

/*
 * The storefront's side of "Continue with Google / Facebook" (decision 0020): the OAuth 2.0 authorisation code flow
 * with PKCE (S256), a state bound to the shopper's session and, for Google, a nonce bound into the ID token. The
 * browser only follows redirects; the code is exchanged here, server to server, with the client secret. What comes
 * back (Google's ID token, Facebook's access token) is handed to the platform, which checks it itself.
 */

export type SocialProvider = "google" | "facebook";
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = ["google", "facebook"];

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
}

/** The providers whose client id and secret are set; the others are absent. */
export type OAuthConfig = Partial<Record<SocialProvider, OAuthClient>>;

/** What the start of a sign-in keeps in the session for its callback: state, PKCE verifier, nonce, where to land. */
export type PendingOAuth = SessionData["oauth"];

/** The platform's custom_request grant for the provider's token. */
export type SocialGrant = { provider: "google"; id_token: string } | { provider: "facebook"; access_token: string };

export type OAuthFailure =
  /** The shopper said no at the provider. */
  | "cancelled"
  /** No sign-in was started in this session, or the callback answers another one. */
  | "state_mismatch"
  /** The provider sent the shopper back with an error other than a refusal. */
  | "provider_error"
  /** The token endpoint refused the code or could not be reached. */
  | "exchange_failed"
  /** The ID token is not the one this sign-in asked for. */
  | "nonce_mismatch";

export class OAuthError extends Error {
  constructor(
    readonly reason: OAuthFailure,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

const TOKEN_TIMEOUT_MS = 5000;
const SCOPES: Record<SocialProvider, string> = { google: "openid email profile", facebook: "email public_profile" };

const random = () => randomBytes(32).toString("base64url");

export function isSocialProvider(value: unknown): value is SocialProvider {
  return value === "google" || value === "facebook";
}

/** The PKCE S256 challenge of a verifier (RFC 7636 §4.2). */
export function codeChallenge(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

/** A new sign-in: the provider's authorisation URL, and what the callback needs to check and finish it. */
export function beginAuthorisation(
  provider: SocialProvider,
  client: OAuthClient,
  redirectUri: string,
  redirectTo: string,
): { url: string; pending: PendingOAuth } {
  const pending: PendingOAuth = {
    provider,
    state: random(),
    verifier: random(),
    nonce: provider === "google" ? random() : null,
    redirectTo,
  };
  const url = new URL(client.authUrl);
  const params = {
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: SCOPES[provider],
    state: pending.state,
    code_challenge: codeChallenge(pending.verifier),
    code_challenge_method: "S256",
    ...(pending.nonce ? { nonce: pending.nonce } : {}),
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { url: url.toString(), pending };
}

function sameText(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * Finishes a sign-in from the provider's redirect back: checks the state against the session's, tells a refusal
 * from an error, exchanges the code (client secret and PKCE verifier) and returns the grant for the platform.
 */
export async function completeAuthorisation(
  client: OAuthClient,
  pending: PendingOAuth | undefined,
  callback: URL,
  redirectUri: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SocialGrant> {
  const q = callback.searchParams;
  const state = q.get("state") ?? "";
  if (!pending || !state || !sameText(state, pending.state)) throw new OAuthError("state_mismatch");
  const error = q.get("error");
  // The provider's error code goes to the log: cut short, since anyone can put anything in a query string.
  if (error) throw new OAuthError(error === "access_denied" ? "cancelled" : "provider_error", error.slice(0, 60));
  const code = q.get("code");
  if (!code) throw new OAuthError("provider_error", "no code");

  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uri: redirectUri,
    code_verifier: pending.verifier,
  });
  let answer: Record<string, unknown>;
  try {
    const response = await fetchImpl(client.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body,
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    const parsed: unknown = await response.json().catch(() => null);
    answer = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
    if (!response.ok) throw new OAuthError("exchange_failed", `status ${response.status} ${errorName(answer)}`);
  } catch (err) {
    if (err instanceof OAuthError) throw err;
    throw new OAuthError("exchange_failed", err instanceof Error ? err.name : "unknown");
  }

  if (pending.provider === "facebook") {
    if (typeof answer.access_token !== "string" || !answer.access_token)
      throw new OAuthError("exchange_failed", "no access_token");
    return { provider: "facebook", access_token: answer.access_token };
  }
  if (typeof answer.id_token !== "string" || !answer.id_token) throw new OAuthError("exchange_failed", "no id_token");
  // The platform checks the signature; here only that the token answers this sign-in (a replayed one would not).
  let nonce: unknown;
  try {
    nonce = decodeJwt(answer.id_token).nonce;
  } catch {
    throw new OAuthError("exchange_failed", "unreadable id_token");
  }
  if (typeof nonce !== "string" || !pending.nonce || !sameText(nonce, pending.nonce))
    throw new OAuthError("nonce_mismatch");
  return { provider: "google", id_token: answer.id_token };
}

/** The provider's error code, for the log: Google `{error: "invalid_grant"}`, Facebook `{error: {type, code}}`. */
function errorName(answer: Record<string, unknown>): string {
  const error = answer.error;
  if (typeof error === "string") return error.slice(0, 60);
  if (typeof error === "object" && error !== null) {
    const e = error as Record<string, unknown>;
    return `${String(e.type ?? "error").slice(0, 40)} ${String(e.code ?? "")}`.trim();
  }
  return "unknown";
}
