import { href } from "react-router";

/*
 * The add form (spec 2 §7 basket/item/add), as the browser sees it: where it posts and what its fields are called. Its
 * zod schema is in add-to-basket-form.server.ts, declared with exactly these names, so a part that names its fields
 * from here (the cards' and the basket's Add, the item page's form, the age question's yes) posts only what the action
 * reads. No zod here: this file reaches the browser.
 */

/** Where every add posts; the age question's yes posts the same fields to its own page. */
export const ADD_TO_BASKET_ACTION = href("/basket/add");

export const ADD_FIELDS = {
  menuItemId: "menuItemId",
  quantity: "quantity",
  sizeId: "sizeId",
  /** Repeated: one per chosen option. */
  option: "option",
  basketLineId: "basketLineId",
  idempotencyKey: "idempotencyKey",
  /** The banner whose page the add came from: the add is credited to it. */
  bannerAdvertId: "bannerAdvertId",
  redirectTo: "redirectTo",
  /** The age the shopper confirmed (the age question's yes only). */
  age: "age",
  /** "1", set by script: the answer is data for a fetcher, not a redirect. */
  js: "_js",
  /** "1" from the item page's form: a refused choice goes back to that page with the choice in its query. */
  itemPage: "itemPage",
} as const;

export type AddFieldName = (typeof ADD_FIELDS)[keyof typeof ADD_FIELDS];
