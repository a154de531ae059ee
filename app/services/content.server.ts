import { logFailure } from "~/models/error-page";
import { z } from "zod";
import {
  api,
  contentTypes,
  globalSettingsSchema,
  type ContentOf,
  type ContentTypeName,
  type GlobalSettings,
} from "#contract";
import { brandStyleCss } from "~/models/colour";
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
      logFailure(log, "content.global_failed", error);
      return globalSettingsSchema.parse({});
    }),
    platform
      .cached(api.strapiSiteSettings, { populate: "deep" })
      .then((r) => r.data.attributes)
      .catch((error: unknown) => {
        // Spec 1 §8: a navigation fetch failure is logged and the navigation emptied.
        logFailure(log, "content.site_settings_failed", error);
        return contentTypes["site-settings"].schema.parse({});
      }),
  ]);
  return {
    companyName: global.companyName,
    global,
    siteSettings,
    brandCss: brandCssOf(global),
    year: now.getUTCFullYear(),
  };
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

/** The collections addressed by slug: content pages, brand pages and news articles. */
export type SlugCollection = "pages" | "branding-pages" | "news";

/** One entry of a collection by slug; null when there is none (the page answers 'Page Not Found: {path}'). */
export async function findBySlug<T extends SlugCollection>(
  platform: SharedPlatform,
  type: T,
  slug: string,
): Promise<ContentOf<T> | null> {
  try {
    const envelope = await platform.cached(api.strapiContent, {
      contentType: type,
      populate: "deep",
      "filters[slug][$eq]": slug,
    });
    const entries = Array.isArray(envelope.data) ? envelope.data : envelope.data ? [envelope.data] : [];
    const entry = entries.find((e) => e.attributes.slug === slug);
    return entry ? (contentTypes[type].schema.parse(entry.attributes) as ContentOf<T>) : null;
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) return null;
    throw error;
  }
}

export interface ContentListPage<T> {
  entries: T[];
  page: number;
  pageCount: number;
  total: number;
}

const paginationSchema = z.object({
  pagination: z.object({ page: z.number().int(), pageCount: z.number().int(), total: z.number().int() }).optional(),
});

/** One page of a collection in the order given (Strapi's `sort`, e.g. `publishedDate:desc`), as Strapi pages it. */
export async function loadListPage<T extends SlugCollection>(
  platform: SharedPlatform,
  type: T,
  options: { page: number; pageSize: number; sort: string },
): Promise<ContentListPage<ContentOf<T>>> {
  const envelope = await platform.cached(api.strapiContent, {
    contentType: type,
    populate: "deep",
    sort: options.sort,
    "pagination[page]": String(options.page),
    "pagination[pageSize]": String(options.pageSize),
  });
  const entries = Array.isArray(envelope.data) ? envelope.data : envelope.data ? [envelope.data] : [];
  const pagination = paginationSchema.safeParse(envelope.meta).data?.pagination;
  return {
    entries: entries.map((e) => contentTypes[type].schema.parse(e.attributes) as ContentOf<T>),
    page: pagination?.page ?? options.page,
    pageCount: pagination?.pageCount ?? 1,
    total: pagination?.total ?? entries.length,
  };
}
