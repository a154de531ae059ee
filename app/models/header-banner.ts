/**
 * The header banner's dismissal (spec 1 §3 header.banner.showCloseButton; issue 23 item 3). Closing it is remembered in
 * a cookie, so it also works without script and the banner does not come back on the next page. The cookie holds a
 * short fingerprint of the announcement it closed: a new announcement shows again. Read by the browser bundle: no zod.
 */

export const HEADER_BANNER_COOKIE = "headerBannerClosed";

/** The route the close button posts to. */
export const HEADER_BANNER_ACTION = "/header-banner";

/** A fingerprint's shape: what a cookie value must look like to be taken (and kept in the page cache's key). */
export const BANNER_ID_PATTERN = /^[0-9a-z]{1,8}$/;

/** FNV-1a of the announcement's text, in base 36: the same text gives the same id on every server and in the browser. */
export function headerBannerId(content: string): string {
  let hash = 0x811c9dc5;
  const text = content.trim();
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The cookie's value when it is a well-formed fingerprint, else null (so odd values never reach a cache key). */
export function closedBannerId(value: string | undefined | null): string | null {
  return value && BANNER_ID_PATTERN.test(value) ? value : null;
}

export interface HeaderBannerSettings {
  showBanner: boolean;
  content: string;
  showCloseButton: boolean;
}

/** Whether the header shows the banner: switched on, with text, and not closed by this shopper (when closable). */
export function showsHeaderBanner(banner: HeaderBannerSettings, closedId: string | null): boolean {
  if (!banner.showBanner || !banner.content.trim()) return false;
  // A banner without a close button cannot be closed, so an old cookie does not hide it either.
  return !(banner.showCloseButton && closedId === headerBannerId(banner.content));
}
