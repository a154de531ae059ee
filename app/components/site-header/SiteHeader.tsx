import { useEffect, useState, type KeyboardEvent, type ReactNode } from "react";
import { useLocation } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import type { FooterEntry, GlobalSettings, HeaderNavEntry, Media } from "../../../platform/contract/content";
import { visuallyHidden } from "~/styles/global.css";
import { ChevronIcon, CloseIcon, MenuIcon } from "./icons";
import * as s from "./SiteHeader.css";
import { footerItemHref, hrefForSlug, SiteLink } from "./site-link";

export type HeaderAccount =
  | { signedIn: false }
  | { signedIn: true; /** The logout form (a POST with its CSRF field), its button dressed with the place's link class. */ logout: (className?: string) => ReactNode };

export interface SiteHeaderProps {
  companyName: string;
  /** Global logo; a navbar's own logo (header.navbars.*.logo) replaces it at that size. */
  logo: Media | null;
  header: GlobalSettings["header"];
  /** site-settings linked_headers. */
  navigation: HeaderNavEntry[];
  /** Footer blocks, repeated as sections of the mobile sidebar (spec 1 §2). */
  footerBlocks: FooterEntry[];
  account: HeaderAccount;
}

/** Pixels scrolled before the bar switches to its "scrolling" look. */
const SCROLLED_AT = 8;

function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  if (event.key !== "Escape" || !event.currentTarget.open) return;
  event.currentTarget.open = false;
  event.currentTarget.querySelector("summary")?.focus();
}

function Logo({ companyName, logo, header, className }: Pick<SiteHeaderProps, "companyName" | "logo" | "header"> & { className: string }) {
  const desktop = header.navbars.desktop.logo ?? logo;
  const mobile = header.navbars.mobile.logo ?? logo;
  if (!desktop || !mobile) return <span className={s.wordmark}>{companyName}</span>;
  return (
    <picture>
      {mobile.url !== desktop.url ? <source media="(min-width: 960px)" srcSet={desktop.url} /> : null}
      <img
        className={className}
        src={mobile.url}
        alt={companyName}
        width={mobile.width ?? undefined}
        height={mobile.height ?? undefined}
        decoding="async"
        fetchPriority="high"
      />
    </picture>
  );
}

function AccountLinks({ account, className }: { account: HeaderAccount; className?: string }) {
  if (!account.signedIn) {
    return (
      <li>
        <SiteLink href="/login" className={className}>
          Login
        </SiteLink>
      </li>
    );
  }
  return (
    <>
      <li>
        <SiteLink href="/member" className={className}>
          Manage Account
        </SiteLink>
      </li>
      <li>{account.logout(className)}</li>
    </>
  );
}

function HeaderBanner({ banner }: { banner: GlobalSettings["header"]["banner"] }) {
  const [dismissed, setDismissed] = useState(false);
  if (!banner.showBanner || !banner.content.trim() || dismissed) return null;
  return (
    <div className={s.banner} role="region" aria-label="Announcement">
      <p className={s.bannerText}>{banner.content}</p>
      {/* Closing is a convenience that needs script; without it the banner simply stays. */}
      {banner.showCloseButton ? (
        <ClientOnly>
          {() => (
            <button type="button" className={s.bannerClose} onClick={() => setDismissed(true)}>
              <CloseIcon />
              <span className={visuallyHidden}>Close announcement</span>
            </button>
          )}
        </ClientOnly>
      ) : null}
    </div>
  );
}

/** A header entry's sub-items; items whose slug is not a safe link are left out. */
function SubMenuList({ items, listClassName, linkClassName }: { items: HeaderNavEntry["subMenuItems"]; listClassName: string; linkClassName: string }) {
  return (
    <ul className={listClassName}>
      {items.map((item, j) => {
        const href = hrefForSlug(item.slug);
        return href ? (
          <li key={j}>
            <SiteLink href={href} className={linkClassName}>
              {item.label}
            </SiteLink>
          </li>
        ) : null;
      })}
    </ul>
  );
}

