import { data } from "react-router";
import {
  api,
  contentTypes,
  globalSettingsSchema,
  type ContentOf,
  type ContentTypeName,
  type GlobalSettings,
} from "../../platform/contract";
import { brandStyleCss } from "~/models/colour";
import { notFoundMessage } from "~/models/error-page";
import type { SiteChromeData } from "~/models/route-data";
import type { Logger } from "./logger.server";
import { PlatformError } from "./platform-client.server";
import type { SharedPlatform } from "./shopper.server";


/**
 * The branding every page needs. A content outage must not take the shop down: the spec's defaults stand in
 * (default colours, no navigation) and the failure is logged.
 */
export async function loadSiteChrome(platform: SharedPlatform, log: Logger, now: Date): Promise<SiteChromeData> {
  const [global, siteSettings] = await Promise.all([
    loadSingle(platform, "global").catch((error: unknown) => {
      log.error("content.global_failed", { error: String(error) });
      return globalSettingsSchema.parse({});
    }),
    platform
      .cached(api.strapiSiteSettings, { populate: "deep" })
      .then((r) => r.data.attributes)
      .catch((error: unknown) => {
        // Spec 1 §8: a navigation fetch failure is logged and the navigation emptied.
        log.error("content.site_settings_failed", { error: String(error) });
        return contentTypes["site-settings"].schema.parse({});
      }),
  ]);
  return { companyName: global.companyName, global, siteSettings, brandCss: brandCssOf(global), year: now.getUTCFullYear() };
}

/** The brand's stylesheet, derived once per content read (shared reads hand back the same settings object). */
const brandCssCache = new WeakMap<GlobalSettings, string>();
function brandCssOf(global: GlobalSettings): string {
  let css = brandCssCache.get(global);
  if (css === undefined) {
    css = brandStyleCss(global);
    brandCssCache.set(global, css);
  }
  return css;
}

/** A single content type (home, faq, contact …), parsed and complete. */
export async function loadSingle<T extends ContentTypeName>(platform: SharedPlatform, type: T): Promise<ContentOf<T>> {
  const envelope = await platform.cached(api.strapiContent, { contentType: type, populate: "deep" });
  const entry = Array.isArray(envelope.data) ? envelope.data[0] : envelope.data;
  return contentTypes[type].schema.parse(entry?.attributes ?? {}) as ContentOf<T>;
}

/** One entry of a collection (pages, branding-pages) by slug, or a 404 'Page Not Found: {path}'. */
export async function loadBySlug<T extends "pages" | "branding-pages">(
  platform: SharedPlatform,
  type: T,
  slug: string,
  path: string,
): Promise<ContentOf<T>> {
  try {
    const envelope = await platform.cached(api.strapiContent, { contentType: type, populate: "deep", "filters[slug][$eq]": slug });
    const entries = Array.isArray(envelope.data) ? envelope.data : envelope.data ? [envelope.data] : [];
    const entry = entries.find((e) => e.attributes.slug === slug);
    if (entry) return contentTypes[type].schema.parse(entry.attributes) as ContentOf<T>;
  } catch (error) {
    if (!(error instanceof PlatformError && error.status === 404)) throw error;
  }
  throw data({ message: notFoundMessage(path) }, 404);
}
