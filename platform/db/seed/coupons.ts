import type { Tx } from "../open";
import { coupons } from "../schema";

export type SeedCoupon = Omit<typeof coupons.$inferInsert, "createdAt">;

/**
 * The demo brand's coupons, one for each rule a coupon can have. Codes are upper-case (applies match them
 * whatever their case). SPRING5 ended before any clock the tests or the demo run at, so it is always expired.
 */
export const demoCoupons: SeedCoupon[] = [
  { code: "WELCOME10", name: "10% off your order", kind: "percent", value: 10, requirement: "none" },
  {
    code: "MEMBER5",
    name: "£5 off for members",
    kind: "fixed",
    value: 500,
    requirement: "registered",
    memberVoucher: true,
    terms:
      "£5 off one order for signed-in members, at any Larder & Co store. One voucher per order; it cannot be exchanged for cash or used with another voucher.",
  },
  {
    code: "VERIFIED15",
    name: "15% off for verified members",
    kind: "percent",
    value: 15,
    requirement: "registered_with_verification",
    memberVoucher: true,
    terms:
      "15% off the goods in one order (after deals) for members who have verified their mobile number. One mobile number per account; one voucher per order; it cannot be exchanged for cash.",
  },
  {
    code: "SPRING5",
    name: "£5 off this spring",
    kind: "fixed",
    value: 500,
    requirement: "none",
    validUntil: new Date("2025-05-31T23:00:00.000Z"),
  },
  {
    code: "FEAST10",
    name: "£10 off orders of £60 or more",
    kind: "fixed",
    value: 1000,
    requirement: "none",
    minSpendPence: 6000,
  },
];

/** Inserts the demo coupons; the creation time is the database's. */
export async function seedCoupons(tx: Tx): Promise<number> {
  await tx.insert(coupons).values(demoCoupons);
  return demoCoupons.length;
}
