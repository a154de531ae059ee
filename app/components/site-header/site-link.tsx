import type { ReactNode } from "react";
import { Link } from "react-router";
import { visuallyHidden } from "~/styles/global.css";

const ABSOLUTE = /^(https?:|mailto:|tel:)/i;

/**
 * The href for a content slug. Editors write slugs as "about-us", "/about-us" or a full URL; all become one form.
 * Anything that is not http(s), mailto, tel or a site path is refused, so content cannot plant a javascript: link.
 */
export function hrefForSlug(slug: string): string | null {
  const s = slug.trim();
  if (!s) return null;
  if (ABSOLUTE.test(s)) return s;
  if (/^[a-z][a-z0-9+.-]*:/i.test(s) || s.startsWith("//")) return null;
  return `/${s.replace(/^\/+/, "")}`;
}

export function isExternalHref(href: string): boolean {
  return ABSOLUTE.test(href);
}

export interface SiteLinkProps {
  href: string;
  /** Open in a new tab (footer items' newWindow); the link says so to screen readers. */
  newWindow?: boolean;
  className?: string;
  id?: string;
  children: ReactNode;
}

/** A site path goes through the router (client navigation once hydrated); anything else is a plain link. */
export function SiteLink({ href, newWindow = false, className, id, children }: SiteLinkProps) {
  const extra = newWindow ? (
    <>
      {children}
      <span className={visuallyHidden}> (opens in new tab)</span>
    </>
  ) : (
    children
  );
  if (isExternalHref(href)) {
    return (
      <a
        href={href}
        className={className}
        id={id}
        {...(newWindow ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {extra}
      </a>
    );
  }
  return (
    <Link to={href} className={className} id={id} {...(newWindow ? { target: "_blank", rel: "noopener" } : {})}>
      {extra}
    </Link>
  );
}

/** Footer items link to a site path by slug, or to `link` when marked external. */
export function footerItemHref(item: {
  slug: string;
  link: string;
  linkType: string;
  isExternal: boolean;
}): string | null {
  const external = item.isExternal || item.linkType.toLowerCase() === "external";
  if (external && item.link) return hrefForSlug(item.link);
  return hrefForSlug(item.slug || item.link);
}
