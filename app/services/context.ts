import { createContext } from "react-router";
import type { Clock, ControllableClock } from "#contract";
import type { Session } from "react-router";
import type { Flash, SessionData } from "~/models/shopper";
import type { SharedPlatform, ShopperApi } from "./shopper.server";
import type { Logger } from "./logger.server";
import type { OAuthConfig } from "./oauth.server";
import type { ErrorReporter } from "~/models/error-report";

/** What the Node server hands every request: built once at start-up in server.ts. */
export interface AppServices {
  nonce: string;
  /**
   * Makes `nonce` the one the response's Content-Security-Policy allows, in place of the request's own: a page served
   * from the page cache carries the nonce it was drawn with (page-cache.server.ts). Absent outside the Node server.
   */
  useNonce?(nonce: string): void;
  clock: Clock;
  /** Present only when the test clock is enabled (never in production). */
  testClock: ControllableClock | null;
  log: Logger;
  /** Unexpected errors go here (Sentry when SENTRY_DSN is set; a reporter that does nothing otherwise). */
  errors: ErrorReporter;
  /** This request's id, as its log line and X-Request-Id header carry it. */
  requestId: string;
  /**
   * A React Router data request (`/path.data`, a client navigation's loader data): its Request reaches middleware
   * with the suffix taken off, the same address as the page's, so the server says which it is (server/storefront.ts).
   */
  dataRequest?: boolean;
  /** The platform, with the server's own session for shared reads; shoppers' calls use `shopper.api`. */
  platform: SharedPlatform;
  config: {
    sessionSecrets: string[];
    /** The key marketing deep links are signed with (issue 20; DEEPLINK_SECRET). Absent: no link reads. */
    deepLinkSecret?: string;
    secureCookies: boolean;
    /** True for NODE_ENV=test with TEST_CLOCK: enables the test-only routes. */
    testRoutes: boolean;
    /** Social sign-in: the providers whose client id and secret are set, and the public address for their callbacks. */
    oauth?: OAuthConfig;
    publicUrl?: string;
    /** The card gateway's Frames script for the card step's fields (decision 0024); null or absent: none. */
    cardFieldsScript?: string | null;
    /** The browser's error reporting (SENTRY_DSN's public form), given to it only after consent; null or absent: off. */
    sentry?: { publicDsn: string; environment: string } | null;
  };
  /** The shopper's address as the edge saw it. */
  clientIp: string;
}

export const appContext = createContext<AppServices>();

/** Per-request shopper state, set by the root middleware. */
export interface Shopper {
  session: Session<SessionData>;
  /**
   * The flash messages this request arrived with, for the root loader to show: taking them clears their cookies when
   * the page renders (a redirect keeps them for the page it leads to).
   */
  takeFlash(): Partial<Flash>;
  api: ShopperApi;
  /** Reads every shopper shares (store details for a location, menus), through the server's session and cache. */
  shared: SharedPlatform;
  /** The session's anti-forgery token; empty while the visitor has no session (decision 0032). */
  csrfToken: string;
}

export const shopperContext = createContext<Shopper>();
