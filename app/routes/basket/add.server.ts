import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { api, BASKET_MESSAGES, type Basket, type MenuItem } from "#contract";
import { JS_FIELD, type AddResult } from "~/models/add-result";
import {
  acceptedAddKey,
  ageCheckHref,
  type AddToBasketOnAccept,
  type AgeRestrictionRecord,
} from "~/models/age-restriction";
import { addFormSchema, type AddForm } from "~/models/add-to-basket-form.server";
import { choiceQuery, validateItemChoice, type ChoiceError } from "~/models/item-choice";
import type { Shopper } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { dataWithToast, redirectWithToast } from "~/services/flash.server";
import { safeRedirectPath } from "~/services/session.server";

export const NO_STORE_MESSAGE = BASKET_MESSAGES.noStore;
export const addedMessage = (name: string) => `${name} added to your basket`;
/** Shown when the form itself is malformed (tampered or from an old page): nothing the shopper typed. */
export const BAD_ADD_FORM_MESSAGE = "Sorry, that item could not be added. Please try again.";

/**
 * The add's fields, parsed (null when the form is malformed), with what a refusal needs even then: whether script
 * sent it and the page it came from.
 */
export function parseAddForm(payload: FormData | URLSearchParams): {
  fields: AddForm | null;
  js: boolean;
  redirectTo: unknown;
} {
  const submission = parseWithZod(payload, { schema: addFormSchema });
  return {
    fields: submission.status === "success" ? submission.value : null,
    js: submission.payload[JS_FIELD] === "1",
    redirectTo: submission.payload.redirectTo,
  };
}

/** The add waiting behind the form's fields. */
export function addFromForm(f: AddForm): AddToBasketOnAccept {
  return {
    menuItemId: f.menuItemId,
    quantity: f.quantity,
    sizeId: f.sizeId ?? null,
    options: f.option,
    basketLineId: f.basketLineId,
    idempotencyKey: f.idempotencyKey,
    bannerAdvertId: f.bannerAdvertId ?? null,
    redirectTo: safeRedirectPath(f.redirectTo),
  };
}

export type AddOutcome =
  | { kind: "added"; item: MenuItem; basket: Basket; message: string; lineId: string }
  | { kind: "invalid"; item: MenuItem; errors: ChoiceError[]; add: AddToBasketOnAccept }
  | { kind: "age"; record: AgeRestrictionRecord }
  | { kind: "error"; message: string; status: number };

/** The shopper's store and basket, or null when no store is selected (spec 2 §8's message follows). */
function basketContext(shopper: Shopper) {
  const store = shopper.session.get("store");
  const basketToken = shopper.session.get("basketToken");
  if (!store || !basketToken) return null;
  return { store, basketToken, method: shopper.session.get("fulfilmentMethod") ?? "delivery" };
}

/** The shopper's location as the basket calls take it (the delivery fee follows it). */
export function fulfilmentLocation(shopper: Shopper) {
  const location = shopper.session.get("location");
  if (!location) return null;
  return {
    ...(location.postcode ? { postcode: location.postcode } : {}),
    ...(location.latitude !== null && location.longitude !== null
      ? { latitude: location.latitude, longitude: location.longitude }
      : {}),
  };
}

