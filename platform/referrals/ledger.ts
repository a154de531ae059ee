import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { ReferralScheme } from "../contract";
import type { Db } from "../db/open";
import { creditLedger, members, referrals } from "../db/schema";

/*
 * The credit ledger (decision 0039): a member's balance is the sum of their rows, never shown below zero. Rewards are
 * written when a referred member's first order is placed, spends when an order that spends credit is placed; both in
 * the placement's transaction, each once (the unique index on member, order and kind).
 */

export async function creditBalance(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${creditLedger.amountPence}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.memberId, memberId));
  return Math.max(0, Number(row?.sum ?? 0));
}

/** The member's ledger rows, newest first. */
export async function creditHistory(db: Db, memberId: number, limit: number) {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.memberId, memberId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(limit);
}

/**
 * Locks a member's row for the rest of the transaction, so that transactions reading and then writing the member's
 * balances (credit, points) take turns. FOR NO KEY UPDATE, not FOR UPDATE: every ledger row inserted for the member
 * takes a KEY SHARE lock on the row through its foreign key, which FOR UPDATE waits for, so two placements that had
 * each written a points row and then asked FOR UPDATE waited for each other (PostgreSQL's deadlock, seen in CI as a
 * 500 on the second payment). FOR NO KEY UPDATE still excludes its own kind and ignores KEY SHARE.
 */
export async function lockMemberBalances(db: Db, memberId: number): Promise<void> {
  await db.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for("no key update");
}

/**
 * Records what a placed order spent of the member's credit: what the order took off, cut to the balance when two
 * orders spent the same credit (the order keeps its discount; the balance never goes below zero). The caller holds
 * the member's lock (lockMemberBalances, taken once by placeOrder), so two placements for one member read and write the
 * balance one after the other.
 */
export async function recordCreditSpend(
  db: Db,
  order: { id: number; memberId: number; creditPence: number },
  now: Date,
): Promise<void> {
  if (order.creditPence <= 0) return;
  const balance = await creditBalance(db, order.memberId);
  const spent = Math.min(order.creditPence, balance);
  if (spent <= 0) return;
  await db
    .insert(creditLedger)
    .values({ memberId: order.memberId, amountPence: -spent, kind: "spend", orderId: order.id, createdAt: now })
    .onConflictDoNothing();
}

/**
 * A placed order settles its member's referral when it is their first (the referral not yet settled): once, however
 * often placements race, as only one update finds it unsettled. With the scheme on, both sides are credited with the
 * scheme's amounts; with it hidden, the referral is settled with no credit. Answers whether one was settled.
 */
export async function settleReferral(
  db: Db,
  order: { id: number; memberId: number },
  scheme: ReferralScheme | null,
  now: Date,
): Promise<boolean> {
  const [settled] = await db
    .update(referrals)
    .set({ settledOrderId: order.id, settledAt: now })
    .where(and(eq(referrals.referredMemberId, order.memberId), isNull(referrals.settledOrderId)))
    .returning();
  if (!settled) return false;
  if (!scheme) return true;
  const rewards = [
    { memberId: settled.referrerMemberId, amountPence: scheme.referrerCreditPence, kind: "referrer_reward" as const },
    {
      memberId: settled.referredMemberId,
      amountPence: scheme.newMemberCreditPence,
      kind: "new_member_reward" as const,
    },
  ].filter((r) => r.amountPence > 0);
  if (rewards.length > 0) {
    await db
      .insert(creditLedger)
      .values(rewards.map((r) => ({ ...r, orderId: order.id, referralId: settled.id, createdAt: now })))
      .onConflictDoNothing();
  }
  return true;
}
