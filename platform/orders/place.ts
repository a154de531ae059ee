import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { PaymentMethodName, PlacedOrder } from "../contract";
import { newBasketToken } from "../basket/basket";
import type { Db } from "../db/open";
import { basketLines, baskets, orders, slotHolds, stores } from "../db/schema";
import { queueMessage } from "../outbox/outbox";
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

/** The order's status page: the address in its confirmation. */
export function statusPageUrl(order: Pick<OrderRow, "statusToken" | "siteOrigin">, publicUrl: string | undefined): string {
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
  await db.delete(basketLines).where(eq(basketLines.basketToken, order.basketToken));
  await db.update(baskets).set({ couponCode: null, tipPence: 0, updatedAt: now }).where(eq(baskets.token, order.basketToken));

  const [store] = await db.select({ name: stores.name, phone: stores.phone, timeZone: stores.timeZone }).from(stores).where(eq(stores.id, order.storeId));
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
 * The place in the slot, held until the slot's end by a basket row that belongs to the order alone. The basket's
 * own hold is moved when it is for this slot; otherwise (it lapsed, or the shopper chose another slot since the
 * draft) the order takes its place afresh — it was paid for, so it keeps its slot.
 */
async function keepPlace(db: Db, order: OrderRow, now: Date): Promise<void> {
  const holder = newBasketToken();
  await db.insert(baskets).values({
    token: holder,
    storeId: order.storeId,
    fulfilmentMethod: order.fulfilmentMethod,
    ownerFamily: `order:${order.id}`,
    memberId: null,
    createdAt: now,
    updatedAt: now,
  });
  const [hold] = await db.select().from(slotHolds).where(eq(slotHolds.basketToken, order.basketToken));
  const sameSlot =
    hold &&
    hold.storeId === order.storeId &&
    hold.method === order.fulfilmentMethod &&
    hold.slotStart.getTime() === order.slotStart.getTime();
  const expiresAt = new Date(Math.max(order.slotEnd.getTime(), sameSlot ? hold.expiresAt.getTime() : 0));
  if (sameSlot) {
    await db.update(slotHolds).set({ basketToken: holder, expiresAt }).where(eq(slotHolds.basketToken, order.basketToken));
    return;
  }
  await db.insert(slotHolds).values({
    basketToken: holder,
    storeId: order.storeId,
    method: order.fulfilmentMethod,
    slotStart: order.slotStart,
    slotEnd: order.slotEnd,
    slotDate: order.slotDate,
    isAsap: order.timing === "asap",
    expiresAt,
    createdAt: now,
  });
}

/**
 * Keeps the basket's place in the order's slot until at least `until` while payment is under way (a card page, a
 * 3-D Secure challenge): only a live hold for this very slot, and never shortened. A hold that has lapsed is not
 * revived: its place may have gone to someone else.
 */
export async function holdPlaceUntil(
  db: Db,
  slot: { basketToken: string; storeId: number; fulfilmentMethod: "delivery" | "collection"; slotStart: Date },
  until: Date,
  now: Date,
): Promise<void> {
  await db
    .update(slotHolds)
    .set({ expiresAt: until })
    .where(
      and(
        eq(slotHolds.basketToken, slot.basketToken),
        eq(slotHolds.storeId, slot.storeId),
        eq(slotHolds.method, slot.fulfilmentMethod),
        eq(slotHolds.slotStart, slot.slotStart),
        lt(slotHolds.expiresAt, until),
        gt(slotHolds.expiresAt, now),
      ),
    );
}
