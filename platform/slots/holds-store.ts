import { and, count, eq, gt, gte, lt, lte, ne, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BasketSelectedSlot, FulfilmentMethod } from "../contract";
import type { Db } from "../db/open";
import { slotHolds, storePaymentMethods, stores } from "../db/schema";
import { dbOf, sharesReads, type SharedSource } from "../shared-reads";
import { storeDirectory } from "../stores/directory";
import { deniedPaymentsAt, storeIso, type SlotPaymentRule } from "./engine";
import { purgeBatch } from "../db/purge";

/*
 * The slot_holds table is the slots module's: other modules hold, keep, extend and give back places through these
 * functions, and ask what a basket holds through liveHoldOf.
 */

export type HoldRow = typeof slotHolds.$inferSelect;

type BasketRef = { token: string; storeId: number; fulfilmentMethod: FulfilmentMethod };

/** One slot of one store's method. */
export interface SlotRef {
  storeId: number;
  method: FulfilmentMethod;
  slotStart: Date;
}

/** A basket's live hold with its store's time zone. */
export interface LiveHold {
  hold: HoldRow;
  timeZone: string;
}

/**
 * The condition that makes a hold row the basket's live hold: the basket's own store and method, not yet expired (an
 * expired hold is no hold, whether or not its row is still there). Given the basket's columns, so a read of the basket
 * can join its hold in the same statement (basket.ts loadBasketState) rather than ask again.
 */
export function liveHoldOn(
  basket: { token: SQLWrapper | string; storeId: SQLWrapper | number; method: SQLWrapper | FulfilmentMethod },
  now: Date | Placeholder,
): SQL {
  return and(
    eq(slotHolds.basketToken, basket.token),
    eq(slotHolds.storeId, basket.storeId),
    eq(slotHolds.method, basket.method),
    gt(slotHolds.expiresAt, now),
  )!;
}

/** The basket's live hold (see liveHoldOn), with the store's time zone. */
export async function liveHoldOf(db: Db, basket: BasketRef, now: Date): Promise<LiveHold | null> {
  const [row] = await db
    .select({ hold: slotHolds, timeZone: stores.timeZone })
    .from(slotHolds)
    .innerJoin(stores, eq(stores.id, slotHolds.storeId))
    .where(liveHoldOn({ token: basket.token, storeId: basket.storeId, method: basket.fulfilmentMethod }, now));
  return row ?? null;
}

/**
 * The basket's slot as the basket shows it: its live hold (see liveHoldOf), or `read.live` when the basket's read brought
 * it. The store's payment rules come from `read.shared` (memory, outside a transaction) when given.
 */
export async function selectedSlotOf(
  db: Db,
  basket: BasketRef,
  now: Date,
  read: { live?: LiveHold | null; shared?: SharedSource } = {},
): Promise<BasketSelectedSlot | null> {
  const live = read.live === undefined ? await liveHoldOf(db, basket, now) : read.live;
  if (!live) return null;
  const { hold, timeZone } = live;
  return {
    date: hold.slotDate,
    start: storeIso(hold.slotStart.getTime(), timeZone),
    end: storeIso(hold.slotEnd.getTime(), timeZone),
    expires: storeIso(hold.expiresAt.getTime(), timeZone),
    denyPayments: deniedPaymentsAt(
      hold.slotStart.getTime(),
      timeZone,
      await slotPaymentRulesOf(read.shared ?? db, basket.storeId),
    ),
  };
}

/**
 * The store's ways of paying with the time of day from which slots refuse them (store_payment_methods.deny_from_time):
 * what a listed or held slot's denyPayments come from. Outside a transaction from memory (decision record 0028).
 */
export async function slotPaymentRulesOf(source: SharedSource, storeId: number): Promise<SlotPaymentRule[]> {
  const rows = sharesReads(source)
    ? ((await storeDirectory(source)).paymentMethods.get(storeId) ?? [])
    : await dbOf(source)
        .select({ name: storePaymentMethods.name, denyFromTime: storePaymentMethods.denyFromTime })
        .from(storePaymentMethods)
        .where(eq(storePaymentMethods.storeId, storeId));
  return rows.map((row) => ({ name: row.name, denyFromTime: row.denyFromTime }));
}

/**
 * The places held in one slot right now (ASAP holds take no place), leaving out `exceptBasket`'s own when given: what
 * a reservation counts against the slot's capacity, and what tests and the benchmark check overbooking with.
 */
export async function livePlaces(
  db: Db,
  storeId: number,
  method: FulfilmentMethod,
  slotStart: Date,
  now: Date,
  exceptBasket?: string,
): Promise<number> {
  const [row] = await db
    .select({ places: count() })
    .from(slotHolds)
    .where(
      and(
        eq(slotHolds.storeId, storeId),
        eq(slotHolds.method, method),
        eq(slotHolds.slotStart, slotStart),
        eq(slotHolds.isAsap, false),
        gt(slotHolds.expiresAt, now),
        exceptBasket === undefined ? undefined : ne(slotHolds.basketToken, exceptBasket),
      ),
    );
  return Number(row?.places ?? 0);
}

