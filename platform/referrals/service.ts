import { and, asc, count, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { AUTH_MESSAGES, type ResponseOf, type memberCreditGet } from "../contract";
import { getBusinessProfile } from "../business/profile";
import type { RequestContext } from "../context";
import { members, orders, referrals, stores } from "../db/schema";
import { ApiError } from "../errors";
import { requireMember } from "../member-auth";
import { creditBalance, creditHistory } from "./ledger";

/**
 * The member's credit and referral screen (contract/referral.ts): their balance and history, their code, the scheme,
 * the store their share link names, and how many friends joined and ordered through it. A referrer's reward names no
 * order: the order is the friend's, not theirs to see.
 */
export async function memberCredit(ctx: RequestContext): Promise<ResponseOf<typeof memberCreditGet>> {
  const { memberId } = requireMember(ctx);
  const db = ctx.db;
  const [member] = await db.select({ code: members.referFriendCode }).from(members).where(eq(members.id, memberId));
  // A member token whose member is gone is an ended session, as for the profile.
  if (!member) throw new ApiError(401, AUTH_MESSAGES.sessionExpired);
  const [profile, balance, rows, latest, first, joined, ordered] = await Promise.all([
    getBusinessProfile(db),
    creditBalance(db, memberId),
    creditHistory(db, memberId, 50),
    db
      .select({ storeId: orders.storeId })
      .from(orders)
      .where(and(eq(orders.memberId, memberId), eq(orders.state, "placed")))
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(1),
    db.select({ id: stores.id }).from(stores).orderBy(asc(stores.id)).limit(1),
    db.select({ n: count() }).from(referrals).where(eq(referrals.referrerMemberId, memberId)),
    db
      .select({ n: count() })
      .from(referrals)
      .where(and(eq(referrals.referrerMemberId, memberId), isNotNull(referrals.settledOrderId))),
  ]);
  const ownOrderIds = [...new Set(rows.filter((r) => r.kind !== "referrer_reward").map((r) => r.orderId))];
  const numbers = ownOrderIds.length
    ? new Map(
        (
          await db
            .select({ id: orders.id, number: orders.businessOrderId })
            .from(orders)
            .where(and(inArray(orders.id, ownOrderIds), eq(orders.memberId, memberId)))
        ).map((o) => [o.id, o.number]),
      )
    : new Map<number, string>();
  return {
    balance,
    referFriendCode: member.code,
    scheme: profile.referral,
    shareStoreId: latest[0]?.storeId ?? first[0]?.id ?? null,
    referrals: { joined: Number(joined[0]?.n ?? 0), ordered: Number(ordered[0]?.n ?? 0) },
    history: rows.map((r) => ({
      kind: r.kind,
      amount: r.amountPence,
      businessOrderId: r.kind === "referrer_reward" ? null : (numbers.get(r.orderId) ?? null),
      at: r.createdAt.toISOString(),
    })),
  };
}
