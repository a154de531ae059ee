import type { ClientIdentity, Clock } from "./contract";
import type { Db } from "./db/open";
import type { Logger } from "./logger";
import type { LocationService } from "./ports/location-service";
import type { PaymentServices } from "./ports/payment-gateway";
import type { RealtimePublisher } from "./ports/realtime";

/*
 * What every handler is given. The platform's composition (http.ts) fills it in; modules only read it, so it names
 * outside services by their ports (ports/) and never by a module's implementation.
 */

export interface AuthInfo {
  strategy: "guest" | "member" | "staff";
  memberId: number | null;
  /** The token family: stable across refreshes, used to scope idempotency keys and per-session state. */
  family: string;
}

export interface PlatformDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  config: PlatformConfig;
  location: LocationService;
  /** The card gateway and Apple Pay merchant validation. */
  payments: PaymentServices;
  /** Live events out (Pusher, decision 0040); null: none are published. */
  realtime: RealtimePublisher | null;
  /** Resolves a bearer token to its session (and when it expires, if known), or null when unknown, revoked or expired. */
  authenticate(token: string): Promise<(AuthInfo & { expiresAt?: Date }) | null>;
}

export interface PlatformConfig {
  /** Content source: embedded files under contentDir, or Strapi. */
  contentDir: string;
  strapi?: { url: string; token: string };
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  /** How long a reserved time slot stays held for a basket (SLOT_HOLD_SECONDS); 900 when not set. */
  slotHoldSeconds?: number;
  /**
   * reCAPTCHA (RECAPTCHA_SITE_KEY, RECAPTCHA_SECRET_KEY, RECAPTCHA_VERIFY_URL): when set, the bot check of
   * coupon applies verifies reCAPTCHA tokens; when not, the built-in honeypot check runs.
   */
  recaptcha?: { siteKey: string; secretKey: string; verifyUrl?: string };
  /** Coupon attempts allowed per client address in 10 minutes (COUPON_ATTEMPTS_PER_IP); 50 when not set. */
  couponAttemptsPerIp?: number;
  /** The order board's credentials (STAFF_USERNAME, STAFF_PASSWORD); without them staff sign-in is refused. */
  staff?: { username: string; password: string };
  /**
   * The storefront's public address (PUBLIC_URL). When set, payment return addresses must be on it and
   * confirmation links use it; when not, links use the origin of the order's return addresses.
   */
  publicUrl?: string;
  /** Apple Pay's display name for merchant validation; the company name when not set. */
  applePayDisplayName?: string;
  /**
   * Sign-in with Google (GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL): ID tokens must be for this client and signed by a key
   * of this key set. Unset: the google grant is refused.
   */
  google?: { clientId: string; jwksUrl: string };
  /**
   * Sign-in with Facebook (FACEBOOK_APP_ID, FACEBOOK_APP_SECRET, FACEBOOK_GRAPH_URL): access tokens must be this
   * app's, as the Graph API's debug_token says. Unset: the facebook grant is refused.
   */
  facebook?: { appId: string; appSecret: string; graphUrl: string };
}

export interface RequestContext extends PlatformDeps {
  request: Request;
  auth: AuthInfo | null;
  idempotencyKey: string | null;
  /** The shopper's address as the edge saw it, for rate limits. */
  clientIp: string;
  /** Who is calling (spec 1 §9): what the call named of the client's platform and versions. */
  client?: Partial<ClientIdentity>;
  /** The request body exactly as it came, for calls that check a signature over it (gateway webhooks). */
  rawBody?: string;
}
