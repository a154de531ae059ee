import { recordOrderPoints } from "../loyalty/ledger";
import { getBusinessProfile } from "../business/profile";
import { lockMemberBalances, recordCreditSpend, settleReferral } from "../referrals/ledger";
import { and, eq, ne } from "drizzle-orm";
import type { PaymentMethodName, PlacedOrder } from "../contract";
import { emptyBasket, newOrderBasket } from "../basket/basket";
import type { Db } from "../db/open";
import { orders, stores } from "../db/schema";
import { queueMessage } from "../outbox/outbox";
import { keepPlace as keepSlotPlace } from "../slots/holds-store";
import { confirmationBody, confirmationSubject } from "./confirmation";

export type OrderRow = typeof orders.$inferSelect;

export interface PlaceOptions {
  paymentMethod: PaymentMethodName;
  companyName: string;
  /** PUBLIC_URL when set: links in the confirmation use it rather than the order's own site origin. */
  publicUrl?: string;
  now: Date;
}

export const placedOrder = (order: Pick<OrderRow, "businessOrderId" | "statusToken">): PlacedOrder => ({
  businessOrderId: order.businessOrderId,
  statusToken: order.statusToken,
});

/**
 * Where the shopper is paying from (the origin of the payment's return addresses): the confirmation's links go there
 * unless PUBLIC_URL is set. Marks the order updated when `now` is given.
 */
export async function recordSiteOrigin(db: Db, orderId: number, siteOrigin: string, now?: Date): Promise<void> {
  await db
    .update(orders)
    .set(now ? { siteOrigin, updatedAt: now } : { siteOrigin })
    .where(eq(orders.id, orderId));
}

/** The order's status page: the address in its confirmation. */
export function statusPageUrl(
  order: Pick<OrderRow, "statusToken" | "siteOrigin">,
  publicUrl: string | undefined,
): string {
  const origin = (publicUrl ?? order.siteOrigin ?? "").replace(/\/+$/, "");
  return `${origin}/orders/${order.statusToken}`;
}

/**
 * Places an order, whichever way it was paid: the one place where a draft becomes an order. Runs in the caller's
 * transaction, with the order row locked by the caller, so it happens once; placing a placed order changes nothing.
 *
 * - The order is Sent to Store, with that status in its history.
 * - Its place in the slot is kept until the slot's end. The hold moves to a basket row of the order's own, so the
 *   shopper's basket — which the storefront may go on using — can neither give the place back nor order in it again.
 * - The basket is emptied (lines, coupon, tip) so the same basket cannot be ordered twice, and other drafts made
 *   from it are superseded, so they cannot be paid for any more.
 * - A member's credit: what the order spent, and the rewards of a referral it settles (settleCredit).
 * - The confirmation, with the link to the order's status page, is queued in the outbox.
 */
export async function placeOrder(db: Db, order: OrderRow, options: PlaceOptions): Promise<PlacedOrder> {
  if (order.state === "placed") return placedOrder(order);
  const { now } = options;
  const [placed] = await db
    .update(orders)
    .set({
      state: "placed",
      status: "sent_to_store",
      statusHistory: [{ status: "sent_to_store", at: now.toISOString() }],
      placedAt: now,
      paymentMethod: options.paymentMethod,
      updatedAt: now,
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (!placed) throw new Error(`Order ${order.id} vanished while being placed`);

  await db
    .update(orders)
    .set({ state: "superseded", updatedAt: now })
    .where(and(eq(orders.basketToken, order.basketToken), eq(orders.state, "draft"), ne(orders.id, order.id)));

  await keepPlace(db, placed, now);
  await emptyBasket(db, order.basketToken, now);
  // A member's balances are read and written below (points, credit): two placements for one member take turns.
  if (placed.memberId !== null) await lockMemberBalances(db, placed.memberId);
  // A member's points: what the order earned, and what it spent (decision 0022). Written once per order.
  if (placed.memberId !== null && (placed.loyaltyPointsEarned > 0 || placed.loyaltyPointsSpent > 0)) {
    await recordOrderPoints(
      db,
      {
        id: placed.id,
        memberId: placed.memberId,
        storeId: placed.storeId,
        earned: placed.loyaltyPointsEarned,
        spent: placed.loyaltyPointsSpent,
        // Credit is money, as a card is: what it paid counts towards the tiers.
        valuePence: placed.totalPence + placed.creditPence - placed.feePence - placed.tipPence,
      },
      now,
    );
  }
  if (placed.memberId !== null) await settleCredit(db, { ...placed, memberId: placed.memberId }, now);

  const [store] = await db
    .select({ name: stores.name, phone: stores.phone, timeZone: stores.timeZone })
    .from(stores)
    .where(eq(stores.id, order.storeId));
  if (!store) throw new Error(`Order ${order.id} names store ${order.storeId}, which does not exist`);
  await queueMessage(
    db,
    {
      channel: "email",
      recipient: placed.email,
      subject: confirmationSubject(options.companyName, placed.businessOrderId),
      body: confirmationBody({
        companyName: options.companyName,
        store,
        order: { ...placed, status: "sent_to_store", paymentMethod: options.paymentMethod },
        statusUrl: statusPageUrl(placed, options.publicUrl),
      }),
      kind: "order_confirmation",
      orderId: placed.id,
    },
    now,
  );
  return placedOrder(placed);
}

/**
 * A member's credit at placement (decision 0039): the order's spend is written (cut to the balance, as points are),
 * and when the member was referred and this is their first order the referral is settled by it, crediting both sides
 * while the scheme is offered and nobody when it is hidden. Each is written once, however often placement runs.
 */
async function settleCredit(db: Db, order: OrderRow & { memberId: number }, now: Date): Promise<void> {
  await recordCreditSpend(db, order, now);
  const profile = await getBusinessProfile(db);
  await settleReferral(db, order, profile.hideReferralUI ? null : profile.referral, now);
}

/**
 * The place in the slot, held until the slot's end by a basket row that belongs to the order alone (see
 * slots/holds-store.ts keepPlace).
 */
async function keepPlace(db: Db, order: OrderRow, now: Date): Promise<void> {
  const holder = await newOrderBasket(db, order, now);
  const slot = {
    storeId: order.storeId,
    method: order.fulfilmentMethod,
    slotStart: order.slotStart,
    slotEnd: order.slotEnd,
    slotDate: order.slotDate,
    isAsap: order.timing === "asap",
  };
  await keepSlotPlace(db, order, holder, slot, now);
}
