import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, BASKET_MESSAGES, MEMBER_MESSAGES, ORDER_MESSAGES, REORDER_MESSAGES } from "../contract";
import { memberSeries } from "../auth/testing/accounts";
import { plainItems } from "../catalogue/testing/items";
import { demoStoreIds } from "../db/seed";
import { basketLines, menuItems } from "../db/schema";
import {
  ELEVEN,
  expectError,
  resetClockAndHolds,
  seededPlatform,
  VICTORIA,
  type ShopperApi,
  type TestPlatform,
} from "../testing";

let t: TestPlatform;
let c: ShopperApi;
beforeAll(async () => {
  ({ t, shop: c } = await seededPlatform());
});
afterAll(() => t.close());
afterEach(() => resetClockAndHolds(t));

const nextMember = memberSeries("again", 500);
const newMember = async (): Promise<string> => (await nextMember(t)).token;

const post = (path: string, body: Record<string, unknown>, token: string) => t.call("POST", path, body, { token });
const reorder = (token: string, body: Record<string, unknown>) =>
  post("/api/member/orders/reorder", { fulfilmentMethod: "delivery", ...body }, token);

/** A member's order of two plain items (at least 2 of the first, 1 of the second), paid in cash. */
async function orderTwoItems(token: string) {
  const [first, second] = await plainItems(t);
  let basket = api.retrieveBasket.response.parse(
    (await post("/api/basket/retrieve", { storeId: VICTORIA, fulfilmentMethod: "delivery" }, token)).body,
  );
  for (const [item, quantity] of [
    [first!, 2],
    [second!, 1],
  ] as const) {
    basket = await c.ok(
      await post(
        "/api/basket/item/add",
        {
          storeId: VICTORIA,
          fulfilmentMethod: "delivery",
          basketToken: basket.basketToken,
          menuItem: { menuItemId: item.id, quantity },
        },
        token,
      ),
    );
  }
  basket = await c.fill(token, basket, basket.fulfilmentMethod.minSpend + 100, "delivery");
  await c.reserve(token, basket, ELEVEN);
  await c.setContact(token, basket.basketToken);
  await c.setDelivery(token, basket.basketToken);
  const draft = await c.processOrder(token, c.processBody(basket, ELEVEN));
  expect((await c.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" })).status).toBe(200);
  const quantityOf = (id: number) => basket.items.find((l) => l.menuItemId === id)?.quantity ?? 0;
  return {
    businessOrderId: draft.businessOrderId,
    basketToken: basket.basketToken,
    first: first!,
    second: second!,
    firstQuantity: quantityOf(first!.id),
    secondQuantity: quantityOf(second!.id),
  };
}

describe("POST /api/member/orders/reorder", () => {
  it("puts the order's items back at today's prices, naming those no longer sold", async () => {
    const token = await newMember();
    const order = await orderTwoItems(token);
    await t.db.update(menuItems).set({ availableForDelivery: false }).where(eq(menuItems.id, order.second.id));
    await t.db
      .update(menuItems)
      .set({ pricePence: order.first.pricePence + 10 })
      .where(eq(menuItems.id, order.first.id));
    try {
      const res = await reorder(token, { businessOrderId: order.businessOrderId, basketToken: order.basketToken });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const answer = api.memberOrdersReorder.response.parse(res.body);
      expect(answer.message).toBe(REORDER_MESSAGES.someAdded);
      expect(answer.notAdded).toEqual([
        { name: order.second.name, quantity: order.secondQuantity, reason: BASKET_MESSAGES.itemUnavailable },
      ]);
      expect(answer.added).toContainEqual({ name: order.first.name, quantity: order.firstQuantity });
      expect(answer.basket.basketToken).toBe(order.basketToken);
      const again = answer.basket.items.find((l) => l.menuItemId === order.first.id);
      expect(again).toMatchObject({ quantity: order.firstQuantity, unitPrice: order.first.pricePence + 10 });
      expect(answer.basket.items.some((l) => l.menuItemId === order.second.id)).toBe(false);

      // Twice: the same lines grow rather than doubling up as new lines.
      const twice = api.memberOrdersReorder.response.parse(
        (await reorder(token, { businessOrderId: order.businessOrderId, basketToken: order.basketToken })).body,
      );
      expect(twice.basket.items.find((l) => l.menuItemId === order.first.id)?.quantity).toBe(order.firstQuantity * 2);
    } finally {
      await t.db
        .update(menuItems)
        .set({ availableForDelivery: true, pricePence: order.first.pricePence })
        .where(eq(menuItems.id, order.first.id));
      await t.db.update(menuItems).set({ availableForDelivery: true }).where(eq(menuItems.id, order.second.id));
    }
  });

  it("uses a new basket at the order's store when the member's basket is at another store", async () => {
    const token = await newMember();
    const order = await orderTwoItems(token);
    const elsewhere = api.retrieveBasket.response.parse(
      (
        await post(
          "/api/basket/retrieve",
          { storeId: demoStoreIds.openLondonSpitalfields, fulfilmentMethod: "delivery" },
          token,
        )
      ).body,
    );
    const answer = api.memberOrdersReorder.response.parse(
      (await reorder(token, { businessOrderId: order.businessOrderId, basketToken: elsewhere.basketToken })).body,
    );
    expect(answer.basket.storeId).toBe(VICTORIA);
    expect(answer.basket.basketToken).not.toBe(elsewhere.basketToken);
    expect(answer.message).toBe(REORDER_MESSAGES.allAdded);
  });

  it("answers 404 for another member's order and changes nothing; guests are refused", async () => {
    const a = await newMember();
    const b = await newMember();
    const order = await orderTwoItems(a);
    const bBasket = api.retrieveBasket.response.parse(
      (await post("/api/basket/retrieve", { storeId: VICTORIA, fulfilmentMethod: "delivery" }, b)).body,
    );
    expectError(await reorder(b, { businessOrderId: order.businessOrderId, basketToken: bBasket.basketToken }), 404, {
      message: ORDER_MESSAGES.orderNotFound,
    });
    // Nor can B fill A's basket with it.
    expectError(await reorder(b, { businessOrderId: order.businessOrderId, basketToken: order.basketToken }), 404, {
      message: ORDER_MESSAGES.orderNotFound,
    });
    expect(await t.db.select().from(basketLines).where(eq(basketLines.basketToken, bBasket.basketToken))).toEqual([]);
    expect(await t.db.select().from(basketLines).where(eq(basketLines.basketToken, order.basketToken))).toEqual([]);
    const guest = await t.guestToken();
    expectError(await reorder(guest, { businessOrderId: order.businessOrderId }), 403, {
      errorCode: "MEMBERS_ONLY",
      message: MEMBER_MESSAGES.membersOnly,
    });
  });
});
