import type { FooterEntry, GlobalSettings, SocialMedia } from "#contract/content";
import { footerItemHref, hrefForSlug, SiteLink } from "../site-header/site-link";
import { Link } from "react-router";
import { CONSENT_TEXT } from "~/models/consent";
import * as s from "./SiteFooter.css";

export interface SiteFooterProps {
  companyName: string;
  footer: GlobalSettings["footer"];
  /** site-settings footers_contents; when empty, footer.footerBlocks from the global settings are shown. */
  blocks: FooterEntry[];
  /** The current year (from the clock), for `{year}` in the copyright line. */
  year: number;
  /** True on /store/* and /stores/* pages, where footer.hideOnStorePages may hide the footer. */
  onStorePage?: boolean;
  /** The cookie settings page, coming back to this one: consent can be changed at any time. */
  cookieSettingsHref?: string;
}

const SOCIAL: [keyof Omit<SocialMedia, "color">, string][] = [
  ["facebook", "Facebook"],
  ["instagram", "Instagram"],
  ["twitter", "X (Twitter)"],
  ["youtube", "YouTube"],
  ["linkedin", "LinkedIn"],
];

const PAYMENT: [keyof GlobalSettings["footer"]["paymentMethods"], string][] = [
  ["visa", "Visa"],
  ["masterCard", "Mastercard"],
  ["amex", "American Express"],
  ["applePay", "Apple Pay"],
  ["googlePay", "Google Pay"],
];

/** With `heading`, the list gets a visible title; otherwise `label` names it for screen readers only. */
function SocialLinks({
  social,
  label,
  heading,
}: {
  social: SocialMedia;
  label: string;
  heading?: { id: string; className: string };
}) {
  const links = SOCIAL.map(([key, name]) => [hrefForSlug(social[key]), name] as const).filter(
    (pair): pair is readonly [string, string] => pair[0] !== null && /^https?:/i.test(pair[0]),
  );
  if (links.length === 0) return null;
  const list = (
    <ul className={s.inlineList} {...(heading ? { "aria-labelledby": heading.id } : { "aria-label": label })}>
      {links.map(([href, name]) => (
        <li key={name}>
          <SiteLink href={href} newWindow className={s.pill}>
            {name}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
  if (!heading) return list;
  return (
    <div>
      <h2 id={heading.id} className={heading.className}>
        {label}
      </h2>
      {list}
    </div>
  );
}

function FooterBlock({ block, id }: { block: FooterEntry; id: string }) {
  const items = block.menuItems
    .map((item) => ({ item, href: footerItemHref(item) }))
    .filter((x): x is { item: typeof x.item; href: string } => x.href !== null && x.item.label.trim() !== "");
  const hasContact = Boolean(block.Phone || block.Email || block.Address);
  return (
    <section className={s.block} aria-labelledby={block.title ? id : undefined}>
      {block.title ? (
        <h2 id={id} className={s.blockTitle}>
          {block.title}
        </h2>
      ) : null}
      {items.length > 0 ? (
        <ul className={s.linkList}>
          {items.map(({ item, href }, i) => (
            <li key={i}>
              <SiteLink href={href} newWindow={item.newWindow} className={s.link}>
                {item.label}
              </SiteLink>
            </li>
          ))}
        </ul>
      ) : null}
      {hasContact ? (
        <address className={s.address}>
          {block.CompanyName ? <span className={s.line}>{block.CompanyName}</span> : null}
          {block.Address ? <span className={s.line}>{block.Address}</span> : null}
          {block.Phone ? (
            <span className={s.line}>
              Phone:{" "}
              <a className={s.link} href={`tel:${block.Phone.replace(/[^\d+]/g, "")}`}>
                {block.Phone}
              </a>
            </span>
          ) : null}
          {block.Email ? (
            <span className={s.line}>
              Email:{" "}
              <a className={s.link} href={`mailto:${block.Email}`}>
                {block.Email}
              </a>
            </span>
          ) : null}
        </address>
      ) : null}
      <SocialLinks social={block.socialMedia} label={`${block.title || "Our"} social media`} />
    </section>
  );
}

/**
 * The site footer: content blocks (menus, contact details, social links), the payment methods taken, app store
 * links, the footer logo and the copyright line.
 */
export function SiteFooter({
  companyName,
  footer,
  blocks,
  year,
  onStorePage = false,
  cookieSettingsHref = "/cookies",
}: SiteFooterProps) {
  if (onStorePage && footer.hideOnStorePages) return null;
  const entries = (blocks.length > 0 ? blocks : footer.footerBlocks).filter(
    (b) => b.title || b.menuItems.length || b.Phone || b.Email || b.Address,
  );
  const payments = PAYMENT.filter(([key]) => footer.paymentMethods[key]);
  const apps = [
    [hrefForSlug(footer.appStores.appleAppStore), "Download on the App Store"],
    [hrefForSlug(footer.appStores.googlePlay), "Get it on Google Play"],
  ].filter((pair): pair is [string, string] => pair[0] !== null);
  const copyright = (footer.copyright || `© {year} ${companyName}`).replace(/\{year\}/g, String(year));

  return (
    <footer className={footer.hideOnMobile ? `${s.footer} ${s.hideOnMobile}` : s.footer}>
      {footer.banner ? (
        <img
          className={s.bannerImage}
          src={footer.banner.url}
          alt={footer.banner.alternativeText}
          width={footer.banner.width ?? undefined}
          height={footer.banner.height ?? undefined}
          loading="lazy"
        />
      ) : null}
      <div className={s.inner}>
        {entries.length > 0 ? (
          <div className={s.blocks}>
            {entries.map((block, i) => (
              <FooterBlock key={i} block={block} id={`footer-block-${i}`} />
            ))}
          </div>
        ) : null}

        <div className={s.extras}>
          <SocialLinks
            social={footer.socialMedia}
            label="Follow us"
            heading={{ id: "footer-social", className: s.smallTitle }}
          />
          {payments.length > 0 ? (
            <div>
              <h2 className={s.smallTitle} id="footer-payments">
                We accept
              </h2>
              <ul className={s.inlineList} aria-labelledby="footer-payments">
                {payments.map(([key, name]) => (
                  <li key={key} className={s.badge}>
                    {name}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {apps.length > 0 ? (
            <ul className={s.inlineList} aria-label="Our apps">
              {apps.map(([href, label]) => (
                <li key={label}>
                  <SiteLink href={href} newWindow className={s.pill}>
                    {label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <div className={s.bottom}>
          {footer.logo ? (
            <img
              className={s.logo}
              src={footer.logo.url}
              alt={companyName}
              width={footer.logo.width ?? undefined}
              height={footer.logo.height ?? undefined}
              loading="lazy"
            />
          ) : null}
          <p className={s.copyright}>{copyright}</p>
          <p className={s.copyright}>
            <Link className={s.link} to={cookieSettingsHref}>
              {CONSENT_TEXT.footerLink}
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
