import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { describe, expect, it } from "vitest";
import { globalSettingsSchema, siteSettingsSchema } from "#contract/content";
import { SiteHeader, type SiteHeaderProps } from "./SiteHeader";
import { footerItemHref, hrefForSlug } from "./site-link";
import { headerBannerId } from "~/models/header-banner";

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../content/${file}`, import.meta.url), "utf8"));
const global = globalSettingsSchema.parse(read("global.json"));
const site = siteSettingsSchema.parse(read("site-settings.json"));

const demo: SiteHeaderProps = {
  companyName: global.companyName,
  logo: global.logo,
  header: global.header,
  navigation: site.linked_headers,
  footerBlocks: site.footers_contents,
  account: { signedIn: false },
};

/** The server's HTML, as a browser with JavaScript off receives it. */
function render(props: Partial<SiteHeaderProps> = {}, path = "/") {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <AuthenticityTokenProvider token="sessionless">
          <SiteHeader {...demo} {...props} />
        </AuthenticityTokenProvider>
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} />);
}

function between(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  expect(from, start).toBeGreaterThanOrEqual(0);
  return html.slice(from, html.indexOf(end, from));
}

describe("SiteHeader", () => {
  it("links the logo home, named by the company", () => {
    const html = render();
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*><picture><img [^>]*alt="Larder &amp; Co"/);
    expect(html).toContain('src="/brand/larder-logo.svg" alt="Larder &amp; Co" width="196" height="48"');
  });

  it("shows the company name as text when there is no logo", () => {
    expect(render({ logo: null })).toMatch(/<a [^>]*href="\/"[^>]*><span[^>]*>Larder &amp; Co<\/span><\/a>/);
  });

  it("lists the header navigation in a labelled desktop nav, with sub-menus as disclosure widgets", () => {
    const nav = between(render(), '<nav aria-label="Main"', "</nav>");
    expect(nav).toContain('href="/stores"');
    expect(nav).toContain('href="/about-us"');
    expect(nav).toMatch(/<details name="site-header-menu"[^>]*><summary[^>]*>Help<svg/);
    expect(nav).toContain('href="/delivery-information"');
    expect(nav).toContain('href="/contact"');
    // The account links follow the entries (issue 13: a shopper can always sign in, on desktop too).
    expect(nav.indexOf('href="/contact"')).toBeLessThan(nav.indexOf('href="/login"'));
  });

  it("offers a Menu button that opens the sidebar without script, with a 'Close sidebar' control", () => {
    const html = render();
    const sidebar = between(html, "<details", '<nav aria-label="Main"');
    expect(sidebar).toMatch(/<summary[^>]*>.*Menu.*Close sidebar.*<\/summary>/);
    expect(sidebar).toContain('<nav aria-label="Site menu">');
    // Header entries, then footer blocks as expandable sections.
    expect(sidebar.indexOf(">Shop<")).toBeLessThan(sidebar.indexOf(">The small print"));
    expect(sidebar).toContain('href="/privacy-policy"');
  });

  it("opens external footer links marked newWindow in a new tab, and says so", () => {
    const sidebar = between(render(), "<details", '<nav aria-label="Main"');
    expect(sidebar).toMatch(
      new RegExp(
        /<a href="https:\/\/www\.food\.gov\.uk\/"[^>]*target="_blank" rel="noopener noreferrer">/.source +
          /Food Standards Agency<span[^>]*> \(opens in new tab\)<\/span><\/a>/.source,
      ),
    );
  });

  it("without header entries, the sidebar offers the guest Login, then the footer menus", () => {
    const menu = between(render({ navigation: [] }), '<nav aria-label="Site menu"', "</nav>");
    expect(menu).toMatch(/<a [^>]*href="\/login"[^>]*>Login<\/a>/);
    expect(menu).not.toContain(">Help<");
    expect(menu.indexOf(">Login<")).toBeLessThan(menu.indexOf(">Shopping with us"));
    expect(menu).toContain('href="/terms-and-conditions"');
  });

  it("without header entries, the sidebar offers a member Manage Account and Logout", () => {
    const logout = (className?: string) => (
      <form method="post" action="/logout">
        <button type="submit" className={className}>
          Logout
        </button>
      </form>
    );
    const menu = between(
      render({ navigation: [], account: { signedIn: true, logout } }),
      '<nav aria-label="Site menu"',
      "</nav>",
    );
    expect(menu).toMatch(/<a [^>]*href="\/member"[^>]*>Manage Account<\/a>.*>Logout<\/button>/);
    expect(menu).not.toContain(">Login<");
  });

  it("uses the scrolling bars' own logos only once the page is scrolled (never in the server's HTML)", () => {
    // The demo's scrolling bars bring a light logo; the page as drawn is not scrolled.
    expect(global.header.navbars.mobileScrolling.logo?.url).toBe("/brand/larder-logo-light.svg");
    expect(render()).not.toContain("larder-logo-light.svg");
  });

  it("shows Login for guests, with or without header entries", () => {
    const html = render();
    expect(between(html, '<nav aria-label="Site menu"', "</nav>")).toMatch(/<a [^>]*href="\/login"[^>]*>Login<\/a>/);
    expect(between(html, '<nav aria-label="Main"', "</nav>")).toMatch(/<a [^>]*href="\/login"[^>]*>Login<\/a>/);
  });

  it("shows Manage Account and the logout form for members", () => {
    const html = render({
      account: {
        signedIn: true,
        logout: (className) => (
          <form method="post" action="/logout">
            <button type="submit" className={className}>
              Logout
            </button>
          </form>
        ),
      },
    });
    const menu = between(html, `<nav aria-label="Site menu"`, "</nav>");
    expect(menu).toMatch(/<a [^>]*href="\/member"[^>]*>Manage Account<\/a>/);
    expect(menu).toMatch(
      /<form action="\/logout" method="post"><button type="submit" class="[^"]+">Logout<\/button><\/form>/,
    );
    expect(menu).not.toContain(">Login<");
  });

  it("shows the announcement banner as text, with a close button that posts without script", () => {
    const header = {
      ...global.header,
      banner: { ...global.header.banner, content: "<b>Half price</b> bread", showCloseButton: true },
    };
    const html = render({ header }, "/faqs?x=1");
    const region = between(html, 'aria-label="Announcement"', "</form>") + "</form>";
    expect(region).toContain("&lt;b&gt;Half price&lt;/b&gt; bread</p>");
    const form = between(region, "<form", "</form>");
    expect(form).toMatch(/<form [^>]*action="\/header-banner" method="post"/);
    // Which announcement was closed (a new one shows again), and the page to come back to.
    expect(form).toContain(`name="banner" value="${headerBannerId("<b>Half price</b> bread")}"`);
    expect(form).toContain('name="redirectTo" value="/faqs?x=1"');
    expect(form).toMatch(/<button type="submit"[^>]*>.*Close announcement<\/span><\/button>/);
  });

  it("has no close button when the settings say so", () => {
    const header = { ...global.header, banner: { ...global.header.banner, showCloseButton: false } };
    const html = render({ header });
    expect(html).toContain('aria-label="Announcement"');
    expect(html).not.toContain("Close announcement");
  });

  it("stays closed for a shopper who closed this announcement, and shows a new one", () => {
    const closed = headerBannerId(global.header.banner.content);
    expect(render({ closedBannerId: closed })).not.toContain('aria-label="Announcement"');
    const header = { ...global.header, banner: { ...global.header.banner, content: "New: Sunday collection" } };
    expect(render({ header, closedBannerId: closed })).toContain("New: Sunday collection");
  });

  it("leaves the banner out when it is switched off", () => {
    expect(
      render({ header: { ...global.header, banner: { ...global.header.banner, showBanner: false } } }),
    ).not.toContain("Announcement");
  });

  it("shows the beta label when configured", () => {
    expect(render({ header: { ...global.header, showBetaLabel: false } })).not.toContain(">Beta<");
    expect(render({ header: { ...global.header, showBetaLabel: true } })).toContain(">Beta<");
  });

  it("uses a navbar's own logo at that size", () => {
    const header = {
      ...global.header,
      navbars: {
        ...global.header.navbars,
        desktop: {
          ...global.header.navbars.desktop,
          logo: { url: "/wide.svg", alternativeText: "", width: 300, height: 40 },
        },
      },
    };
    expect(render({ header })).toContain('<source media="(min-width: 960px)" srcSet="/wide.svg"/>');
  });

  it("writes no style attribute, which the Content-Security-Policy forbids", () => {
    expect(render()).not.toMatch(/\sstyle=/);
  });
});

describe("links from content", () => {
  it("turns slugs into site paths and keeps web, mail and phone links", () => {
    expect(hrefForSlug("about-us")).toBe("/about-us");
    expect(hrefForSlug("/faqs")).toBe("/faqs");
    expect(hrefForSlug("https://example.com/x")).toBe("https://example.com/x");
    expect(hrefForSlug("mailto:a@b.example")).toBe("mailto:a@b.example");
    expect(hrefForSlug("  ")).toBeNull();
  });

  it("refuses script and protocol-relative links", () => {
    expect(hrefForSlug("javascript:alert(1)")).toBeNull();
    expect(hrefForSlug("JavaScript:alert(1)")).toBeNull();
    expect(hrefForSlug("//evil.example")).toBeNull();
    expect(hrefForSlug("data:text/html,x")).toBeNull();
  });

  it("uses the link of external footer items and the slug of internal ones", () => {
    expect(footerItemHref({ slug: "faqs", link: "", linkType: "internal", isExternal: false })).toBe("/faqs");
    expect(footerItemHref({ slug: "", link: "https://x.example", linkType: "external", isExternal: false })).toBe(
      "https://x.example",
    );
    expect(footerItemHref({ slug: "ignored", link: "https://x.example", linkType: "internal", isExternal: true })).toBe(
      "https://x.example",
    );
  });
});
