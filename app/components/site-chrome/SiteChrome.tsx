import type { ReactNode } from "react";
import { useLocation } from "react-router";
import type { SiteChromeData } from "~/models/route-data";
import { SiteFooter } from "../site-footer/SiteFooter";
import { SiteHeader } from "../site-header/SiteHeader";
import { LogoutForm, logoutAsLink } from "../auth/LogoutForm";
import { consentSettingsHref } from "~/models/consent";
import { container, skipLink } from "~/styles/global.css";

/**
 * Skip link, header, the page's main landmark and footer, from the branding content. A `banner` (the cookie banner)
 * comes right after the skip link, which stays the first thing to tab to.
 */
export function SiteChrome({
  site,
  signedIn,
  closedBannerId = null,
  banner,
  children,
}: {
  site: SiteChromeData | null;
  signedIn: boolean;
  /** The header banner the shopper closed (its cookie), so it stays closed. */
  closedBannerId?: string | null;
  banner?: ReactNode;
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  return (
    <>
      <a href="#main" className={skipLink}>
        Skip to main content
      </a>
      {banner}
      {site ? (
        <SiteHeader
          companyName={site.companyName}
          logo={site.global.logo}
          header={site.global.header}
          closedBannerId={closedBannerId}
          navigation={site.siteSettings.linked_headers}
          footerBlocks={site.siteSettings.footers_contents}
          account={
            signedIn
              ? {
                  signedIn: true,
                  logout: (className) => <LogoutForm buttonClassName={`${logoutAsLink} ${className ?? ""}`} />,
                }
              : { signedIn: false }
          }
        />
      ) : null}
      <main id="main" tabIndex={-1} className={container}>
        {children}
      </main>
      {site ? (
        <SiteFooter
          companyName={site.companyName}
          footer={site.global.footer}
          blocks={site.siteSettings.footers_contents}
          year={site.year}
          onStorePage={/^\/stores?\//.test(pathname)}
          cookieSettingsHref={consentSettingsHref(`${pathname}${search}`)}
        />
      ) : null}
    </>
  );
}
