import type { Session } from "react-router";
import { api } from "#contract";
import type { Clock, Endpoint, RequestOf, ResponseOf } from "#contract";
import type { Flash, SessionData, StoredAuth } from "~/models/shopper";
import { unavailablePage } from "~/models/error-page";
import {
  createPlatformClient,
  isPlatformUnavailable,
  PlatformError,
  type PlatformClient,
  type PlatformTransport,
} from "./platform-client.server";

/** Shared reads kept at once: locations and menus vary, so the cache is bounded. */
const MAX_CACHED_READS = 2000;

/** Renew a token this long before it expires, so a call never races its expiry. */
const RENEW_MARGIN_MS = 60_000;

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

async function requestGuestToken(client: PlatformClient): Promise<TokenResponse> {
  return client.call(api.oauthToken, { grant_type: "client_credentials" });
}

async function refreshToken(client: PlatformClient, refresh: string): Promise<TokenResponse> {
  return client.call(api.oauthToken, { grant_type: "refresh_token", refresh_token: refresh });
}

/**
 * A platform that cannot answer for now (its database restarting, a remote platform down or too slow) is the "try
 * again in a moment" page (503), whichever loader or action called it; every other failure is the caller's to handle.
 */
async function pageIfUnavailable<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isPlatformUnavailable(error)) throw unavailablePage();
    throw error;
  }
}

function toStored(strategy: StoredAuth["strategy"], t: TokenResponse, now: number): StoredAuth {
  return { strategy, accessToken: t.access_token, refreshToken: t.refresh_token, expiresAt: now + t.expires_in * 1000 };
}

/**
 * The calls a shopper's request makes, with the shopper's own token. The token is fetched lazily, on the first call
 * that needs one, so pages that only show shared content never create a guest session on the platform.
 */
export interface ShopperApi {
  call<E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E>,
    options?: { idempotencyKey?: string },
  ): Promise<ResponseOf<E>>;
  /**
   * A call that needs no token but should carry the shopper's current one when there is one: the sign-in grants,
   * so the platform can hand the guest's basket to the new member session. Never fetches a token for it.
   */
  callWithCurrentToken<E extends Endpoint>(endpoint: E, input: RequestOf<E>): Promise<ResponseOf<E>>;
  /**
   * Whether a member's session ended during this request: the refresh was refused or the platform answered 401 to a
   * member's call (spec 2 §4). The member state is cleared at once and the calls go on as a guest; the session
   * middleware then tells the shopper (decision 0019).
   */
  memberSessionExpired(): boolean;
}

/** What a member's session holds beyond the guest's: cleared on sign-out and when the member's session expires. */
export const MEMBER_SESSION_KEYS = [
  "auth",
  "basketToken",
  "slotTiming",
  "checkoutMode",
  "acceptedTerms",
  "lastOrder",
  "loginEmail",
] as const satisfies readonly (keyof SessionData)[];

export function clearMemberState(session: Session<SessionData, Flash>): void {
  for (const key of MEMBER_SESSION_KEYS) session.unset(key);
}

export function createShopperApi(options: {
  transport: PlatformTransport;
  session: Session<SessionData, Flash>;
  clock: Clock;
  clientIp: string;
}): ShopperApi {
  // One shopper API per storefront request (session-middleware.server.ts): its client may keep verified tokens.
  const client = createPlatformClient(options.transport, { oneRequest: true });
  const { session, clock, clientIp } = options;
  let memberExpired = false;
  /** The member's tokens no longer work: the shopper is a guest from here on, and is told so. */
  function expireMember() {
    memberExpired = true;
    clearMemberState(session);
  }

  // Loaders of one request run in parallel. Without sharing, each would fetch its own guest token (the basket made
  // under one would not answer to the session that kept the other) or replay the same refresh token, which the
  // platform takes for theft and answers by revoking the whole family.
  let pending: Promise<string> | null = null;
  function token(): Promise<string> {
    const current = session.get("auth");
    if (current && current.expiresAt - RENEW_MARGIN_MS > clock.now().getTime())
      return Promise.resolve(current.accessToken);
    pending ??= obtainToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function obtainToken(): Promise<string> {
    const now = clock.now().getTime();
    const current = session.get("auth");
    if (current) {
      try {
        const renewed = await refreshToken(client, current.refreshToken);
        session.set("auth", toStored(current.strategy, renewed, now));
        return renewed.access_token;
      } catch (error) {
        if (!(error instanceof PlatformError) || error.status >= 500) throw error;
        // The refresh token is gone: start a new guest session (a member's ends, spec 2 §4).
        if (current.strategy === "member") expireMember();
      }
    }
    const fresh = await requestGuestToken(client);
    session.set("auth", toStored("guest", fresh, now));
    return fresh.access_token;
  }

  async function call<E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E>,
    callOptions: { idempotencyKey?: string } = {},
  ): Promise<ResponseOf<E>> {
    if (endpoint.auth === "none") return client.call(endpoint, input, { ...callOptions, clientIp });
    try {
      return await client.call(endpoint, input, { ...callOptions, clientIp, token: await token() });
    } catch (error) {
      // A 401 means the platform no longer knows the token (expired early, revoked, platform reset).
      if (error instanceof PlatformError && error.status === 401) {
        if (session.get("auth")?.strategy === "member") expireMember();
        else session.unset("auth");
        return client.call(endpoint, input, { ...callOptions, clientIp, token: await token() });
      }
      throw error;
    }
  }

  return {
    memberSessionExpired: () => memberExpired,
    async callWithCurrentToken(endpoint, input) {
      const current = session.get("auth");
      const live = current && current.expiresAt > clock.now().getTime() ? current.accessToken : undefined;
      return pageIfUnavailable(client.call(endpoint, input, { clientIp, ...(live ? { token: live } : {}) }));
    },
    call: (endpoint, input, callOptions) => pageIfUnavailable(call(endpoint, input, callOptions)),
  };
}

