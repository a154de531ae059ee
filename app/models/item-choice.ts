// The shopper's choice of size and options for a menu item: its rules (checked by the add action before the
// platform sees it) and its price (shown live on the item page). No zod: the item page uses the price in the browser.
import type { MenuItem } from "#contract/catalogue";

export type ChoosableItem = Pick<MenuItem, "price" | "memberPrice" | "sizes" | "optionGroups">;

export interface ItemChoice {
  sizeId: number | null;
  options: number[];
  quantity: number;
}

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

export const ITEM_CHOICE_MESSAGES = {
  size: "Choose a size",
  quantity: `Enter a quantity from ${MIN_QUANTITY} to ${MAX_QUANTITY}`,
  unknownOption: "One of the options you chose is no longer offered. Please choose again.",
} as const;

function options(count: number): string {
  return count === 1 ? "1 option" : `${count} options`;
}
export const tooFewMessage = (min: number, group: string) => `Choose at least ${options(min)} for ${group}`;
export const tooManyMessage = (max: number, group: string) => `Choose no more than ${options(max)} for ${group}`;

/** One error, keyed by the id of the field (or fieldset) it belongs to, so the summary can link to it. */
export interface ChoiceError {
  field: string;
  message: string;
}

/** The ids the item page gives its fields; errors name them. */
export const choiceFieldId = {
  size: "choice-size",
  quantity: "choice-quantity",
  group: (groupId: number) => `choice-group-${groupId}`,
  options: "choice-options",
} as const;

/** The errors of a choice against the item's sizes and option groups, in the order the page shows the fields. */
export function validateItemChoice(item: ChoosableItem, choice: ItemChoice): ChoiceError[] {
  const errors: ChoiceError[] = [];
  if (item.sizes.length > 0 && !item.sizes.some((s) => s.id === choice.sizeId)) {
    errors.push({ field: choiceFieldId.size, message: ITEM_CHOICE_MESSAGES.size });
  }
  const chosen = new Set(choice.options);
  const known = new Set(item.optionGroups.flatMap((g) => g.options.map((o) => o.id)));
  for (const group of item.optionGroups) {
    const count = group.options.filter((o) => chosen.has(o.id)).length;
    if (count < group.minChoices)
      errors.push({ field: choiceFieldId.group(group.id), message: tooFewMessage(group.minChoices, group.name) });
    else if (count > group.maxChoices)
      errors.push({ field: choiceFieldId.group(group.id), message: tooManyMessage(group.maxChoices, group.name) });
  }
  if ([...chosen].some((id) => !known.has(id)) || chosen.size !== choice.options.length) {
    errors.push({ field: choiceFieldId.options, message: ITEM_CHOICE_MESSAGES.unknownOption });
  }
  if (!Number.isInteger(choice.quantity) || choice.quantity < MIN_QUANTITY || choice.quantity > MAX_QUANTITY) {
    errors.push({ field: choiceFieldId.quantity, message: ITEM_CHOICE_MESSAGES.quantity });
  }
  return errors;
}

/** Whether the item needs a choice (so a card sends the shopper to its page rather than adding it). */
export function needsChoice(item: Pick<MenuItem, "sizes" | "optionGroups">): boolean {
  return item.sizes.length > 0 || item.optionGroups.length > 0;
}

/** Pence for one unit: the chosen size's price (or the item's) plus the chosen options. Unknown ids count nothing. */
export function unitPrice(item: ChoosableItem, choice: Pick<ItemChoice, "sizeId" | "options">, member = false): number {
  const size = item.sizes.find((s) => s.id === choice.sizeId);
  const base = size
    ? member && size.memberPrice !== null
      ? size.memberPrice
      : size.price
    : member && item.memberPrice !== null
      ? item.memberPrice
      : item.price;
  const chosen = new Set(choice.options);
  const extras = item.optionGroups
    .flatMap((g) => g.options)
    .filter((o) => chosen.has(o.id))
    .reduce((sum, o) => sum + o.price, 0);
  return base + extras;
}

/** Pence for the whole choice; a quantity out of range counts as 1 so the total never shows nonsense. */
export function choiceTotal(item: ChoosableItem, choice: ItemChoice, member = false): number {
  const quantity =
    Number.isInteger(choice.quantity) && choice.quantity >= MIN_QUANTITY && choice.quantity <= MAX_QUANTITY
      ? choice.quantity
      : 1;
  return unitPrice(item, choice, member) * quantity;
}

/** The lowest price the item can be had for (its cheapest size), for "From £x" on cards. */
export function lowestPrice(item: Pick<MenuItem, "price" | "sizes">): number {
  return item.sizes.length ? Math.min(...item.sizes.map((s) => s.price)) : item.price;
}

/** The options a group's fields show as a hint: "Choose 1", "Choose up to 3", "Choose 2 to 4". */
export function groupHint(group: { minChoices: number; maxChoices: number }): string {
  if (group.minChoices === group.maxChoices) return `Choose ${group.minChoices}`;
  if (group.minChoices === 0) return `Choose up to ${group.maxChoices}`;
  return `Choose ${group.minChoices} to ${group.maxChoices}`;
}

/** A group shown as radios: exactly one must be chosen. */
export function isSingleChoice(group: { minChoices: number; maxChoices: number }): boolean {
  return group.minChoices === 1 && group.maxChoices === 1;
}

/**
 * The item page's address for a choice the add refused without script: the choice rides in the query, and the
 * page checks it again to show each message beside its field.
 */
export function choiceQuery(choice: ItemChoice): string {
  const query = new URLSearchParams();
  if (choice.sizeId !== null) query.set("sizeId", String(choice.sizeId));
  for (const option of choice.options) query.append("option", String(option));
  query.set("quantity", String(choice.quantity));
  query.set("check", "1");
  return query.toString();
}

/** The choice in the item page's query (see choiceQuery); ids that are not numbers are dropped. */
export function choiceFromQuery(search: URLSearchParams): { choice: ItemChoice; check: boolean } {
  return {
    choice: choiceFromValues({
      sizeId: search.getAll("sizeId"),
      option: search.getAll("option"),
      quantity: search.get("quantity") ?? undefined,
    }),
    check: search.get("check") === "1",
  };
}

/**
 * The choice in the item form's values as the browser holds them (Conform's form value: strings, or lists of them);
 * ids that are not numbers are dropped, and a quantity that is not a number counts as one.
 */
export function choiceFromValues(values: { sizeId?: unknown; option?: unknown; quantity?: unknown }): ItemChoice {
  const list = (value: unknown): string[] =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
      (v): v is string => typeof v === "string",
    );
  const ids = (value: unknown) =>
    list(value)
      .filter((v) => /^\d{1,10}$/.test(v))
      .map(Number);
  const quantity = list(values.quantity)[0] ?? "";
  return {
    sizeId: ids(values.sizeId)[0] ?? null,
    options: [...new Set(ids(values.option))],
    quantity: /^\d{1,3}$/.test(quantity) ? Number(quantity) : 1,
  };
}
