import type { ContentTypeName, StrapiEnvelope } from "../contract";

/**
 * Where site content comes from. Both sources answer in Strapi v4's envelope ({data: {id, attributes}} for single
 * types, {data: [...]} for collections) with attributes already normalised by the contract's schema for the type,
 * so the storefront reads one shape whichever is behind it.
 */
export interface ContentSource {
  /**
   * @param params Strapi query parameters other than `populate` (which is always deep), e.g.
   *   `{"filters[slug][$eq]": "about-us"}`. The embedded source understands the slug filter and ignores the rest.
   */
  get(type: ContentTypeName, params: Record<string, string>): Promise<StrapiEnvelope>;
  /** Drops anything cached, so the next read goes to the files or to Strapi. */
  invalidate(): void;
}

export const SLUG_FILTER = "filters[slug][$eq]";
