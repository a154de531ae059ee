// The client's name and versions (spec 1 §9). No zod here: the browser bundle may import this file.

/** Client platform name sent with banner events and orders, and with every call as `x-client-platform`. */
export const CLIENT_PLATFORM = "website";

/** The contract version this storefront speaks: the platform refuses a call that names another. */
export const PLATFORM_VERSION = "4";

/** Our words: a storefront and a platform of different contract versions (the platform refuses the call, 400). */
export const UNSUPPORTED_PLATFORM_VERSION_MESSAGE =
  "This site and its ordering system are out of step. Please try again in a few minutes.";

/** The site's version when the deployment names none (SITE_VERSION). */
export const DEFAULT_SITE_VERSION = "4.0.26";

/** Who is calling, as every platform call says in its headers. */
export interface ClientIdentity {
  platform: string;
  siteVersion: string;
  platformVersion: string;
}

export const DEFAULT_CLIENT_IDENTITY: ClientIdentity = {
  platform: CLIENT_PLATFORM,
  siteVersion: DEFAULT_SITE_VERSION,
  platformVersion: PLATFORM_VERSION,
};

export const CLIENT_IDENTITY_HEADERS = {
  platform: "x-client-platform",
  siteVersion: "x-site-version",
  platformVersion: "x-platform-version",
} as const satisfies Record<keyof ClientIdentity, string>;

/** The identity's headers, to set on a request. */
export function identityHeaders(identity: ClientIdentity): [string, string][] {
  return (Object.keys(CLIENT_IDENTITY_HEADERS) as (keyof ClientIdentity)[]).map((key) => [
    CLIENT_IDENTITY_HEADERS[key],
    identity[key],
  ]);
}
