import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ADD_FIELDS } from "~/models/add-to-basket-form";
import type { AgeRestrictionRecord } from "~/models/age-restriction";

/** The waiting add's fields, as the age check's Yes posts them (the add form's own names). */
export function AgeCheckFields({ record }: { record: AgeRestrictionRecord }) {
  const a = record.addToBasketOnAccept;
  return (
    <>
      <AuthenticityTokenInput />
      <input type="hidden" name={ADD_FIELDS.age} value={record.age} />
      <input type="hidden" name={ADD_FIELDS.menuItemId} value={a.menuItemId} />
      <input type="hidden" name={ADD_FIELDS.quantity} value={a.quantity} />
      {a.sizeId !== null ? <input type="hidden" name={ADD_FIELDS.sizeId} value={a.sizeId} /> : null}
      {a.options.map((o) => (
        <input key={o} type="hidden" name={ADD_FIELDS.option} value={o} />
      ))}
      <input type="hidden" name={ADD_FIELDS.basketLineId} value={a.basketLineId} />
      <input type="hidden" name={ADD_FIELDS.idempotencyKey} value={a.idempotencyKey} />
      {a.bannerAdvertId !== null ? (
        <input type="hidden" name={ADD_FIELDS.bannerAdvertId} value={a.bannerAdvertId} />
      ) : null}
      <input type="hidden" name={ADD_FIELDS.redirectTo} value={a.redirectTo} />
    </>
  );
}
