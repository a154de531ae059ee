import { z } from "zod";
import { endpoint } from "./endpoint";
import { DEFAULT_BRANDING_COLORS } from "./content-defaults";

export { DEFAULT_BRANDING_COLORS };

/*
 * Site content in Strapi v4's REST shape. The same schemas read the embedded content/ files and a real Strapi's
 * answers, so they are lenient where Strapi is loose: null for an empty field, relations and media wrapped in
 * {data: {id, attributes}}, an `id` on every component. Each schema's output is complete: a missing field becomes
 * its default (colours fall back to spec 1 §9), so the storefront never checks for holes.
 */

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const text = (fallback = "") =>
  z
    .string()
    .nullish()
    .transform((v) => v ?? fallback);
const flag = (fallback = false) =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? fallback);
const count = () =>
  z
    .number()
    .nonnegative()
    .nullish()
    .transform((v) => v ?? null);
const coordinate = () =>
  z.coerce
    .number()
    .nullish()
    .transform((v) => (v === undefined || Number.isNaN(v) ? null : v));
const colour = (fallback: string) =>
  z
    .string()
    .regex(HEX, "must be a hex colour such as #1E5B3C")
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : fallback));
/** A colour the content may leave unset; the theme then derives one. */
const optionalColour = () =>
  z
    .union([z.literal(""), z.string().regex(HEX, "must be a hex colour such as #1E5B3C")])
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null));

/** A nested component: null or absent becomes an object of defaults. */
function group<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess((v) => (v == null ? {} : v), z.object(shape));
}

/** Strapi relation {data: [{id, attributes}]} or a plain component list; null or absent becomes []. */
function list<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    if (v == null) return [];
    if (isRecord(v) && "data" in v) {
      const data = v.data;
      if (Array.isArray(data)) return data.map((d) => (isRecord(d) && isRecord(d.attributes) ? d.attributes : d));
      return [];
    }
    return v;
  }, z.array(item));
}

const mediaObject = z.object({
  url: z.string().min(1),
  alternativeText: text(),
  width: count(),
  height: count(),
});

/** An image: a URL string, {url, width, height}, or Strapi's {data: {attributes: {url …}}}; none is null. */
export const mediaSchema = z.preprocess((v) => {
  if (v == null || v === "") return null;
  if (typeof v === "string") return { url: v };
  if (isRecord(v) && "data" in v) {
    const data = Array.isArray(v.data) ? v.data[0] : v.data;
    if (!isRecord(data)) return null;
    return isRecord(data.attributes) ? data.attributes : data;
  }
  return v;
}, mediaObject.nullable());
export type Media = z.output<typeof mediaSchema>;

const socialMediaSchema = group({
  instagram: text(),
  twitter: text(),
  facebook: text(),
  youtube: text(),
  linkedin: text(),
  color: optionalColour(),
});
export type SocialMedia = z.output<typeof socialMediaSchema>;

export const footerMenuItemSchema = z.object({
  label: text(),
  slug: text(),
  /** "internal" (a site path from slug) or "external" (link as given). */
  linkType: text("internal"),
  link: text(),
  isExternal: flag(),
  newWindow: flag(),
});
export type FooterMenuItem = z.output<typeof footerMenuItemSchema>;

export const footerEntrySchema = z.object({
  title: text(),
  menuItems: list(footerMenuItemSchema),
  Phone: text(),
  Email: text(),
  Address: text(),
  socialMedia: socialMediaSchema,
  Copyright: text(),
  CompanyName: text(),
});
export type FooterEntry = z.output<typeof footerEntrySchema>;

export const headerNavEntrySchema = z.object({
  name: text(),
  slug: text(),
  subMenuItems: list(z.object({ label: text(), slug: text() })),
});
export type HeaderNavEntry = z.output<typeof headerNavEntrySchema>;

const navbarSchema = group({
  logo: mediaSchema,
  logoHeight: count(),
  height: count(),
  bgColor: optionalColour(),
  menuItemColor: optionalColour(),
});
export type Navbar = z.output<typeof navbarSchema>;