/**
 * The site header: optional announcement banner, logo, the desktop navigation bar and, below 960px, a "Menu"
 * button opening the slide-in sidebar. Menus are <details> elements, so they open and close without JavaScript;
 * with it they also close on Escape and on every navigation.
 */
export function SiteHeader({ companyName, logo, header, navigation, footerBlocks, account }: SiteHeaderProps) {
  const { pathname } = useLocation();
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLLED_AT);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  const entries = navigation.filter((e) => e.name.trim());
  const sections = footerBlocks.filter((b) => b.title.trim() && b.menuItems.length > 0);

  return (
    <header className={s.header} data-scrolled={scrolled ? "" : undefined}>
      <HeaderBanner banner={header.banner} />
      <div className={s.bar}>
        {/* Keyed by path: a new page starts with the sidebar closed. */}
        <details key={`sidebar:${pathname}`} className={s.sidebar} onKeyDown={closeOnEscape}>
          <summary className={s.menuButton}>
            <span className={s.whenClosed}>
              <MenuIcon />
              <span>Menu</span>
            </span>
            <span className={s.whenOpen}>
              <span className={s.closeControl}>
                <CloseIcon />
                <span className={visuallyHidden}>Close sidebar</span>
              </span>
            </span>
          </summary>
          <div className={s.panel}>
            <SiteLink href="/" className={s.sidebarLogo}>
              <Logo companyName={companyName} logo={logo} header={header} className={s.sidebarLogoImage} />
            </SiteLink>
            <nav aria-label="Site menu">
              <ul className={s.sidebarList}>
                <AccountLinks account={account} className={s.sidebarLink} />
                {entries.map((entry, i) => (
                  <li key={`h${i}`}>
                    {entry.subMenuItems.length > 0 ? (
                      <details className={s.section}>
                        <summary className={s.sectionSummary}>
                          {entry.name}
                          <ChevronIcon className={s.chevron} />
                        </summary>
                        <SubMenuList items={entry.subMenuItems} listClassName={s.sectionList} linkClassName={s.sidebarLink} />
                      </details>
                    ) : (
                      <SiteLink href={hrefForSlug(entry.slug) ?? "/"} className={s.sidebarLink}>
                        {entry.name}
                      </SiteLink>
                    )}
                  </li>
                ))}
                {sections.map((block, i) => (
                  <li key={`f${i}`}>
                    <details className={s.section}>
                      <summary className={s.sectionSummary}>
                        {block.title}
                        <ChevronIcon className={s.chevron} />
                      </summary>
                      <ul className={s.sectionList}>
                        {block.menuItems.map((item, j) => {
                          const href = footerItemHref(item);
                          return href && item.label ? (
                            <li key={j}>
                              <SiteLink href={href} newWindow={item.newWindow} className={s.sidebarLink}>
                                {item.label}
                              </SiteLink>
                            </li>
                          ) : null;
                        })}
                      </ul>
                    </details>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </details>

        <div className={s.brand}>
          <SiteLink href="/" className={s.logoLink}>
            <Logo companyName={companyName} logo={logo} header={header} className={s.logoImage} />
          </SiteLink>
          {header.showBetaLabel ? <span className={s.beta}>Beta</span> : null}
        </div>

        <nav aria-label="Main" className={s.desktopNav}>
          <ul className={s.desktopList}>
            {entries.map((entry, i) => (
              <li key={i} className={s.desktopItem}>
                {entry.subMenuItems.length > 0 ? (
                  <details key={`menu:${pathname}`} name="site-header-menu" className={s.dropdown} onKeyDown={closeOnEscape}>
                    <summary className={s.desktopLink}>
                      {entry.name}
                      <ChevronIcon className={s.chevron} />
                    </summary>
                    <SubMenuList items={entry.subMenuItems} listClassName={s.dropdownList} linkClassName={s.dropdownLink} />
                  </details>
                ) : (
                  <SiteLink href={hrefForSlug(entry.slug) ?? "/"} className={s.desktopLink}>
                    {entry.name}
                  </SiteLink>
                )}
              </li>
            ))}
            <AccountLinks account={account} className={s.desktopLink} />
          </ul>
        </nav>
      </div>
    </header>
  );
}
