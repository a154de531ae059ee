import type { MetaDescriptor } from "react-router";

/** What a content page tells search engines and link previews (spec 1 §3 Page.seo), made absolute by its loader. */
export interface Seo {
  title: string;
  description: string;
  /** Absolute URL of the preview image, or null. */
  image: string | null;
  /** The page's one address, absolute. */
  canonical: string;
}

/** The page's address as search engines should know it: the public address when configured, this request's else. */
export function canonicalUrl(
  requestUrl: string,
  publicUrl: string | undefined,
  keepParams: readonly string[] = [],
): string {
  const url = new URL(requestUrl);
  const base = publicUrl ? new URL(publicUrl) : url;
  const path = url.pathname.replace(/\.data$/, "").replace(/(.)\/+$/, "$1");
  const out = new URL(path, base.origin);
  for (const name of keepParams) {
    const value = url.searchParams.get(name);
    if (value) out.searchParams.set(name, value);
  }
  return out.toString();
}

/** An image URL from content, absolute against the canonical address (previews are fetched from elsewhere). */
export function absoluteImage(url: string | null | undefined, canonical: string): string | null {
  if (!url) return null;
  try {
    const resolved = new URL(url, canonical);
    return resolved.protocol === "https:" || resolved.protocol === "http:" ? resolved.toString() : null;
  } catch {
    return null;
  }
}

/** React Router meta for a content page: title, description, Open Graph and the canonical link. */
export function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  return [
    { title: seo.title },
    ...(seo.description
      ? [
          { name: "description", content: seo.description },
          { property: "og:description", content: seo.description },
        ]
      : []),
    { property: "og:title", content: seo.title },
    { property: "og:type", content: "website" },
    { property: "og:url", content: seo.canonical },
    ...(seo.image ? [{ property: "og:image", content: seo.image }] : []),
    { tagName: "link", rel: "canonical", href: seo.canonical },
  ];
}
