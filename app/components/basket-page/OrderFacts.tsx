import { Form, href, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import * as summary from "~/components/basket-summary/BasketSummary.css";
import type { FulfilmentMethod } from "~/models/shopper";
import { fulfilmentPath, timeSlotsPath } from "~/models/store-paths";
import * as styles from "./BasketPage.css";

export interface OrderFactsProps {
  storeName: string;
  storeSlug: string;
  method: FulfilmentMethod;
  /** Whether the store offers the other method, so the switch is worth showing. */
  canSwitch: boolean;
  /** The held slot in words, or null when none is held. */
  slotText: string | null;
}

/** Which store, delivery or collection (with the switch), and the held time (with the way to change it). */
export function OrderFacts({ storeName, storeSlug, method, canSwitch, slotText }: OrderFactsProps) {
  const switchTo = method === "delivery" ? "collection" : "delivery";
  return (
    <section className={summary.panel} aria-labelledby="order-title">
      <h2 className={summary.panelTitle} id="order-title">
        Your order from {storeName}
      </h2>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>Order type</dt>
          <dd>
            {method === "delivery" ? "Delivery" : "Collection"}
            {canSwitch ? (
              <Form method="post" action={fulfilmentPath(storeSlug)} className={summary.inlineForm}>
                <AuthenticityTokenInput />
                <input type="hidden" name="method" value={switchTo} />
                <input type="hidden" name="redirectTo" value={href("/basket")} />
                <button type="submit" className={summary.linkButton}>
                  Switch to {switchTo}
                </button>
              </Form>
            ) : null}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{method === "delivery" ? "Delivery time" : "Collection time"}</dt>
          <dd>
            {slotText ?? "No time chosen yet"}{" "}
            <Link to={timeSlotsPath(storeSlug)} className={styles.factLink}>
              {slotText ? "Change time slot" : "Choose a time slot"}
            </Link>
          </dd>
        </div>
      </dl>
    </section>
  );
}