/** The places held right now in each slot of a store's method that starts from `now`, by slot start (epoch ms). */
export async function placesHeldFrom(
  db: Db,
  storeId: number,
  method: FulfilmentMethod,
  now: Date,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ slotStart: slotHolds.slotStart, places: count() })
    .from(slotHolds)
    .where(
      and(
        eq(slotHolds.storeId, storeId),
        eq(slotHolds.method, method),
        eq(slotHolds.isAsap, false),
        gt(slotHolds.expiresAt, now),
        gte(slotHolds.slotStart, now),
      ),
    )
    .groupBy(slotHolds.slotStart);
  return new Map(rows.map((row) => [row.slotStart.getTime(), Number(row.places)]));
}

/** Gives the basket's place back, if it holds one. */
export async function releaseHold(db: Db, basketToken: string): Promise<void> {
  await db.delete(slotHolds).where(eq(slotHolds.basketToken, basketToken));
}

/**
 * Keeps the basket's place in the slot until at least `until` while payment is under way (a card page, a 3-D Secure
 * challenge): only a live hold for this very slot, and never shortened. A hold that has lapsed is not revived: its
 * place may have gone to someone else.
 */
export async function holdPlaceUntil(
  db: Db,
  basketToken: string,
  slot: SlotRef,
  until: Date,
  now: Date,
): Promise<void> {
  await db
    .update(slotHolds)
    .set({ expiresAt: until })
    .where(
      and(
        eq(slotHolds.basketToken, basketToken),
        eq(slotHolds.storeId, slot.storeId),
        eq(slotHolds.method, slot.method),
        eq(slotHolds.slotStart, slot.slotStart),
        lt(slotHolds.expiresAt, until),
        gt(slotHolds.expiresAt, now),
      ),
    );
}

/**
 * A placed order's place in its slot, held by `holder` (a basket row of the order's own) until the slot's end. The
 * shopper's basket's hold is moved when it is for this slot; otherwise (it lapsed, or the shopper chose another slot
 * since the draft) the order takes its place afresh — it was paid for, so it keeps its slot.
 */
export async function keepPlace(
  db: Db,
  from: { basketToken: string },
  holder: string,
  slot: SlotRef & { slotEnd: Date; slotDate: string; isAsap: boolean },
  now: Date,
): Promise<void> {
  const [hold] = await db.select().from(slotHolds).where(eq(slotHolds.basketToken, from.basketToken));
  const sameSlot =
    hold &&
    hold.storeId === slot.storeId &&
    hold.method === slot.method &&
    hold.slotStart.getTime() === slot.slotStart.getTime();
  if (sameSlot) {
    const expiresAt = new Date(Math.max(slot.slotEnd.getTime(), hold.expiresAt.getTime()));
    const moved = await db
      .update(slotHolds)
      .set({ basketToken: holder, expiresAt })
      .where(
        and(
          eq(slotHolds.basketToken, from.basketToken),
          eq(slotHolds.storeId, slot.storeId),
          eq(slotHolds.method, slot.method),
          eq(slotHolds.slotStart, slot.slotStart),
        ),
      )
      .returning({ basketToken: slotHolds.basketToken });
    if (moved.length > 0) return;
    // The hold went since it was read (given back, or purged once it lapsed): the place is taken afresh below.
  }
  const expiresAt = slot.slotEnd;
  await db.insert(slotHolds).values({
    basketToken: holder,
    storeId: slot.storeId,
    method: slot.method,
    slotStart: slot.slotStart,
    slotEnd: slot.slotEnd,
    slotDate: slot.slotDate,
    isAsap: slot.isAsap,
    expiresAt,
    createdAt: now,
  });
}

/** Writes the basket's hold, replacing any hold it had (a basket holds one place at most). */
export async function writeHold(db: Db, basketToken: string, hold: Omit<HoldRow, "basketToken">): Promise<void> {
  await db
    .insert(slotHolds)
    .values({ basketToken, ...hold })
    .onConflictDoUpdate({ target: slotHolds.basketToken, set: hold });
}

/**
 * Housekeeping (platform/housekeeping.ts): deletes up to `limit` holds past their expiry. An expired hold already
 * counts for nothing (liveHoldOf, livePlaces); an order's hold lasts until its slot's end, so it goes only after that.
 * A hold another transaction holds (being rewritten or moved to an order) is left to a later pass.
 */
export function purgeExpiredHolds(db: Db, now: Date, limit: number): Promise<number> {
  return purgeBatch(db, slotHolds, [slotHolds.basketToken], lte(slotHolds.expiresAt, now), limit);
}
