/**
 * Cookie consent (spec 1 §2 cookie banner, §3 cookieConsent / performanceCookies / targetingCookies). Read by the
 * browser bundle: no zod here. Strictly necessary cookies (the session, flash messages) need no consent; performance
 * (error reporting, Web Vitals) and targeting cookies wait for it.
 */

export const CONSENT_COOKIES = {
  given: "cookieConsent",
  performance: "performanceCookies",
  targeting: "targetingCookies",
} as const;

/** A year, as UK guidance suggests for remembering a consent choice. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 3600;

export const CONSENT_TEXT = {
  banner:
    'By clicking "Accept All Cookies", you agree to the storing of cookies on your device to enhance site navigation, ' +
    "analyze site usage, and assist in our marketing efforts.",
  acceptAll: "Accept All Cookies",
  rejectAll: "Reject All Cookies",
  settings: "Cookies Settings",
  settingsTitle: "Cookie settings",
  footerLink: "Cookie settings",
  save: "Save cookie settings",
  accepted: "You've accepted all cookies. You can change your cookie settings at any time.",
  rejected: "You've rejected additional cookies. You can change your cookie settings at any time.",
  saved: "Your cookie settings were saved.",
  invalid: "Choose whether to allow each kind of cookie.",
} as const;

export interface Consent {
  /** Whether the shopper has made a choice (the banner shows until then). */
  given: boolean;
  performance: boolean;
  targeting: boolean;
}

export const NO_CONSENT: Consent = { given: false, performance: false, targeting: false };

/** The shopper's consent from their cookies' values; anything but "true" is a no. */
export function consentFrom(values: Partial<Record<string, string | undefined>>): Consent {
  const given = values[CONSENT_COOKIES.given] === "true";
  if (!given) return NO_CONSENT;
  return {
    given,
    performance: values[CONSENT_COOKIES.performance] === "true",
    targeting: values[CONSENT_COOKIES.targeting] === "true",
  };
}

/** The settings path, coming back to `from` once saved. */
export function consentSettingsHref(from: string): string {
  return from && from !== "/" && !from.startsWith("/cookies")
    ? `/cookies?redirectTo=${encodeURIComponent(from)}`
    : "/cookies";
}