/**
 * The storefront server's own guest session, for reads every shopper shares (site content, business profile,
 * white-label settings), and a short-lived cache of those reads so a page view does not cost a platform call each.
 */
export class SharedPlatform {
  private readonly client: PlatformClient;
  private auth: StoredAuth | null = null;
  private tokenPromise: Promise<string> | null = null;
  private readonly cache = new Map<string, { expires: number; value: Promise<unknown> }>();

  private seenGeneration = 0;

  constructor(
    readonly transport: PlatformTransport,
    private readonly clock: Clock,
    /** How long shared reads are kept; content edits show after at most this long. */
    private readonly ttlMs = 1000,
    /** Changes when the server knows every shared read is stale (the test clock moved, settings changed). */
    private readonly generation: () => number = () => 0,
  ) {
    this.client = createPlatformClient(transport);
  }

  private async token(): Promise<string> {
    const now = this.clock.now().getTime();
    if (this.auth && this.auth.expiresAt - RENEW_MARGIN_MS > now) return this.auth.accessToken;
    this.tokenPromise ??= requestGuestToken(this.client)
      .then((t) => {
        this.auth = toStored("guest", t, this.clock.now().getTime());
        return t.access_token;
      })
      .finally(() => {
        this.tokenPromise = null;
      });
    return this.tokenPromise;
  }

  call<E extends Endpoint>(endpoint: E, input: RequestOf<E>): Promise<ResponseOf<E>> {
    return pageIfUnavailable(this.callOnce(endpoint, input));
  }

  private async callOnce<E extends Endpoint>(endpoint: E, input: RequestOf<E>): Promise<ResponseOf<E>> {
    try {
      return await this.client.call(endpoint, input, { token: await this.token() });
    } catch (error) {
      if (error instanceof PlatformError && error.status === 401) {
        this.auth = null;
        return this.client.call(endpoint, input, { token: await this.token() });
      }
      throw error;
    }
  }

  /** A shared read, cached for the TTL. Failures are not cached. */
  cached<E extends Endpoint>(endpoint: E, input: RequestOf<E>): Promise<ResponseOf<E>> {
    const key = `${endpoint.method} ${endpoint.path} ${JSON.stringify(input)}`;
    const generation = this.generation();
    if (generation !== this.seenGeneration) {
      this.seenGeneration = generation;
      this.cache.clear();
    }
    // Real time, not the business clock: a fixed test clock must not freeze the cache.
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<ResponseOf<E>>;
    const value = this.call(endpoint, input);
    if (this.cache.size >= MAX_CACHED_READS) this.sweep(now);
    this.cache.set(key, { expires: now + this.ttlMs, value });
    value.catch(() => this.cache.delete(key));
    return value;
  }

  /** Drops expired reads; if every read is fresh, the oldest half goes (Map keeps insertion order). */
  private sweep(now: number): void {
    for (const [key, entry] of this.cache) if (entry.expires <= now) this.cache.delete(key);
    if (this.cache.size >= MAX_CACHED_READS) {
      let drop = Math.floor(this.cache.size / 2);
      for (const key of this.cache.keys()) {
        if (drop-- <= 0) break;
        this.cache.delete(key);
      }
    }
  }

  invalidate(): void {
    this.cache.clear();
  }

  /** The server's generation of shared reads: what the page cache (page-cache.server.ts) keys its pages by too. */
  currentGeneration(): number {
    return this.generation();
  }
}

const sharedByTransport = new WeakMap<PlatformTransport, SharedPlatform>();

/** The one SharedPlatform for a transport, made in this bundle so errors it throws are this bundle's classes. */
export function sharedPlatformFor(
  transport: PlatformTransport,
  clock: Clock,
  generation: () => number,
): SharedPlatform {
  let shared = sharedByTransport.get(transport);
  if (!shared) {
    shared = new SharedPlatform(transport, clock, 1000, generation);
    sharedByTransport.set(transport, shared);
  }
  return shared;
}
