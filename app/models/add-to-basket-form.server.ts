import { z } from "zod";
import type { AddFieldName } from "./add-to-basket-form";
import { basketLineIdField, idField } from "./form-fields.server";

const id = idField;

/**
 * The add form's fields: the card's Add button, the item page's form and the age check's Yes all post these, and the
 * age check's address carries them in its query. Every field is hidden or chosen from the page, so a failure means
 * a tampered or stale form: it is refused whole, with one message. The keys are exactly ADD_FIELDS' names, which the
 * browser's parts post (the `satisfies` refuses a key missing on either side).
 */
export const addFormSchema = z.object({
  menuItemId: id,
  // The item page validates the quantity itself, with its own message; a malformed one counts as out of range.
  quantity: z.coerce.number().catch(0).default(1),
  sizeId: id.optional(),
  option: z.array(id).max(50).default([]),
  basketLineId: basketLineIdField,
  // Required here: an add without a key could be doubled by a retry.
  idempotencyKey: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,150}$/),
  bannerAdvertId: id.optional(),
  redirectTo: z.string().default("/"),
  age: z.coerce.number().int().min(1).max(120).optional(),
  _js: z.literal("1").optional(),
  itemPage: z.literal("1").optional(),
} satisfies Record<AddFieldName, z.ZodType>);

export type AddForm = z.output<typeof addFormSchema>;
