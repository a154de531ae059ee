import { CARD_SECURITY_CODE_LENGTH } from "#contract/payment-rules";

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

/** The card step's choice (form key selectedSavedCardId): a saved card's id, or a new card. */
export const NEW_CARD = "new";
