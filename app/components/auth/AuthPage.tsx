import type { ReactNode } from "react";
import type { AuthPageContent } from "#contract/content";
import * as s from "./AuthPage.css";

/** The card of the auth layout (spec 1 §2): a heading, a lead, the page's form; the brand's image beside it on desktop. */
export function AuthPageCard({
  title,
  lead,
  image,
  children,
}: {
  title: string;
  lead?: string;
  image?: AuthPageContent["image"];
  children: ReactNode;
}) {
  return (
    <div className={image ? `${s.shell} ${s.shellWithImage}` : s.shell}>
      <div className={s.card}>
        <h1 className={s.title}>{title}</h1>
        {lead ? <p className={s.lead}>{lead}</p> : null}
        {children}
      </div>
      {image ? (
        <img
          className={s.image}
          src={image.url}
          alt={image.alternativeText ?? ""}
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          loading="lazy"
          decoding="async"
        />
      ) : null}
    </div>
  );
}

/** One sign-in page, from its content type (spec 1 §3: login, register, forgot-password, reset-password). */
export function AuthPage({ content, children }: { content: AuthPageContent; children: ReactNode }) {
  return (
    <AuthPageCard title={content.title} lead={content.subTitle} image={content.image}>
      {children}
    </AuthPageCard>
  );
}

/** The other ways on from a sign-in form (create an account, forgotten password …). */
export function AuthLinks({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav className={s.alternatives} aria-label={label}>
      <ul className={s.linkList}>{children}</ul>
    </nav>
  );
}

/** Facts about the member as a description list (the member page). */
export function Facts({ facts }: { facts: { term: string; value: string }[] }) {
  return (
    <dl className={s.details}>
      {facts.map((f) => (
        <div key={f.term}>
          <dt className={s.detailsTerm}>{f.term}</dt>
          <dd className={s.detailsValue}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const authLinkClass = s.link;
export const checkboxRowClass = s.checkboxRow;
export const checkboxClass = s.checkbox;

/** A sign-in page's address that keeps the page to go back to afterwards (the member area needs no parameter). */
export function authHref(path: string, redirectTo: string): string {
  return redirectTo === "/member" ? path : `${path}?${new URLSearchParams({ redirectTo })}`;
}
