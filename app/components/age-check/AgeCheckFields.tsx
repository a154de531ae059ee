import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { AgeRestrictionRecord } from "~/models/age-restriction";

/** The waiting add's fields, as the age check's Yes posts them (the same names as the add form). */
export function AgeCheckFields({ record }: { record: AgeRestrictionRecord }) {
  const a = record.addToBasketOnAccept;
  return (
    <>
      <AuthenticityTokenInput />
      <input type="hidden" name="age" value={record.age} />
      <input type="hidden" name="menuItemId" value={a.menuItemId} />
      <input type="hidden" name="quantity" value={a.quantity} />
      {a.sizeId !== null ? <input type="hidden" name="sizeId" value={a.sizeId} /> : null}
      {a.options.map((o) => (
        <input key={o} type="hidden" name="option" value={o} />
      ))}
      <input type="hidden" name="basketLineId" value={a.basketLineId} />
      <input type="hidden" name="idempotencyKey" value={a.idempotencyKey} />
      {a.bannerAdvertId !== null ? <input type="hidden" name="bannerAdvertId" value={a.bannerAdvertId} /> : null}
      <input type="hidden" name="redirectTo" value={a.redirectTo} />
    </>
  );
}
