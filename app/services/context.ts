import { createContext } from "react-router";
import type { Clock, ControllableClock } from "../../platform/contract";
import type { Session } from "react-router";
import type { SharedPlatform, ShopperApi } from "./shopper.server";
import type { Logger } from "./logger.server";

/** What the Node server hands every request: built once at start-up in server.ts. */
export interface AppServices {
  nonce: string;
  clock: Clock;
  /** Present only when the test clock is enabled (never in production). */
  testClock: ControllableClock | null;
  log: Logger;
  /** The platform, with the server's own session for shared reads; shoppers' calls use `shopper.api`. */
  platform: SharedPlatform;
  config: {
    sessionSecrets: string[];
    secureCookies: boolean;
    /** True for NODE_ENV=test with TEST_CLOCK: enables the test-only routes. */
    testRoutes: boolean;
  };
  /** The shopper's address as the edge saw it. */
  clientIp: string;
}

export const appContext = createContext<AppServices>();

/** Per-request shopper state, set by the root middleware. */
export interface Shopper {
  session: Session<SessionData, SessionFlash>;
  api: ShopperApi;
  csrfToken: string;
}

export const shopperContext = createContext<Shopper>();

export type ToastKind = "success" | "error" | "info";
export interface Toast {
  kind: ToastKind;
  message: string;
}

export interface StoredAuth {
  strategy: "guest" | "member";
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface SessionData {
  csrf: string;
  auth: StoredAuth;
}

export interface SessionFlash {
  toast: Toast;
}
