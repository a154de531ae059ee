import { api, BASKET_MESSAGES, type BasketLine, type MenuItem } from "#contract";
import { QUANTITY_ERROR_MESSAGE } from "~/models/basket";
import { choiceFieldId, validateItemChoice, type ChoiceError, type ItemChoice } from "~/models/item-choice";
import type { Shopper } from "~/services/context";
import type { Logger } from "~/services/logger.server";
import { PlatformError } from "~/services/platform-client.server";
import { findItem, fulfilmentLocation } from "./add.server";
import { selectedStoreDetails, sessionBasket } from "~/shopper/basket.server";

/** Ours: the toast after a line's choices are saved. */
export const lineUpdatedMessage = (name: string) => `${name} updated in your basket.`;

/** The line being edited, the item as the store sells it now, and the choice the line holds. */
export interface EditableLine {
  storeSlug: string;
  symbol: string;
  line: Pick<BasketLine, "basketLineId" | "name" | "quantity" | "variant">;
  item: MenuItem;
  choice: ItemChoice;
}

/**
 * The line to edit, or the reason it cannot be (spec 2 §8 words): no store, the line gone from the basket, or its
 * item no longer sold for the basket's method.
 */
export async function editableLine(
  shopper: Shopper,
  basketLineId: string,
): Promise<EditableLine | { refused: string }> {
  const store = await selectedStoreDetails(shopper);
  const basket = store ? await sessionBasket(shopper) : null;
  if (!store || !basket) return { refused: BASKET_MESSAGES.noStore };
  const line = basket.items.find((l) => l.basketLineId === basketLineId);
  if (!line) return { refused: BASKET_MESSAGES.lineNotFound };
  const item = await findItem(shopper, store.id, line.menuItemId, basket.fulfilmentMethod.type);
  if (!item || !item.available || line.checkoutConflicts.some((c) => c.code === "ITEM_UNAVAILABLE"))
    return { refused: BASKET_MESSAGES.itemUnavailable };
  return {
    storeSlug: store.slug,
    symbol: store.currency.symbolChar,
    line: { basketLineId: line.basketLineId, name: line.name, quantity: line.quantity, variant: line.variant },
    item,
    choice: { sizeId: line.sizeId, options: line.options.map((o) => o.id), quantity: line.quantity },
  };
}

export type SaveOutcome = { kind: "saved"; message: string } | { kind: "invalid"; errors: ChoiceError[] };

/**
 * Saves the line's new size, options and quantity (spec 2 §7 /api/basket/item/update): checked against the item first,
 * so each message sits beside its field; a refusal from the platform (the store's item limit …) goes on the quantity,
 * and a failed platform gets the spec's 'There was an error updating basket item quantity.'.
 */
export async function saveLine(
  shopper: Shopper,
  log: Logger,
  edit: EditableLine,
  choice: ItemChoice,
  idempotencyKey: string,
): Promise<SaveOutcome> {
  const errors = validateItemChoice(edit.item, choice);
  if (errors.length) return { kind: "invalid", errors };
  const basketToken = shopper.session.get("basketToken");
  if (!basketToken)
    return { kind: "invalid", errors: [{ field: choiceFieldId.quantity, message: BASKET_MESSAGES.noStore }] };
  try {
    const basket = await shopper.api.call(
      api.updateBasketItem,
      {
        basketToken,
        basketLineId: edit.line.basketLineId,
        menuItem: {
          menuItemId: edit.item.id,
          quantity: choice.quantity,
          sizeId: choice.sizeId,
          options: choice.options,
        },
        fulfilmentLocation: fulfilmentLocation(shopper),
      },
      { idempotencyKey },
    );
    if (basket.basketToken !== basketToken) shopper.session.set("basketToken", basket.basketToken);
    return { kind: "saved", message: lineUpdatedMessage(edit.item.name) };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.status >= 500) log.error("basket_line_update_failed", { status: error.status, message: error.message });
    return {
      kind: "invalid",
      errors: [{ field: choiceFieldId.quantity, message: error.status < 500 ? error.message : QUANTITY_ERROR_MESSAGE }],
    };
  }
}
