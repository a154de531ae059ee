// What the storefront keeps in the browser's localStorage besides recent searches (models/recent-searches.ts): the
// first-time-user flags (spec 2 §3), and the keys earlier versions kept there, removed at start (spec 1 §9).

/** The first-time-user modal flags, as one JSON object under this key. */
export const FIRST_TIME_USER_KEY = "firstTimeUser";

/** Which one-time dialogs this device has seen. Only the welcome dialog so far; new flags default to not seen. */
export interface FirstTimeUserFlags {
  welcomeSeen: boolean;
}

/** The flags as stored; anything unreadable (no value, not JSON, another shape) counts as a device that saw nothing. */
export function parseFirstTimeUser(raw: string | null): FirstTimeUserFlags {
  if (!raw) return { welcomeSeen: false };
  try {
    const value: unknown = JSON.parse(raw);
    return {
      welcomeSeen:
        typeof value === "object" && value !== null && (value as { welcomeSeen?: unknown }).welcomeSeen === true,
    };
  } catch {
    return { welcomeSeen: false };
  }
}

export function serialiseFirstTimeUser(flags: FirstTimeUserFlags): string {
  return JSON.stringify({ welcomeSeen: flags.welcomeSeen });
}

/**
 * Where the welcome dialog may greet a first-time visitor: the pages a visit starts from (home and a store's pages),
 * never in the middle of a basket, checkout, sign-in or the member area, nor on a page a deep link or payment lands on.
 */
export function welcomesOn(pathname: string): boolean {
  return (
    pathname === "/" || pathname === "/stores" || pathname.startsWith("/stores/") || pathname === "/stores-near-by"
  );
}

/**
 * Keys earlier versions of the storefront kept in localStorage and nothing reads any more (spec 1 §9 'Deprecated local
 * data keys are cleaned at start'): the whole-state copy, and the basket, store and sign-in copies that now live in
 * the session cookie, and the old one-flag-per-dialog keys that FIRST_TIME_USER_KEY replaced. The one list: add a key
 * here when a version stops using it.
 */
export const DEPRECATED_LOCAL_KEYS = [
  "vuex",
  "basketToken",
  "basket",
  "selectedStore",
  "fulfilmentMethod",
  "auth",
  "ageRestriction",
  "firstTimeUserModal",
  "showWelcomeModal",
] as const;

/** Removes the deprecated keys from `storage`; answers the ones that were there. A storage that refuses is left alone. */
export function cleanDeprecatedLocalData(storage: Pick<Storage, "getItem" | "removeItem">): string[] {
  const removed: string[] = [];
  for (const key of DEPRECATED_LOCAL_KEYS) {
    try {
      if (storage.getItem(key) === null) continue;
      storage.removeItem(key);
      removed.push(key);
    } catch {
      // Storage can be switched off or full (private modes): there is nothing to clean then.
    }
  }
  return removed;
}
