import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import type { MemberLayoutData } from "~/models/route-data";
import * as forms from "~/styles/forms.css";
import * as s from "./MemberArea.css";

/** The member area's parts (spec 2 §2), in the order the dashboard offers them. */
export const MEMBER_AREA_LINKS = [
  { to: "/member", label: "Your account", text: "Your account at a glance." },
  {
    to: "/member/orders",
    label: "Orders",
    text: "Your current and past orders: follow them, order again, review them.",
  },
  {
    to: "/member/profile",
    label: "Profile",
    text: "Your name, mobile number, its verification and marketing preferences.",
  },
  { to: "/member/addresses", label: "Addresses", text: "Your saved delivery and billing addresses." },
  {
    to: "/member/cards",
    label: "Saved cards",
    text: "The cards you keep for paying: add, remove and choose your default.",
  },
  { to: "/member/loyalty", label: "Loyalty", text: "Your points, your tier and how to use them." },
  { to: "/member/vouchers", label: "Vouchers", text: "Offers for members, ready to apply to your basket." },
  {
    to: "/member/credit",
    label: "Credit and referral",
    text: "Your credit, and the link that gives you and a friend more.",
  },
  { to: "/member/change-password", label: "Change password", text: "Choose a new password for your account." },
] as const;

/** The parts this business offers: credit and referral only while its scheme is shown (hideReferralUI off). */
function offeredLinks(referral: boolean) {
  return MEMBER_AREA_LINKS.filter((link) => referral || link.to !== "/member/credit");
}

/** The list of the member area's parts: a row of links on phones, a column beside the page on desktop. */
export function MemberAreaNav({ referral }: { referral: boolean }) {
  return (
    <nav className={s.nav} aria-label="Your account">
      <ul className={s.navList}>
        {offeredLinks(referral).map((link) => (
          <li key={link.to}>
            <NavLink className={s.navLink} to={link.to} end>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A member page's heading and lead, then its content. */
export function MemberPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <>
      <h1 className={s.title}>{title}</h1>
      {lead ? <p className={s.lead}>{lead}</p> : null}
      {children}
    </>
  );
}

/** A titled part of a member page (marketing preferences under the profile, say). */
export function MemberSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={s.section} aria-labelledby={id}>
      <h2 id={id} className={s.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The dashboard's ways on to each part of the area. */
export function MemberTiles({ referral }: { referral: boolean }) {
  return (
    <ul className={s.tiles}>
      {offeredLinks(referral)
        .slice(1)
        .map((link) => (
          <li key={link.to}>
            <Link className={s.tile} to={link.to}>
              <span className={s.tileTitle}>{link.label}</span>
              <span className={s.tileText}>{link.text}</span>
            </Link>
          </li>
        ))}
    </ul>
  );
}

/** The retailer banner (spec 2 §2): the shopper's store, with 'Visit site' and, when it has a number, 'Call us'. */
export function RetailerBanner({ retailer }: { retailer: NonNullable<MemberLayoutData["retailer"]> }) {
  return (
    <aside className={s.banner} aria-labelledby="retailer-banner-title">
      <h2 id="retailer-banner-title" className={s.bannerTitle}>
        {retailer.storeName}
      </h2>
      <p className={s.bannerText}>Order again from your store, or call us with any question about your order.</p>
      <div className={s.bannerActions}>
        <Link className={forms.button.primary} to={retailer.storePath}>
          Visit site
        </Link>
        {retailer.phone ? (
          <a
            className={forms.button.secondary}
            href={`tel:${retailer.phone.replace(/[^\d+]/g, "")}`}
            aria-label={`Call us on ${retailer.phone}`}
          >
            Call us
          </a>
        ) : null}
      </div>
    </aside>
  );
}
