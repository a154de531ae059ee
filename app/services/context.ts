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
  /**
   * The flash messages this request arrived with, for the root loader to show: taking them clears their cookies when
   * the page renders (a redirect keeps them for the page it leads to).
   */
  takeFlash(): Partial<SessionFlash>;
  api: ShopperApi;
  /** Reads every shopper shares (store details for a location, menus), through the server's session and cache. */
  shared: SharedPlatform;
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

export type FulfilmentMethod = "delivery" | "collection";

/** Where the shopper searched from (spec 1 §3 geolocation state): a postcode, coordinates, or both. */
export interface ShopperLocation {
  postcode: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The chosen address's description, when the search was by address. */
  address: string | null;
}

export interface SelectedStore {
  id: number;
  slug: string;
  name: string;
}

export interface RecentSearchEntry {
  postcode: string | null;
  address: string | null;
  timestamp: number;
}

export interface SessionData {
  csrf: string;
  auth: StoredAuth;
  location: ShopperLocation;
  fulfilmentMethod: FulfilmentMethod;
  store: SelectedStore;
  basketToken: string;
  recentSearches: RecentSearchEntry[];
  /** Whether the held slot was chosen as ASAP: its start moves with the clock, so the listing cannot tell. */
  slotTiming: "asap" | "future";
  /** The last postcode search that failed: the same value again fails the same way (spec 1 §5). */
  lastPostcodeSearch: { value: string; error: string };
  /** The checkout's sign-in choice (spec 2 §2): guest until member accounts arrive. Cleared with the basket. */
  checkoutMode: "guest";
  /** The shopper accepted the terms on the details step for this basket. */
  acceptedTerms: boolean;
  /** The order just placed: the success page shows it (spec 2 §2 success). */
  lastOrder: { businessOrderId: string; statusToken: string; storeId: number };
  /** A signed-in member of staff (the order board), with the board's own platform token. */
  staff: { token: string; expiresAt: number; username: string };
}

/** A store search that failed, shown once inline in the widget it came from. */
export interface LocationError {
  message: string;
  value: string;
}

export interface SessionFlash {
  toast: Toast;
  locationError: LocationError;
}
