import type {
  Basket,
  BusinessProfile,
  GlobalSettings,
  MenuItem,
  SiteSettings,
  StoreDetails,
  WhiteLabelSettings,
} from "#contract";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import type { FulfilmentMethod, LocationError, RecentSearchEntry, SelectedStore, Toast } from "./shopper";
import type { Consent } from "./consent";
import type { BrowserErrorReporting } from "./error-report";

/*
 * The loader data that parts of the page outside a route module read (the header, the bottom bar, product cards),
 * declared here so those parts depend on a shape rather than on the route modules themselves. Each loader is typed
 * against its shape, so a change on either side fails the type check.
 */

/** Fixed ids of the routes whose data is read elsewhere (useRouteLoaderData). */
export const ROUTE_IDS = {
  root: "root",
  storeLayout: "store-layout",
  basket: "basket",
  memberLayout: "member-layout",
} as const;

/** The branding every page needs (site content), as the root loader reads it. */
export interface SiteChromeData {
  companyName: string;
  global: GlobalSettings;
  /** The brand's custom properties, derived from the content's colours on the server (BrandStyle writes them). */
  brandCss: string;
  siteSettings: SiteSettings;
  year: number;
}

/** The bottom bar's own figures, read by the root loader. */
export interface BottomNavData {
  /** The session's basket figures as the root loader read them; null without a store or basket. */
  basket: { itemCount: number; subtotal: number } | null;
  searchTabEnabled: boolean;
  autoSelectClosestStore: boolean;
}

/** What the root loader gives every page. */
export interface RootData {
  /** The session's anti-forgery token, put in every form by remix-utils' AuthenticityTokenInput. */
  csrf: string;
  toast: Toast | null;
  site: SiteChromeData;
  /** A same-site page to go back to (the error page's Go back). */
  backHref: string;
  settings: WhiteLabelSettings;
  postcodeRules: BusinessProfile["postcodeRules"];
  bottomNav: BottomNavData;
  /** The shopper's cookie consent (the banner shows until it is given). */
  consent: Consent;
  /** The header banner this shopper closed (its fingerprint, models/header-banner.ts), if any. */
  closedBannerId: string | null;
  /** The browser's error reporting: set only when SENTRY_DSN is and the shopper allows performance cookies. */
  errorReporting: BrowserErrorReporting | null;
  shopper: {
    /** A member is signed in (the header's Manage Account and Logout, the bottom bar's Account). */
    signedIn: boolean;
    postcode: string | null;
    address: string | null;
    fulfilmentMethod: FulfilmentMethod;
    store: SelectedStore | null;
    recentSearches: RecentSearchEntry[];
    locationError: LocationError | null;
  };
}

/** What every member page has from the member layout (spec 2 §2, login required). */
export interface MemberLayoutData {
  member: { firstName: string; lastName: string; email: string };
  /**
   * The retailer banner (spec 2 §2: visit site, call us): the shopper's chosen store, or null when none is chosen or
   * its details cannot be read just now.
   */
  retailer: { storeName: string; storePath: string; phone: string | null } | null;
  /** Whether the business offers referral and credit (business profile hideReferralUI off). */
  referral: boolean;
}

/** What every /stores/{storeSlug} page has from the store layout. */
export interface StoreLayoutData {
  store: StoreDetails;
  /** The shopper's basket for this store (null before the first one is made): the bar's total, the cards' counts. */
  basket: Basket | null;
  locationMissing: boolean;
  fulfilmentMethod: FulfilmentMethod;
  /**
   * Each rendered add form's basket line id and idempotency key (product cards) build on it: fresh on every load with
   * a session, fixed on a sessionless page (decision 0032).
   */
  formSeed: string;
  bar: {
    /** The held slot in words ("Tomorrow 09:00–10:00", "As soon as possible"), or null when none is held. */
    slotText: string | null;
    canSwitch: boolean;
    /** The store's basketOnlyTimeSelection: the time is chosen in the basket only. */
    timeInBasket: boolean;
  };
}

/** The basket page's data (its parts and the bottom bar read it). */
export type BasketPageData =
  | { kind: "no-store"; backHref: string }
  | {
      kind: "store";
      /** set-basket-referer-url: where the page's back link goes (the page the shopper came from). */
      backHref: string;
      store: {
        name: string;
        slug: string;
        symbol: string;
        /** Why the store takes no order now (paused first, then closed), and its own words for it. */
        notice: string | null;
        noticeDetail: string | null;
        canSwitch: boolean;
        tipsEnabled: boolean;
        /** The store's isDriverTipEmojiEnabled: the tip choices carry emoji. */
        tipEmoji: boolean;
        /** The fulfilment method's base cost, pence (the free-delivery progress starts from it). */
        baseCost: number;
      };
      method: FulfilmentMethod;
      basket: Basket | null;
      /** The held slot in words, or null when none is held (models/slots heldSlotText). */
      slotText: string | null;
      tips: { levels: number[]; increment: number };
      shopper: { signedIn: boolean; mobileVerified: boolean };
      recommended: MenuItem[];
      /** The coupon form's honeypot fields (remix-utils' HoneypotInputs). */
      honeypot: HoneypotInputProps;
      /** Fresh on every load: the forms' keys for posts without script, and the recommended adds' line ids. */
      seed: string;
      /** What an 'Order again' or a marketing deep link could not add, named once. */
      notAdded: { from: "order" | "link"; items: { name: string; quantity: number; reason: string }[] };
    };
