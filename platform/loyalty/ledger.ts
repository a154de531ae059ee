import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { loyaltyLedger, orders, stores } from "../db/schema";

/** A member's points: the balance, what they earned and spent in all, and what the orders that earned cost (tiers). */
export interface LoyaltyTotals {
  balance: number;
  earned: number;
  spent: number;
  spentPence: number;
}

export async function loyaltyTotals(db: Db, memberId: number): Promise<LoyaltyTotals> {
  const [row] = await db
    .select({
      earned: sql<number>`coalesce(sum(case when ${loyaltyLedger.points} > 0 then ${loyaltyLedger.points} else 0 end), 0)::int`,
      spent: sql<number>`coalesce(sum(case when ${loyaltyLedger.points} < 0 then -${loyaltyLedger.points} else 0 end), 0)::int`,
      spentPence: sql<number>`coalesce(sum(${loyaltyLedger.spendPence}), 0)::int`,
    })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.memberId, memberId));
  const earned = Number(row?.earned ?? 0);
  const spent = Number(row?.spent ?? 0);
  return { balance: Math.max(0, earned - spent), earned, spent, spentPence: Number(row?.spentPence ?? 0) };
}

/**
 * Records what a placed order earned and spent, once (the ledger is unique per order and kind, so a placement that
 * runs again records nothing more). Runs in the placement's transaction. A spend larger than what is left (two
 * orders spending the same points at once) is cut to the balance: the order keeps its discount, the balance never
 * goes below zero.
 */
export async function recordOrderPoints(
  db: Db,
  order: { id: number; memberId: number; storeId: number; earned: number; spent: number; valuePence: number },
  now: Date,
): Promise<void> {
  if (order.spent > 0) {
    const { balance } = await loyaltyTotals(db, order.memberId);
    const spent = Math.min(order.spent, balance);
    if (spent > 0) {
      await db
        .insert(loyaltyLedger)
        .values({
          memberId: order.memberId,
          storeId: order.storeId,
          orderId: order.id,
          kind: "spend",
          points: -spent,
          spendPence: 0,
          createdAt: now,
        })
        .onConflictDoNothing();
    }
  }
  await db
    .insert(loyaltyLedger)
    .values({
      memberId: order.memberId,
      storeId: order.storeId,
      orderId: order.id,
      kind: "earn",
      points: order.earned,
      spendPence: order.valuePence,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/** The member's ledger rows, newest first, each with its order's number and its store's name (one statement). */
export async function loyaltyHistory(db: Db, memberId: number, limit: number) {
  return db
    .select({
      kind: loyaltyLedger.kind,
      points: loyaltyLedger.points,
      createdAt: loyaltyLedger.createdAt,
      orderNumber: orders.businessOrderId,
      storeName: stores.name,
    })
    .from(loyaltyLedger)
    .leftJoin(orders, eq(orders.id, loyaltyLedger.orderId))
    .leftJoin(stores, eq(stores.id, loyaltyLedger.storeId))
    .where(and(eq(loyaltyLedger.memberId, memberId)))
    .orderBy(desc(loyaltyLedger.createdAt), desc(loyaltyLedger.id))
    .limit(limit);
}
