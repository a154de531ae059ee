import type { MouseEvent } from "react";
import { href, Link } from "react-router";
import { errorDescription, errorTitle } from "~/models/error-page";
import * as styles from "./ErrorPage.css";

export interface ErrorPageProps {
  status: number;
  message: string;
  /** Same-site page the shopper came from; "/" when unknown. */
  backHref: string;
  image?: { url: string; alt: string; width: number | null; height: number | null } | null;
  /** The store search box (spec 1 §2), when the page can offer one. */
  search?: React.ReactNode;
}

/** Spec 1 §2 "Error page": status + 'Error', the message as heading, a description, Go back and Go to Homepage. */
export function ErrorPage({ status, message, backHref, image, search }: ErrorPageProps) {
  function goBack(event: MouseEvent<HTMLAnchorElement>) {
    // With JavaScript, go back in history when the previous entry is on this site; the link is the fallback.
    if (
      window.history.length > 1 &&
      document.referrer &&
      new URL(document.referrer).origin === window.location.origin
    ) {
      event.preventDefault();
      window.history.back();
    }
  }

  return (
    <section className={styles.page} aria-labelledby="error-heading">
      <title>{errorTitle(status)}</title>
      <p className={styles.status}>{`${status} Error`}</p>
      <h1 id="error-heading" className={styles.heading}>
        {message}
      </h1>
      <p className={styles.description}>{errorDescription(status)}</p>
      <div className={styles.actions}>
        <a href={backHref} onClick={goBack} className={styles.secondaryButton}>
          Go back
        </a>
        <Link to={href("/")} className={styles.primaryButton}>
          Go to Homepage
        </Link>
      </div>
      {search ? <div className={styles.search}>{search}</div> : null}
      {image ? (
        <img
          className={styles.image}
          src={image.url}
          alt={image.alt}
          width={image.width ?? 320}
          height={image.height ?? 240}
        />
      ) : null}
    </section>
  );
}
