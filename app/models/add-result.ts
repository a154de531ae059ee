import { ADD_FIELDS } from "./add-to-basket-form";
import type { AgeRestrictionRecord } from "./age-restriction";
import type { ChoiceError } from "./item-choice";

/**
 * What /basket/add (and the age check) answer a fetcher. A post without script gets a redirect instead; `_js=1`,
 * which forms add only once hydrated, tells the two apart.
 */
export type AddResult =
  | { ok: true; message: string; basketLineId: string }
  | { ok: false; message: string }
  | { ok: false; ageCheck: AgeRestrictionRecord }
  | { ok: false; errors: ChoiceError[] };

/** The add form's script flag (ADD_FIELDS.js), by the name the age question's dialog and the add action read it. */
export const JS_FIELD = ADD_FIELDS.js;

/** The fetcher key of a card's forms: one per item, so a quick second click cancels the first request. */
export const itemFetcherKey = (menuItemId: number) => `item-${menuItemId}`;
