import { Form, href, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { DEEP_LINK_MESSAGES, type LandingView } from "~/models/deep-link";
import { ShopSearch } from "~/components/shop-search/ShopSearch";
import * as forms from "~/styles/forms.css";
import * as styles from "./LandingPage.css";

/** Continue (a post, with the key that makes a second press add nothing twice) or Cancel (back to the basket). */
function Choice({ fillKey }: { fillKey: string }) {
  return (
    <Form method="post" className={styles.actions}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="continue" />
      <input type="hidden" name="fillKey" value={fillKey} />
      <button type="submit" className={forms.button.primary}>
        Continue
      </button>
      <Link to={href("/basket")} className={forms.button.secondary}>
        Cancel
      </Link>
    </Form>
  );
}

/** The landing's page (routes/basket/deep-link.tsx): each state with its words and its one way on. */
export function LandingPage({
  landing,
  path,
  message,
  fillKey,
}: {
  landing: LandingView;
  path: string;
  message: string | null;
  fillKey: string;
}) {
  const problem = message ? (
    <p className={styles.problem} role="alert">
      {message}
    </p>
  ) : null;
  switch (landing.state) {
    case "unrecoverable":
      return (
        <div className={styles.page}>
          <h1 className={styles.title}>{DEEP_LINK_MESSAGES.unrecoverableTitle}</h1>
          {/* What is wrong with the link is this page's message (its status is an error's): said as one. */}
          <p role="alert">{DEEP_LINK_MESSAGES.unrecoverable[landing.problem]}</p>
          <Link to="/" className={forms.button.primary}>
            Dismiss
          </Link>
        </div>
      );
    case "search":
      return (
        <div className={styles.page}>
          <h1 className={styles.title}>{DEEP_LINK_MESSAGES.storeSearchRequired}</h1>
          {problem}
          <p>{DEEP_LINK_MESSAGES.storeSearchLead}</p>
          <ShopSearch redirectTo={path} submitLabel="Search Local Stores" />
        </div>
      );
    case "incompatible":
      return (
        <div className={styles.page}>
          <h1 className={styles.title}>{DEEP_LINK_MESSAGES.incompatibleTitle(landing.storeName)}</h1>
          {problem}
          <p>
            {landing.reason === "other-store"
              ? DEEP_LINK_MESSAGES.otherStore(landing.storeName, landing.basketStoreName ?? "")
              : DEEP_LINK_MESSAGES.notServed(landing.storeName, landing.place)}
          </p>
          <Choice fillKey={fillKey} />
        </div>
      );
    case "overwrite":
      return (
        <div className={styles.page}>
          <h1 className={styles.title}>{DEEP_LINK_MESSAGES.overwriteTitle}</h1>
          {problem}
          <p>{DEEP_LINK_MESSAGES.overwrite}</p>
          <Choice fillKey={fillKey} />
        </div>
      );
    case "confirm":
    case "ready":
      return (
        <div className={styles.page}>
          <h1 className={styles.title}>{DEEP_LINK_MESSAGES.confirmTitle}</h1>
          {problem}
          <p>{DEEP_LINK_MESSAGES.confirm(landing.storeName)}</p>
          <Choice fillKey={fillKey} />
        </div>
      );
  }
}