/** The item as the store sells it now, or null when it is gone. */
export async function findItem(
  shopper: Shopper,
  storeId: number,
  menuItemId: number,
  method: "delivery" | "collection",
): Promise<MenuItem | null> {
  try {
    return (await shopper.shared.cached(api.getMenuItem, { storeId, menuItemId, fulfilmentMethod: method })).item;
  } catch (error) {
    if (error instanceof PlatformError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

function ageOf(error: PlatformError): number | null {
  const body = error.body as { ageRestriction?: unknown } | null;
  const age = body?.ageRestriction;
  return typeof age === "number" && Number.isInteger(age) && age > 0 ? age : null;
}

/**
 * Adds the chosen item to the shopper's basket. The choice is checked against the item first (so the item page can
 * show its own messages); the platform checks it again, with the age, the store's maximum and availability.
 */
export async function addToBasket(
  shopper: Shopper,
  add: AddToBasketOnAccept,
  options: { idempotencyKey?: string } = {},
): Promise<AddOutcome> {
  const ctx = basketContext(shopper);
  if (!ctx) return { kind: "error", message: NO_STORE_MESSAGE, status: 400 };
  const item = await findItem(shopper, ctx.store.id, add.menuItemId, ctx.method);
  if (!item || !item.available) return { kind: "error", message: BASKET_MESSAGES.itemUnavailable, status: 404 };
  const errors = validateItemChoice(item, { sizeId: add.sizeId, options: add.options, quantity: add.quantity });
  if (errors.length) return { kind: "invalid", item, errors, add };

  try {
    const basket = await shopper.api.call(
      api.addBasketItem,
      {
        storeId: ctx.store.id,
        fulfilmentMethod: ctx.method,
        basketToken: ctx.basketToken,
        basketLineId: add.basketLineId,
        menuItem: { menuItemId: add.menuItemId, quantity: add.quantity, sizeId: add.sizeId, options: add.options },
        bannerAdvertId: add.bannerAdvertId,
        fulfilmentLocation: fulfilmentLocation(shopper),
      },
      { idempotencyKey: options.idempotencyKey ?? add.idempotencyKey },
    );
    if (basket.basketToken !== ctx.basketToken) shopper.session.set("basketToken", basket.basketToken);
    return { kind: "added", item, basket, message: addedMessage(item.name), lineId: add.basketLineId };
  } catch (error) {
    if (!(error instanceof PlatformError) || error.status >= 500) throw error;
    if (error.errorCode === "AGE_RESTRICTED") {
      const age = ageOf(error) ?? item.ageRestriction;
      if (age)
        return { kind: "age", record: { menuItemId: item.id, age, itemName: item.name, addToBasketOnAccept: add } };
    }
    return { kind: "error", message: error.message, status: error.status };
  }
}

/**
 * The shopper said yes to the age question: the basket records the accepted age, then the waiting add goes ahead
 * under its own key (the first key's answer was the refusal).
 */
export async function acceptAgeAndAdd(shopper: Shopper, age: number, add: AddToBasketOnAccept): Promise<AddOutcome> {
  const ctx = basketContext(shopper);
  if (!ctx) return { kind: "error", message: NO_STORE_MESSAGE, status: 400 };
  try {
    const basket = await shopper.api.call(api.updateBasket, {
      basketToken: ctx.basketToken,
      updates: { attributes: { acceptedAge: age } },
    });
    if (basket.basketToken !== ctx.basketToken) shopper.session.set("basketToken", basket.basketToken);
  } catch (error) {
    if (!(error instanceof PlatformError) || error.status >= 500) throw error;
    return { kind: "error", message: error.message, status: error.status };
  }
  return addToBasket(shopper, add, { idempotencyKey: acceptedAddKey(add.idempotencyKey) });
}

/** The add's outcome as the shopper's request wants it: data for a fetcher, a redirect for a plain form post. */
export async function answerAdd(
  context: Readonly<RouterContextProvider>,
  outcome: AddOutcome,
  redirectTo: string,
  js: boolean,
  fromItemPage: boolean,
) {
  switch (outcome.kind) {
    case "added": {
      const toast = { kind: "success", message: outcome.message } as const;
      if (!js) return redirectWithToast(context, redirectTo, toast);
      // The line takes the id the form gave it, unless the same choice joined a line already there.
      const line =
        outcome.basket.items.find((l) => l.basketLineId === outcome.lineId) ??
        outcome.basket.items.find((l) => l.menuItemId === outcome.item.id);
      return dataWithToast<AddResult>(
        context,
        { ok: true, message: outcome.message, basketLineId: line?.basketLineId ?? "" },
        toast,
      );
    }
    case "age":
      if (js) return data<AddResult>({ ok: false, ageCheck: outcome.record });
      return redirect(ageCheckHref(outcome.record), 303);
    case "invalid":
      if (js) return data<AddResult>({ ok: false, errors: outcome.errors }, 400);
      if (fromItemPage) return redirect(`${redirectTo.split("?")[0]}?${choiceQuery(outcome.add)}`, 303);
      // A card's form never needs a choice; a stale page offered one that now does: its page asks for it.
      return redirectWithToast(context, redirectTo, { kind: "error", message: outcome.errors[0]!.message });
    case "error": {
      const toast = { kind: "error", message: outcome.message } as const;
      return js
        ? dataWithToast<AddResult>(context, { ok: false, message: outcome.message }, toast)
        : redirectWithToast(context, redirectTo, toast);
    }
  }
}

/** The answer to a malformed add form: nothing was added, and the shopper is told so. */
export function refuseAddForm(context: Readonly<RouterContextProvider>, js: boolean, back: string) {
  const toast = { kind: "error", message: BAD_ADD_FORM_MESSAGE } as const;
  return js
    ? dataWithToast<AddResult>(context, { ok: false, message: BAD_ADD_FORM_MESSAGE }, toast)
    : redirectWithToast(context, back, toast);
}
