import { useEffect, useState, type ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { HEADER_BANNER_ACTION, headerBannerId, showsHeaderBanner } from "~/models/header-banner";
import type { FooterEntry, GlobalSettings, HeaderNavEntry, Media } from "#contract/content";
import { visuallyHidden } from "~/styles/global.css";
import { ChevronIcon, CloseIcon, MenuIcon } from "./icons";
import * as s from "./SiteHeader.css";
import { footerItemHref, hrefForSlug, SiteLink } from "./site-link";

export type HeaderAccount =
  | { signedIn: false }
  | {
      signedIn: true;
      /** The logout form (a POST with its CSRF field), its button dressed with the place's link class. */ logout: (
        className?: string,
      ) => ReactNode;
    };

export interface SiteHeaderProps {
  companyName: string;
  /** Global logo; a navbar's own logo (header.navbars.*.logo) replaces it at that size. */
  logo: Media | null;
  header: GlobalSettings["header"];
  /** The header banner this shopper closed (its cookie's fingerprint): it stays closed. */
  closedBannerId?: string | null;
  /** site-settings linked_headers. */
  navigation: HeaderNavEntry[];
  /** Footer blocks, repeated as sections of the mobile sidebar (spec 1 §2). */
  footerBlocks: FooterEntry[];
  account: HeaderAccount;
}

const HOME_LINK_ID = "site-logo";

/** Pixels scrolled before the bar switches to its "scrolling" look. */
const SCROLLED_AT = 8;

/** Escape closes the open menu (the sidebar or a dropdown) that holds the focus, and gives its button the focus. */
function closeMenuOnEscape(event: KeyboardEvent) {
  if (event.key !== "Escape" || !(event.target instanceof Element)) return;
  const menu = event.target.closest<HTMLDetailsElement>("header details[data-menu][open]");
  if (!menu) return;
  menu.open = false;
  menu.querySelector("summary")?.focus();
}

/**
 * The logo for the bar's look: each navbar may bring its own logo (header.navbars.*.logo), else the global one. The
 * phone's logo is the <img>, the desktop's a <source> from 960px; scrolled (with script) the scrolling bars' logos.
 */
function Logo({
  companyName,
  logo,
  header,
  scrolled = false,
  className,
}: Pick<SiteHeaderProps, "companyName" | "logo" | "header"> & { scrolled?: boolean; className: string }) {
  const { navbars } = header;
  const desktop = (scrolled ? navbars.desktopScrolling.logo : null) ?? navbars.desktop.logo ?? logo;
  const mobile = (scrolled ? navbars.mobileScrolling.logo : null) ?? navbars.mobile.logo ?? logo;
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

/**
 * The announcement banner (spec 1 §3 header.banner). Its close button posts to /header-banner, which remembers the
 * choice in a cookie: without script the post comes back to this page, with script it is a fetcher and the banner goes
 * at once. Either way it stays closed on the next page.
 */
function HeaderBanner({
  banner,
  closedBannerId,
  here,
  onClosed,
}: {
  banner: GlobalSettings["header"]["banner"];
  closedBannerId: string | null;
  here: string;
  onClosed: () => void;
}) {
  const fetcher = useFetcher<{ closed: boolean }>();
  const closing = fetcher.state !== "idle" || fetcher.data?.closed === true;
  if (closing || !showsHeaderBanner(banner, closedBannerId)) return null;
  return (
    <div className={s.banner} role="region" aria-label="Announcement">
      <p className={s.bannerText}>{banner.content}</p>
      {banner.showCloseButton ? (
        <fetcher.Form method="post" action={HEADER_BANNER_ACTION} className={s.bannerForm} onSubmit={onClosed}>
          <AuthenticityTokenInput />
          <input type="hidden" name="banner" value={headerBannerId(banner.content)} />
          <input type="hidden" name="redirectTo" value={here} />
          <button type="submit" className={s.bannerClose}>
            <CloseIcon />
            <span className={visuallyHidden}>Close announcement</span>
          </button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}

/** A header entry's sub-items; items whose slug is not a safe link are left out. */
function SubMenuList({
  items,
  listClassName,
  linkClassName,
}: {
  items: HeaderNavEntry["subMenuItems"];
  listClassName: string;
  linkClassName: string;
}) {
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
export function SiteHeader({
  companyName,
  logo,
  header,
  closedBannerId = null,
  navigation,
  footerBlocks,
  account,
}: SiteHeaderProps) {
  const location = useLocation();
  const { pathname } = location;
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLLED_AT);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useEffect(() => {
    document.addEventListener("keydown", closeMenuOnEscape);
    return () => document.removeEventListener("keydown", closeMenuOnEscape);
  }, []);

  const entries = navigation.filter((e) => e.name.trim());
  const sections = footerBlocks.filter((b) => b.title.trim() && b.menuItems.length > 0);

  return (
    <header className={s.header} data-scrolled={scrolled ? "" : undefined}>
      <HeaderBanner
        banner={header.banner}
        closedBannerId={closedBannerId}
        here={`${pathname}${location.search}`}
        // The close button leaves with the banner: focus goes on to the logo, the next thing in the header.
        onClosed={() => requestAnimationFrame(() => document.getElementById(HOME_LINK_ID)?.focus())}
      />
      <div className={s.bar}>
        {/* Keyed by the location: every navigation (even to the same page) starts with the sidebar closed. */}
        <details key={`sidebar:${location.key}`} className={s.sidebar} data-menu="">
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
                        <SubMenuList
                          items={entry.subMenuItems}
                          listClassName={s.sectionList}
                          linkClassName={s.sidebarLink}
                        />
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
          <SiteLink href="/" className={s.logoLink} id={HOME_LINK_ID}>
            <Logo companyName={companyName} logo={logo} header={header} scrolled={scrolled} className={s.logoImage} />
          </SiteLink>
          {header.showBetaLabel ? <span className={s.beta}>Beta</span> : null}
        </div>

        <nav aria-label="Main" className={s.desktopNav}>
          <ul className={s.desktopList}>
            {entries.map((entry, i) => (
              <li key={i} className={s.desktopItem}>
                {entry.subMenuItems.length > 0 ? (
                  <details key={`menu:${location.key}`} name="site-header-menu" className={s.dropdown} data-menu="">
                    <summary className={s.desktopLink}>
                      {entry.name}
                      <ChevronIcon className={s.chevron} />
                    </summary>
                    <SubMenuList
                      items={entry.subMenuItems}
                      listClassName={s.dropdownList}
                      linkClassName={s.dropdownLink}
                    />
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
