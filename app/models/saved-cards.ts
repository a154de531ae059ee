import { z } from "./zod-in-browser";
import { CARD_SECURITY_CODE_LENGTH } from "../../platform/contract/payment-rules";

/*
 * A member's saved cards as the member area and the card step show them (spec 2 §2, §3, §5; decision 0023): the
 * brand, the last four digits and the expiry. The platform keeps nothing more, so nothing more can be shown.
 */

export interface CardFacts {
  scheme: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

/** "Visa •••• 4242": the brand and the last four digits, as printed on the card. */
export function cardName(card: CardFacts): string {
  return `${card.scheme} •••• ${card.last4}`;
}

/** The expiry as the card prints it: MM/YY. */
export function cardExpiry(card: CardFacts): string {
  return `${String(card.expiryMonth).padStart(2, "0")}/${String(card.expiryYear % 100).padStart(2, "0")}`;
}

/** Read aloud: "Visa ending 4242, expires 12/30". */
export function cardDescription(card: CardFacts): string {
  return `${card.scheme} ending ${card.last4}, expires ${cardExpiry(card)}`;
}

export const SECURITY_CODE_MESSAGES = {
  empty: "Enter the security code of the card",
  invalid: `The security code is the ${CARD_SECURITY_CODE_LENGTH} digits on the back of your card`,
} as const;

/**
 * Spec 2 §5: a saved card pays only with a security code of exactly 3 digits. Checked on the field (in the browser
 * with script, in the action without), so a code that cannot be right never reaches the platform.
 */
export const securityCodeField = z
  .string({ error: SECURITY_CODE_MESSAGES.empty })
  .trim()
  .min(1, SECURITY_CODE_MESSAGES.empty)
  .regex(new RegExp(`^\\d{${CARD_SECURITY_CODE_LENGTH}}$`), SECURITY_CODE_MESSAGES.invalid);

/** The card step's choice (form key selectedSavedCardId): a saved card's id, or a new card. */
export const NEW_CARD = "new";

/**
 * The card step's saved-card choice (spec 2 §3 form key selectedSavedCardId, §5): a saved card needs its security
 * code; a new card does not. The browser checks it before posting, and the card step's action again before any call.
 */
export const savedCardChoiceShape = {
  selectedSavedCardId: z.string().trim().max(80).optional(),
  cvv: z.string().optional(),
};

export function checkSavedCardChoice(value: { selectedSavedCardId?: string; cvv?: string }, ctx: z.RefinementCtx): void {
  if (!value.selectedSavedCardId || value.selectedSavedCardId === NEW_CARD) return;
  const code = securityCodeField.safeParse(value.cvv);
  if (!code.success) ctx.addIssue({ code: "custom", path: ["cvv"], message: code.error.issues[0]?.message ?? SECURITY_CODE_MESSAGES.invalid });
}

export const savedCardChoiceSchema = z.object(savedCardChoiceShape).superRefine(checkSavedCardChoice);
