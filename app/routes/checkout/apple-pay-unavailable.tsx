import { href, Link } from "react-router";
import * as styles from "~/components/checkout/Checkout.css";
import * as forms from "~/styles/forms.css";

/** Where Apple Pay's merchant validation failing with HTTP 422 sends the shopper (spec 2 §4, §8). */
export default function ApplePayUnavailable() {
  return (
    <div className={styles.page}>
      <div className={styles.main}>
        <h1 className={styles.title}>Apple Pay is not available</h1>
        <p className={styles.lead}>Apple Pay is not available on this site. Nothing was charged.</p>
        <p>You can still pay by card or, where the store takes it, in cash.</p>
        <p>
          <Link to={href("/checkout/payment")} className={forms.button.primary}>
            Choose another way to pay
          </Link>
        </p>
      </div>
    </div>
  );
}

export function meta() {
  return [{ title: "Apple Pay is not available" }];
}