export const globalSettingsSchema = z.object({
  companyName: text(),
  logo: mediaSchema,
  faviconImage: mediaSchema,
  errorPageImage: mediaSchema,
  fontFamily: text(),
  /** Single-store mode is on only when both are set (spec 1 §1). */
  singleStore: group({ slug: text(), postcode: text() }),
  login: group({ socialLoginButtons: group({ facebook: flag(), google: flag(), apple: flag() }) }),
  brandingColors: group({
    primary: colour(DEFAULT_BRANDING_COLORS.primary),
    secondary: colour(DEFAULT_BRANDING_COLORS.secondary),
    success: colour(DEFAULT_BRANDING_COLORS.success),
    danger: colour(DEFAULT_BRANDING_COLORS.danger),
    warning: colour(DEFAULT_BRANDING_COLORS.warning),
    info: colour(DEFAULT_BRANDING_COLORS.info),
    mainBg: colour(DEFAULT_BRANDING_COLORS.mainBg),
    text: colour(DEFAULT_BRANDING_COLORS.text),
    highlight: colour(DEFAULT_BRANDING_COLORS.highlight),
  }),
  footer: group({
    socialMedia: socialMediaSchema,
    paymentMethods: group({ visa: flag(), masterCard: flag(), applePay: flag(), googlePay: flag(), amex: flag() }),
    appStores: group({ appleAppStore: text(), googlePlay: text() }),
    /** `{year}` is replaced with the current year when shown. */
    copyright: text(),
    banner: mediaSchema,
    logo: mediaSchema,
    bgColor: optionalColour(),
    /** Footer blocks kept with the global settings; shown when site-settings has no footers_contents. */
    footerBlocks: list(footerEntrySchema),
    hideOnStorePages: flag(),
    hideOnMobile: flag(),
  }),
  header: group({
    showBetaLabel: flag(),
    hideStoreInfo: flag(),
    banner: group({ showBanner: flag(), content: text(), bgColor: optionalColour(), showCloseButton: flag() }),
    navbars: group({
      desktop: navbarSchema,
      desktopScrolling: navbarSchema,
      mobile: navbarSchema,
      mobileScrolling: navbarSchema,
    }),
  }),
  member: group({ enableSmsVerification: flag() }),
  payment: group({ enableApplePayment: flag(), enableGooglePayment: flag() }),
  checkout: group({ checkoutPaymentSuccessImage: mediaSchema }),
});
export type GlobalSettings = z.output<typeof globalSettingsSchema>;
export type BrandingColors = GlobalSettings["brandingColors"];

export const siteSettingsSchema = z.object({
  linked_headers: list(headerNavEntrySchema),
  footers_contents: list(footerEntrySchema),
});
export type SiteSettings = z.output<typeof siteSettingsSchema>;

/* Rich text in Strapi's "blocks" format: paragraphs, headings, lists, quotes and links of text runs. */
const textRun = z.object({
  type: z.literal("text"),
  text: z.string(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  strikethrough: z.boolean().optional(),
  code: z.boolean().optional(),
});
const linkRun = z.object({ type: z.literal("link"), url: z.string(), children: z.array(textRun) });
const inline = z.array(z.discriminatedUnion("type", [textRun, linkRun]));
export type InlineNode = z.output<typeof inline>[number];

const BLOCK_TYPES = new Set(["paragraph", "heading", "list", "quote", "image"]);
export const blockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("paragraph"), children: inline }),
  z.object({ type: z.literal("heading"), level: z.number().int().min(1).max(6), children: inline }),
  z.object({
    type: z.literal("list"),
    format: z.enum(["ordered", "unordered"]),
    children: z.array(z.object({ type: z.literal("list-item"), children: inline })),
  }),
  z.object({ type: z.literal("quote"), children: inline }),
  z.object({ type: z.literal("image"), image: mediaObject }),
]);
export type Block = z.output<typeof blockSchema>;

/** Block types this site cannot show (code, embeds from newer Strapi editors) are dropped rather than failing the page. */
const blocks = z.preprocess(
  (v) => (Array.isArray(v) ? v.filter((b) => isRecord(b) && typeof b.type === "string" && BLOCK_TYPES.has(b.type)) : v),
  list(blockSchema),
);

const seoSchema = group({ title: text(), description: text(), image: mediaSchema });

export const pageSchema = z.object({
  title: text(),
  subTitle: text(),
  slug: z.string().min(1),
  blocks,
  seo: seoSchema,
});
export type Page = z.output<typeof pageSchema>;

export const brandingPageSchema = pageSchema.extend({ image: mediaSchema });
export type BrandingPage = z.output<typeof brandingPageSchema>;

export const faqSchema = z.object({
  title: text(),
  subTitle: text(),
  faqs: list(z.object({ question: z.string().min(1), answer: z.string().min(1) })),
});
export type Faq = z.output<typeof faqSchema>;

export const contactSchema = z.object({
  title: text(),
  subTitle: text(),
  address: text(),
  phoneNumber: text(),
  email: text(),
  openingHours: text(),
  latitude: coordinate(),
  longitude: coordinate(),
});
export type Contact = z.output<typeof contactSchema>;

/** A news article (collection `news`, spec 1 §2 /news and /news/{slug}): newest first by publishedDate. */
export const newsArticleSchema = z.object({
  title: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens"),
  /** The day it was published, YYYY-MM-DD (Strapi's date field). */
  publishedDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date such as 2025-06-02"),
  summary: text(),
  image: mediaSchema,
  blocks,
  seo: seoSchema,
});
export type NewsArticle = z.output<typeof newsArticleSchema>;

/*
 * Route rules (spec 1 §2 "Global navigation checks a server-provided route rule for redirects"): a path the site
 * sends elsewhere, to a site path or to an absolute http(s) address (which leaves the site). A `from` ending in `/*`
 * matches everything under it and a `to` ending in `/*` takes the rest along. Site paths may not start with `//` or
 * `/\` (a browser reads both as another host), so no rule can be written that sends a shopper off-site by accident.
 */
