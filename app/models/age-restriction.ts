import { href } from "react-router";
import { ADD_FIELDS } from "./add-to-basket-form";
// Spec 2 §3 / §4: adding an age-restricted item needs the basket's accepted age to be at least the item's. The
// platform decides (an add it refuses answers AGE_RESTRICTED with the age); the client keeps an age-restriction record
// (menuItemId, age, addToBasketOnAccept): here, the add waiting for a yes.

/** The add that goes ahead once the shopper says yes: the same fields the add form posted. */
export interface AddToBasketOnAccept {
  menuItemId: number;
  quantity: number;
  sizeId: number | null;
  options: number[];
  basketLineId: string;
  idempotencyKey: string;
  bannerAdvertId: number | null;
  redirectTo: string;
}

export interface AgeRestrictionRecord {
  menuItemId: number;
  age: number;
  itemName: string;
  addToBasketOnAccept: AddToBasketOnAccept;
}

export const ageQuestion = (age: number) => `Are you ${age} or over?`;
export const ageConfirmLabel = (age: number) => `Yes, I am ${age} or over`;

/** The age-check page's address for a refused add: the add's own fields, so the page works without script. */
export function ageCheckHref(record: AgeRestrictionRecord): string {
  const a = record.addToBasketOnAccept;
  const query = new URLSearchParams({
    [ADD_FIELDS.age]: String(record.age),
    [ADD_FIELDS.menuItemId]: String(a.menuItemId),
    [ADD_FIELDS.quantity]: String(a.quantity),
    [ADD_FIELDS.basketLineId]: a.basketLineId,
    [ADD_FIELDS.idempotencyKey]: a.idempotencyKey,
    [ADD_FIELDS.redirectTo]: a.redirectTo,
  });
  if (a.sizeId !== null) query.set(ADD_FIELDS.sizeId, String(a.sizeId));
  for (const option of a.options) query.append(ADD_FIELDS.option, String(option));
  if (a.bannerAdvertId !== null) query.set(ADD_FIELDS.bannerAdvertId, String(a.bannerAdvertId));
  return `${href("/basket/age-check")}?${query.toString()}`;
}

/**
 * The key of the add made after the yes. The refused add's key already answered AGE_RESTRICTED (the platform
 * replays answers by key), so the accepted add gets its own, derived so a resubmitted yes still adds once.
 */
export function acceptedAddKey(idempotencyKey: string): string {
  return `${idempotencyKey}-age`;
}
