/*
 * What the storefront keeps about a shopper between requests (the session cookie) and the messages it shows once
 * (flash cookies). Plain data: the server's session adapter stores it, components read it from loader data.
 */

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
  /** A social sign-in under way (decision 0020): what its callback checks, and where to land afterwards. */
  oauth: { provider: "google" | "facebook"; state: string; verifier: string; nonce: string | null; redirectTo: string };
  /** Where a one-time sign-in code was sent (spec 2 §3 Auth loginEmail): the code step asks for it. */
  loginEmail: string;
  /** A signed-in member of staff (the order board), with the board's own platform token. */
  staff: { token: string; expiresAt: number; username: string };
  /** set-basket-referer-url and set-search-referer-url (decision 0030): the page the basket's and the search's back links return to. */
  basketReferer: string;
  searchReferer: string;
  /** The items an 'Order again' could not add: the basket page names them once. */
  reorderNotAdded: { name: string; quantity: number; reason: string }[];
  /** The items a marketing deep link could not add (issue 20): the basket page names them once. */
  linkNotAdded: { name: string; quantity: number; reason: string }[];
  /** The referral link a guest followed (issue 20): registration names it, so the new member is linked to its member. */
  referral: { partnerUniqueId: string; partnerMemberId: string; storeId: number };
}

/** A store search that failed, shown once inline in the widget it came from. */
export interface LocationError {
  message: string;
  value: string;
}

/** The messages a response can leave for the next page the shopper sees. */
export interface Flash {
  toast: Toast;
  locationError: LocationError;
}

/**
 * The anti-forgery field's value in forms drawn for a visitor without a session (decision 0032): such a post goes
 * through when the browser vouches that it comes from this site. Sessions' own tokens are 32 base64url characters.
 */
export const NO_SESSION_TOKEN = "sessionless";
