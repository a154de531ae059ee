import { z } from "zod";
import { endpoint } from "./endpoint";
import { menuItemSchema } from "./catalogue";

const method = z.enum(["delivery", "collection"]).default("delivery");

export { BANNER_FLUSH_MS, bannerFlushDelayMs } from "./catalogue-rules";

export const bannerSchema = z.object({
  id: z.number().int().positive(),
  /** `${slugText}-${id}`. */
  slug: z.string(),
  kind: z.enum(["primary", "secondary"]),
  title: z.string(),
  body: z.string().nullable(),
  image: z.string().nullable(),
  displaySeconds: z.number().int().positive().nullable(),
  action: z.object({ associatedItems: z.array(menuItemSchema) }),
});
export type Banner = z.infer<typeof bannerSchema>;

export const BANNER_MESSAGES = {
  /** Spec 1 §5 / spec 2 §5. */
  invalidStoreId: "Invalid store ID provided for banner fetch",
  /** Spec 1 §8 / spec 2 §8: 404. */
  storeNotFound: "Store not found.",
  bannerNotFound: "Banner not found.",
  /** 429: impressions and clicks from one address beyond the generous per-minute limit. */
  tooManyEvents: "Too many requests. Please try again later.",
} as const;

/**
 * The store's banners for the method (and category page, when categoryId is given). The store id is checked by
 * hand, not by the schema, so that a non-positive one answers the spec's own message.
 */
export const listBanners = endpoint({
  method: "POST",
  path: "/api/banners/list",
  auth: "token",
  request: z.object({
    storeId: z.number().int().max(2_147_483_647),
    fulfilmentMethod: method,
    categoryId: z.number().int().positive().max(2_147_483_647).nullish(),
  }),
  response: z.object({ banners: z.array(bannerSchema), secondaryBanners: z.array(bannerSchema) }),
});

/** One banner, for its own page (/stores/{storeSlug}/banner/{bannerSlug}). */
export const getBanner = endpoint({
  method: "POST",
  path: "/api/banners/get",
  auth: "token",
  request: z.object({
    storeId: z.number().int().max(2_147_483_647),
    bannerId: z.number().int().positive().max(2_147_483_647),
    fulfilmentMethod: method,
  }),
  response: z.object({ banner: bannerSchema }),
});

const platformName = z.string().trim().min(1).max(20);

export const displayBanners = endpoint({
  method: "POST",
  path: "/api/banners/display",
  auth: "token",
  request: z.object({
    bannerIds: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(50),
    platform: platformName,
  }),
  response: z.object({ recorded: z.number().int().nonnegative() }),
});

export const clickBanner = endpoint({
  method: "POST",
  path: "/api/banners/click",
  auth: "token",
  request: z.object({ bannerId: z.number().int().positive().max(2_147_483_647), platform: platformName }),
  response: z.object({ recorded: z.number().int().nonnegative() }),
});
