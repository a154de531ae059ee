import { and, desc, eq } from "drizzle-orm";
import type { PlacedOrder } from "../contract";
import type { Db } from "../db/open";
import { orders } from "../db/schema";
import type { OrderRow } from "./place";

/*
 * Draft orders, as checkout makes them (checkout/process-order.ts): the orders table is this module's, so the
 * checkout asks and writes through these.
 */

export type NewDraft = Omit<typeof orders.$inferInsert, "id" | "businessOrderId" | "state">;

/** The basket's drafts still open for payment, newest first. */
export async function openDraftsOf(db: Db, basketToken: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.basketToken, basketToken), eq(orders.state, "draft")))
    .orderBy(desc(orders.id));
}

/** The delivery fee of the last order made from the basket, whatever became of it; null when none was made. */
export async function lastFeeOf(db: Db, basketToken: string): Promise<number | null> {
  const [last] = await db
    .select({ feePence: orders.feePence })
    .from(orders)
    .where(eq(orders.basketToken, basketToken))
    .orderBy(desc(orders.id))
    .limit(1);
  return last?.feePence ?? null;
}

/** Closes the basket's open drafts: a changed basket's new draft replaces them, and they can no longer be paid. */
export async function supersedeDrafts(db: Db, basketToken: string, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ state: "superseded", updatedAt: now })
    .where(and(eq(orders.basketToken, basketToken), eq(orders.state, "draft")));
}

/** Writes a new draft order; its business order id comes from the database's sequence. */
export async function insertDraft(
  db: Db,
  draft: NewDraft,
): Promise<{ businessOrderId: string; draftOrderId: string; total: number }> {
  const [made] = await db
    .insert(orders)
    .values({ ...draft, state: "draft" })
    .returning({
      businessOrderId: orders.businessOrderId,
      draftOrderId: orders.draftOrderId,
      total: orders.totalPence,
    });
  if (!made) throw new Error("Draft order inserted but not read back");
  return made;
}

/** The order this basket became, the latest if it became several: the payment step finds it after a refresh. */
export async function placedOrderOf(db: Db, basketToken: string): Promise<PlacedOrder | null> {
  const [order] = await db
    .select({ businessOrderId: orders.businessOrderId, statusToken: orders.statusToken })
    .from(orders)
    .where(and(eq(orders.basketToken, basketToken), eq(orders.state, "placed")))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(1);
  return order ?? null;
}
