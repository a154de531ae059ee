import { z } from "zod";
import { CARD_SECURITY_CODE_LENGTH } from "#contract/payment-rules";
import { idempotencyKeyField } from "./form-fields.server";
import { NEW_CARD, SECURITY_CODE_MESSAGES } from "./saved-cards";

/**
 * Spec 2 §5: a saved card pays only with a security code of exactly 3 digits. The card step's action checks it
 * before any call, so a code that cannot be right never reaches the platform; the refusal shows on the field.
 */
export const securityCodeField = z
  .string({ error: SECURITY_CODE_MESSAGES.empty })
  .trim()
  .min(1, SECURITY_CODE_MESSAGES.empty)
  .regex(new RegExp(`^\\d{${CARD_SECURITY_CODE_LENGTH}}$`), SECURITY_CODE_MESSAGES.invalid);

/**
 * The card step's form (spec 2 §3 form keys): the key that makes a repeated post charge once; with script the card
 * token from the gateway's fields (never card data); a member's saved card (selectedSavedCardId: a card's id, or
 * "new") with its security code, or a new card they may keep (saveCard). A saved card needs its code; a new card
 * does not. Without a token or a saved card the payment opens the gateway's hosted card page.
 */
export const cardPaymentSchema = z
  .object({
    idempotencyKey: idempotencyKeyField,
    token: z.string().trim().min(1).max(400).optional(),
    saveCard: z.boolean().optional(),
    selectedSavedCardId: z.string().trim().max(80).optional(),
    cvv: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.selectedSavedCardId || value.selectedSavedCardId === NEW_CARD) return;
    const code = securityCodeField.safeParse(value.cvv);
    if (!code.success)
      ctx.addIssue({
        code: "custom",
        path: ["cvv"],
        message: code.error.issues[0]?.message ?? SECURITY_CODE_MESSAGES.invalid,
      });
  });
