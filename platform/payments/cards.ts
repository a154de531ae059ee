import { and, desc, eq } from "drizzle-orm";
import { SAVED_CARD_MESSAGES, type SavedCard } from "../contract";
import type { RequestContext } from "../context";
import type { Db, Tx } from "../db/open";
import { memberCards, members } from "../db/schema";
import { ApiError } from "../errors";
import { requireMember } from "../member-auth";
import { GatewayError, type GatewayCard, type PaymentGateway } from "../ports/payment-gateway";
import { gatewayNotSupported } from "../checkout/process-order";

/*
 * A member's saved cards (decision 0023): what the gateway says about a card it keeps for us (its source id, brand,
 * last four digits, expiry, fingerprint), never a card number or a security code. Every statement is scoped by the
 * member's id, so another member's card cannot be told from one that does not exist.
 */

export type CardRow = typeof memberCards.$inferSelect;
type Conn = Db | Tx;

export const cardNotFound = () =>
  new ApiError(404, SAVED_CARD_MESSAGES.notFound, {
    errorCode: "CARD_NOT_FOUND",
    errorDisplay: SAVED_CARD_MESSAGES.notFound,
  });

const cardExists = () =>
  new ApiError(409, SAVED_CARD_MESSAGES.exists, { errorCode: "CARD_EXISTS", errorDisplay: SAVED_CARD_MESSAGES.exists });

export function savedCard(row: CardRow): SavedCard {
  return {
    id: String(row.id),
    scheme: row.scheme,
    last4: row.last4,
    expiryMonth: row.expiryMonth,
    expiryYear: row.expiryYear,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The member's cards: the default first, then the newest. */
export async function cardsOf(conn: Conn, memberId: number): Promise<CardRow[]> {
  return conn
    .select()
    .from(memberCards)
    .where(eq(memberCards.memberId, memberId))
    .orderBy(desc(memberCards.isDefault), desc(memberCards.createdAt), desc(memberCards.id));
}

/** A card id as the member gives it: one of their own cards, or null (unknown, malformed or another member's). */
export async function memberCard(conn: Conn, memberId: number, cardId: string): Promise<CardRow | null> {
  if (!/^\d{1,9}$/.test(cardId)) return null;
  const [row] = await conn
    .select()
    .from(memberCards)
    .where(and(eq(memberCards.id, Number(cardId)), eq(memberCards.memberId, memberId)));
  return row ?? null;
}

/**
 * Keeps a card for a member unless they have it already (the same fingerprint): answers the new row, or null when
 * it was there. The first card becomes the default.
 */
export async function keepCard(db: Db, memberId: number, card: GatewayCard, now: Date): Promise<CardRow | null> {
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const existing = await tx
      .select({ isDefault: memberCards.isDefault, fingerprint: memberCards.fingerprint })
      .from(memberCards)
      .where(eq(memberCards.memberId, memberId));
    if (existing.some((c) => c.fingerprint === card.fingerprint)) return null;
    const [made] = await tx
      .insert(memberCards)
      .values({
        memberId,
        sourceId: card.sourceId,
        scheme: card.scheme,
        last4: card.last4,
        expiryMonth: card.expiryMonth,
        expiryYear: card.expiryYear,
        fingerprint: card.fingerprint,
        isDefault: !existing.some((c) => c.isDefault),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    return made ?? null;
  });
}

/** Changes to one member's cards run one at a time, queued on the member's row (whether or not they have cards yet). */
async function lockMember(tx: Tx, memberId: number): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for("update");
}

function gatewayOf(ctx: RequestContext): PaymentGateway {
  if (!ctx.payments.gateway) throw gatewayNotSupported();
  return ctx.payments.gateway;
}

export async function listCards(ctx: RequestContext): Promise<{ cards: SavedCard[] }> {
  const { memberId } = requireMember(ctx);
  return { cards: (await cardsOf(ctx.db, memberId)).map(savedCard) };
}

/** cards/add: the gateway keeps the card behind the token as an instrument, and the member keeps its description. */
export async function addCard(
  ctx: RequestContext,
  input: { token: string },
): Promise<{ message: string; card: SavedCard; cards: SavedCard[] }> {
  const { memberId } = requireMember(ctx);
  const gateway = gatewayOf(ctx);
  let card: GatewayCard;
  try {
    card = await gateway.createInstrument(input.token);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    ctx.log.warn("cards.instrument_refused", {
      memberId,
      kind: error.kind,
      status: error.status,
      error: error.message,
    });
    if (error.kind === "unavailable") {
      throw new ApiError(503, SAVED_CARD_MESSAGES.cardDetails, {
        errorCode: "GATEWAY_UNAVAILABLE",
        errorDisplay: SAVED_CARD_MESSAGES.cardDetails,
      });
    }
    throw new ApiError(422, SAVED_CARD_MESSAGES.cardDetails, {
      errorCode: "CARD_DETAILS",
      errorDisplay: SAVED_CARD_MESSAGES.cardDetails,
    });
  }
  const made = await keepCard(ctx.db, memberId, card, ctx.clock.now());
  if (!made) throw cardExists();
  ctx.log.info("cards.added", { memberId, cardId: made.id, scheme: made.scheme });
  return {
    message: SAVED_CARD_MESSAGES.added,
    card: savedCard(made),
    cards: (await cardsOf(ctx.db, memberId)).map(savedCard),
  };
}

/** cards/delete: the default's place goes to the newest card left. */
export async function deleteCard(
  ctx: RequestContext,
  input: { cardId: string },
): Promise<{ message: string; cards: SavedCard[] }> {
  const { memberId } = requireMember(ctx);
  await ctx.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const card = await memberCard(tx, memberId, input.cardId);
    if (!card) throw cardNotFound();
    await tx.delete(memberCards).where(and(eq(memberCards.id, card.id), eq(memberCards.memberId, memberId)));
    if (card.isDefault) {
      const [newest] = await tx
        .select({ id: memberCards.id })
        .from(memberCards)
        .where(eq(memberCards.memberId, memberId))
        .orderBy(desc(memberCards.createdAt), desc(memberCards.id))
        .limit(1);
      if (newest) await tx.update(memberCards).set({ isDefault: true }).where(eq(memberCards.id, newest.id));
    }
  });
  ctx.log.info("cards.deleted", { memberId, cardId: input.cardId });
  return { message: SAVED_CARD_MESSAGES.deleted, cards: (await cardsOf(ctx.db, memberId)).map(savedCard) };
}

/** cards/setDefault (ours): one default per member, moved in one transaction. */
export async function setDefaultCard(
  ctx: RequestContext,
  input: { cardId: string },
): Promise<{ message: string; cards: SavedCard[] }> {
  const { memberId } = requireMember(ctx);
  await ctx.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const card = await memberCard(tx, memberId, input.cardId);
    if (!card) throw cardNotFound();
    if (card.isDefault) return;
    await tx
      .update(memberCards)
      .set({ isDefault: false })
      .where(and(eq(memberCards.memberId, memberId), eq(memberCards.isDefault, true)));
    await tx.update(memberCards).set({ isDefault: true }).where(eq(memberCards.id, card.id));
  });
  return { message: SAVED_CARD_MESSAGES.defaultSet, cards: (await cardsOf(ctx.db, memberId)).map(savedCard) };
}
