import { asc, eq } from "drizzle-orm";
import type { Voucher } from "../contract";
import type { RequestContext } from "../context";
import { coupons } from "../db/schema";
import { requireMember } from "../member-auth";
import { couponUsable } from "./basket";

/**
 * The vouchers on offer to members (decision 0022): coupons flagged for members that can be used now — at the
 * given store, or at any store when none is given — each with its terms.
 */
export async function listVouchers(ctx: RequestContext, input: { storeId?: number }): Promise<{ vouchers: Voucher[] }> {
  requireMember(ctx);
  const now = ctx.clock.now();
  const rows = await ctx.db.select().from(coupons).where(eq(coupons.memberVoucher, true)).orderBy(asc(coupons.code));
  const usable = rows.filter((row) =>
    input.storeId === undefined
      ? couponUsable({ ...row, storeIds: null }, 0, now)
      : couponUsable(row, input.storeId, now),
  );
  return {
    vouchers: usable.map((row) => ({
      code: row.code,
      name: row.name,
      kind: row.kind,
      value: row.value,
      minSpend: row.minSpendPence,
      validUntil: row.validUntil?.toISOString() ?? null,
      requirement: row.requirement,
      terms: row.terms ?? "",
    })),
  };
}
