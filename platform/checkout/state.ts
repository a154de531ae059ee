import { eq } from "drizzle-orm";
import { BASKET_MESSAGES, type CheckoutState, type ContactDetails } from "../contract";
import { ownsBasket, type BasketRow } from "../basket/basket";
import type { Db } from "../db/open";
import { basketCheckouts, baskets } from "../db/schema";
import { ApiError } from "../errors";
import type { AuthInfo } from "../context";
import { publicAddress } from "../orders/address";
import { placedOrderOf } from "../orders/drafts";

export type CheckoutRow = typeof basketCheckouts.$inferSelect;
type CheckoutChanges = Partial<Omit<CheckoutRow, "basketToken" | "updatedAt">>;

/**
 * The caller's basket without locking it, for calls that only read. Unknown: 404; another session's: 403 (as the
 * basket calls answer).
 */
export async function readOwnedBasket(
  db: Db,
  token: string,
  auth: Pick<AuthInfo, "family" | "memberId">,
): Promise<BasketRow> {
  const [basket] = await db.select().from(baskets).where(eq(baskets.token, token));
  if (!basket) throw new ApiError(404, BASKET_MESSAGES.notFound);
  if (!ownsBasket(basket, auth)) throw new ApiError(403, BASKET_MESSAGES.otherSession);
  return basket;
}

export async function loadCheckout(db: Db, basketToken: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(basketCheckouts).where(eq(basketCheckouts.basketToken, basketToken));
  return row ?? null;
}

/** Writes changes to the basket's checkout row, making the row on the first checkout call that writes. */
export async function saveCheckout(
  db: Db,
  basketToken: string,
  changes: CheckoutChanges,
  now: Date,
): Promise<CheckoutRow> {
  const [row] = await db
    .insert(basketCheckouts)
    .values({ basketToken, ...changes, updatedAt: now })
    .onConflictDoUpdate({ target: basketCheckouts.basketToken, set: { ...changes, updatedAt: now } })
    .returning();
  if (!row) throw new Error(`Checkout row for a basket written but not read back`);
  return row;
}

/** The contact details once all four are known (setContactDetails writes them together). */
export function contactOf(row: CheckoutRow | null): ContactDetails | null {
  if (!row || row.firstName === null || row.lastName === null || row.email === null || row.phone === null) return null;
  return { firstName: row.firstName, lastName: row.lastName, email: row.email, phoneNumber: row.phone };
}

export async function checkoutState(db: Db, basketToken: string, row: CheckoutRow | null): Promise<CheckoutState> {
  return {
    basketToken,
    contact: contactOf(row),
    deliveryAddress: publicAddress(row?.deliveryAddress),
    billingAddress: publicAddress(row?.billingAddress),
    instructions: row?.instructions ?? null,
    marketing: row?.marketing ?? null,
    placedOrder: await placedOrderOf(db, basketToken),
  };
}
