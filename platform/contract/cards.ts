import { z } from "zod";
import { endpoint } from "./endpoint";
import { PAYMENT_MESSAGES } from "./payment-rules";

/*
 * A member's saved cards (spec 2 §2, §3, §7, §8; decision 0023). Members only: a guest token is 403 MEMBERS_ONLY.
 * Only the member's own cards: any other card id is 404 CARD_NOT_FOUND, as if it did not exist, and nothing changes.
 *
 * A card is kept from a gateway card token (cards/add) or from a card payment the member asked to keep
 * (makePayment saveCard). What is kept is what the gateway says about the card: its brand, last four digits,
 * expiry and the gateway's reusable source. Never a card number or a security code.
 */

export const SAVED_CARD_MESSAGES = {
  // Spec 2 §8, word for word.
  added: "Card added successfully!",
  deleted: "Card deleted successfully",
  exists: PAYMENT_MESSAGES.cardExists,
  cardDetails: PAYMENT_MESSAGES.cardDetails,
  // Ours, where the spec has none (in the spec's manner for addresses: 'set as default successfully').
  defaultSet: "Card set as default successfully",
  notFound: "Card not found.",
} as const;

/** A saved card as the member area and the payment step show it. */
export const savedCardSchema = z.object({
  /** The id cards/delete, cards/setDefault and makePayment's cardId take. */
  id: z.string(),
  /** The brand as the gateway names it: Visa, Mastercard, Discover, JCB. */
  scheme: z.string(),
  last4: z.string(),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

const cardId = z.string().min(1).max(80);

/** The member's saved cards: the default first, then the newest first. */
export const memberCardsList = endpoint({
  method: "POST",
  path: "/api/member/cards/list",
  auth: "token",
  request: z.object({}),
  response: z.object({ cards: z.array(savedCardSchema) }),
});

/**
 * Keeps the card behind a gateway card token (from the card fields; the token is spent). The first card is the
 * default. The same card again (the gateway's fingerprint) is 409 CARD_EXISTS 'Card already exists!'; a token the
 * gateway refuses is 422 CARD_DETAILS.
 */
export const memberCardsAdd = endpoint({
  method: "POST",
  path: "/api/member/cards/add",
  auth: "token",
  request: z.object({ token: z.string().min(1).max(400) }),
  response: z.object({ message: z.string(), card: savedCardSchema, cards: z.array(savedCardSchema) }),
});

/** Deletes a card. When it was the default, the newest remaining card becomes the default. */
export const memberCardsDelete = endpoint({
  method: "POST",
  path: "/api/member/cards/delete",
  auth: "token",
  request: z.object({ cardId }),
  response: z.object({ message: z.string(), cards: z.array(savedCardSchema) }),
});

/** Ours: makes a card the default (the payment step selects it first). */
export const memberCardsSetDefault = endpoint({
  method: "POST",
  path: "/api/member/cards/setDefault",
  auth: "token",
  request: z.object({ cardId }),
  response: z.object({ message: z.string(), cards: z.array(savedCardSchema) }),
});