const SITE_PATH = /^\/(?![/\\])[^\s\\?#]*$/;
const ABSOLUTE_URL = /^https?:\/\/[^\s/\\?#]+[^\s\\]*$/i;
export const routeRuleSchema = z
  .object({
    from: z.string().trim().regex(SITE_PATH, "must be a site path such as /old-page"),
    to: z
      .string()
      .trim()
      .refine(
        (v) => SITE_PATH.test(v.split(/[?#]/)[0] ?? "") || ABSOLUTE_URL.test(v),
        "must be a site path such as /new-page or an http(s) address",
      ),
    /** Moved for good (301/308) or for now (302/307). */
    permanent: flag(true),
  })
  .refine((r) => !r.to.endsWith("/*") || r.from.endsWith("/*"), {
    message: "only a rule from /path/* can send the rest on with /*",
    path: ["to"],
  });
export type RouteRule = z.output<typeof routeRuleSchema>;

export const routeRulesSchema = z.object({ redirects: list(routeRuleSchema) });
export type RouteRules = z.output<typeof routeRulesSchema>;

export const homeSchema = z.object({
  heroTitle: text(),
  heroSubtitle: text(),
  heroImage: mediaSchema,
  searchTitle: text(),
  features: list(z.object({ title: text(), text: text() })),
  seo: seoSchema,
});
export type Home = z.output<typeof homeSchema>;

export const storeContentSchema = z.object({ categoryTitle: text("Categories") });
export type StoreContent = z.output<typeof storeContentSchema>;

export const checkoutContentSchema = z.object({
  title: text(),
  subTitle: text(),
  orderNotePlaceholder: text(),
  successTitle: text(),
  successMessage: text(),
  /** The terms a shopper accepts at checkout: the link's text and where it goes. */
  termsLabel: text("I accept the terms and conditions"),
  termsLink: text("/terms-and-conditions"),
  /** Spec 2 §3 checkout marketing: intro texts, whether to name the channel, and the options offered. */
  marketing: group({
    intro: text(),
    secondaryIntro: text(),
    showChannel: flag(),
    options: list(z.object({ type: z.string().trim().min(1).max(40), text: text() })),
  }),
});
export type CheckoutContent = z.output<typeof checkoutContentSchema>;

/** Login, register, forgot-password and reset-password share one shape. */
export const authPageSchema = z.object({ title: text(), subTitle: text(), image: mediaSchema });
export type AuthPageContent = z.output<typeof authPageSchema>;

/**
 * Every content type the site loads (spec 1 §2), by Strapi API id. Single types answer one entry; collection types
 * answer a list and are filtered by slug.
 */
export const contentTypes = {
  global: { kind: "single", schema: globalSettingsSchema },
  "site-settings": { kind: "single", schema: siteSettingsSchema },
  pages: { kind: "collection", schema: pageSchema },
  "branding-pages": { kind: "collection", schema: brandingPageSchema },
  news: { kind: "collection", schema: newsArticleSchema },
  "route-rules": { kind: "single", schema: routeRulesSchema },
  faq: { kind: "single", schema: faqSchema },
  contact: { kind: "single", schema: contactSchema },
  home: { kind: "single", schema: homeSchema },
  store: { kind: "single", schema: storeContentSchema },
  checkout: { kind: "single", schema: checkoutContentSchema },
  login: { kind: "single", schema: authPageSchema },
  register: { kind: "single", schema: authPageSchema },
  "forgot-password": { kind: "single", schema: authPageSchema },
  "reset-password": { kind: "single", schema: authPageSchema },
} as const satisfies Record<string, { kind: "single" | "collection"; schema: z.ZodType }>;
export type ContentTypeName = keyof typeof contentTypes;
export type ContentOf<T extends ContentTypeName> = z.output<(typeof contentTypes)[T]["schema"]>;

export function isContentType(name: string): name is ContentTypeName {
  return Object.prototype.hasOwnProperty.call(contentTypes, name);
}

const strapiEntrySchema = z.object({ id: z.number().int(), attributes: z.record(z.string(), z.unknown()) });
export type StrapiEntry = z.output<typeof strapiEntrySchema>;

export const strapiEnvelopeSchema = z.object({
  data: z.union([strapiEntrySchema, z.array(strapiEntrySchema), z.null()]),
  meta: z.record(z.string(), z.unknown()),
});
export type StrapiEnvelope = z.output<typeof strapiEnvelopeSchema>;

/** populate=deep plus whatever Strapi parameters the page adds, e.g. `filters[slug][$eq]=about-us`. */
const strapiQuerySchema = z.object({ populate: z.string().optional() }).catchall(z.string());

export const strapiSiteSettings = endpoint({
  method: "GET",
  path: "/api/strapi/site-settings",
  auth: "token",
  request: strapiQuerySchema,
  response: z.object({
    data: z.object({ id: z.number().int(), attributes: siteSettingsSchema }),
    meta: z.record(z.string(), z.unknown()),
  }),
});

export const strapiContent = endpoint({
  method: "GET",
  path: "/api/strapi/:contentType",
  auth: "token",
  request: strapiQuerySchema.extend({ contentType: z.string().min(1) }),
  response: strapiEnvelopeSchema,
});
