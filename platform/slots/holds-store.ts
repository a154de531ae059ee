import { and, eq, gt } from "drizzle-orm";
import type { BasketSelectedSlot } from "../contract";
import type { Db } from "../db/open";
import { slotHolds, stores } from "../db/schema";
import { storeIso } from "./engine";

type BasketRef = { token: string; storeId: number; fulfilmentMethod: "delivery" | "collection" };

/**
 * The basket's slot as the basket shows it: its live hold, for the basket's own store and method. An expired
 * hold shows nothing, whether or not its row is still there.
 */
export async function selectedSlotOf(db: Db, basket: BasketRef, now: Date): Promise<BasketSelectedSlot | null> {
  const [row] = await db
    .select({ hold: slotHolds, timeZone: stores.timeZone })
    .from(slotHolds)
    .innerJoin(stores, eq(stores.id, slotHolds.storeId))
    .where(
      and(
        eq(slotHolds.basketToken, basket.token),
        eq(slotHolds.storeId, basket.storeId),
        eq(slotHolds.method, basket.fulfilmentMethod),
        gt(slotHolds.expiresAt, now),
      ),
    );
  if (!row) return null;
  const { hold, timeZone } = row;
  return {
    date: hold.slotDate,
    start: storeIso(hold.slotStart.getTime(), timeZone),
    end: storeIso(hold.slotEnd.getTime(), timeZone),
    expires: storeIso(hold.expiresAt.getTime(), timeZone),
    denyPayments: [],
  };
}

/** Gives the basket's place back, if it holds one. */
export async function releaseHold(db: Db, basketToken: string): Promise<void> {
  await db.delete(slotHolds).where(eq(slotHolds.basketToken, basketToken));
}
