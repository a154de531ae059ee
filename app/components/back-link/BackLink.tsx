import { Link } from "react-router";
import * as styles from "./BackLink.css";

/**
 * The way back to the page the shopper came from (GOV.UK's back link): a plain link, so it works without script and
 * is the same page for every shopper who came the same way.
 */
export function BackLink({ href }: { href: string }) {
  return (
    <p className={styles.wrap}>
      <Link to={href} className={styles.link}>
        <span aria-hidden="true" className={styles.arrow}>
          ‹
        </span>
        Back
      </Link>
    </p>
  );
}
