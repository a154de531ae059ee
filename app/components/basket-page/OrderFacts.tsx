import { Form, href, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import * as summary from "~/components/basket-summary/BasketSummary.css";
import type { FulfilmentMethod } from "~/models/shopper";
import type { ShownSlot } from "~/models/route-data";
import { heldSlotText } from "~/models/slots";
import { fulfilmentPath, timeSlotsPath } from "~/models/store-paths";
import * as styles from "./BasketPage.css";

export interface OrderFactsProps {
  storeName: string;
  storeSlug: string;
  method: FulfilmentMethod;
  /** Whether the store offers the other method, so the switch is worth showing. */
  canSwitch: boolean;
  slot: ShownSlot | null;
  timeZone: string;
  today: string;
}

/** Which store, delivery or collection (with the switch), and the held time (with the way to change it). */
export function OrderFacts({ storeName, storeSlug, method, canSwitch, slot, timeZone, today }: OrderFactsProps) {
  const switchTo = method === "delivery" ? "collection" : "delivery";
  const slotText = heldSlotText(slot, today, timeZone, "No time chosen yet");
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
            {slotText}{" "}
            <Link to={timeSlotsPath(storeSlug)} className={styles.factLink}>
              {slot ? "Change time slot" : "Choose a time slot"}
            </Link>
          </dd>
        </div>
      </dl>
    </section>
  );
}
