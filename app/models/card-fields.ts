/**
 * The card step's three fields hosted by the card gateway (spec 2 §2, §4; decision 0024): what each is called, and
 * the GOV.UK-style message under it. The gateway's frames tell the page only whether a field is valid and whether
 * it is empty — never its value — so the messages are chosen from those two facts.
 */

export type CardFieldElement = "card-number" | "expiry-date" | "cvv";
export const CARD_FIELD_ELEMENTS: readonly CardFieldElement[] = ["card-number", "expiry-date", "cvv"];

export const CARD_FIELD_TEXT: Record<
  CardFieldElement,
  { label: string; hint: string; empty: string; invalid: string }
> = {
  "card-number": {
    label: "Card number",
    hint: "The long number on the front of your card",
    empty: "Enter your card number",
    invalid: "Enter a valid card number. We accept Visa, Mastercard, Discover and JCB",
  },
  "expiry-date": {
    label: "Expiry date",
    hint: "For example, 04/28",
    empty: "Enter the expiry date",
    invalid: "Enter a valid expiry date, in the format MM/YY, that has not passed",
  },
  cvv: {
    label: "Security code",
    hint: "The last 3 digits on the back of the card",
    empty: "Enter the security code",
    invalid: "The security code is the 3 digits on the back of your card",
  },
};

export interface CardFieldState {
  isValid: boolean;
  isEmpty: boolean;
  /** The shopper has left the field (or tried to pay): its message may show. */
  touched: boolean;
}

export const EMPTY_CARD_FIELDS: Record<CardFieldElement, CardFieldState> = {
  "card-number": { isValid: false, isEmpty: true, touched: false },
  "expiry-date": { isValid: false, isEmpty: true, touched: false },
  cvv: { isValid: false, isEmpty: true, touched: false },
};

/**
 * A field's message: none while it is valid or not yet touched; once touched, 'enter' for an empty field and the
 * field's own rule for an invalid one. A field still being typed in for the first time says nothing (GOV.UK: do
 * not validate while someone types), but a touched one clears its message the moment it becomes valid.
 */
export function cardFieldError(element: CardFieldElement, state: CardFieldState): string | null {
  if (state.isValid || !state.touched) return null;
  return state.isEmpty ? CARD_FIELD_TEXT[element].empty : CARD_FIELD_TEXT[element].invalid;
}

/** All three fields touched, as when the shopper presses Pay: the messages of the ones not valid, in page order. */
export function cardFieldErrors(
  fields: Record<CardFieldElement, CardFieldState>,
): { element: CardFieldElement; message: string }[] {
  return CARD_FIELD_ELEMENTS.flatMap((element) => {
    const message = cardFieldError(element, { ...fields[element], touched: true });
    return message ? [{ element, message }] : [];
  });
}
