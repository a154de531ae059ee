import type { StoreDetails } from "#contract/stores";
import { deliveryCharges } from "~/models/delivery-charges";
import * as s from "./StoreDialogs.css";

/** The store's delivery tiers as a table, with Free From and the minimum spend: the page's and the dialog's body. */
export function DeliveryChargesView({ store, locationMissing }: { store: StoreDetails; locationMissing: boolean }) {
  const delivery = store.orderMethods.delivery;
  if (!delivery.enabledForMethod) return <p className={s.lead}>{store.storeName} does not deliver.</p>;
  const charges = deliveryCharges(delivery, { symbol: store.currency.symbolChar, locationKnown: !locationMissing });
  return (
    <>
      <table className={s.table}>
        <caption className={s.lead}>Delivery from {store.storeName} costs, by distance from the store:</caption>
        <thead>
          <tr>
            <th scope="col" className={s.cell}>
              Distance
            </th>
            <th scope="col" className={s.fee}>
              Charge
            </th>
          </tr>
        </thead>
        <tbody>
          {charges.rows.map((row) => (
            <tr key={row.band}>
              <th scope="row" className={s.cell}>
                {row.band}
              </th>
              <td className={s.fee}>{row.fee}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={s.facts}>
        {charges.yours ? (
          <li>
            Your delivery charge: <strong>{charges.yours}</strong>
          </li>
        ) : (
          <li>Enter your postcode to see your delivery charge.</li>
        )}
        {charges.freeFrom ? (
          <li>
            Free From <strong>{charges.freeFrom}</strong>
          </li>
        ) : null}
        {charges.minSpend ? (
          <li>
            Minimum spend <strong>{charges.minSpend}</strong>
          </li>
        ) : null}
      </ul>
    </>
  );
}
