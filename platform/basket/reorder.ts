import { and, eq } from "drizzle-orm";
import { ORDER_MESSAGES, REORDER_MESSAGES, type Basket } from "../contract";
import type { RequestContext } from "../context";
import type { Db } from "../db/open";
import { basketLines, baskets, orders, type OrderLineSnapshot } from "../db/schema";
import { ApiError } from "../errors";
import { withIdempotency } from "../idempotency";
import { requireMember } from "../member-auth";
import { linesOf, newBasketToken, ownsBasket, renderBasket, type BasketRow } from "./basket";
import {
  checkedChoice,
  checkLineQuantity,
  checkMaxItems,
  lineKey,
  newLineId,
  sameChoice,
  totalQuantity,
} from "./lines";

type Method = "delivery" | "collection";

/**
 * Spec 2 §7 member/orders/reorder: the member's order, line by line, into a basket at the order's store, each line
 * checked as an add is (on the menu, sold for the method, a size and options the item still has, the basket's
 * maximum) and priced as the menu is today. A line that cannot go in is named with the reason, and the rest go in:
 * one transaction, so a retry neither doubles nor loses lines.
 */
export async function reorder(
  ctx: RequestContext,
  input: { businessOrderId: string; fulfilmentMethod: Method; basketToken?: string },
) {
  const auth = requireMember(ctx);
  return withIdempotency(ctx, "member.orders.reorder", input, async (tx) => {
    const now = ctx.clock.now();
    const [order] = await tx
      .select({ storeId: orders.storeId, lines: orders.lines })
      .from(orders)
      .where(
        and(
          eq(orders.businessOrderId, input.businessOrderId),
          eq(orders.memberId, auth.memberId),
          eq(orders.state, "placed"),
        ),
      );
    if (!order)
      throw new ApiError(404, ORDER_MESSAGES.orderNotFound, {
        errorCode: "ORDER_NOT_FOUND",
        errorDisplay: ORDER_MESSAGES.orderNotFound,
      });

    const basket = await basketFor(tx, auth, input, order.storeId, now);
    const added: { name: string; quantity: number }[] = [];
    const notAdded: { name: string; quantity: number; reason: string }[] = [];
    for (const line of order.lines) {
      const reason = await addLine(tx, basket, line, now);
      if (reason) notAdded.push({ name: line.name, quantity: line.quantity, reason });
      else added.push({ name: line.name, quantity: line.quantity });
    }
    await tx.update(baskets).set({ updatedAt: now }).where(eq(baskets.token, basket.token));
    const message =
      notAdded.length === 0
        ? REORDER_MESSAGES.allAdded
        : added.length === 0
          ? REORDER_MESSAGES.noneAdded
          : REORDER_MESSAGES.someAdded;
    ctx.log.info("member.reorder", {
      businessOrderId: input.businessOrderId,
      added: added.length,
      notAdded: notAdded.length,
    });
    const rendered: Basket = await renderBasket(tx, basket, now, auth);
    return { message, basket: rendered, added, notAdded };
  });
}

/** The caller's basket when it is at the order's store, locked; else a new one there. */
async function basketFor(
  tx: Db,
  auth: { family: string; memberId: number },
  input: { basketToken?: string; fulfilmentMethod: Method },
  storeId: number,
  now: Date,
): Promise<BasketRow> {
  if (input.basketToken) {
    const [own] = await tx.select().from(baskets).where(eq(baskets.token, input.basketToken)).for("update");
    if (own && ownsBasket(own, auth) && own.storeId === storeId) {
      if (own.fulfilmentMethod === input.fulfilmentMethod) return own;
      if ((await linesOf(tx, own.token)).length > 0) {
        throw new ApiError(409, "Your basket is for another way of getting your order.", {
          errorCode: "FULFILMENT_METHOD_MISMATCH",
        });
      }
      const [switched] = await tx
        .update(baskets)
        .set({ fulfilmentMethod: input.fulfilmentMethod, tipPence: 0, updatedAt: now })
        .where(eq(baskets.token, own.token))
        .returning();
      return switched ?? own;
    }
  }
  const [created] = await tx
    .insert(baskets)
    .values({
      token: newBasketToken(),
      storeId,
      fulfilmentMethod: input.fulfilmentMethod,
      ownerFamily: auth.family,
      memberId: auth.memberId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return created!;
}

/** Adds one of the order's lines; answers why it could not, or null when it went in. */
async function addLine(tx: Db, basket: BasketRow, line: OrderLineSnapshot, now: Date): Promise<string | null> {
  // A line kept before sizes and options were recorded cannot be repeated exactly when the item has either.
  const choice = {
    menuItemId: line.menuItemId,
    quantity: line.quantity,
    sizeId: line.sizeId ?? null,
    options: line.optionIds ?? [],
  };
  try {
    const { sizeId, optionIds } = await checkedChoice(tx, basket, choice);
    const lines = await linesOf(tx, basket.token);
    const before = totalQuantity(lines);
    await checkMaxItems(tx, basket, before, before + line.quantity);
    const same = lines.find((l) => sameChoice(l, line.menuItemId, sizeId, optionIds));
    if (same) {
      const quantity = same.quantity + line.quantity;
      checkLineQuantity(quantity);
      await tx.update(basketLines).set({ quantity }).where(lineKey(basket.token, same.lineId));
    } else {
      await tx.insert(basketLines).values({
        basketToken: basket.token,
        lineId: newLineId(),
        menuItemId: line.menuItemId,
        sizeId,
        optionIds,
        quantity: line.quantity,
        createdAt: now,
      });
    }
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.errorCode === "INVALID_CHOICE" && line.sizeId === undefined) return REORDER_MESSAGES.chooseAgain;
    return error.errorDisplay ?? error.message;
  }
}
